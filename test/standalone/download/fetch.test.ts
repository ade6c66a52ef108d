// Conditional downloads against a local HTTP server: validators sent back, 304s skipped, same bytes kept
// untouched, transient failures left to the caller's retry, 4xx and checksum mismatches final.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadFile, expandHeaders, sidecarPath } from '../../../pipelines/download/fetch';
import { DataError } from '../../../pipelines/io/errors';

const sha = (s: string | Buffer): string => createHash('sha256').update(s).digest('hex');

/** What the server serves at /file; `failures` answers that many requests with a 500 first. */
const served = { body: 'a,b\n1,2\n', etag: '"v1"', failures: 0, status: 200 };
const requests: IncomingMessage[] = [];
let server: Server;
let base: string;
let dir: string;
let dest: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req);
    if (served.failures > 0) {
      served.failures--;
      res.writeHead(500).end('boom');
    } else if (served.status !== 200) res.writeHead(served.status).end();
    else if (req.headers['if-none-match'] === served.etag) res.writeHead(304).end();
    else res.writeHead(200, { etag: served.etag, 'content-type': 'text/csv' }).end(served.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  Object.assign(served, { body: 'a,b\n1,2\n', etag: '"v1"', failures: 0, status: 200 });
  requests.length = 0;
  dir = mkdtempSync(join(tmpdir(), 'pds-fetch-'));
  dest = join(dir, 'data.csv');
});

const get = (extra: Partial<Parameters<typeof downloadFile>[0]> = {}) =>
  downloadFile({ url: `${base}/file`, dest, ...extra });

describe('downloadFile', () => {
  it('downloads with a 200, keeps the ETag in a sidecar and sends it back: a 304 is skipped', async () => {
    const first = await get();
    expect(first).toMatchObject({ status: 'downloaded', sha256: sha(served.body), etag: '"v1"', bytes: 8 });
    expect(readFileSync(dest, 'utf8')).toBe(served.body);
    expect(JSON.parse(readFileSync(sidecarPath(dest), 'utf8')).etag).toBe('"v1"');
    const mtime = statSync(dest).mtimeMs;

    const second = await get();
    expect(requests[1]!.headers['if-none-match']).toBe('"v1"');
    expect(second).toMatchObject({ status: 'not-modified', sha256: first.sha256 });
    expect(second.downloadedAt).toBe(first.downloadedAt);
    expect(statSync(dest).mtimeMs).toBe(mtime);
  });

  it('replaces the file when the content changed', async () => {
    await get();
    Object.assign(served, { body: 'a,b\n3,4\n5,6\n', etag: '"v2"' });
    const result = await get();
    expect(result).toMatchObject({ status: 'downloaded', sha256: sha(served.body), etag: '"v2"' });
    expect(readFileSync(dest, 'utf8')).toBe(served.body);
  });

  it('keeps the old file untouched (same mtime) when new validators bring the same bytes', async () => {
    await get();
    const mtime = statSync(dest).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    served.etag = '"v1-regenerated"';
    const result = await get();
    expect(result.status).toBe('unchanged');
    expect(statSync(dest).mtimeMs).toBe(mtime);
    expect(JSON.parse(readFileSync(sidecarPath(dest), 'utf8')).etag).toBe('"v1-regenerated"');
  });

  it('throws a retryable error on a 500 and succeeds when the caller retries', async () => {
    served.failures = 1;
    const error = await get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(DataError);
    expect(String(error)).toMatch(/HTTP 500/);
    expect((await get()).status).toBe('downloaded');
  });

  it('throws a retryable error when the server cannot be reached', async () => {
    const error = await downloadFile({ url: 'http://127.0.0.1:9/x', dest }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(DataError);
  });

  it('throws a DataError on a 404', async () => {
    served.status = 404;
    await expect(get()).rejects.toThrow(DataError);
    await expect(get()).rejects.toThrow(/HTTP 404/);
  });

  it('treats 429 as transient', async () => {
    served.status = 429;
    const error = await get().catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(DataError);
  });

  it('throws a DataError on a checksum mismatch and leaves the old file and sidecar untouched', async () => {
    await get();
    const before = { body: readFileSync(dest, 'utf8'), sidecar: readFileSync(sidecarPath(dest), 'utf8') };
    Object.assign(served, { body: 'tampered\n', etag: '"v3"' });
    await expect(get({ sha256: sha('what the publisher announced') })).rejects.toThrow(DataError);
    expect(readFileSync(dest, 'utf8')).toBe(before.body);
    expect(readFileSync(sidecarPath(dest), 'utf8')).toBe(before.sidecar);
  });

  it('accepts the expected checksum, also on a 304', async () => {
    const expected = sha(served.body);
    expect((await get({ sha256: expected.toUpperCase() })).status).toBe('downloaded');
    expect((await get({ sha256: expected })).status).toBe('not-modified');
    await expect(get({ sha256: sha('other') })).rejects.toThrow(DataError);
  });

  it('uses Last-Modified when the server gives no ETag (If-Modified-Since → 304)', async () => {
    const stamp = 'Sat, 01 Nov 2025 00:00:00 GMT';
    const dated = createServer((req, res) => {
      if (req.headers['if-modified-since'] === stamp) return void res.writeHead(304).end();
      res.writeHead(200, { 'last-modified': stamp }).end('x\n');
    });
    await new Promise<void>((r) => dated.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(dated.address() as AddressInfo).port}/f`;
    try {
      expect(await downloadFile({ url, dest })).toMatchObject({
        status: 'downloaded',
        etag: null,
        lastModified: stamp,
      });
      expect((await downloadFile({ url, dest })).status).toBe('not-modified');
    } finally {
      await new Promise<void>((r) => dated.close(() => r()));
    }
  });

  it('asks unconditionally when the URL changed', async () => {
    await get();
    await downloadFile({ url: `${base}/file?edition=2`, dest });
    expect(requests[1]!.headers['if-none-match']).toBeUndefined();
  });

  it('re-downloads when the file went missing but its sidecar did not', async () => {
    await get();
    rmSync(dest);
    expect((await get()).status).toBe('downloaded');
    expect(requests[1]!.headers['if-none-match']).toBeUndefined();
  });
});

describe('downloadFile over awkward connections', () => {
  const listen = async (server: Server): Promise<string> => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const close = (server: Server) => new Promise<void>((r) => server.close(() => r()));

  it('follows redirects, dropping credentials when the host changes', async () => {
    const seen: Record<string, string | undefined> = {};
    const storage = createServer((req, res) => {
      seen.storage = req.headers.authorization;
      res.writeHead(200, { etag: '"s"' }).end('stored\n');
    });
    const storageUrl = await listen(storage);
    const api = createServer((req, res) => {
      seen[req.url!] = req.headers.authorization;
      if (req.url === '/start') res.writeHead(302, { location: '/moved' }).end();
      else res.writeHead(307, { location: `${storageUrl}/signed?sig=1` }).end();
    });
    const apiUrl = await listen(api);
    try {
      const result = await downloadFile({
        url: `${apiUrl}/start`,
        dest,
        headers: { Authorization: 'Basic k' },
      });
      expect(result).toMatchObject({ status: 'downloaded', etag: '"s"', url: `${apiUrl}/start` });
      expect(readFileSync(dest, 'utf8')).toBe('stored\n');
      expect(seen).toEqual({ '/start': 'Basic k', '/moved': 'Basic k', storage: undefined });
    } finally {
      await close(api);
      await close(storage);
    }
  });

  it('survives a server that closes the connection after a large body (nodejs/undici#5360)', async () => {
    // With the Elasticsearch client loaded (as in the worker), its undici 6 sits behind the global fetch
    // and can crash the process on such a server (timing-dependent, so this cannot force it); we do not
    // use fetch, and this checks such servers work.
    await import('@elastic/elasticsearch');
    const body = Buffer.alloc(8 * 1024 * 1024, 0x61);
    const raw = createNetServer((socket) =>
      socket.once('data', () => {
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
        socket.end(body);
      }),
    );
    const url = await listen(raw as unknown as Server);
    try {
      const result = await downloadFile({ url: `${url}/big`, dest, onProgress: () => void statSync(dir) });
      expect(result).toMatchObject({ status: 'downloaded', bytes: body.length, sha256: sha(body) });
    } finally {
      await close(raw as unknown as Server);
    }
  });

  it('gives up (retryably) on a body that stalls, and on one cut short', async () => {
    const sockets = new Set<Socket>();
    const stall = createServer((req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('only this', () => {
        if (req.url === '/cut') setTimeout(() => res.socket?.destroy(), 20);
      });
    });
    stall.on('connection', (s) => sockets.add(s));
    const url = await listen(stall);
    try {
      const stalled = await downloadFile({ url: `${url}/stall`, dest, idleTimeoutMs: 200 }).catch((e) => e);
      expect(stalled).toBeInstanceOf(Error);
      expect(stalled).not.toBeInstanceOf(DataError);
      const cut = await downloadFile({ url: `${url}/cut`, dest }).catch((e) => e);
      expect(cut).not.toBeInstanceOf(DataError);
      expect(String(cut)).toMatch(/interrupted|of 100 bytes/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      for (const s of sockets) s.destroy();
      await close(stall);
    }
  });
});

describe('downloadFile resuming an interrupted transfer (HTTP Range)', () => {
  const body = Buffer.from(Array.from({ length: 200_000 }, (_, i) => i % 251));
  /** Serves `current`; cuts the first full answer after `cutAt` bytes; honours Range with If-Range. */
  const state = { current: body, etag: '"r1"', cutAt: 0, ranges: true, log: [] as string[] };
  let rangeServer: Server;
  let url: string;

  beforeAll(async () => {
    rangeServer = createServer((req, res) => {
      const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
      const ifRange = req.headers['if-range'];
      const { current, etag } = state;
      if (range && state.ranges && (!ifRange || ifRange === etag)) {
        const start = Number(range[1]);
        state.log.push(`206 from ${start}`);
        if (start >= current.length) return void res.writeHead(416).end();
        res.writeHead(206, {
          etag,
          'content-length': String(current.length - start),
          'content-range': `bytes ${start}-${current.length - 1}/${current.length}`,
        });
        return void res.end(current.subarray(start));
      }
      state.log.push(range ? '200 (range refused)' : '200');
      res.writeHead(200, { etag, 'content-length': String(current.length) });
      if (state.cutAt > 0) {
        const cut = state.cutAt;
        state.cutAt = 0;
        res.write(current.subarray(0, cut), () => setTimeout(() => res.socket?.destroy(), 20));
        return;
      }
      res.end(current);
    });
    await new Promise<void>((r) => rangeServer.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(rangeServer.address() as AddressInfo).port}/big`;
  });
  afterAll(() => new Promise<void>((r) => rangeServer.close(() => r())));
  beforeEach(() => Object.assign(state, { current: body, etag: '"r1"', cutAt: 0, ranges: true, log: [] }));

  it('keeps the bytes of a cut transfer and fetches only the rest on the next attempt', async () => {
    state.cutAt = 120_000;
    const cut = await downloadFile({ url, dest }).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(Error);
    expect(cut).not.toBeInstanceOf(DataError);
    // What arrived before the cut (the kernel may drop some of the 120,000 bytes sent).
    const kept = statSync(`${dest}.part`).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(body.length);
    const seen: number[] = [];
    const result = await downloadFile({ url, dest, onProgress: (bytes) => seen.push(bytes) });
    expect(state.log).toEqual(['200', `206 from ${kept}`]);
    expect(seen[0]).toBeGreaterThan(kept);
    expect(result).toMatchObject({ status: 'downloaded', bytes: body.length, sha256: sha(body) });
    expect(readFileSync(dest).equals(body)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['data.csv', 'data.csv.download.json']);
  });

  it('starts over when the file changed in between (If-Range no longer matches)', async () => {
    state.cutAt = 50_000;
    await downloadFile({ url, dest }).catch(() => undefined);
    const changed = Buffer.concat([body, Buffer.from('more')]);
    Object.assign(state, { current: changed, etag: '"r2"' });
    const result = await downloadFile({ url, dest });
    expect(state.log).toEqual(['200', '200 (range refused)']);
    expect(result).toMatchObject({ bytes: changed.length, sha256: sha(changed) });
  });

  it('starts over when the server answers 416 to the range', async () => {
    state.cutAt = 50_000;
    await downloadFile({ url, dest }).catch(() => undefined);
    const kept = statSync(`${dest}.part`).size;
    Object.assign(state, { current: body.subarray(0, Math.min(10_000, kept)) });
    const result = await downloadFile({ url, dest });
    expect(state.log).toEqual(['200', `206 from ${kept}`, '200']);
    expect(result).toMatchObject({ bytes: state.current.length, sha256: sha(state.current) });
  });

  it('keeps nothing when the server gives no validator to resume against', async () => {
    Object.assign(state, { etag: '', cutAt: 50_000 });
    await downloadFile({ url, dest }).catch(() => undefined);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('expandHeaders', () => {
  it('substitutes ${NAME} from the environment and refuses a missing one', () => {
    expect(expandHeaders({ authorization: 'Basic ${EPC_TOKEN}' }, { EPC_TOKEN: 'abc' })).toEqual({
      authorization: 'Basic abc',
    });
    expect(() => expandHeaders({ authorization: 'Basic ${EPC_TOKEN}' }, {})).toThrow(DataError);
  });
});

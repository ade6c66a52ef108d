// Fetching one URL (node:http(s), see http-get.ts) to a local file, only when it changed. The previous download's ETag and Last-Modified are
// kept in a sidecar (`<file>.download.json`) and sent back as If-None-Match / If-Modified-Since, so an
// unchanged source costs one 304. A body is streamed to a partial file (`<file>.part`) while hashed, then
// renamed; if its sha256 equals the file we already have, the old file is kept untouched (same mtime), so the
// catalog's checksum cache and every asset fingerprint see no change.
//
// Resume: when the response has a validator (a strong ETag, else Last-Modified), it is written beside the
// partial file (`<file>.part.json`) before the body, and an interrupted transfer keeps its bytes. The next
// attempt asks for the rest (`Range: bytes=N-` with `If-Range: <validator>`): a 206 from byte N is appended
// (the hash is rebuilt over the bytes already there), a 200 means the file changed or the server ignores
// ranges and starts over, a 416 drops the partial file and starts over. Without a validator nothing is kept.
//
// Errors: a plain Error is transient (network, timeout, 5xx, truncated body) and left to the caller's retry
// (Temporal retries the activity with backoff); a DataError is final (4xx, checksum mismatch).
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataError } from '../io/errors';
import { httpGet, type HttpResponse } from './http-get';
import { readJsonFile, writeJsonFile } from './json-file';

export interface DownloadRecord {
  url: string;
  etag: string | null;
  lastModified: string | null;
  sha256: string;
  bytes: number;
  /** When the current content was fetched (unchanged re-downloads keep the earlier time). */
  downloadedAt: string;
  /** When the server was last asked. */
  checkedAt: string;
}

/** downloaded: new content in place; not-modified: the server said 304; unchanged: same bytes again. */
export type DownloadStatus = 'downloaded' | 'not-modified' | 'unchanged';

export interface DownloadResult extends DownloadRecord {
  status: DownloadStatus;
  path: string;
}

export interface DownloadOptions {
  url: string;
  /** Where the file ends up; its sidecar sits beside it. */
  dest: string;
  headers?: Record<string, string>;
  /** Expected sha256 of the body; a mismatch is a DataError and `dest` is left as it was. */
  sha256?: string;
  signal?: AbortSignal;
  /** Called as bytes arrive (for heartbeats); `total` is the Content-Length when known. */
  onProgress?: (bytes: number, total: number | null) => void;
  /** Abort (as a transient error) when no bytes arrive for this long. Default 60 s. */
  idleTimeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

export const sidecarPath = (dest: string): string => `${dest}.download.json`;
export const partialPath = (dest: string): string => `${dest}.part`;
const partialRecordPath = (dest: string): string => `${dest}.part.json`;

/** What an interrupted transfer was a part of: the URL and the validator a resumed request must match. */
interface PartialRecord {
  url: string;
  validator: string;
}

/** A validator If-Range accepts: a strong ETag, else a Last-Modified date. */
function rangeValidator(headers: HttpResponse['headers']): string | null {
  const etag = headers.etag;
  if (etag && !etag.startsWith('W/')) return etag;
  return headers['last-modified'] ?? null;
}

/** `bytes 100-199/200` → its first byte and the total (null when `*`). */
function parseContentRange(value: string | undefined): { start: number; total: number | null } | null {
  const m = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(value ?? '');
  return m ? { start: Number(m[1]), total: m[2] === '*' ? null : Number(m[2]) } : null;
}

async function hashFile(path: string, hash: ReturnType<typeof createHash>): Promise<void> {
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
}

async function dropPartial(dest: string): Promise<void> {
  await rm(partialPath(dest), { force: true });
  await rm(partialRecordPath(dest), { force: true });
}

/** 408, 425 and 429 are the 4xx answers a later attempt can get past; other 4xx will not change. */
const RETRYABLE_4XX = new Set([408, 425, 429]);

/** Replaces `${NAME}` in header values with env vars, so secrets (the EPC API key) stay out of the file. */
export function expandHeaders(
  headers: Record<string, string> = {},
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      value.replace(/\$\{(\w+)\}/g, (_m, key: string) => {
        const v = env[key];
        if (v === undefined) throw new DataError(`header ${name} needs the environment variable ${key}`);
        return v;
      }),
    ]),
  );
}

export async function readDownloadRecord(dest: string): Promise<DownloadRecord | null> {
  const record = await readJsonFile<DownloadRecord>(sidecarPath(dest));
  return record && (await stat(dest).catch(() => null))?.isFile() ? record : null;
}

export async function downloadFile(options: DownloadOptions): Promise<DownloadResult> {
  const { url, dest } = options;
  const previous = await readDownloadRecord(dest);
  const headers: Record<string, string> = { ...expandHeaders(options.headers, options.env) };
  const part = partialPath(dest);
  const partRecord = await readJsonFile<PartialRecord>(partialRecordPath(dest));
  const partBytes = (await stat(part).catch(() => null))?.size ?? 0;
  const resumeFrom = partRecord?.url === url && partBytes > 0 ? partBytes : 0;
  if (resumeFrom > 0) {
    // The rest of the interrupted body, if the file is still the one it was part of.
    headers.range = `bytes=${resumeFrom}-`;
    headers['if-range'] = partRecord!.validator;
  } else if (previous?.url === url) {
    // Conditional only for the same URL: a new URL is a new source, whatever its validators say.
    if (previous.etag) headers['if-none-match'] = previous.etag;
    if (previous.lastModified) headers['if-modified-since'] = previous.lastModified;
  }
  const now = new Date().toISOString();
  const idleMs = options.idleTimeoutMs ?? 60_000;
  const idle = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(new Error(`no data from ${url} for ${idleMs} ms`)), idleMs);
  };
  const signal = options.signal ? AbortSignal.any([options.signal, idle.signal]) : idle.signal;

  // Whether the partial file is worth keeping if this attempt fails (it has a validator to resume against).
  let keepPartial = false;
  arm();
  try {
    let res: HttpResponse;
    try {
      res = await httpGet(url, headers, { signal });
    } catch (error) {
      keepPartial = resumeFrom > 0;
      throw new Error(`GET ${url} failed: ${describe(error)}`);
    }
    if (res.status === 304 && previous && resumeFrom === 0) {
      res.body.destroy();
      checkExpected(url, previous.sha256, options.sha256);
      const record = { ...previous, checkedAt: now };
      await writeJsonFile(sidecarPath(dest), record);
      return { ...record, status: 'not-modified', path: dest };
    }
    if (res.status === 416 && resumeFrom > 0) {
      // The partial file does not fit the file any more: forget it and ask for the whole file.
      res.body.destroy();
      await dropPartial(dest);
      clearTimeout(timer);
      // The new attempt owns the partial file from here: this attempt's finally must not drop it (before, it
      // did so while the new attempt was under way, and after a failed one it would drop the part to resume).
      keepPartial = true;
      return await downloadFile(options);
    }
    if (res.status >= 400 && res.status < 500 && !RETRYABLE_4XX.has(res.status)) {
      res.body.destroy();
      throw new DataError(`GET ${url}: HTTP ${res.status} ${res.statusText}`);
    }
    const range = res.status === 206 ? parseContentRange(res.headers['content-range']) : null;
    const resumed = resumeFrom > 0 && range?.start === resumeFrom;
    if (res.status !== 200 && !resumed) {
      res.body.destroy();
      keepPartial = resumeFrom > 0 && res.status >= 500;
      throw new Error(`GET ${url}: HTTP ${res.status} ${res.statusText}`);
    }

    // No Accept-Encoding is sent, so the body arrives as stored and Content-Length counts its bytes.
    const length = res.headers['content-length'];
    const bodyLength = length ? Number(length) : null;
    const total = resumed
      ? (range!.total ?? (bodyLength === null ? null : resumeFrom + bodyLength))
      : bodyLength;
    const hash = createHash('sha256');
    let bytes = 0;
    await mkdir(dirname(dest), { recursive: true });
    if (resumed) {
      await hashFile(part, hash);
      bytes = resumeFrom;
      keepPartial = true;
    } else {
      await dropPartial(dest);
      const validator = rangeValidator(res.headers);
      if (validator) {
        await writeJsonFile(partialRecordPath(dest), { url, validator } satisfies PartialRecord);
        keepPartial = true;
      }
    }
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        arm();
        options.onProgress?.(bytes, total);
        done(null, chunk);
      },
    });
    try {
      await pipeline(res.body, meter, createWriteStream(part, { flags: resumed ? 'a' : 'w' }));
    } catch (error) {
      throw new Error(`GET ${url}: body interrupted after ${bytes} bytes: ${describe(error)}`);
    }
    if (total !== null && bytes !== total)
      throw new Error(`GET ${url}: got ${bytes} of ${total} bytes (connection closed early)`);
    const sha256 = hash.digest('hex');
    keepPartial = false;
    checkExpected(url, sha256, options.sha256);

    const validators = { etag: res.headers.etag ?? null, lastModified: res.headers['last-modified'] ?? null };
    if (previous && previous.sha256 === sha256) {
      // Same bytes under new validators: keep the old file (and its mtime), record the new validators.
      const record = { ...previous, url, ...validators, checkedAt: now };
      await writeJsonFile(sidecarPath(dest), record);
      return { ...record, status: 'unchanged', path: dest };
    }
    await rename(part, dest);
    const record: DownloadRecord = { url, ...validators, sha256, bytes, downloadedAt: now, checkedAt: now };
    await writeJsonFile(sidecarPath(dest), record);
    return { ...record, status: 'downloaded', path: dest };
  } finally {
    clearTimeout(timer);
    if (!keepPartial) await dropPartial(dest);
  }
}

function checkExpected(url: string, actual: string, expected: string | undefined): void {
  if (expected && actual !== expected.toLowerCase())
    throw new DataError(`${url}: sha256 ${actual} does not match the expected ${expected}`);
}

function describe(error: unknown): string {
  const e = error as Error & { cause?: Error };
  return e.cause ? `${e.message} (${e.cause.message ?? String(e.cause)})` : String(e?.message ?? error);
}

// The floor for bench:api: an HTTP server that answers `GET /properties?uprn=N` with the bytes of one
// keep-alive `GET <alias>/_source/N?realtime=false` to Elasticsearch, and does nothing else (no key,
// metering, validation or answer). Whatever the API spends beyond this is its own work; this much any API in
// front of the store pays. Prints `{"url", "pids"}` once listening, as api-server.ts does; stops on SIGTERM.
import { Agent, createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../pipelines/config';
import { propertiesAlias } from '../../pipelines/indexing/aliases';

const config = loadConfig();
const store = new URL(config.esUrl);
const alias = encodeURIComponent(propertiesAlias(config));
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

const server = createServer((req, res) => {
  const uprn = new URL(req.url!, 'http://x').searchParams.get('uprn');
  const ask = get(
    { host: store.hostname, port: store.port, path: `/${alias}/_source/${uprn}?realtime=false`, agent },
    (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        res.writeHead(answer.statusCode!, {
          'content-type': 'application/json',
          'content-length': body.length,
        });
        res.end(body);
      });
    },
  );
  ask.on('error', () => res.writeHead(503).end());
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, pids: [process.pid] })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

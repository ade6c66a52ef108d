// The API in a process of its own, for bench:api: the configured server (real account store and
// Elasticsearch), rate limit off, silent. It prints `{"url", "pid"}` once listening and stops on SIGTERM,
// letting in-flight requests finish. A fresh one is a cold process: no cached cells, tiles or JIT.
import { loadConfig } from '../../pipelines/config';
import { silentLogger } from '../../serving/log';
import { startServer } from '../../serving/server';

const server = await startServer({ ...loadConfig(), port: 0 }, silentLogger, { rateLimit: false });
process.stdout.write(`${JSON.stringify({ url: server.url, pid: process.pid })}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));

// One node:cluster worker of `pds serve` with PDS_WORKERS > 1 (server.ts forks it): serves the API on the
// port the primary shares. It stops when the primary says so (or goes away), letting its in-flight requests
// finish; Ctrl-C reaches the whole process group, so its own SIGINT/SIGTERM wait for the primary's word.
import { loadConfig } from '../pipelines/config';
import { startServer } from './server';

// The rate limit's buckets are the accounts database's, shared by every worker; each warms its caches.
const server = await startServer(loadConfig(), undefined, { sharedRateLimit: true, warm: true });
const stop = () => void server.close().then(() => process.exit(0));
process.on('message', (message) => message === 'close' && stop());
process.on('disconnect', stop);
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});

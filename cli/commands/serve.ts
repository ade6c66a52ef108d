import type { Command } from 'commander';
import { loadConfig } from '../../pipelines/config';
import type { ServingApi } from '../../serving/server';

/** Closes the server (in-flight requests finish) on the first SIGINT/SIGTERM. */
export function closeOnSignal(server: ServingApi, extra: () => Promise<void> = async () => {}): void {
  // A signal listener's return value is ignored, so a failed close is reported here, not left as an
  // unhandled rejection.
  const stop = (): void => {
    process.stderr.write('shutting down…\n');
    Promise.all([server.close(), extra()]).then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

export function registerServeCommands(program: Command): void {
  program
    .command('serve')
    .description('Serve the HTTP API')
    .option('--port <n>', 'port (default 3000 or $PORT)')
    .option(
      '--workers <n>',
      'processes serving the port (node:cluster; default $PDS_WORKERS, else one per core; 1: this process)',
    )
    .action(async (opts: { port?: string; workers?: string }) => {
      const config = { ...loadConfig(), ...(opts.port ? { port: Number(opts.port) } : {}) };
      const { startServing } = await import('../../serving/server');
      const server = await startServing(
        config,
        undefined,
        opts.workers ? { workers: Number(opts.workers) } : {},
      );
      process.stderr.write(`API listening on ${server.url}\n`);
      closeOnSignal(server);
    });
}

// Global setup of the `integration` vitest project: make sure our local Elasticsearch + Temporal are up.
// No teardown on purpose: the stack keeps running between test runs (a warm `stack up` takes well under a
// second, a cold one ~15-25 s); stop it with `pds stack down`.
import { stackUp } from '../../infra/stack';

export default async function setup(): Promise<void> {
  const log = (msg: string): void => console.log(`[stack] ${msg}`);
  const status = await stackUp({ log });
  const { elasticsearch: es, temporal } = status;
  log(`home ${status.home}`);
  log(`elasticsearch ${es.version ?? '?'} at ${es.url} (pid ${es.pid ?? '?'}, log ${es.logFile})`);
  log(
    `temporal ${temporal.version ?? '?'} at ${temporal.address}, UI ${temporal.url} (log ${temporal.logFile})`,
  );
}

// For tests against the real servers: a worker on the test's own task queue, running in this process and
// using the workflow bundle the global setup built once; a key for the test's API; and clean-up of the
// test's indexes.
import type { Client } from '@elastic/elasticsearch';
import { inject } from 'vitest';
import { dataPaths, type ServiceConfig } from '../../pipelines/config';
import { openAccountStore } from '../../serving/accounts/store';
import { createWorker } from '../../workflows/worker';

export interface TestWorker {
  stop(): Promise<void>;
}

export async function startTestWorker(config: ServiceConfig): Promise<TestWorker> {
  const worker = await createWorker(config, { workflowBundle: inject('workflowBundle') });
  const running = worker.run();
  return {
    async stop() {
      worker.shutdown();
      await running;
    },
  };
}

/** A new API key in the test's account store (shown once, like `pds keys create`). */
export function createTestKey(config: ServiceConfig, name: string, plan?: string): string {
  const accounts = openAccountStore(dataPaths(config.dataDir).accountsDb);
  try {
    return accounts.createKey(name, plan ? { plan } : {}).key;
  } finally {
    accounts.close();
  }
}

/** Deletes every index under the tests' prefixes. */
export async function dropTestIndexes(es: Client, ...configs: ServiceConfig[]): Promise<void> {
  await es.indices.delete({ index: configs.map((c) => `${c.indexPrefix}-*`), ignore_unavailable: true });
}

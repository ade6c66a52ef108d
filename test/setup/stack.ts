// Global setup of the `integration` vitest project: make sure our local Elasticsearch + Temporal are up.
// The stack keeps running between test runs (a warm `stack up` takes well under a second, a cold one
// ~15-25 s; stop it with `pds stack down`); the teardown only drops this run's indexes (`test-<run>-*`,
// test/helpers/config.ts), those a file failed to drop itself.
import type { TestProject } from 'vitest/node';
import { esUrl, stackUp } from '../../infra/stack';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { testRunName } from '../helpers/run';
import type { WorkflowBundle } from '@temporalio/worker';
import { workflowBundle } from '../../workflows/bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The workflow bundle, loaded (or built) once here and shared by every test file's worker. */
    workflowBundle: WorkflowBundle;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const log = (msg: string): void => console.log(`[stack] ${msg}`);
  const status = await stackUp({ log });
  const { elasticsearch: es, temporal } = status;
  log(`home ${status.home}`);
  log(`elasticsearch ${es.version ?? '?'} at ${es.url} (pid ${es.pid ?? '?'}, log ${es.logFile})`);
  log(
    `temporal ${temporal.version ?? '?'} at ${temporal.address}, UI ${temporal.url} (log ${temporal.logFile})`,
  );
  project.provide('workflowBundle', await workflowBundle());
  return async () => {
    const es = createEsClient(esUrl());
    try {
      await es.indices.delete({ index: `test-${testRunName()}-*`, ignore_unavailable: true });
    } finally {
      await es.close();
    }
  };
}

// A service configuration isolated per test file: its own data folder, task queue and index prefix, on
// the shared local stack. Under vitest the data folder is in the run's scratch folder (TMPDIR) and the
// prefix names the run, so whatever a file leaves behind goes when the run ends.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { esUrl, temporalAddress } from '../../infra/stack';
import { dataPaths, type ServiceConfig } from '../../pipelines/config';

export function testConfig(name: string): ServiceConfig {
  // Under vitest, the run's name first: the run's teardown drops `test-<run>-*` (test/setup/stack.ts).
  const run = process.env.PDS_TEST_RUN ? `${process.env.PDS_TEST_RUN}-` : '';
  const id = `${run}${name}-${process.pid}-${Date.now().toString(36)}`.toLowerCase();
  const dataDir = mkdtempSync(join(tmpdir(), `pds-${name}-`));
  return {
    dataDir,
    sourcesDir: dataPaths(dataDir).sampleRaw,
    esUrl: esUrl(),
    temporalAddress: temporalAddress(),
    temporalNamespace: 'default',
    taskQueue: `test-${id}`,
    port: 0,
    indexPrefix: `test-${id}`,
  };
}

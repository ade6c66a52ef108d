// A service configuration isolated per test file: its own data folder, task queue and index prefix, on
// the shared local stack.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { esUrl, temporalAddress } from '../../infra/stack';
import { dataPaths, type ServiceConfig } from '../../pipelines/config';

export function testConfig(name: string): ServiceConfig {
  const id = `${name}-${process.pid}-${Date.now().toString(36)}`.toLowerCase();
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

// One test run's name and scratch folder, shared by vitest.config.ts (which sets them for the test processes),
// the global setups (which remove what the run left) and test/helpers/config.ts (which names indexes by run).
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** This run's name: lower case, as index names must be; set once, in vitest's main process. */
export function testRunName(): string {
  process.env.PDS_TEST_RUN ??= `${Date.now().toString(36)}${process.pid.toString(36)}`;
  return process.env.PDS_TEST_RUN;
}

/** This run's scratch folder, in the machine's temporary folder as vitest's main process sees it. */
export const testRunScratch = (): string => join(tmpdir(), `pds-test-${testRunName()}`);

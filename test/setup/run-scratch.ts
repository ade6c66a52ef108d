// Global setup of both vitest projects: this run's scratch folder, removed by the teardown (even when a test
// file failed before its afterAll). vitest.config.ts names the run (PDS_TEST_RUN) and points the test
// processes' TMPDIR into the folder, so every temporary folder a test makes (data folders, sample sources,
// downloads) is in it; the index prefixes carry the run's name too (test/helpers/config.ts), and the
// integration project's teardown drops the run's indexes (test/setup/stack.ts).
import { mkdirSync, rmSync } from 'node:fs';
import { testRunScratch } from '../helpers/run';

export default function setup(): () => void {
  const dir = testRunScratch();
  mkdirSync(dir, { recursive: true });
  // Both projects run this; the second teardown finds nothing left to remove.
  return () => rmSync(dir, { recursive: true, force: true });
}

import { defineConfig } from 'vitest/config';
import { testRunName, testRunScratch } from './test/helpers/run';

// Two projects: `standalone` needs no server of ours (pure code, in-memory fakes, the API on an in-process
// port; its global setup installs the OSTN15 grid); `integration` (integration + e2e folders) talks to the real
// Elasticsearch and Temporal servers, which its global setup starts through `pds stack up` (which installs the
// grid too). Every run has its own scratch folder and index names, removed when it ends (test/setup/run-scratch.ts):
// the test processes' TMPDIR is the scratch folder (the servers, started from this process, keep theirs).
const env = { PDS_TEST_RUN: testRunName(), TMPDIR: testRunScratch() };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'standalone',
          include: ['test/standalone/**/*.test.ts'],
          environment: 'node',
          env,
          globalSetup: ['test/setup/run-scratch.ts', 'test/setup/ostn15.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          environment: 'node',
          env,
          globalSetup: ['test/setup/run-scratch.ts', 'test/setup/stack.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

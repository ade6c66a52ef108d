import { defineConfig } from 'vitest/config';

// Two projects: `unit` runs pure code with no servers (its global setup installs the OSTN15 grid); `integration`
// (integration + e2e folders) talks to the real Elasticsearch and Temporal servers, which its global setup
// starts through `pds stack up` (which installs the grid too).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/setup/ostn15.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/setup/stack.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

#!/usr/bin/env node
// The `pds` command: the TypeScript CLI, bundled from the sources when they changed (bin/bundle-cli.mjs), or
// loaded through tsx when it cannot be bundled (or PDS_BUNDLE=0), so the repository runs without a build step.
//
// CommonJS (bin/package.json), so that its first lines run before anything uses libuv's thread pool, which
// reads UV_THREADPOOL_SIZE once, when first used: an ES module entry has already used it to load itself.
// DuckDB runs every statement on that pool, four threads unless told otherwise, so a worker with eight
// activity slots ran four partitions' statements at once (docs/national.md, Deployment).
'use strict';

/** Activity slots this process runs: a worker's --max-activities, else 2 (workflows/worker.ts's default). */
function activitySlots(argv) {
  if (argv[0] !== 'worker') return 2;
  const i = argv.findIndex((a) => a === '--max-activities' || a.startsWith('--max-activities='));
  const value = i < 0 ? undefined : argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 2;
}

const slots = activitySlots(process.argv.slice(2));
// A thread for each slot's statement, and four for file reads and the slots' reader threads; more if asked.
process.env.UV_THREADPOOL_SIZE = String(Math.max(Number(process.env.UV_THREADPOOL_SIZE) || 0, slots + 4));
// This process's own, whatever a parent's was: one DuckDB allocator arena a slot (pipelines/io/duckdb.ts).
process.env.PDS_ACTIVITY_SLOTS = String(slots);

async function main() {
  const { pathToFileURL } = await import('node:url');
  const { bundledEntry } = await import('./bundle-cli.mjs');
  const bundle = process.env.PDS_BUNDLE === '0' ? null : await bundledEntry('cli/main.ts');
  if (bundle) {
    await import(pathToFileURL(bundle).href);
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    await import('../cli/main.ts');
  }
}

// A failure is an unhandled rejection, as a failed top-level await was: the error printed, exit code 1.
main();

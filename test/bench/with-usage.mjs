// Runs a Node script (`node with-usage.mjs SCRIPT ARGS…`) in this process as if started directly, and when
// the process exits writes its peak resident memory to the file named by BENCH_USAGE_FILE: what a benchmark
// cannot read of a child that is a real command (`bin/pds.js refresh`) once it has exited (its CPU it can).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [script, ...args] = process.argv.slice(2);
const out = process.env.BENCH_USAGE_FILE;
if (!script || !out) throw new Error('usage: BENCH_USAGE_FILE=FILE node with-usage.mjs SCRIPT [ARGS…]');
process.on('exit', () => {
  writeFileSync(out, JSON.stringify({ max_rss_mb: process.resourceUsage().maxRSS / 1024 }));
});
process.argv = [process.argv[0], resolve(script), ...args];
await import(pathToFileURL(resolve(script)).href);

#!/usr/bin/env node
// Run after any `npm install` that rewrites package-lock.json.
//
// npm records an optional platform package (say @swc/core-darwin-arm64) only when the registry serves it;
// the mirror our machines reach lacks many such builds, so npm leaves them out, and then `npm ci` refuses
// the lockfile ("Missing: … from lock file", npm/cli#8320). This adds a record with the platform taken from
// the package name. npm skips these records on any other platform, so nothing is ever fetched for them.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const platform = /-(darwin|linux|win32)-(x64|arm64|arm|ia32|ppc64|s390x)(?:-(gnu|musl|gnueabihf|msvc))?$/;
let added = 0;
for (const meta of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const m = platform.exec(name);
    if (!m)
      throw new Error(`${name}: optional dependency missing from the lockfile and not a platform build`);
    const [, os, cpu, abi] = m;
    lock.packages[key] = {
      version,
      cpu: [cpu],
      os: [os],
      ...(abi && abi !== 'msvc' ? { libc: [abi === 'musl' ? 'musl' : 'glibc'] } : {}),
      optional: true,
    };
    added += 1;
  }
}
const { '': root, ...rest } = lock.packages;
lock.packages = {
  '': root,
  ...Object.fromEntries(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1))),
};
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform records added`);

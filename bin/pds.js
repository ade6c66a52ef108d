#!/usr/bin/env node
// The `pds` command: the TypeScript CLI, bundled from the sources when they changed (bin/bundle-cli.js), or
// loaded through tsx when it cannot be bundled (or PDS_BUNDLE=0), so the repository runs without a build step.
import { pathToFileURL } from 'node:url';
import { bundledEntry } from './bundle-cli.js';

const bundle = process.env.PDS_BUNDLE === '0' ? null : await bundledEntry('cli/main.ts');
if (bundle) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli/main.ts');
}

// Child process of bundle.ts: bundles the workflows and writes `{ code, inputs }` (every file webpack read,
// with its content hash) to the file named on the command line.
import { statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';
import { contentHash } from './bundle';

const out = process.argv[2];
if (!out) throw new Error('usage: bundle-build.ts <out.json>');
// The bundler's own version too: a new SDK may bundle the same files differently.
const files = new Set<string>([createRequire(import.meta.url).resolve('@temporalio/worker/package.json')]);
const { code } = await bundleWorkflowCode({
  workflowsPath: fileURLToPath(new URL('./index.ts', import.meta.url)),
  logger: { info() {}, warn() {}, error() {}, debug() {}, trace() {}, log() {} },
  webpackConfigHook: (config) => ({
    ...config,
    plugins: [
      ...(config.plugins ?? []),
      {
        apply(compiler) {
          compiler.hooks.afterCompile.tap('pds-bundle-inputs', (compilation) => {
            for (const f of compilation.fileDependencies) files.add(f);
          });
        },
      },
    ],
  }),
});
const inputs = Object.fromEntries(
  [...files]
    .filter((f) => statSync(f, { throwIfNoEntry: false })?.isFile())
    .sort()
    .map((f) => [f, contentHash(f)]),
);
writeFileSync(out, JSON.stringify({ code, inputs }));

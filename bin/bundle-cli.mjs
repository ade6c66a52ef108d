// The CLI as one JavaScript file, built by esbuild from the TypeScript sources when first run and again
// whenever a source file changed (cached in node_modules/.cache/pds/, like the workflow bundle). Loading the
// ~480 TypeScript modules one by one through tsx's loader cost every `pds` process ~2.4 CPU-s before it did
// any work (a refresh's worker was ready after 3.4 CPU-s, 1.9 with the bundle; docs/national.md). Packages
// stay outside the bundle, loaded by Node as before, and each module's `import.meta.url` is its own source
// file's, so what a module finds beside itself (worker threads, reference files, the explorer's pages) is
// found as before.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['cli', 'pipelines', 'workflows', 'serving', 'schemas'];
const CACHE = join(ROOT, 'node_modules/.cache/pds');

/** A digest of every source file's path, size and modification time, this file's and the toolchain's. */
function sourcesDigest(entry) {
  const hash = createHash('sha1').update(`${entry}\0${process.versions.node}\0`);
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update(readFileSync(join(ROOT, 'package-lock.json')));
  for (const dir of SOURCES)
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true }).sort((a, b) =>
      `${a.parentPath}/${a.name}`.localeCompare(`${b.parentPath}/${b.name}`),
    )) {
      if (!e.isFile()) continue;
      const file = join(e.parentPath, e.name);
      const s = statSync(file);
      hash.update(`${relative(ROOT, file)}\0${s.size}\0${s.mtimeMs}\0`);
    }
  return hash.digest('hex').slice(0, 16);
}

/**
 * esbuild's plugin: a module's import.meta.url is its source file's. (import.meta.resolve is left as it is: the
 * sources resolve only packages with it, which resolve the same from the bundle, inside node_modules.)
 */
const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const url = JSON.stringify(pathToFileURL(args.path).href);
      const contents = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', url);
      return { contents, loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js' };
    });
  },
};

/**
 * The path of the bundle of `entry` (relative to the repository), built now if the cached one is stale; null
 * when it cannot be built (esbuild missing, a source esbuild refuses, an entry outside SOURCES): the caller
 * runs the sources through tsx. The CLI's entry, and worker threads' (pipelines/io/thread-modules.ts).
 */
export async function bundledEntry(entry) {
  // A module outside the sources (a test's fixture) would not be built again when it changed.
  if (!SOURCES.includes(entry.split('/')[0])) return null;
  try {
    const prefix = `${entry.replace(/[^a-z0-9]+/gi, '-')}-`;
    const dir = join(CACHE, `${prefix}${sourcesDigest(entry)}`);
    const file = join(dir, 'main.mjs');
    if (existsSync(file)) return file;
    const { build } = await import('esbuild');
    const tmp = `${dir}.${process.pid}.tmp`;
    await build({
      entryPoints: { main: join(ROOT, entry) },
      outdir: tmp,
      outExtension: { '.js': '.mjs' },
      // A module imported lazily (a command's work, the worker) is a chunk of its own, so a command loads only
      // the packages it uses, as it did from the sources.
      splitting: true,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      packages: 'external',
      logLevel: 'silent',
      plugins: [sourceUrls],
    });
    // Written aside and renamed: two processes starting at once each build, and neither reads half of one.
    try {
      renameSync(tmp, dir);
    } catch (error) {
      rmSync(tmp, { recursive: true, force: true });
      if (!existsSync(file)) throw error;
    }
    // Bundles of earlier sources, once a day old: a process started from one loads its chunks lazily.
    for (const old of readdirSync(CACHE)) {
      const path = join(CACHE, old);
      if (old.startsWith(prefix) && path !== dir && statSync(path).mtimeMs < Date.now() - 86_400_000)
        rmSync(path, { recursive: true, force: true });
    }
    return file;
  } catch {
    return null;
  }
}

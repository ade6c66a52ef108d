// How a worker thread loads TypeScript modules: from their bundles (bin/bundle-cli.mjs, built once per change
// of the sources, as the CLI's is), or, when one cannot be built (or PDS_BUNDLE=0), from the sources through
// tsx's loader registered in the thread first. Compiling the sources again in each thread through tsx cost it
// ~2-3 CPU-s before any work: HadUK-Grid's reader thread read the sample's six grids in 5.0 CPU-s that way,
// 2.1 from bundles (docs/national.md).
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundledEntry } from '../../bin/bundle-cli.mjs';
import { REPO_ROOT } from '../config';

export interface ThreadModules {
  /** The code a thread is started with (Worker's `eval`): it imports the first module. */
  code: string;
  /** Each module's URL as the thread imports it, in the order given. */
  urls: string[];
}

/** The modules `sources` (file URLs of TypeScript modules) as a thread loads them: all bundled, or none. */
export async function threadModules(sources: readonly URL[]): Promise<ThreadModules> {
  const bundles =
    process.env.PDS_BUNDLE === '0'
      ? null
      : await Promise.all(sources.map((s) => bundledEntry(relative(REPO_ROOT, fileURLToPath(s)))));
  if (bundles?.every((b): b is string => b !== null)) {
    const urls = bundles.map((b) => pathToFileURL(b).href);
    return { code: `import(${JSON.stringify(urls[0])});`, urls };
  }
  const urls = sources.map((s) => s.href);
  const api = import.meta.resolve('tsx/esm/api');
  return {
    code: `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(urls[0])}); });`,
    urls,
  };
}

// The workflow bundle a worker runs. Bundling (webpack) costs ~1.3 CPU-s and leaves the process that ran it
// ~0.5 GB larger for the rest of its life (heap it grew and native pages kept): a refresh worker that
// bundled itself peaked ~0.5 GB higher in every partition afterwards. So the bundle is built in a child
// process and kept on disk (node_modules/.cache/pds, one per checkout) with the hash of every file webpack
// read; a worker whose inputs are unchanged loads it without bundling.
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorkflowBundle } from '@temporalio/worker';

/** A built bundle and the files it was built from, each with the hash of its content. */
export interface BuiltBundle extends WorkflowBundle {
  inputs: Record<string, string>;
}

const CACHE_FILE = fileURLToPath(new URL('../node_modules/.cache/pds/workflow-bundle.json', import.meta.url));
const BUILD_SCRIPT = fileURLToPath(new URL('./bundle-build.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const contentHash = (path: string): string => {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex');
  } catch {
    return 'missing';
  }
};

/** The cached bundle when every file it was built from is as it was, else undefined. */
export function cachedBundle(file = CACHE_FILE): WorkflowBundle | undefined {
  let cached: BuiltBundle;
  try {
    cached = JSON.parse(readFileSync(file, 'utf8')) as BuiltBundle;
  } catch {
    return undefined;
  }
  const inputs = Object.entries(cached.inputs ?? {});
  if (!inputs.length || inputs.some(([path, hash]) => contentHash(path) !== hash)) return undefined;
  return { code: cached.code };
}

/** Builds the bundle in a child process (bundle-build.ts) and returns it with its inputs. */
async function buildInChild(): Promise<BuiltBundle> {
  const out = join(tmpdir(), `pds-workflow-bundle-${randomUUID()}.json`);
  try {
    // From the checkout's root, where `--import tsx` resolves whatever the caller's folder.
    const child = spawn(process.execPath, ['--import', 'tsx', BUILD_SCRIPT, out], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`bundling the workflows failed (exit ${code}): ${stderr.slice(-2000)}`);
    return JSON.parse(readFileSync(out, 'utf8')) as BuiltBundle;
  } finally {
    rmSync(out, { force: true });
  }
}

/** The workflow bundle: the cached one when its inputs are unchanged, else built anew (and cached). */
export async function workflowBundle(file = CACHE_FILE): Promise<WorkflowBundle> {
  const cached = cachedBundle(file);
  if (cached) return cached;
  const built = await buildInChild();
  try {
    mkdirSync(dirname(file), { recursive: true });
    const part = `${file}.${randomUUID()}`;
    writeFileSync(part, JSON.stringify(built));
    renameSync(part, file);
  } catch {
    // A read-only install: bundle each time rather than fail.
  }
  return { code: built.code };
}

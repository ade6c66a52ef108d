// Where a writer works before its output appears. Every output is built in a scratch folder and then moved
// into place in one rename, so a reader never sees a half-written file and a killed writer leaves only
// scratch behind.
//
// On one machine the scratch folder sits beside the target (same filesystem: the rename is atomic). With
// several worker machines on one shared data folder (NFS and the like), PDS_SCRATCH_DIR names a local
// folder: DuckDB's database and spill files stay on the local disk, and only the finished file crosses to
// the shared one, copied beside its target under a temporary name and renamed there (still atomic for
// readers). Each worker process takes its own subfolder (`worker-<pid>`), so workers sharing a scratch root
// never touch each other's files, and a worker starting up removes the subfolders of processes that are gone.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const SCRATCH_NAME = /\.scratch-[0-9a-f-]{36}$/;
const PART_NAME = /\.part-[0-9a-f-]{36}$/;

/** This process's local scratch root, or undefined when scratch goes beside each target. */
export function localScratchRoot(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const root = env.PDS_SCRATCH_DIR?.trim();
  return root ? join(root, `worker-${process.pid}`) : undefined;
}

/** A new, empty scratch folder for building `target`; unique, so concurrent writers never share one. */
export async function scratchFolder(target: string): Promise<string> {
  const root = localScratchRoot();
  const name = `${basename(target)}.scratch-${randomUUID()}`;
  const dir = root ? join(root, name) : join(dirname(target), name);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Moves a finished file from scratch to `target` so that readers see the old file or the new, never part. */
export async function publishFile(built: string, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  try {
    await rename(built, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    // Another filesystem: copy next to the target first, then rename on the target's filesystem.
    const part = `${target}.part-${randomUUID()}`;
    try {
      await copyFile(built, part);
      await rename(part, target);
    } finally {
      await rm(part, { force: true });
    }
  }
}

/**
 * Removes what killed writers left under the shared `dir`: scratch folders beside targets and half-copied
 * files. Only call it when no writer can be running there, for example at the start of a refresh, which
 * runs one at a time.
 */
export async function sweepScratch(dir: string): Promise<string[]> {
  const removed: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])) {
    const isScratch = entry.isDirectory() && SCRATCH_NAME.test(entry.name);
    const isPart = entry.isFile() && PART_NAME.test(entry.name);
    if (!isScratch && !isPart) continue;
    const path = join(entry.parentPath, entry.name);
    await rm(path, { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * At a worker's start: removes the local scratch of worker processes of this machine that are no longer
 * running (killed mid-write). A live process's subfolder, this one's included, is left alone.
 */
export async function sweepLocalScratch(env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const root = env.PDS_SCRATCH_DIR?.trim();
  if (!root) return [];
  const removed: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true }).catch(() => [])) {
    const pid = /^worker-(\d+)$/.exec(entry.name)?.[1];
    if (!entry.isDirectory() || !pid || Number(pid) === process.pid || alive(Number(pid))) continue;
    await rm(join(root, entry.name), { recursive: true, force: true });
    removed.push(join(root, entry.name));
  }
  return removed;
}

// Scratch folders: beside the target on one machine, on the worker's own disk with PDS_SCRATCH_DIR; a
// finished file moves into place whole, across filesystems too; what killed writers left is swept.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  localScratchRoot,
  publishFile,
  scratchFolder,
  sweepLocalScratch,
  sweepScratch,
} from '../../../pipelines/io/scratch';

let root: string;
const saved = process.env.PDS_SCRATCH_DIR;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pds-scratch-test-'));
  delete process.env.PDS_SCRATCH_DIR;
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  if (saved === undefined) delete process.env.PDS_SCRATCH_DIR;
  else process.env.PDS_SCRATCH_DIR = saved;
});

describe('scratchFolder', () => {
  it('is beside the target when no local scratch is configured', async () => {
    const dir = await scratchFolder(join(root, 'derived', 'table.parquet'));
    expect(dirname(dir)).toBe(join(root, 'derived'));
    expect(dir).toMatch(/table\.parquet\.scratch-[0-9a-f-]{36}$/);
    expect(existsSync(dir)).toBe(true);
  });

  it("is under this worker's own folder of PDS_SCRATCH_DIR, unique per writer", async () => {
    process.env.PDS_SCRATCH_DIR = join(root, 'local');
    const target = join(root, 'shared', 'table.parquet');
    const [a, b] = [await scratchFolder(target), await scratchFolder(target)];
    expect(localScratchRoot()).toBe(join(root, 'local', `worker-${process.pid}`));
    expect(dirname(a)).toBe(localScratchRoot());
    expect(a).not.toBe(b);
    expect(existsSync(join(root, 'shared'))).toBe(false);
  });
});

describe('publishFile', () => {
  it('moves a built file over the target', async () => {
    const built = join(root, 'built');
    writeFileSync(built, 'new');
    writeFileSync(join(root, 'target'), 'old');
    await publishFile(built, join(root, 'target'));
    expect(readFileSync(join(root, 'target'), 'utf8')).toBe('new');
    expect(existsSync(built)).toBe(false);
  });

  it.runIf(existsSync('/dev/shm'))('copies across filesystems and leaves no partial copy', async () => {
    const local = mkdtempSync('/dev/shm/pds-scratch-test-');
    try {
      const built = join(local, 'out.parquet');
      writeFileSync(built, 'across');
      await publishFile(built, join(root, 'out', 'table.parquet'));
      expect(readFileSync(join(root, 'out', 'table.parquet'), 'utf8')).toBe('across');
      expect(readdirSync(join(root, 'out'))).toEqual(['table.parquet']);
    } finally {
      rmSync(local, { recursive: true, force: true });
    }
  });
});

describe('sweeping', () => {
  it('removes scratch folders and half-copied files under the shared folder, nothing else', async () => {
    const scratch = join(root, 'a', 't.parquet.scratch-0f0e0d0c-0b0a-4909-8807-060504030201');
    mkdirSync(scratch, { recursive: true });
    writeFileSync(join(root, 'a', 't.parquet.part-0f0e0d0c-0b0a-4909-8807-060504030201'), 'x');
    writeFileSync(join(root, 'a', 't.parquet'), 'kept');
    const removed = await sweepScratch(root);
    expect(removed).toHaveLength(2);
    expect(readdirSync(join(root, 'a'))).toEqual(['t.parquet']);
  });

  it("removes the local scratch of this machine's dead workers, not of live ones", async () => {
    process.env.PDS_SCRATCH_DIR = root;
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    for (const pid of [dead, process.pid, process.ppid])
      mkdirSync(join(root, `worker-${pid}`, 'x'), { recursive: true });
    mkdirSync(join(root, 'other'));
    const removed = await sweepLocalScratch();
    expect(removed).toEqual([join(root, `worker-${dead}`)]);
    expect(readdirSync(root).sort()).toEqual(
      ['other', `worker-${process.pid}`, `worker-${process.ppid}`].sort(),
    );
  });
});

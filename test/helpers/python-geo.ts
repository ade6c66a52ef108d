// A Python with GeoPandas and pyarrow, for tests that read our Parquet as an analyst would: a venv built once
// from test/python/requirements-geo.txt (pinned) under ~/.cache/pds/py-geo-<hash of that file>, reused by
// every later run and clone. A marker written after pip succeeded tells a finished venv from a half-built one.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, rmdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { loadSettings } from '../../infra/stack/settings';
import { REPO_ROOT } from '../../pipelines/config';

const run = promisify(execFile);
const REQUIREMENTS = resolve(REPO_ROOT, 'test/python/requirements-geo.txt');

/** Whether `python3` (with venv) is on this machine: the tests that need it say so and skip when not. */
export async function hasPython(): Promise<boolean> {
  return run('python3', ['-c', 'import venv']).then(
    () => true,
    () => false,
  );
}

/** The venv's python, installing it first when needed (about 20 s once; then instant). */
export async function geoPython(): Promise<string> {
  const hash = createHash('sha256').update(readFileSync(REQUIREMENTS)).digest('hex').slice(0, 12);
  const dir = join(loadSettings().cacheDir, `py-geo-${hash}`);
  const python = join(dir, 'bin', 'python');
  const marker = join(dir, '.pds-installed');
  if (existsSync(marker)) return python;
  // One installer at a time (test files of two projects may ask at once): a lock folder, waited on.
  const lock = `${dir}.lock`;
  await mkdir(join(dir, '..'), { recursive: true });
  for (let waited = 0; ; waited += 500) {
    try {
      await mkdir(lock);
      break;
    } catch {
      if (existsSync(marker)) return python;
      if (waited > 300_000) throw new Error(`${lock} held for 5 minutes: remove it if no install runs`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    if (existsSync(marker)) return python;
    await rm(dir, { recursive: true, force: true });
    await run('python3', ['-m', 'venv', dir]);
    await run(join(dir, 'bin', 'pip'), ['install', '-q', '--disable-pip-version-check', '-r', REQUIREMENTS], {
      maxBuffer: 16 * 2 ** 20,
    });
    await writeFile(marker, new Date().toISOString());
    return python;
  } finally {
    await rmdir(lock);
  }
}

/**
 * Runs a Python script with the venv's python (`input` on its stdin, `env` added to the environment) and
 * returns its stdout parsed as JSON; a failing script rejects with its stderr.
 */
export function runPythonJson(
  python: string,
  script: string,
  args: string[] = [],
  options: { input?: string; env?: Record<string, string> } = {},
): Promise<unknown> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(python, ['-c', script, ...args], { env: { ...process.env, ...options.env } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`python exited ${code}: ${Buffer.concat(err).toString()}`));
      try {
        resolvePromise(JSON.parse(Buffer.concat(out).toString()) as unknown);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    child.stdin.end(options.input ?? '');
  });
}

// OS process plumbing: detached daemons, pid files, process groups, port owners, logged commands.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM means it exists but belongs to someone else: still alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Command line of a live process ('' when unknown): tells our daemon apart from a recycled pid. */
export async function cmdlineOf(pid: number): Promise<string> {
  try {
    return (await fsp.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

export async function readPid(file: string): Promise<number | null> {
  try {
    const pid = Number((await fsp.readFile(file, 'utf8')).trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Pid from a pid file if that process is alive and its command line contains `marker`. */
export async function livePidFromFile(file: string, marker: string): Promise<number | null> {
  const pid = await readPid(file);
  if (pid === null || !isAlive(pid)) return null;
  return (await cmdlineOf(pid)).includes(marker) ? pid : null;
}

export interface DetachedChild {
  pid: number;
  /** Set once the child exits while we are still around (lets health waits fail fast). */
  exited: () => { code: number | null; signal: NodeJS.Signals | null } | null;
}

export interface DetachedOptions {
  logFile: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  uid?: number;
  gid?: number;
}

/**
 * Start a daemon that outlives this Node process: own session/process group (detached), stdio into its log
 * file rather than pipes to us, and unref'd so our event loop can end while it keeps running.
 */
export async function spawnDetached(
  cmd: string,
  args: string[],
  opts: DetachedOptions,
): Promise<DetachedChild> {
  await fsp.mkdir(path.dirname(opts.logFile), { recursive: true });
  const fd = fs.openSync(opts.logFile, 'a');
  try {
    fs.writeSync(fd, `\n=== ${new Date().toISOString()} starting: ${cmd} ${args.join(' ')}\n`);
    const child = spawn(cmd, args, {
      detached: true,
      stdio: ['ignore', fd, fd],
      env: opts.env,
      cwd: opts.cwd,
      ...(opts.uid !== undefined ? { uid: opts.uid } : {}),
      ...(opts.gid !== undefined ? { gid: opts.gid } : {}),
    });
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    child.on('exit', (code, signal) => {
      exit = { code, signal };
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    child.unref();
    if (child.pid === undefined) throw new Error(`${cmd} did not start`);
    return { pid: child.pid, exited: () => exit };
  } finally {
    // The child holds its own copy of the descriptor.
    fs.closeSync(fd);
  }
}

/**
 * SIGTERM a daemon's whole process group (the ES launcher forks the server JVM), wait for it to go,
 * then SIGKILL what is left. Returns false if nothing was running.
 */
export async function stopProcessGroup(pgid: number, graceMs: number): Promise<boolean> {
  const signalGroup = (signal: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(-pgid, signal);
      return true;
    } catch {
      return false;
    }
  };
  if (!signalGroup('SIGTERM')) {
    // Not a group leader (or already gone): fall back to the single process.
    try {
      process.kill(pgid, 'SIGTERM');
    } catch {
      return false;
    }
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!signalGroup(0) && !isAlive(pgid)) return true;
    await sleep(250);
  }
  if (!signalGroup('SIGKILL') && isAlive(pgid)) {
    try {
      process.kill(pgid, 'SIGKILL');
    } catch {
      // Exited between the check and the kill.
    }
  }
  await sleep(500);
  return true;
}

export interface PortHolder {
  pid: number | null;
  command: string | null;
}

/** Who listens on a TCP port (any address), via `ss -ltnp`; null when the port is free. */
export async function portHolder(port: number): Promise<PortHolder | null> {
  try {
    const out = await execText('ss', ['-ltnpH', `sport = :${port}`], 5000);
    const line = out.split('\n').find((l) => l.trim() !== '');
    if (line === undefined) return null;
    const match = /users:\(\("([^"]*)",pid=(\d+)/.exec(line);
    return { pid: match?.[2] !== undefined ? Number(match[2]) : null, command: match?.[1] ?? null };
  } catch {
    // No usable `ss`: a connect attempt still tells free from taken.
    return (await canConnect(port)) ? { pid: null, command: null } : null;
  }
}

export function describeHolder(port: number, holder: PortHolder): string {
  const who =
    holder.pid !== null
      ? `pid ${holder.pid}${holder.command ? ` (${holder.command})` : ''}`
      : 'an unknown process';
  return `port ${port} is held by ${who}`;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, timeout: 1000 });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** Run a short command and return stdout; rejects with stderr in the message. */
export function execText(
  cmd: string,
  args: string[],
  timeoutMs: number,
  env?: NodeJS.ProcessEnv,
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { timeout: timeoutMs, env: env ?? process.env }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${cmd} ${args.join(' ')}: ${String(stderr || err.message).trim()}`));
      else resolve(String(stdout));
    });
  });
}

/** Run a (long) install command with its output appended to a log file, so failures can show the tail. */
export async function runLogged(
  cmd: string,
  args: string[],
  opts: { logFile: string; env?: NodeJS.ProcessEnv; cwd?: string },
): Promise<void> {
  await fsp.mkdir(path.dirname(opts.logFile), { recursive: true });
  const fd = fs.openSync(opts.logFile, 'a');
  try {
    fs.writeSync(fd, `\n=== ${new Date().toISOString()} ${cmd} ${args.join(' ')}\n`);
    const child = spawn(cmd, args, {
      stdio: ['ignore', fd, fd],
      env: opts.env ?? process.env,
      ...(opts.cwd !== undefined ? { cwd: opts.cwd } : {}),
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (c) => resolve(c));
    });
    if (code !== 0) throw new Error(`${cmd} exited with code ${code}`);
  } finally {
    fs.closeSync(fd);
  }
}

/** Last `lines` lines of a log file (reads only its end: ES logs grow large). */
export async function tailFile(file: string, lines = 20): Promise<string> {
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(file, 'r');
    const { size } = await handle.stat();
    const length = Math.min(size, 64 * 1024);
    const buf = Buffer.alloc(length);
    await handle.read(buf, 0, length, size - length);
    return buf.toString('utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(log file not readable)';
  } finally {
    await handle?.close();
  }
}

/**
 * Exclusive lock file so two `stack up`s (e.g. the CLI and a test run) don't both start servers.
 * A lock whose owner died is taken over.
 */
export async function withLock<T>(lockFile: string, timeoutMs: number, fn: () => Promise<T>): Promise<T> {
  await fsp.mkdir(path.dirname(lockFile), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const handle = await fsp.open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = await readPid(lockFile);
      if (owner === null || !isAlive(owner)) {
        await fsp.rm(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`lock ${lockFile} is held by pid ${owner}`);
      await sleep(500);
    }
  }
  try {
    return await fn();
  } finally {
    await fsp.rm(lockFile, { force: true });
  }
}

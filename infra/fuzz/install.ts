// Installs schemathesis (PyPI) for the fuzz step, the way the stack installs Temporal's CLI: a venv in the
// machine-wide cache (${XDG_CACHE_HOME:-~/.cache}/pds/schemathesis-<version>), every package pinned by
// requirements.txt beside this file and installed without resolving further (--no-deps), and a marker written
// last, so an interrupted install is redone next time. Cheap once installed: two file checks.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exists } from '../stack/fsutil';
import { runLogged } from '../stack/process';
import { loadSettings } from '../stack/settings';

const REQUIREMENTS = fileURLToPath(new URL('./requirements.txt', import.meta.url));
const MARKER = '.pds-installed';

/** The schemathesis version the requirements pin (its line `schemathesis==X`). */
async function pinnedVersion(): Promise<string> {
  const match = /^schemathesis==(\S+)$/m.exec(await fs.readFile(REQUIREMENTS, 'utf8'));
  if (!match) throw new Error(`${REQUIREMENTS} pins no schemathesis version`);
  return match[1]!;
}

/** Makes sure the pinned schemathesis is installed; returns the path of its `st` command. */
export async function ensureSchemathesis(log: (msg: string) => void = () => {}): Promise<string> {
  const { cacheDir } = loadSettings();
  const version = await pinnedVersion();
  const venv = path.join(cacheDir, `schemathesis-${version}`);
  const st = path.join(venv, 'bin', 'st');
  const marker = path.join(venv, MARKER);
  const requirements = await fs.readFile(REQUIREMENTS, 'utf8');
  if ((await exists(st)) && (await exists(marker)) && (await fs.readFile(marker, 'utf8')) === requirements)
    return st;
  log(`fuzz: installing schemathesis ${version} into ${venv} (from PyPI, pinned by ${REQUIREMENTS})`);
  const logFile = path.join(cacheDir, 'logs', `schemathesis-${version}-install.log`);
  await fs.rm(venv, { recursive: true, force: true });
  await fs.mkdir(cacheDir, { recursive: true });
  await runLogged('python3', ['-m', 'venv', venv], { logFile });
  await runLogged(
    path.join(venv, 'bin', 'pip'),
    ['install', '-q', '--disable-pip-version-check', '--no-deps', '-r', REQUIREMENTS],
    { logFile },
  );
  if (!(await exists(st)))
    throw new Error(`pip installed schemathesis but ${st} is missing (log: ${logFile})`);
  await fs.writeFile(marker, requirements);
  return st;
}

// Picks the JDK for Elasticsearch: the integ-test-zip ships no bundled JDK, and bin/elasticsearch reads only
// ES_JAVA_HOME (it ignores JAVA_HOME), so we must find one and pass it explicitly.
import fs from 'node:fs/promises';
import path from 'node:path';

/** ES 8.x minimum. */
export const MIN_JAVA_MAJOR = 17;
const JVM_ROOT = '/usr/lib/jvm';

async function javaMajor(home: string): Promise<number | null> {
  try {
    await fs.access(path.join(home, 'bin', 'java'), fs.constants.X_OK);
    // The `release` file avoids starting a JVM just to read its version.
    const release = await fs.readFile(path.join(home, 'release'), 'utf8');
    const match = /^JAVA_VERSION="(?:1\.)?(\d+)/m.exec(release);
    return match?.[1] !== undefined ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * PDS_JAVA_HOME if given (must be >= 17), else the lowest JDK >= 17 under /usr/lib/jvm (then JAVA_HOME):
 * the lowest because 17 is ES 8's baseline, while the newest JDKs may postdate what ES 8 was tested on.
 */
export async function findJavaHome(explicit: string | undefined): Promise<{ home: string; major: number }> {
  if (explicit !== undefined) {
    const major = await javaMajor(explicit);
    if (major === null)
      throw new Error(`PDS_JAVA_HOME=${explicit} has no bin/java with a readable release file`);
    if (major < MIN_JAVA_MAJOR)
      throw new Error(`PDS_JAVA_HOME=${explicit} is Java ${major}; ES 8 needs >= 17`);
    return { home: explicit, major };
  }
  const candidates: string[] = [];
  try {
    for (const name of (await fs.readdir(JVM_ROOT)).sort()) candidates.push(path.join(JVM_ROOT, name));
  } catch {
    // No /usr/lib/jvm: only JAVA_HOME is left.
  }
  if (process.env.JAVA_HOME) candidates.push(process.env.JAVA_HOME);
  const seen = new Set<string>();
  const found: { home: string; major: number }[] = [];
  for (const candidate of candidates) {
    const real = await fs.realpath(candidate).catch(() => null);
    if (real === null || seen.has(real)) continue;
    seen.add(real);
    const major = await javaMajor(real);
    if (major !== null && major >= MIN_JAVA_MAJOR) found.push({ home: real, major });
  }
  found.sort((a, b) => a.major - b.major);
  const best = found[0];
  if (best === undefined) {
    throw new Error(`no JDK >= ${MIN_JAVA_MAJOR} under ${JVM_ROOT} or JAVA_HOME; set PDS_JAVA_HOME`);
  }
  return best;
}

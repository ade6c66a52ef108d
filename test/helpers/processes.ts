// Several processes racing on one accounts database: each runs `worker` (a tsx script next to the test)
// with the database, the key and its attempts, all starting at the same instant, and prints one number.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** The number each of `count` processes printed. */
export async function raceProcesses(
  worker: string,
  args: { file: string; keyId: number; attempts: number },
  count = 4,
): Promise<number[]> {
  // Far enough ahead for every process to have loaded tsx and opened the database.
  const startAt = String(Date.now() + 4_000);
  const run = () =>
    promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      worker,
      args.file,
      String(args.keyId),
      String(args.attempts),
      startAt,
    ]);
  const outputs = await Promise.all(Array.from({ length: count }, run));
  return outputs.map((o) => Number(o.stdout));
}

// Stand-alone entry: `npx tsx infra/stack/cli.ts up|down|status [--json]`. Importable too: the `pds` CLI
// reuses printStatus, so main() only runs when this file is the program.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatStatus } from './format';
import { stackDown, stackStatus, stackUp, type StackStatus } from './index';

export { formatStatus } from './format';

export function printStatus(status: StackStatus, json: boolean): void {
  console.log(json ? JSON.stringify(status, null, 2) : formatStatus(status));
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const json = rest.includes('--json');
  // Progress goes to stderr so `status --json` / `up --json` stdout stays machine-readable.
  const log = (msg: string): void => console.error(msg);
  switch (command) {
    case 'up': {
      const started = Date.now();
      const status = await stackUp({ log });
      log(`stack up: done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
      printStatus(status, json);
      return 0;
    }
    case 'down':
      printStatus(await stackDown({ log }), json);
      return 0;
    case 'status':
      printStatus(await stackStatus(), json);
      return 0;
    default:
      console.error('usage: cli.ts up|down|status [--json]');
      return 2;
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}

// Named steps: every failure says which step of which service broke, where its log is, and how the log ends,
// so `pds stack up` output is enough to diagnose without opening files.
import { tailFile } from './process';

export type Log = (msg: string) => void;

export class StackError extends Error {
  constructor(
    message: string,
    readonly logFile: string | undefined,
  ) {
    super(message);
    this.name = 'StackError';
  }
}

export interface StepContext {
  /** e.g. "stack up: elasticsearch" */
  scope: string;
  /** The log that explains a failure of the step (install output or server stdout). */
  logFile?: string;
}

export async function step<T>(ctx: StepContext, name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof StackError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    let message = `${ctx.scope}: ${name}: ${reason}`;
    if (ctx.logFile !== undefined) {
      message += `\nlog: ${ctx.logFile}\n--- last lines of the log ---\n${await tailFile(ctx.logFile, 20)}`;
    }
    throw new StackError(message, ctx.logFile);
  }
}

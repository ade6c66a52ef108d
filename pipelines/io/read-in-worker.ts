// A loader run on a worker thread, its rows streamed back in batches: for a loader whose library keeps
// memory the process should not carry after the files are read. h5wasm (NetCDF-4) reserves ~600 MB of
// resident memory on import, which only the end of the thread that imported it gives back. One thread reads
// all the files: starting one costs h5wasm's WebAssembly (~0.3 CPU-s) and the modules (thread-modules.ts).
import { Worker } from 'node:worker_threads';
import { DataError } from './errors';
import type { SourceRow } from './quarantine';
import { threadModules } from './thread-modules';

/** What the thread posts: a batch of rows, the end, or the loader's error. */
export type ReaderMessage<Row> =
  { rows: SourceRow<Row>[] } | { done: true } | { error: { name: string; message: string } };

/** The loader's rows of each file: `module`'s export `name(file)`, read on one worker thread, in order. */
export async function* readInWorker<Row>(
  module: URL,
  name: string,
  files: readonly string[],
): AsyncGenerator<SourceRow<Row>> {
  const { code, urls } = await threadModules([
    new URL('./read-in-worker-thread.ts', import.meta.url),
    module,
  ]);
  const worker = new Worker(code, { eval: true, workerData: { module: urls[1], name, files } });
  const file = files.join(', ');
  const pending: ReaderMessage<Row>[] = [];
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (m: ReaderMessage<Row>) => {
    pending.push(m);
    notify();
  });
  worker.on('error', (error) => {
    failure = error;
    notify();
  });
  worker.on('exit', (code) => {
    failure ??= code === 0 ? null : new Error(`${file}: reader thread exited with code ${code}`);
    notify();
  });
  try {
    for (;;) {
      // One batch is asked for at a time, so a slow consumer holds at most one batch in memory.
      worker.postMessage('next');
      while (pending.length === 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
      const message = pending.shift();
      if (!message) throw failure ?? new Error(`${file}: reader thread ended early`);
      if ('done' in message) return;
      if ('error' in message) {
        const { name: kind, message: text } = message.error;
        throw kind === 'DataError' ? new DataError(text) : new Error(text);
      }
      yield* message.rows;
    }
  } finally {
    await worker.terminate();
  }
}

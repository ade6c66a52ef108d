// The thread side of read-in-worker.ts: runs the named loader over each file in turn and posts their rows
// a batch per request ('next'), then { done } or { error }.
import { parentPort, workerData } from 'node:worker_threads';
import type { SourceRow } from './quarantine';
import type { ReaderMessage } from './read-in-worker';

const BATCH_ROWS = 4096;
const { module, name, files } = workerData as { module: string; name: string; files: string[] };
const port = parentPort!;

async function* batches(): AsyncGenerator<SourceRow<unknown>[]> {
  const loaded = (await import(module)) as Record<
    string,
    (file: string) => AsyncIterable<SourceRow<unknown>>
  >;
  let batch: SourceRow<unknown>[] = [];
  try {
    for (const file of files)
      for await (const row of loaded[name]!(file)) {
        batch.push(row);
        if (batch.length === BATCH_ROWS) {
          yield batch;
          batch = [];
        }
      }
  } finally {
    // The rows read before a loader's error are delivered before it, as a loader run in place would.
    if (batch.length > 0) yield batch;
  }
}

const source = batches();
port.on('message', () => {
  source.next().then(
    (r) => port.postMessage((r.done ? { done: true } : { rows: r.value }) satisfies ReaderMessage<unknown>),
    (error: unknown) => {
      const e = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ error: { name: e.name, message: e.message } } satisfies ReaderMessage<unknown>);
    },
  );
});

// Structured JSON log lines on stderr. Secrets never reach them: callers pass only redacted values.
export type Logger = (msg: string, fields?: object) => void;

export const jsonLogger =
  (stream: NodeJS.WritableStream = process.stderr): Logger =>
  (msg, fields = {}) =>
    stream.write(JSON.stringify({ time: new Date().toISOString(), msg, ...fields }) + '\n');

export const silentLogger: Logger = () => {};

// Refresh progress for people: on a terminal the asset table is redrawn in place with an overall bar and
// each running asset's elapsed time; in a log (no TTY) only the assets whose state changed are printed.
import type { AssetProgress, RefreshProgress } from '../workflows/types';

const MARK = { pending: '·', running: '…', done: '✓', skipped: '=', failed: '✗' } as const;

function describe(a: AssetProgress, runningFor: number | undefined): string {
  const detail =
    a.state === 'done'
      ? `${a.rows} rows in ${((a.durationMs ?? 0) / 1000).toFixed(1)} s`
      : a.state === 'skipped'
        ? `up to date (${a.rows} rows)`
        : a.state === 'running' && runningFor !== undefined
          ? `${(runningFor / 1000).toFixed(0)} s`
          : '';
  const metrics = a.metrics && Object.keys(a.metrics).length ? ` ${JSON.stringify(a.metrics)}` : '';
  return `  ${MARK[a.state]} ${a.name.padEnd(24)} ${detail}${metrics}${a.error ? `  ERROR ${a.error}` : ''}`;
}

function bar(progress: RefreshProgress, width = 30): string {
  const finished = progress.assets.filter((a) => a.state !== 'pending' && a.state !== 'running').length;
  const total = Math.max(progress.assets.length, 1);
  const filled = Math.round((finished / total) * width);
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${finished}/${total} assets`;
}

function sourceLine(s: NonNullable<RefreshProgress['sources']>[number]): string {
  const files = s.files.map((f) => `${f.status}${f.status === 'downloaded' ? ` ${f.bytes} bytes` : ''}`);
  return `  ⇣ ${s.dataset.padEnd(24)} ${s.state}${files.length ? ` (${files.join(', ')})` : ''}`;
}

export function progressPrinter(json: boolean, stream: NodeJS.WriteStream = process.stderr) {
  const runningSince = new Map<string, number>();
  const lastState = new Map<string, string>();
  let drawn = 0;
  let sourcesShown = false;
  return (progress: RefreshProgress): void => {
    if (json) {
      process.stdout.write(`${JSON.stringify(progress)}\n`);
      return;
    }
    // The download step's outcome, once, above the asset table (only with a sources file).
    if (!sourcesShown && progress.sources?.length) {
      sourcesShown = true;
      const clear = stream.isTTY && drawn ? `\x1b[${drawn}A\x1b[J` : '';
      drawn = 0;
      stream.write(`${clear}${progress.sources.map(sourceLine).join('\n')}\n`);
    }
    const now = Date.now();
    for (const a of progress.assets)
      if (a.state === 'running' && !runningSince.has(a.name)) runningSince.set(a.name, now);
    const line = (a: AssetProgress) =>
      describe(a, runningSince.has(a.name) ? now - runningSince.get(a.name)! : undefined);
    if (stream.isTTY) {
      const lines = [`refresh ${progress.runId} ${bar(progress)}`, ...progress.assets.map(line)];
      stream.write(`${drawn ? `\x1b[${drawn}A\x1b[J` : ''}${lines.join('\n')}\n`);
      drawn = lines.length;
      return;
    }
    for (const a of progress.assets) {
      if (lastState.get(a.name) === a.state) continue;
      lastState.set(a.name, a.state);
      stream.write(`${progress.runId} ${line(a).trim()}\n`);
    }
  };
}

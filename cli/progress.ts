// Refresh progress for people: on a terminal the asset table is redrawn in place with an overall bar, a bar
// per partitioned asset (partitions done / to build) and each running asset's elapsed time; in a log (no
// TTY) only changes are printed: asset states, and partition counts as batches finish. With --json, one
// JSON object per change on stdout (the workflow's progress query answer).
import type { AssetProgress, CheckNote, RefreshProgress } from '../workflows/types';

const MARK = { pending: '·', running: '…', done: '✓', skipped: '=', failed: '✗' } as const;

function meter(fraction: number, width: number): string {
  const filled = Math.max(0, Math.min(width, Math.round(fraction * width)));
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}]`;
}

/** How far an asset is, 0 to 1: partitions built over partitions to build, or its state. */
export function assetFraction(a: AssetProgress): number {
  if (a.state === 'done' || a.state === 'skipped') return 1;
  const p = a.partitions;
  if (!p || p.toBuild === 0) return 0;
  // The last step (the roll-up) is small: partitions are the work.
  return Math.min(1, (p.done + p.skipped) / p.toBuild) * 0.99;
}

function partitionText(a: AssetProgress): string {
  const p = a.partitions;
  if (!p) return '';
  if (a.state === 'skipped') return ` ${p.total} partitions`;
  const built = p.done + p.skipped;
  const rest = p.total - p.toBuild;
  return ` ${built}/${p.toBuild} partitions${rest ? ` (${rest} left alone)` : ''}${p.failed ? `, ${p.failed} failed` : ''}`;
}

function describe(a: AssetProgress, runningFor: number | undefined, tty: boolean): string {
  const detail =
    a.state === 'done'
      ? `${a.rows} rows in ${((a.durationMs ?? 0) / 1000).toFixed(1)} s`
      : a.state === 'skipped'
        ? `up to date (${a.rows} rows)`
        : a.state === 'running' && runningFor !== undefined
          ? `${(runningFor / 1000).toFixed(0)} s`
          : '';
  const bar = tty && a.partitions && a.state === 'running' ? `${meter(assetFraction(a), 20)} ` : '';
  const metrics = a.metrics && Object.keys(a.metrics).length ? ` ${JSON.stringify(a.metrics)}` : '';
  return `  ${MARK[a.state]} ${a.name.padEnd(24)} ${bar}${detail}${partitionText(a)}${metrics}${a.error ? `  ERROR ${a.error}` : ''}`;
}

/** A check that did not simply pass, one line under its asset. */
export function checkLine(c: CheckNote): string {
  const mark = c.accepted ? '✓ accepted' : c.severity === 'blocking' ? '✗ FAILED' : '⚠ warning';
  return `      ${mark} check ${c.check}${c.partition ? ` @${c.partition}` : ''}: ${c.measured}; expected ${c.expected}${c.where ? `; at ${c.where}` : ''}`;
}

/** The overall bar: assets finished, counting partitioned ones fractionally. */
export function overallBar(progress: RefreshProgress, width = 30): string {
  const total = Math.max(progress.assets.length, 1);
  const finished = progress.assets.filter((a) => a.state !== 'pending' && a.state !== 'running').length;
  const fraction = progress.assets.reduce((sum, a) => sum + assetFraction(a), 0) / total;
  return `${meter(fraction, width)} ${finished}/${progress.assets.length} assets`;
}

function sourceLine(s: NonNullable<RefreshProgress['sources']>[number]): string {
  const files = s.files.map((f) => `${f.status}${f.status === 'downloaded' ? ` ${f.bytes} bytes` : ''}`);
  return `  ⇣ ${s.dataset.padEnd(24)} ${s.state}${files.length ? ` (${files.join(', ')})` : ''}`;
}

export function progressPrinter(
  json: boolean,
  stream: NodeJS.WriteStream = process.stderr,
  out: NodeJS.WritableStream = process.stdout,
) {
  const runningSince = new Map<string, number>();
  const lastState = new Map<string, string>();
  let drawn = 0;
  let sourcesShown = false;
  return (progress: RefreshProgress): void => {
    if (json) {
      out.write(`${JSON.stringify(progress)}\n`);
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
    const line = (a: AssetProgress, tty: boolean) =>
      describe(a, runningSince.has(a.name) ? now - runningSince.get(a.name)! : undefined, tty);
    if (stream.isTTY) {
      const lines = [
        `refresh ${progress.runId} ${overallBar(progress)}`,
        ...progress.assets.flatMap((a) => [line(a, true), ...(a.checks ?? []).map(checkLine)]),
      ];
      stream.write(`${drawn ? `\x1b[${drawn}A\x1b[J` : ''}${lines.join('\n')}\n`);
      drawn = lines.length;
      return;
    }
    for (const a of progress.assets) {
      const p = a.partitions;
      const key = `${a.state} ${p ? p.done + p.skipped + p.failed : ''} ${a.checks?.length ?? 0}`;
      if (lastState.get(a.name) === key) continue;
      const shown = Number(lastState.get(`${a.name} checks`) ?? 0);
      lastState.set(a.name, key);
      lastState.set(`${a.name} checks`, String(a.checks?.length ?? 0));
      stream.write(`${progress.runId} ${line(a, false).trim()}\n`);
      for (const c of (a.checks ?? []).slice(shown))
        stream.write(`${progress.runId} ${checkLine(c).trim()}\n`);
    }
  };
}

// `pds export`: a list of UPRNs joined to the per-UPRN blocks (pipelines/export), with a progress bar on a
// terminal (step lines in a log) and a summary of what matched on stderr. docs/analysts.md describes it.
import type { Command } from 'commander';
import type { ExportFormat, ExportProgress } from '../../pipelines/export/uprn-export';

const FORMATS: readonly ExportFormat[] = ['parquet', 'csv', 'geojson'];

/** The format asked for, else the one the output's extension names, else Parquet. */
function formatOf(format: string | undefined, out: string): ExportFormat {
  const chosen = format ?? (/\.(geo)?json$/i.test(out) ? 'geojson' : /\.csv$/i.test(out) ? 'csv' : 'parquet');
  if (!FORMATS.includes(chosen as ExportFormat))
    throw new Error(`--format must be one of ${FORMATS.join(', ')}, not ${chosen}`);
  return chosen as ExportFormat;
}

function progressReporter(stream: NodeJS.WriteStream = process.stderr) {
  let last = '';
  return (p: ExportProgress): void => {
    if (stream.isTTY) {
      const width = 30;
      const filled = Math.round(p.fraction * width);
      stream.write(
        `\r\x1b[K[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(Math.round(p.fraction * 100)).padStart(3)}% ${p.step}`,
      );
      if (p.step === 'done') stream.write('\n');
    } else if (p.step !== last) stream.write(`export: ${p.step} (${p.done}/${p.steps})\n`);
    last = p.step;
  };
}

const size = (bytes: number): string =>
  bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;

export function registerExportCommand(program: Command): void {
  program
    .command('export')
    .description(
      'Join a list of UPRNs (CSV or Parquet with a uprn column) to the per-UPRN blocks of the last refresh ' +
        'and write Parquet, CSV or GeoJSON: the list in its order with its own columns, location, each ' +
        "block's flat columns (--json: and the block as stored); unmatched UPRNs keep their row and are summarised",
    )
    .requiredOption(
      '--uprns <file>',
      'the list: .parquet, or CSV with a header (a column named uprn, any case)',
    )
    .requiredOption('--out <file>', 'where to write it')
    .option(
      '--blocks <names>',
      'comma list of flood_risk, planning, transportation, environment, social, energy, area, climate, or all',
      'all',
    )
    .option('--format <format>', 'parquet, csv or geojson (default: from --out, else parquet)')
    .option(
      '--json',
      'each block as stored too, a JSON column (2 to 40 KB a UPRN: far slower on large lists)',
    )
    .action(async (opts: { uprns: string; out: string; blocks: string; format?: string; json?: boolean }) => {
      const { loadConfig } = await import('../../pipelines/config');
      const { parseBlocks } = await import('../../pipelines/export/blocks');
      const { exportUprns } = await import('../../pipelines/export/uprn-export');
      const s = await exportUprns({
        config: loadConfig(),
        uprns: opts.uprns,
        blocks: parseBlocks(opts.blocks),
        format: formatOf(opts.format, opts.out),
        out: opts.out,
        json: opts.json,
        onProgress: progressReporter(),
      });
      const lines = [
        `${s.rows} rows → ${s.out} (${s.format}, ${s.columns.length} columns, ${size(s.bytes)}) in ${s.seconds.toFixed(1)} s, ${Math.round(s.rows / s.seconds)} rows/s`,
        `matched ${s.matched}; unmatched ${s.unmatched}${s.invalid ? ` (${s.invalid} not UPRNs)` : ''}`,
      ];
      if (s.unmatched)
        lines.push(`unmatched, first seen: ${s.unmatchedExamples.map((e) => JSON.stringify(e)).join(', ')}`);
      process.stderr.write(`${lines.join('\n')}\n`);
    });
}

// `pds epc …`: the EPC pipeline's pieces without a refresh: enhance any EPC file, and measure the estimate.
import { createWriteStream } from 'node:fs';
import type { Command } from 'commander';

export function registerEpcCommands(program: Command): void {
  const epc = program.command('epc').description('EPC files and models without a refresh');

  epc
    .command('enhance')
    .description(
      'Enhance EPC certificate files (E&W legacy or 2025+, Scottish; format detected from the header) with ' +
        'the refresh loaders and rules; bad rows are reported on stderr with file, line and reason',
    )
    .argument('<files...>', 'certificates CSV files')
    .option('--format <format>', 'jsonl or parquet', 'jsonl')
    .option('--out <path>', 'output file (jsonl default: stdout; parquet: required)')
    .action(async (files: string[], opts: { format: string; out?: string }) => {
      const { enhanceEpcFile } = await import('../../pipelines/transforms/epc/enhance-files');
      if (opts.format !== 'jsonl' && opts.format !== 'parquet')
        throw new Error(`--format must be jsonl or parquet, got ${opts.format}`);
      if (opts.format === 'parquet' && !opts.out) throw new Error('--format parquet needs --out PATH');
      let accepted = 0;
      let rejected = 0;
      const reject = (row: { file: string; line: number; reason: string }) => {
        rejected++;
        if (rejected <= 20) process.stderr.write(`quarantined ${row.file}:${row.line}: ${row.reason}\n`);
      };
      if (opts.format === 'parquet') {
        const { enhanceFilesToParquet } = await import('../../pipelines/transforms/epc/enhance-to-parquet');
        accepted = await enhanceFilesToParquet(files, opts.out!, reject);
      } else {
        const out = opts.out ? createWriteStream(opts.out) : process.stdout;
        for (const file of files)
          for await (const e of enhanceEpcFile(file)) {
            if (!e.ok) {
              reject(e.row);
              continue;
            }
            accepted++;
            if (!out.write(`${JSON.stringify(e.record)}\n`))
              await new Promise<void>((r) => out.once('drain', () => r()));
          }
        if (opts.out) await new Promise<void>((r) => (out as ReturnType<typeof createWriteStream>).end(r));
      }
      process.stderr.write(
        `${accepted} certificates enhanced, ${rejected} rows quarantined${opts.out ? ` → ${opts.out}` : ''}\n`,
      );
    });

  epc
    .command('estimate-accuracy')
    .description(
      'Leave-one-out accuracy of epc_estimate on the last refresh: each certified UPRN estimated from the others',
    )
    .option('--json', 'print the result as JSON')
    .action(async (opts: { json?: boolean }) => {
      const { loadConfig } = await import('../../pipelines/config');
      const { loadCertifiedProperties } = await import('../../pipelines/assets/epc/epc-estimates');
      const { NeighbourIndex, estimateEpc } = await import('../../pipelines/transforms/epc/estimate');
      const { leaveOneOut } = await import('../../pipelines/transforms/epc/estimate-accuracy');
      const ctx = { config: loadConfig(), runId: 'cli', log: () => undefined, heartbeat: () => undefined };
      const properties = await loadCertifiedProperties(ctx);
      const index = new NeighbourIndex(properties);
      const started = Date.now();
      const result = leaveOneOut(properties, (p) => estimateEpc({ x: p.x, y: p.y, uprn: p.uprn }, index));
      const seconds = (Date.now() - started) / 1000;
      // Baseline: the error of guessing every property's score as the mean of all of them.
      const scores = properties
        .map((p) => p.energy_efficiency_current)
        .filter((s): s is number => s !== null);
      const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
      const baselineMae = scores.reduce((a, s) => a + Math.abs(s - mean), 0) / scores.length;
      if (opts.json)
        return void process.stdout.write(
          `${JSON.stringify({ ...result, baseline_score_mae: Math.round(baselineMae * 1000) / 1000 }, null, 2)}\n`,
        );
      const lines = [
        `properties evaluated        ${result.evaluated} (${result.without_estimate} without a neighbour in range)`,
        `score MAE / RMSE / bias     ${result.score_mae} / ${result.score_rmse} / ${result.score_bias} SAP points`,
        `baseline MAE (overall mean) ${baselineMae.toFixed(3)} SAP points`,
        `band exact / within one     ${(result.rating_exact * 100).toFixed(1)}% / ${(result.rating_within_one * 100).toFixed(1)}%`,
        `band MAE                    ${result.rating_mae_bands} bands`,
        `confidence ≥ 0.5            ${result.confident_count} estimates, score MAE ${result.confident_score_mae}`,
        `mean confidence             ${result.mean_confidence}`,
        `time                        ${seconds.toFixed(1)} s`,
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}

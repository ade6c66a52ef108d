// `pds refresh` progress for partitioned assets: a bar per asset on a terminal, partition counts in a log,
// one JSON object per change with --json.
import { describe, expect, it } from 'vitest';
import { assetFraction, overallBar, progressPrinter } from '../../../cli/progress';
import type { AssetProgress, RefreshProgress } from '../../../workflows/types';

const tiles = (done: number, state: AssetProgress['state'] = 'running'): AssetProgress => ({
  name: 'uprn_flood_blocks',
  state,
  partitions: { total: 200, toBuild: 40, done, skipped: 0, failed: 0 },
});
const run = (...assets: AssetProgress[]): RefreshProgress => ({ runId: 'r1', waves: [], assets });
const capture = (isTTY: boolean) => {
  const written: string[] = [];
  const stream = { isTTY, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream;
  return { written, stream };
};

describe('progress of partitioned assets', () => {
  it('counts partitions built over partitions to build', () => {
    expect(assetFraction(tiles(10))).toBeCloseTo(0.2475);
    expect(assetFraction(tiles(40, 'done'))).toBe(1);
    expect(assetFraction({ name: 'x', state: 'running' })).toBe(0);
    expect(overallBar(run(tiles(20), { name: 'y', state: 'done' }), 10)).toBe('[███████░░░] 1/2 assets');
  });

  it('draws a bar per partitioned asset on a terminal', () => {
    const { written, stream } = capture(true);
    progressPrinter(false, stream)(run(tiles(10)));
    expect(written.join('')).toMatch(
      /… uprn_flood_blocks\s+\[█████░{15}\] 0 s 10\/40 partitions \(160 left alone\)/,
    );
  });

  it('prints partition counts as they change in a log, and nothing when they do not', () => {
    const { written, stream } = capture(false);
    const print = progressPrinter(false, stream);
    print(run(tiles(0)));
    print(run(tiles(0)));
    print(run(tiles(20)));
    print(run({ ...tiles(40, 'done'), rows: 99, durationMs: 1500 }));
    expect(written.map((l) => l.replace(/\s+/g, ' ').trim())).toEqual([
      'r1 … uprn_flood_blocks 0 s 0/40 partitions (160 left alone)',
      'r1 … uprn_flood_blocks 0 s 20/40 partitions (160 left alone)',
      'r1 ✓ uprn_flood_blocks 99 rows in 1.5 s 40/40 partitions (160 left alone)',
    ]);
  });

  it('writes one JSON object per change with --json', () => {
    const { written, stream } = capture(false);
    const out = capture(false);
    progressPrinter(true, stream, out.stream)(run(tiles(5)));
    expect(written).toEqual([]);
    expect(JSON.parse(out.written[0]!)).toMatchObject({ assets: [{ partitions: { done: 5, toBuild: 40 } }] });
  });
});

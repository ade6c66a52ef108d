// The tiles of the staged UPRNs are scanned once per version of the staged file: every tile-partitioned
// asset of a run asks, and a rewritten file (a new delivery of OS Open UPRN) is scanned again.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tilesHoldingUprns } from '../../../pipelines/assets/location/uprn-location-blocks';
import { loadConfig } from '../../../pipelines/config';
import { writeParquet, type ColumnSpec } from '../../../pipelines/io/parquet';
import type { AssetContext } from '../../../pipelines/orchestration/definition';
import { stagedPath } from '../../../pipelines/orchestration/ingest';

const COLUMNS: ColumnSpec[] = [
  { name: 'uprn', type: 'BIGINT' },
  { name: 'x_coord', type: 'DOUBLE' },
  { name: 'y_coord', type: 'DOUBLE' },
];
let ctx: AssetContext;

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'pds-tiles-'));
  ctx = {
    config: loadConfig({ PDS_DATA_DIR: dataDir }),
    runId: 'tiles-test',
    log: () => {},
    heartbeat: () => {},
  };
});
afterAll(() => rm(ctx.config.dataDir, { recursive: true, force: true }));

const stage = (points: [number, number][]) =>
  writeParquet(
    stagedPath(ctx, 'os_open_uprn'),
    COLUMNS,
    points.map(([x, y], i) => ({ uprn: i + 1, x_coord: x, y_coord: y })),
  );

it('answers the tiles of the staged file, and those of a new delivery once it replaces it', async () => {
  // Bath (ST76) and central London (TQ38).
  await stage([
    [375_000, 165_000],
    [375_500, 165_500],
    [531_000, 181_000],
  ]);
  const first = await tilesHoldingUprns(ctx);
  expect(first).toEqual(['ST76', 'TQ38']);
  // Each caller gets its own list.
  first.push('SU00');
  expect(await tilesHoldingUprns(ctx)).toEqual(['ST76', 'TQ38']);
  // The same number of rows and bytes in another place: Edinburgh (NT27).
  await stage([
    [325_000, 673_000],
    [325_500, 673_500],
    [325_900, 673_900],
  ]);
  expect(await tilesHoldingUprns(ctx)).toEqual(['NT27']);
});

// properties_wide: one row per UPRN of flat typed columns for analysts (schemas/properties-wide.ts,
// docs/analysts.md), one Parquet file per 10 km tile like the block tables it is read from. Written straight
// from DuckDB (no rows through JavaScript), as GeoParquet points. Not an upstream of properties_index: the
// served documents never wait for it.
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PropertiesWideRowSchema } from '../../../schemas/properties-wide';
import { dataPaths } from '../../config';
import { inTileSql } from '../../geo/tiles';
import {
  copyQueryToParquet,
  countRowsOf,
  emptyRelation,
  parquetPath,
  runsByUprnRange,
  runsRelation,
  uprnRanges,
  type ColumnSpec,
} from '../../io/parquet';
import { runRows } from '../../io/run-files';
import { parquetColumnsFor } from '../../io/parquet-columns';
import { propertiesWideSql } from '../../transforms/analyst/properties-wide-sql';
import { partitionOf, sameBuildsBut, type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { EPC_LATEST_TABLE, epcLatestVersion } from '../epc/epc-stats';
import { gbHeritagePath } from '../heritage/gb-heritage';
import { derivedPath, stagedPath } from '../../orchestration/ingest';
import { tilesHoldingUprns } from '../location/uprn-location-blocks';

const PROPERTIES_WIDE_TABLE = 'properties_wide';
/** Per tile, the digests of what each row was built from (properties_wide_digests/<tile>.parquet). */
const DIGESTS_TABLE = 'properties_wide_digests';

const tileFile = (ctx: Pick<AssetContext, 'config'>, table: string, tile: string): string =>
  resolve(dataPaths(ctx.config.dataDir).derived, table, `${tile}.parquet`);

// A block table's tile file, or no rows when that tile was never written (every column still readable).
const BLOCK_ROW: ColumnSpec[] = [
  { name: 'uprn', type: 'BIGINT' },
  { name: 'postcode', type: 'VARCHAR' },
  { name: 'block', type: 'JSON' },
  { name: 'block_digest', type: 'VARCHAR' },
];
/** A block table's tile: its file (or runs) and its delta (io/delta-files.ts), or no rows. */
const tileRelation = (ctx: AssetContext, table: string, tile: string): string =>
  runsRelation(tileFile(ctx, table, tile)) ?? emptyRelation(BLOCK_ROW);

type Range = readonly [number, number];
const BLOCK_TABLES = {
  location: 'uprn_location_blocks',
  area: 'uprn_area_blocks',
  flood: 'uprn_flood_blocks',
} as const;
type Blocks = Record<keyof typeof BLOCK_TABLES, string>;

/** The tile's block tables, whole. */
const blocksOf = (ctx: AssetContext, tile: string): Blocks =>
  Object.fromEntries(
    Object.entries(BLOCK_TABLES).map(([k, table]) => [k, tileRelation(ctx, table, tile)]),
  ) as Blocks;

/** The tile's block tables for one UPRN range at a time: only the run files that meet it (runsByUprnRange). */
async function blocksByRange(ctx: AssetContext, tile: string): Promise<(range: Range) => Blocks> {
  const byRange = await Promise.all(
    Object.entries(BLOCK_TABLES).map(
      async ([k, table]) => [k, await runsByUprnRange(tileFile(ctx, table, tile))] as const,
    ),
  );
  return (range) =>
    Object.fromEntries(byRange.map(([k, of]) => [k, of?.(range) ?? emptyRelation(BLOCK_ROW)])) as Blocks;
}

const CODE_VERSION = '4';

/**
 * Per UPRN of the tile, the digests of what its row reads that changes month by month: the area block's
 * digest and its latest certificate's row's (epc_latest's `row_digest`).
 */
function digestsSql(ctx: AssetContext, tile: string, epcLatest: string, area: string): string {
  return `SELECT u.uprn, coalesce(a.block_digest, '') AS d_area, coalesce(e.row_digest, '') AS d_epc
    FROM ${parquetPath(stagedPath(ctx, 'os_open_uprn'))} u
    LEFT JOIN (SELECT uprn, row_digest FROM ${epcLatest} WHERE ${inTileSql(tile)}) e USING (uprn)
    LEFT JOIN ${area} a USING (uprn)
    WHERE ${inTileSql(tile, 'u.x_coord', 'u.y_coord')} ORDER BY u.uprn`;
}

export const propertiesWide = defineAsset({
  name: PROPERTIES_WIDE_TABLE,
  kind: 'derived',
  description:
    'Per UPRN: location, authority, postcode, latest EPC, flood bands, heritage, national park, deprivation, rurality and area energy use as flat typed columns, one Parquet file per 10 km tile',
  upstream: [
    'os_open_uprn',
    'epc_latest',
    'gb_listed_buildings',
    'uprn_location_blocks',
    'uprn_area_blocks',
    'uprn_flood_blocks',
  ],
  // 2: rows kept per UPRN whose inputs held (digestsSql, sameBuildsBut), the others built. 3: rowDigestSql.
  // 4: epc_latest's row digests.
  codeVersion: CODE_VERSION,
  owner: 'analyst-outputs',
  cadence: 'quarterly',
  partitioning: {
    kind: 'bng-tile',
    keys: (ctx) => tilesHoldingUprns(ctx),
    // A tile reads its own rows of epc_latest: a month elsewhere leaves it as it was.
    version: (ctx, tile, upstream) =>
      upstream === EPC_LATEST_TABLE ? epcLatestVersion(ctx, [tile]) : undefined,
  },
  async materialize(ctx) {
    const tile = partitionOf(ctx);
    const out = tileFile(ctx, PROPERTIES_WIDE_TABLE, tile);
    const digestsFile = tileFile(ctx, DIGESTS_TABLE, tile);
    const epcLatest = parquetPath(derivedPath(ctx, EPC_LATEST_TABLE));
    const area = tileRelation(ctx, 'uprn_area_blocks', tile);
    const next = `${digestsFile}.${ctx.runId}.next`;
    await copyQueryToParquet(digestsSql(ctx, tile, epcLatest, area), next);
    // The tile's previous rows are kept where the UPRN's digests held, when every other upstream is the
    // build the previous rows were made from; the others are built from their area block and certificate,
    // their place's columns taken from their previous rows (propertiesWideSql's `previous`). On a forced or
    // first build, every row is built.
    const previous =
      sameBuildsBut(ctx, CODE_VERSION, [EPC_LATEST_TABLE, 'uprn_area_blocks']) &&
      existsSync(out) &&
      existsSync(digestsFile)
        ? `SELECT d.uprn FROM ${parquetPath(next)} d JOIN ${parquetPath(digestsFile)} p
            ON p.uprn = d.uprn AND p.d_area = d.d_area AND p.d_epc = d.d_epc`
        : undefined;
    const changed = previous && `SELECT uprn FROM ${parquetPath(next)} EXCEPT ${previous}`;
    const counts = await countRowsOf({
      kept: previous ?? null,
      changed: changed ?? null,
      out: previous === undefined ? null : `SELECT uprn FROM ${parquetPath(out)}`,
    });
    const kept = counts.kept;
    if (changed !== undefined && counts.changed === 0 && counts.out === kept) {
      // Every row held and no UPRN left: the file stays as it is.
      await rename(next, digestsFile);
      return { rows: kept, outputs: [out], metrics: { built: 0 } };
    }
    // `run`: one UPRN range of a whole build, with the block tables' run files that meet it.
    const sql = (only?: string, previousRows?: string, run?: { range: Range; blocks: Blocks }) =>
      propertiesWideSql({
        tile,
        uprns: parquetPath(stagedPath(ctx, 'os_open_uprn')),
        inTile: inTileSql(tile),
        ...(run?.blocks ?? blocksOf(ctx, tile)),
        epcLatest,
        listedBuildings: parquetPath(gbHeritagePath(ctx, 'gb_listed_buildings')),
        ...(only === undefined ? {} : { only }),
        ...(previousRows === undefined ? {} : { previous: previousRows }),
        ...(run === undefined ? {} : { range: run.range }),
      });
    const columns = parquetColumnsFor(PropertiesWideRowSchema);
    // A whole build in runs of UPRN ranges, each joining and sorting only its own rows: ST76 and ST17 at scale 80
    // (120,000 and ~100,000 UPRNs), forced, two each alternating: 626–628 and 561–563 MB at once, 414–425 and
    // 383–397 in runs. Runs of 4 × PDS_RUN_ROWS: a run's query costs ~0.4 s to bind and plan whatever its size
    // (the typed blocks' footers, ~80 columns' expressions), so ST76's 4.2–4.5 CPU-s were 6.6–6.8 in runs of
    // 32,768 and 6.9–8.7 in runs of 8,192. Scale 20's tiles (30,000 UPRNs at most) are one run.
    const ranges =
      changed === undefined ? await uprnRanges(`SELECT uprn FROM ${parquetPath(next)}`, 4 * runRows()) : [];
    const blocksInRange = ranges.length > 1 ? await blocksByRange(ctx, tile) : undefined;
    const written = await copyQueryToParquet(
      changed === undefined
        ? ranges.length > 1
          ? ranges.map((range) => sql(undefined, undefined, { range, blocks: blocksInRange!(range) }))
          : sql()
        : // The schema's columns: the file adds GeoParquet's covering columns, which the copy adds again.
          `SELECT ${columns.map((c) => `"${c.name}"`).join(', ')} FROM ${parquetPath(out)} WHERE uprn IN (${previous})
           UNION ALL SELECT * FROM (${sql(changed, parquetPath(out))})
           ORDER BY uprn`,
      out,
      { columns, inRuns: true },
    );
    const built = written.rows - kept;
    await rename(next, digestsFile);
    // The digests are bookkeeping, not an output (no analyst view, no presence check: without them the next
    // build is whole).
    return { rows: written.rows, outputs: [written.path], metrics: { built } };
  },
});

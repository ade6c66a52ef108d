// Derived EPC tables for analysts and for the per-UPRN blocks: the latest certificate of every property
// with its geography (epc_latest), and the statistics of every grouping of spec 2.10 (epc_stats).
import { existsSync } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { onGridSql, TILE_SIZE, tileName } from '../../geo/tiles';
import { copyQueryToParquet, parquetPath, queryRows } from '../../io/parquet';
import { epcStatsSql, LATEST_STATS_INPUT_COLUMNS } from '../../transforms/epc/stats-sql';
import { EPC_STATS_GROUPINGS } from '../../../schemas/epc';
import { scratchFolder } from '../../io/scratch';
import { sameBuildsBut, type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { EPC_ENHANCED_EW_TABLE, EPC_ENHANCED_SCOTLAND_TABLE, derivedGlob } from './epc-enhanced';
import { latestSources, writeEpcLatest, type LatestMonth } from './epc-latest-sql';
import { deltaFilesOf } from '../../io/delta-files';
import { derivedPath } from '../../orchestration/ingest';

export const EPC_LATEST_TABLE = 'epc_latest';
const EPC_LATEST_CODE_VERSION = '4';
export const EPC_STATS_TABLE = 'epc_stats';

/** Each tile's version of an epc_latest file, and the file's size and modification time it is of. */
interface TileVersions {
  file: string;
  versions: Record<string, string>;
}

/** Per file path, in this process: the tile versions last read or computed (epcLatestVersion). */
const tileVersions = new Map<string, TileVersions>();

/** Where epc_latest's build keeps its tiles' versions, beside the table. */
const tileVersionsPath = (path: string): string => `${path}.tiles.json`;

/** Every tile's count and sum of its rows' digests (`row_digest`), in one pass over the file. */
async function computeTileVersions(path: string): Promise<TileVersions> {
  const { size, mtimeMs } = await stat(path);
  const versions: Record<string, string> = {};
  const rows = await queryRows(`SELECT floor(x_coord / ${TILE_SIZE})::BIGINT AS i,
      floor(y_coord / ${TILE_SIZE})::BIGINT AS j, count(*) AS n, sum(row_digest::UBIGINT)::VARCHAR AS h
    FROM ${parquetPath(path)} WHERE ${onGridSql()} GROUP BY ALL`);
  for (const r of rows) versions[tileName(Number(r.i), Number(r.j))] = `${r.n}:${r.h}`;
  return { file: `${size} ${mtimeMs}`, versions };
}

/**
 * The data version of epc_latest's rows in `tiles` (by their coordinates, as tileOf assigns them): each
 * tile's count and sum of its rows' digests. A tile partition that reads only those rows names it in place of
 * the table's build (Partitioning.version), so a month elsewhere leaves the partition as it was. Computed when
 * epc_latest is built and kept beside it (a pass over its digests: ~30 M rows for Great Britain, which every
 * refresh's planning would pay again); computed here only for a file without them (a copied folder).
 */
export async function epcLatestVersion(ctx: AssetContext, tiles: readonly string[]): Promise<string> {
  const path = derivedPath(ctx, EPC_LATEST_TABLE);
  const { size, mtimeMs } = await stat(path);
  const file = `${size} ${mtimeMs}`;
  let cached = tileVersions.get(path);
  if (cached?.file !== file) {
    const kept = await readFile(tileVersionsPath(path), 'utf8').then(
      (text) => JSON.parse(text) as TileVersions,
      () => undefined,
    );
    cached = kept?.file === file ? kept : await computeTileVersions(path);
    tileVersions.set(path, cached);
  }
  return tiles.map((t) => `${t}=${cached.versions[t] ?? ''}`).join(' ');
}

/** What epc_latest's build read, beside it: each input file (relative to the table's folder) and its stamp. */
const inputsPath = (path: string): string => `${path}.inputs.json`;

/** The folder of the England and Wales partitions' files. */
const ewFolder = (ctx: AssetContext): string => dirname(derivedGlob(ctx, EPC_ENHANCED_EW_TABLE));

/** epc_latest's input files (every England and Wales partition's, Scotland's runs and delta) and their stamps. */
async function inputStamps(ctx: AssetContext, path: string): Promise<Record<string, string>> {
  const scotland = derivedPath(ctx, EPC_ENHANCED_SCOTLAND_TABLE);
  const files = [...latestSources(ctx).map((s) => s.path), ...deltaFilesOf(scotland)];
  const stamps: Record<string, string> = {};
  for (const file of files.sort()) {
    const { size, mtimeMs } = await stat(file);
    stamps[relative(dirname(path), file)] = `${size} ${mtimeMs}`;
  }
  return stamps;
}

/**
 * A month's build when one holds: the same code, ONSPD and UPRNs as the last build, every file it read still
 * as it was, and only new England and Wales partition files besides (a month's `certificates-<year>.csv`).
 * A file changed or gone (a folder published again, Scotland's), or no record of the last build's files: a
 * whole build.
 */
async function monthOf(
  ctx: AssetContext,
  path: string,
  stamps: Readonly<Record<string, string>>,
): Promise<LatestMonth | undefined> {
  if (!sameBuildsBut(ctx, EPC_LATEST_CODE_VERSION, ['epc_enhanced']) || !existsSync(path)) return undefined;
  const kept = await readFile(inputsPath(path), 'utf8').then(
    (text) => JSON.parse(text) as Record<string, string>,
    () => undefined,
  );
  if (!kept || Object.entries(kept).some(([file, stamp]) => stamps[file] !== stamp)) return undefined;
  const ew = relative(dirname(path), ewFolder(ctx));
  const added = Object.keys(stamps).filter((file) => !(file in kept));
  if (added.length === 0 || added.some((file) => dirname(file) !== ew)) return undefined;
  return { previous: path, added: added.map((file) => join(dirname(path), file)) };
}

export const epcLatest = defineAsset({
  name: 'epc_latest',
  kind: 'derived',
  description:
    'Latest EPC of every property (UPRN) with postcode, outcode, LA, region, country and BNG point',
  upstream: ['epc_enhanced', 'onspd', 'os_open_uprn'],
  // 3: in tile order. 4: each row's digest (`row_digest`), which its readers compare instead of digesting the
  // row again (properties_wide, the tiles' versions).
  codeVersion: EPC_LATEST_CODE_VERSION,
  owner: 'epc',
  cadence: 'monthly',
  async materialize(ctx) {
    const path = derivedPath(ctx, EPC_LATEST_TABLE);
    const stamps = await inputStamps(ctx, path);
    const month = await monthOf(ctx, path, stamps);
    // Gone while the table is written: a build cut short leaves no record, and the next is whole.
    await rm(inputsPath(path), { force: true });
    const written = await writeEpcLatest(ctx, path, month);
    // Its tiles' versions (epcLatestVersion) and its inputs, each written whole then renamed: a reader never
    // sees part of them.
    const versions = tileVersionsPath(written.path);
    await writeFile(`${versions}.tmp`, JSON.stringify(await computeTileVersions(written.path)));
    await rename(`${versions}.tmp`, versions);
    await writeFile(`${inputsPath(path)}.tmp`, JSON.stringify(stamps));
    await rename(`${inputsPath(path)}.tmp`, inputsPath(path));
    return {
      rows: written.rows,
      outputs: [written.path, versions, inputsPath(path)],
      metrics: { added_files: month?.added.length ?? 0 },
    };
  },
});

export const epcStats = defineAsset({
  name: 'epc_stats',
  kind: 'derived',
  description:
    'EPC statistics per postcode, outcode, LA, region, country, LA × property type and country × property type',
  upstream: ['epc_latest'],
  codeVersion: '1',
  owner: 'epc',
  cadence: 'monthly',
  async materialize(ctx) {
    const path = derivedPath(ctx, EPC_STATS_TABLE);
    const scratch = await scratchFolder(path);
    try {
      // The statistics' input once, in UPRN order, as epc_latest was written before it was in tile order: a
      // mean is a float sum, and a mean of exactly x.xx5 rounds either way by the order its values are added
      // in (a sample postcode's 2.285 was 2.29 in UPRN order, 2.28 in tile order).
      const input = join(scratch, 'input.parquet');
      await copyQueryToParquet(
        `SELECT ${LATEST_STATS_INPUT_COLUMNS.join(', ')} FROM ${parquetPath(derivedPath(ctx, EPC_LATEST_TABLE))}
         ORDER BY uprn NULLS LAST, building_reference_number`,
        input,
        { ownInstance: true },
      );
      // Then a grouping at a time, each on an instance of its own, in the table's order (by grouping's name):
      // all seven in one statement held every group's values of every grouping at once (scale 80: ~380 MB
      // over the worker's own, where one grouping holds at most ~95).
      const groupings = EPC_STATS_GROUPINGS.toSorted((a, b) => (a.grouping < b.grouping ? -1 : 1));
      const written = await copyQueryToParquet(
        groupings.map((g) => epcStatsSql(parquetPath(input), [g])),
        path,
        { inRuns: true },
      );
      return { rows: written.rows, outputs: [written.path] };
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  },
});

// Derived EPC tables for analysts and for the per-UPRN blocks: the latest certificate of every property
// with its geography (epc_latest), and the statistics of every grouping of spec 2.10 (epc_stats).
import { existsSync, readdirSync } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { onGridSql, TILE_SIZE, tileName } from '../../geo/tiles';
import {
  copyQueryToParquet,
  emptyRelation,
  parquetFiles,
  parquetPath,
  queryRows,
  runsRelation,
} from '../../io/parquet';
import { epcStatsSql } from '../../transforms/epc/stats-sql';
import { sameBuildsBut, type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import {
  EPC_ENHANCED_EW_TABLE,
  EPC_ENHANCED_SCOTLAND_TABLE,
  EW_ENHANCED_COLUMNS,
  SCOTLAND_ENHANCED_COLUMNS,
  derivedGlob,
  partitionedTable,
} from './epc-enhanced';
import { columnsHashSql } from '../../io/row-digest';
import { deltaFilesOf } from '../../io/delta-files';
import { runFilesOf } from '../../io/run-files';
import { parquetColumnsFor } from '../../io/parquet-columns';
import { EpcLatestRowSchema } from '../../../schemas/epc/analyst-tables';
import { derivedPath, stagedPath } from '../../orchestration/ingest';

export const EPC_LATEST_TABLE = 'epc_latest';
const EPC_LATEST_CODE_VERSION = '4';
/** epc_latest's columns (schemas/epc/analyst-tables.ts). */
export const EPC_LATEST_COLUMNS = parquetColumnsFor(EpcLatestRowSchema);
export const EPC_STATS_TABLE = 'epc_stats';

const MEASURES = [
  'co2_emissions_current',
  'co2_emissions_potential',
  'energy_efficiency_current',
  'energy_efficiency_potential',
  'energy_rating_current',
  'energy_rating_potential',
];

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

/** The columns a row's digest is of: all but the digest. */
const DIGESTED_COLUMNS = EPC_LATEST_COLUMNS.filter((c) => c.name !== 'row_digest');

/**
 * epc_latest's rows of `select` (its other columns) with their digest (`row_digest`), which its readers
 * compare to tell a changed row instead of digesting the row themselves.
 */
export const withRowDigestSql = (select: string): string =>
  `SELECT *, ${columnsHashSql(DIGESTED_COLUMNS, 'r')}::VARCHAR AS row_digest FROM (${select}) r`;

/** Where a certificate's property is keyed: its UPRN, else its building reference, else the certificate. */
const propertyKeySql = (t = '', id = 'certificate_id'): string =>
  `coalesce(CAST(${t}uprn AS VARCHAR), 'brn:' || ${t}building_reference_number, 'id:' || ${t}${id})`;

/** A month's build of epc_latest: the last build's file, and the England and Wales files new since it. */
export interface LatestMonth {
  previous: string;
  added: readonly string[];
}

/**
 * The latest certificate of each property. A property is its UPRN; certificates without one (about 2% in
 * England and Wales) fall back to the building reference number, so they still count in the statistics.
 * Geography comes from ONSPD by postcode (current boundaries), the certificate's own LA code otherwise;
 * Wales and Scotland have no English region, so their region is the country code. In 10 km tile order, then
 * UPRN: a reader of one tile (x_coord, y_coord between its bounds) skips the other tiles' row groups by their
 * statistics instead of scanning the country's.
 *
 * With `month`, only the properties a new file's certificates name are chosen again, from every file as a
 * whole build would choose them; every other property keeps the last build's row (monthOf says when that
 * holds: the files it read unchanged, the same ONSPD and UPRNs).
 */
export function epcLatestSql(ctx: AssetContext, month?: LatestMonth): string {
  const ew = partitionedTable(derivedGlob(ctx, EPC_ENHANCED_EW_TABLE), EW_ENHANCED_COLUMNS);
  const scotland =
    runsRelation(derivedPath(ctx, EPC_ENHANCED_SCOTLAND_TABLE)) ?? emptyRelation(SCOTLAND_ENHANCED_COLUMNS);
  const common = `uprn, building_reference_number, postcode, property_type, built_form, construction_age_band,
    main_fuel, total_floor_area, has_mains_gas, ${MEASURES.join(', ')}, lodgement_date`;
  const touched = month
    ? `touched AS (SELECT DISTINCT ${propertyKeySql('', 'lmk_key')} AS k FROM ${parquetFiles(month.added)}),`
    : '';
  // A property's key is unique, so the order is total: a month's build writes its rows as a whole one would.
  const order = `ORDER BY floor(y_coord / ${TILE_SIZE}) NULLS LAST, floor(x_coord / ${TILE_SIZE}), uprn NULLS LAST,
      building_reference_number, certificate_id`;
  const chosen =
    withRowDigestSql(`SELECT l.uprn, l.certificate_id, l.building_reference_number, l.lodgement_date,
      coalesce(l.country, o.country_name) AS country,
      l.postcode, split_part(l.postcode, ' ', 1) AS outcode,
      coalesce(o.local_authority_district_code, l.local_authority) AS local_authority_district_code,
      CASE WHEN o.region_code IS NOT NULL AND o.region_code NOT LIKE '_99999999' THEN o.region_code
           WHEN coalesce(l.country, o.country_name) = 'Wales' THEN coalesce(o.country_code, 'W92000004')
           WHEN coalesce(l.country, o.country_name) = 'Scotland' THEN coalesce(o.country_code, 'S92000003')
      END AS region_code,
      l.property_type, l.built_form, l.construction_age_band, l.main_fuel, l.has_mains_gas,
      l.total_floor_area, ${MEASURES.map((m) => `l.${m}`).join(', ')},
      l.energy_consumption_per_floor_area_m2_current, l.energy_consumption_per_floor_area_m2_potential,
      u.x_coord, u.y_coord
    FROM latest l
    LEFT JOIN onspd o ON o.postcode = l.postcode
    LEFT JOIN ${parquetPath(stagedPath(ctx, 'os_open_uprn'))} u ON u.uprn = l.uprn`);
  return `
    WITH ${touched}
    certs AS (
      SELECT ${common}, country, lmk_key AS certificate_id, local_authority,
             energy_consumption_per_floor_area_m2_current, energy_consumption_per_floor_area_m2_potential,
             coalesce(lodgement_datetime, lodgement_date) AS lodged_at
      FROM ${ew}
      UNION ALL BY NAME
      SELECT ${common}, 'Scotland' AS country, building_reference_number AS certificate_id,
             NULL AS local_authority,
             energy_consumption_current AS energy_consumption_per_floor_area_m2_current,
             energy_consumption_potential AS energy_consumption_per_floor_area_m2_potential,
             lodgement_date AS lodged_at
      FROM ${scotland}
    ),
    latest AS (
      SELECT c.* FROM certs c
      ${month ? `SEMI JOIN touched t ON t.k IS NOT DISTINCT FROM ${propertyKeySql('c.')}` : ''}
      QUALIFY row_number() OVER (
        PARTITION BY ${propertyKeySql('c.')}
        ORDER BY lodged_at DESC NULLS LAST, certificate_id DESC) = 1
    ),
    onspd AS (
      SELECT postcode, local_authority_district_code, region_code, country_code, country_name
      FROM ${parquetPath(stagedPath(ctx, 'onspd'))}
    )
    ${
      month
        ? `SELECT * FROM (${chosen}
           UNION ALL BY NAME
           SELECT p.* FROM ${parquetPath(month.previous)} p
           ANTI JOIN touched t ON t.k IS NOT DISTINCT FROM ${propertyKeySql('p.')})`
        : chosen
    }
    ${order}`;
}

/** What epc_latest's build read, beside it: each input file (relative to the table's folder) and its stamp. */
const inputsPath = (path: string): string => `${path}.inputs.json`;

/** The folder of the England and Wales partitions' files. */
const ewFolder = (ctx: AssetContext): string => dirname(derivedGlob(ctx, EPC_ENHANCED_EW_TABLE));

/** epc_latest's input files (every England and Wales partition's, Scotland's runs and delta) and their stamps. */
async function inputStamps(ctx: AssetContext, path: string): Promise<Record<string, string>> {
  const ewDir = ewFolder(ctx);
  const ew = existsSync(ewDir) ? readdirSync(ewDir).filter((f) => f.endsWith('.parquet')) : [];
  const scotland = derivedPath(ctx, EPC_ENHANCED_SCOTLAND_TABLE);
  const files = [...ew.map((f) => join(ewDir, f)), ...runFilesOf(scotland), ...deltaFilesOf(scotland)];
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
    const written = await copyQueryToParquet(epcLatestSql(ctx, month), path);
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
    // In UPRN order, as epc_latest was written before it was in tile order: a mean is a float sum, and a
    // mean of exactly x.xx5 rounds either way by the order its values are added in (a sample postcode's
    // 2.285 was 2.29 in UPRN order, 2.28 in tile order).
    const sql = epcStatsSql(
      `(SELECT * FROM ${parquetPath(derivedPath(ctx, EPC_LATEST_TABLE))} ORDER BY uprn NULLS LAST, building_reference_number)`,
    );
    const written = await copyQueryToParquet(sql, derivedPath(ctx, EPC_STATS_TABLE));
    return { rows: written.rows, outputs: [written.path] };
  },
});

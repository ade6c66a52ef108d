// epc_latest's build: the latest certificate of every property, chosen over the country's certificates and
// written in 10 km tile order, then UPRN (a reader of one tile skips the other tiles' row groups by their
// statistics). A property is its UPRN; a certificate without one (about 2 % in England and Wales) falls back to
// its building reference number, so it still counts in the statistics. Two steps, so that no statement holds
// the country's certificates whole: the choice over narrow columns (which file and row wins for each property,
// with its point, in the table's order), then the chosen rows' columns a run of that order at a time, each run
// read from the files it names.
import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { TILE_SIZE } from '../../geo/tiles';
import {
  copyQueryToParquet,
  emptyRelation,
  parquetFiles,
  parquetPath,
  queryRows,
  quoteString,
  type ColumnSpec,
  type ParquetWriteResult,
} from '../../io/parquet';
import { columnsHashSql } from '../../io/row-digest';
import { runFilesOf, runRows } from '../../io/run-files';
import { scratchFolder } from '../../io/scratch';
import { parquetColumnsFor } from '../../io/parquet-columns';
import { EpcLatestRowSchema } from '../../../schemas/epc/analyst-tables';
import type { AssetContext } from '../../orchestration/definition';
import { derivedPath, stagedPath } from '../../orchestration/ingest';
import {
  EPC_ENHANCED_EW_TABLE,
  EPC_ENHANCED_SCOTLAND_TABLE,
  EW_ENHANCED_COLUMNS,
  SCOTLAND_ENHANCED_COLUMNS,
  derivedGlob,
} from './epc-enhanced';

/** epc_latest's columns (schemas/epc/analyst-tables.ts). */
export const EPC_LATEST_COLUMNS = parquetColumnsFor(EpcLatestRowSchema);

const MEASURES = [
  'co2_emissions_current',
  'co2_emissions_potential',
  'energy_efficiency_current',
  'energy_efficiency_potential',
  'energy_rating_current',
  'energy_rating_potential',
];

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

/** A file the choice reads: an England and Wales partition's, a Scotland run's, or the last build's. */
interface Source {
  kind: 'ew' | 'scotland' | 'previous';
  path: string;
}

/**
 * The files a build reads, each by its place in this list: every England and Wales partition's, Scotland's
 * runs (epc_enhanced writes it no delta), and a month's last build.
 */
export function latestSources(ctx: AssetContext, month?: LatestMonth): Source[] {
  const ewDir = dirname(derivedGlob(ctx, EPC_ENHANCED_EW_TABLE));
  const ew = existsSync(ewDir)
    ? readdirSync(ewDir)
        .filter((f) => f.endsWith('.parquet'))
        .sort()
        .map((f) => ({ kind: 'ew' as const, path: join(ewDir, f) }))
    : [];
  const scotland = runFilesOf(derivedPath(ctx, EPC_ENHANCED_SCOTLAND_TABLE)).map((path) => ({
    kind: 'scotland' as const,
    path,
  }));
  return [...ew, ...scotland, ...(month ? [{ kind: 'previous' as const, path: month.previous }] : [])];
}

/** The sources' places and paths as a relation (`source`, `path`), to name a row's file by its place. */
const sourcesSql = (sources: readonly Source[], places: readonly number[]): string =>
  places.length === 0
    ? `(SELECT NULL::INTEGER AS source, NULL::VARCHAR AS path WHERE false)`
    : `(SELECT * FROM (VALUES ${places.map((i) => `(${i}, ${quoteString(sources[i]!.path)})`).join(', ')})
        AS s(source, path))`;

/** The rows of these sources' files with the file's path (`filename`) and the row's place in it. */
function filesOf(
  sources: readonly Source[],
  places: readonly number[],
  columns: readonly ColumnSpec[],
): string {
  if (places.length === 0)
    return `(SELECT *, NULL::VARCHAR AS filename, NULL::BIGINT AS file_row_number FROM ${emptyRelation(columns)})`;
  return parquetFiles(
    places.map((i) => sources[i]!.path),
    'filename = true, file_row_number = true',
  );
}

const placesOf = (sources: readonly Source[], kind: Source['kind'], among?: readonly number[]): number[] =>
  (among ?? sources.map((_, i) => i)).filter((i) => sources[i]!.kind === kind);

/**
 * England and Wales' and Scotland's certificates of these places in the same columns: the key, certificate
 * and date the choice reads, each row's file and place in it, and with `wide` the columns the table takes.
 */
function certsSql(
  sources: readonly Source[],
  ew: readonly number[],
  scotland: readonly number[],
  wide = false,
): string {
  const common = `uprn, building_reference_number, ${
    wide
      ? `postcode, property_type, built_form, construction_age_band, main_fuel, total_floor_area, has_mains_gas,
         ${MEASURES.join(', ')}, lodgement_date, `
      : ''
  }filename, file_row_number`;
  return `(
    SELECT ${common}, lmk_key AS certificate_id, coalesce(lodgement_datetime, lodgement_date) AS lodged_at
      ${wide ? `, country, local_authority, energy_consumption_per_floor_area_m2_current, energy_consumption_per_floor_area_m2_potential` : ''}
    FROM ${filesOf(sources, ew, EW_ENHANCED_COLUMNS)}
    UNION ALL BY NAME
    SELECT ${common}, building_reference_number AS certificate_id, lodgement_date AS lodged_at
      ${
        wide
          ? `, 'Scotland' AS country, NULL AS local_authority,
             energy_consumption_current AS energy_consumption_per_floor_area_m2_current,
             energy_consumption_potential AS energy_consumption_per_floor_area_m2_potential`
          : ''
      }
    FROM ${filesOf(sources, scotland, SCOTLAND_ENHANCED_COLUMNS)}
  )`;
}

// A property's key is unique, so the order is total: a month's build writes its rows as a whole one would.
const ORDER = `ORDER BY floor(y_coord / ${TILE_SIZE}) NULLS LAST, floor(x_coord / ${TILE_SIZE}), uprn NULLS LAST,
  building_reference_number, certificate_id`;

/**
 * The choice: for each property, the place of the file (`source`) and the row (`row`) of its latest
 * certificate, with its point, in the table's order (10 km tile, then UPRN). Narrow columns only: the window
 * over the country's certificates holds their keys and dates, not their rows.
 *
 * With `month`, only the properties a new file's certificates name are chosen again, from every file as a
 * whole build would choose them; every other property keeps the last build's row.
 */
function epcLatestChoiceSql(ctx: AssetContext, sources: readonly Source[], month?: LatestMonth): string {
  const touched = month
    ? `touched AS (SELECT DISTINCT ${propertyKeySql('', 'lmk_key')} AS k FROM ${parquetFiles(month.added)}),`
    : '';
  const previous = placesOf(sources, 'previous')[0];
  return `
    WITH ${touched}
    sources AS ${sourcesSql(
      sources,
      sources.map((_, i) => i),
    )},
    certs AS ${certsSql(sources, placesOf(sources, 'ew'), placesOf(sources, 'scotland'))},
    latest AS (
      SELECT c.* FROM certs c
      ${month ? `SEMI JOIN touched t ON t.k IS NOT DISTINCT FROM ${propertyKeySql('c.')}` : ''}
      QUALIFY row_number() OVER (
        PARTITION BY ${propertyKeySql('c.')}
        ORDER BY lodged_at DESC NULLS LAST, certificate_id DESC) = 1
    ),
    chosen AS (
      SELECT s.source, l.file_row_number AS row, u.x_coord, u.y_coord, l.uprn, l.building_reference_number,
             l.certificate_id
      FROM latest l
      JOIN sources s ON s.path = l.filename
      LEFT JOIN ${parquetPath(stagedPath(ctx, 'os_open_uprn'))} u ON u.uprn = l.uprn
      ${
        previous === undefined
          ? ''
          : `UNION ALL
             SELECT ${previous}, p.file_row_number, p.x_coord, p.y_coord, p.uprn, p.building_reference_number,
                    p.certificate_id
             FROM read_parquet(${quoteString(month!.previous)}, file_row_number = true) p
             ANTI JOIN touched t ON t.k IS NOT DISTINCT FROM ${propertyKeySql('p.')}`
      }
    )
    SELECT source, row, x_coord, y_coord FROM chosen
    ${ORDER}`;
}

/** A run of the chosen rows: its places in the choice's order, and each file's rows it takes (first, last). */
interface LatestRun {
  from: number;
  to: number;
  files: ReadonlyMap<number, { first: number; last: number }>;
}

/**
 * The table's rows of one run of the choice (`chosen`, the choice's file), in its order: each chosen row's
 * columns from its file, with its geography from ONSPD by postcode (current boundaries), the certificate's
 * own LA code otherwise; Wales and Scotland have no English region, so their region is the country code.
 * A month's kept rows are the last build's, read by their range of it (the choice keeps them in its order).
 */
function epcLatestRunSql(
  ctx: AssetContext,
  sources: readonly Source[],
  chosen: string,
  run: LatestRun,
): string {
  const places = [...run.files.keys()];
  const fresh =
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
      r.x_coord, r.y_coord, r.ord
    FROM certs l
    JOIN sources s ON s.path = l.filename
    JOIN run r ON r.source = s.source AND r.row = l.file_row_number
    LEFT JOIN onspd o ON o.postcode = l.postcode`);
  const previous = placesOf(sources, 'previous', places)[0];
  const kept =
    previous === undefined
      ? ''
      : `UNION ALL BY NAME
         SELECT p.* EXCLUDE (file_row_number), r.ord
         FROM (SELECT * FROM read_parquet(${quoteString(sources[previous]!.path)}, file_row_number = true)
               WHERE file_row_number BETWEEN ${run.files.get(previous)!.first} AND ${run.files.get(previous)!.last}) p
         JOIN run r ON r.source = ${previous} AND r.row = p.file_row_number`;
  return `
    WITH run AS (
      SELECT source, row, x_coord, y_coord, file_row_number AS ord
      FROM read_parquet(${quoteString(chosen)}, file_row_number = true)
      WHERE file_row_number >= ${run.from} AND file_row_number < ${run.to}
    ),
    sources AS ${sourcesSql(sources, places)},
    certs AS ${certsSql(sources, placesOf(sources, 'ew', places), placesOf(sources, 'scotland', places), true)},
    onspd AS (
      SELECT postcode, local_authority_district_code, region_code, country_code, country_name
      FROM ${parquetPath(stagedPath(ctx, 'onspd'))}
    )
    SELECT * EXCLUDE (ord) FROM (${fresh} ${kept}) ORDER BY ord`;
}

/**
 * Chosen rows of a run of epc_latest's build: 16 × PDS_RUN_ROWS (131,072 by default). A run reads whole the
 * files its rows come from, so a run of a few 10 km tiles reads a few local authorities' certificates.
 */
const latestRunRows = (): number => runRows() * 16;

/** The runs of the choice's rows: their places, and the rows each takes from each file. */
async function runsOf(chosen: string): Promise<LatestRun[]> {
  const size = latestRunRows();
  const rows = await queryRows(`SELECT file_row_number // ${size} AS run, source,
      min(row) AS first, max(row) AS last
    FROM read_parquet(${quoteString(chosen)}, file_row_number = true) GROUP BY ALL ORDER BY ALL`);
  const runs = new Map<number, LatestRun & { files: Map<number, { first: number; last: number }> }>();
  for (const r of rows) {
    const run = Number(r.run);
    const at = runs.get(run) ?? { from: run * size, to: (run + 1) * size, files: new Map() };
    at.files.set(Number(r.source), { first: Number(r.first), last: Number(r.last) });
    runs.set(run, at);
  }
  // No chosen row: one empty run, which still writes the table's columns.
  return runs.size === 0 ? [{ from: 0, to: 0, files: new Map() }] : [...runs.values()];
}

/**
 * Writes epc_latest to `path`: the choice to scratch, then each run's rows staged on an instance of its own
 * and copied in order into the one file (copyQueryToParquet's `inRuns`). At scale 80 the single statement
 * this replaces held ~385 MB over the worker's own: its window over every certificate's row whole.
 */
export async function writeEpcLatest(
  ctx: AssetContext,
  path: string,
  month?: LatestMonth,
): Promise<ParquetWriteResult> {
  const scratch = await scratchFolder(path);
  try {
    const sources = latestSources(ctx, month);
    const chosen = join(scratch, 'chosen.parquet');
    await copyQueryToParquet(epcLatestChoiceSql(ctx, sources, month), chosen, { ownInstance: true });
    const runs = await runsOf(chosen);
    return await copyQueryToParquet(
      runs.map((run) => epcLatestRunSql(ctx, sources, chosen, run)),
      path,
      { columns: EPC_LATEST_COLUMNS, inRuns: true },
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

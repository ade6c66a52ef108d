// epc_estimate for every OS Open UPRN address point without a certificate, from the latest certificates of
// nearby properties (pipelines/transforms/epc/estimate.ts). Partitioned per 10 km tile like the blocks that
// read it (derived/epc_estimates/<tile>.parquet): a tile holds in memory only the certified properties within
// the search radius of its own square, so a worker's memory follows the densest tile, not the country.
//
// Incremental per UPRN: an estimate depends only on the certified properties within its reach (the distance
// of its k-th nearest, or the radius). Each tile keeps what its last build read (epc_estimates_inputs/<tile>:
// every certified property's digest, every target's point and reach). A new month of certificates re-estimates
// only the UPRNs with a changed certified property (added, gone or altered) within their reach, and UPRNs new
// to the tile; the other rows are copied, unless two thirds of the targets are to be estimated again (then the
// tile is built whole: cheaper). Any other upstream change, a code change or `--force` builds the tile whole.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { inTileSql, tileBBox, tilesNear } from '../../geo/tiles';
import {
  copyQueryToParquet,
  emptyRelation,
  parquetPath,
  queryParquet,
  queryParquetChunks,
  queryRows,
  writeParquet,
} from '../../io/parquet';
import { parquetColumnsFor } from '../../io/parquet-columns';
import { scratchFolder } from '../../io/scratch';
import { EpcEstimatesInputsRowSchema, EpcEstimatesRowSchema } from '../../../schemas/epc';
import {
  DEFAULT_ESTIMATE_OPTIONS,
  NeighbourIndex,
  estimateFromNeighbours,
  type CertifiedProperty,
} from '../../transforms/epc/estimate';
import { partitionOf, sameBuildsBut, type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { columnsHashSql } from '../../io/row-digest';
import { derivedGlob, partitionedTable } from './epc-enhanced';
import { EPC_LATEST_TABLE, epcLatestVersion } from './epc-stats';
import { EPC_LATEST_COLUMNS } from './epc-latest-sql';
import { derivedPath, stagedPath } from '../../orchestration/ingest';
import { tilesHoldingUprns } from '../location/uprn-location-blocks';

export const EPC_ESTIMATES_TABLE = 'epc_estimates';
/** Per tile, what its last build read (bookkeeping, not an analyst view). */
const INPUTS_TABLE = 'epc_estimates_inputs';
const CODE_VERSION = '5';
// The estimate as typed nested columns (schemas/epc/analyst-tables.ts EpcEstimatesRowSchema).
const COLUMNS = parquetColumnsFor(EpcEstimatesRowSchema);
const { radius: RADIUS, k: K } = DEFAULT_ESTIMATE_OPTIONS;

/** A tile's estimates file. */
export const epcEstimatesPath = (ctx: AssetContext, tile: string): string =>
  derivedPath(ctx, `${EPC_ESTIMATES_TABLE}/${tile}`);

/** The estimates of a tile, or of every tile; no rows where none were written. */
export function epcEstimatesRelation(ctx: AssetContext, tile?: string): string {
  if (tile === undefined) return partitionedTable(derivedGlob(ctx, EPC_ESTIMATES_TABLE), COLUMNS);
  const path = epcEstimatesPath(ctx, tile);
  return existsSync(path) ? parquetPath(path) : emptyRelation(COLUMNS);
}

type Box = { minX: number; minY: number; maxX: number; maxY: number };

const GEOGRAPHY = ['outcode', 'local_authority_district_code', 'region_code', 'country'] as const;
/** The columns of epc_latest an estimate reads. */
const CERTIFIED = [
  'uprn',
  'x_coord',
  'y_coord',
  'postcode',
  ...GEOGRAPHY,
  'property_type',
  'built_form',
  'construction_age_band',
  'main_fuel',
  'total_floor_area',
  'energy_efficiency_current',
  'energy_efficiency_potential',
  'co2_emissions_current',
  'co2_emissions_potential',
  'energy_consumption_per_floor_area_m2_current',
  'energy_consumption_per_floor_area_m2_potential',
];
const CERTIFIED_COLUMNS = CERTIFIED.join(', ');

/**
 * The certified properties (latest certificate, with a UPRN and a point) in `box` grown by the radius, or
 * all of them; of epc_latest, or of `from` (a relation of its rows).
 */
function certifiedSql(
  ctx: Pick<AssetContext, 'config'>,
  box?: Box,
  from = parquetPath(derivedPath(ctx as AssetContext, EPC_LATEST_TABLE)),
): string {
  return `SELECT ${CERTIFIED_COLUMNS} FROM ${from}
    WHERE uprn IS NOT NULL AND x_coord IS NOT NULL ${
      box
        ? `AND x_coord BETWEEN ${box.minX - RADIUS} AND ${box.maxX + RADIUS}
           AND y_coord BETWEEN ${box.minY - RADIUS} AND ${box.maxY + RADIUS}`
        : ''
    }`;
}

/** The tile's UPRNs without a certificate: those to estimate. */
function targetsSql(ctx: AssetContext, tile: string): string {
  return `SELECT uprn, x_coord, y_coord FROM ${parquetPath(stagedPath(ctx, 'os_open_uprn'))}
    WHERE ${inTileSql(tile)} AND uprn NOT IN (
      SELECT uprn FROM ${parquetPath(derivedPath(ctx, EPC_LATEST_TABLE))} WHERE uprn IS NOT NULL AND ${inTileSql(tile)})`;
}

type Certified = CertifiedProperty & Record<(typeof GEOGRAPHY)[number], string | null>;

async function certifiedOf(sql: string): Promise<Certified[]> {
  const properties: Certified[] = [];
  for await (const { rows, columns: c } of queryParquetChunks(`${sql} ORDER BY uprn`)) {
    for (let r = 0; r < rows; r++) {
      // Built as a literal, straight from the columns: every property has one shape, which the neighbour
      // search and the estimate read ~20 times each (spread from a row object, they took half as long again).
      properties.push({
        uprn: c.uprn![r] as number,
        x: c.x_coord![r] as number,
        y: c.y_coord![r] as number,
        postcode: c.postcode![r] as string | null,
        outcode: c.outcode![r] as string | null,
        local_authority_district_code: c.local_authority_district_code![r] as string | null,
        region_code: c.region_code![r] as string | null,
        country: c.country![r] as string | null,
        property_type: c.property_type![r] as Certified['property_type'],
        built_form: c.built_form![r] as Certified['built_form'],
        construction_age_band: c.construction_age_band![r] as string | null,
        main_fuel: c.main_fuel![r] as Certified['main_fuel'],
        total_floor_area: c.total_floor_area![r] as number | null,
        energy_efficiency_current: c.energy_efficiency_current![r] as number | null,
        energy_efficiency_potential: c.energy_efficiency_potential![r] as number | null,
        co2_emissions_current: c.co2_emissions_current![r] as number | null,
        co2_emissions_potential: c.co2_emissions_potential![r] as number | null,
        energy_consumption_per_floor_area_m2_current: c.energy_consumption_per_floor_area_m2_current![r] as
          number | null,
        energy_consumption_per_floor_area_m2_potential: c.energy_consumption_per_floor_area_m2_potential![
          r
        ] as number | null,
      });
    }
  }
  return properties;
}

const loadCertified = async (sql: string) => new NeighbourIndex(await certifiedOf(sql));

/** Every certified property of the last refresh (`pds epc estimate-accuracy`; a region's, not the country's). */
export const loadCertifiedProperties = (ctx: Pick<AssetContext, 'config'>): Promise<CertifiedProperty[]> =>
  certifiedOf(certifiedSql(ctx));

const INPUT_COLUMNS = parquetColumnsFor(EpcEstimatesInputsRowSchema);

/** A target's point and reach: [uprn, x, y, reach]. */
type Reach = [number, number, number, number];

/**
 * Estimates the UPRNs of `targets` (uprn, x_coord, y_coord) from `index`: their rows written to `path` in
 * UPRN order, each one's reach to `reachPath`. The estimate's geography is its nearest neighbour's, whose
 * postcode it takes. Returns how many UPRNs it estimated and how many rows it wrote.
 */
async function estimate(
  targets: string,
  index: NeighbourIndex,
  path: string,
  reachPath: string,
): Promise<{ estimated: number; rows: number }> {
  const reach: Reach[] = [];
  const rows = (async function* () {
    for await (const u of queryParquet(`${targets} ORDER BY uprn`)) {
      const [uprn, x, y] = [u.uprn as number, u.x_coord as number, u.y_coord as number];
      const near = index.neighbourhood(x, y, K, RADIUS);
      reach.push([uprn, x, y, near.reach]);
      const estimate = estimateFromNeighbours(near.neighbours, DEFAULT_ESTIMATE_OPTIONS);
      if (!estimate) continue;
      const nearest = near.neighbours[0]!.property as Certified;
      yield {
        uprn,
        postcode: estimate.postcode,
        ...Object.fromEntries(GEOGRAPHY.map((g) => [g, nearest[g]])),
        property_type: estimate.property_type,
        estimate,
      };
    }
  })();
  const written = await writeParquet(path, COLUMNS, rows);
  await writeParquet(
    reachPath,
    INPUT_COLUMNS.filter((c) => c.name !== 'kind' && c.name !== 'digest'),
    reach.map(([uprn, x_coord, y_coord, r]) => ({ uprn, x_coord, y_coord, reach: r })),
  );
  return { estimated: reach.length, rows: written.rows };
}

/** The columns an estimate reads, typed: every one, or a change to it would go unseen. */
const CERTIFIED_SPECS = EPC_LATEST_COLUMNS.filter((c) => CERTIFIED.includes(c.name));
if (CERTIFIED_SPECS.length !== CERTIFIED.length)
  throw new Error(
    'epc_estimates: a certified column is not one of epc_latest’s (schemas/epc/analyst-tables.ts)',
  );

/** Each certified property of a `certified` query with a digest of what an estimate reads of it. */
const certifiedDigestsSql = (certified: string): string =>
  `SELECT c.*, ${columnsHashSql(CERTIFIED_SPECS, 'c')}::VARCHAR AS digest FROM (${certified}) c`;

/**
 * The bookkeeping: the certified properties this build read (`digests`, certifiedDigestsSql's rows) and every
 * target's reach (relations of uprn, x_coord, y_coord, reach).
 */
function inputsSql(digests: string, reach: readonly string[]): string {
  return [
    `SELECT 'certified' AS kind, uprn, x_coord, y_coord, digest, NULL::DOUBLE AS reach FROM (${digests})`,
    ...reach.map((r) => `SELECT 'target', uprn, x_coord, y_coord, NULL, reach FROM (${r})`),
  ].join(' UNION ALL ');
}

/**
 * The targets to estimate again: new to the tile (or moved), or with a certified property that changed
 * (added, gone or altered) within their reach. `digests` are this build's certified properties, `previous`
 * the last build's bookkeeping.
 *
 * A changed property and a target meet through a grid of cells wider than any reach: a property within a
 * target's reach lies in the target's cell or one of its eight neighbours, so the join is on equal cells and
 * only those pairs are measured. As a range join (DuckDB's piecewise merge join on one of the four bounds),
 * it compared every reached target with every changed property in a band of the tile: ~1.9 of the 4.1
 * CPU-s of a scale-80 tile's month.
 */
function affectedSql(targets: string, digests: string, previous: string): string {
  const cell = (table: string, axis: 'x' | 'y') => `floor(${table}.${axis}_coord / g.size)::BIGINT`;
  return `WITH t AS (${targets}),
    prev AS (SELECT * FROM ${previous}),
    now AS (SELECT uprn, x_coord, y_coord, digest FROM ${digests}),
    was AS (SELECT uprn, x_coord, y_coord, digest FROM prev WHERE kind = 'certified'),
    changed AS ((SELECT * FROM now EXCEPT SELECT * FROM was) UNION ALL (SELECT * FROM was EXCEPT SELECT * FROM now)),
    reached AS (SELECT t.uprn, t.x_coord, t.y_coord, p.reach FROM t
      JOIN prev p ON p.kind = 'target' AND p.uprn = t.uprn AND p.x_coord = t.x_coord AND p.y_coord = t.y_coord),
    g AS (SELECT max(reach) + ${2 * SLACK_M} AS size FROM reached),
    changed_cells AS (SELECT c.x_coord, c.y_coord, ${cell('c', 'x')} AS cx, ${cell('c', 'y')} AS cy
      FROM changed c, g),
    reached_cells AS (SELECT r.*, ${cell('r', 'x')} + dx AS cx, ${cell('r', 'y')} + dy AS cy
      FROM reached r, g, (VALUES (-1), (0), (1)) AS a(dx), (VALUES (-1), (0), (1)) AS b(dy))
    SELECT uprn, x_coord, y_coord FROM t WHERE uprn NOT IN (SELECT uprn FROM reached)
    UNION
    SELECT r.uprn, r.x_coord, r.y_coord FROM reached_cells r JOIN changed_cells c USING (cx, cy)
    WHERE sqrt((c.x_coord - r.x_coord) ^ 2 + (c.y_coord - r.y_coord) ^ 2) <= r.reach + ${SLACK_M}`;
}
/** Room for rounding at the edge of a reach: a property this close beyond it re-estimates (harmlessly). */
const SLACK_M = 0.001;

/** The bounds of the UPRNs to estimate again (minX null: none), and the last build's count of rows. */
interface Affected {
  minX: number | null;
  minY: number;
  maxX: number;
  maxY: number;
  /** The last build's targets. */
  previous: number;
  /** The rows of the last build's file. */
  rows: number;
}

/**
 * From this share of the tile's targets to estimate again, the tile is built whole: every target's estimate
 * then costs less than copying the rest and keeping their bookkeeping (measured on the bench's largest tiles).
 */
const WHOLE_SHARE = 2 / 3;

export const epcEstimates = defineAsset({
  name: 'epc_estimates',
  kind: 'derived',
  description:
    'Estimated EPC for every UPRN without a certificate, from nearby certified properties; one Parquet file per 10 km tile',
  upstream: ['epc_latest', 'os_open_uprn'],
  // 2: the estimate as typed nested columns (issue 20). 3: per 10 km tile, re-estimated per UPRN.
  // 4: certified properties' digests by rowDigestSql. 5: by columnsHashSql.
  codeVersion: CODE_VERSION,
  owner: 'epc',
  cadence: 'monthly',
  partitioning: {
    kind: 'bng-tile',
    keys: (ctx) => tilesHoldingUprns(ctx),
    // A tile reads the certified properties within the radius of its square (certifiedSql): those of the
    // tiles that reach.
    version: (ctx, tile, upstream) =>
      upstream === EPC_LATEST_TABLE ? epcLatestVersion(ctx, tilesNear(tileBBox(tile), RADIUS)) : undefined,
  },
  async materialize(ctx) {
    const tile = partitionOf(ctx);
    const path = epcEstimatesPath(ctx, tile);
    const inputsPath = derivedPath(ctx, `${INPUTS_TABLE}/${tile}`);
    const inputs = parquetPath(inputsPath);
    const certified = certifiedSql(ctx, tileBBox(tile));
    const incremental =
      sameBuildsBut(ctx, CODE_VERSION, [EPC_LATEST_TABLE]) && existsSync(path) && existsSync(inputsPath);
    // The single file of the unpartitioned asset (code version 2 and before) would only mislead.
    await rm(derivedPath(ctx, EPC_ESTIMATES_TABLE), { force: true });
    const scratch = await scratchFolder(`${path}.work`);
    const reachFile = join(scratch, 'reach.parquet');
    const reach = `SELECT * FROM ${parquetPath(reachFile)}`;
    // This build's certified properties' digests: inline for a whole build (read once), in a file when the
    // incremental path reads them twice (to find what changed, then as the new bookkeeping).
    let digests = certifiedDigestsSql(certified);
    const done = async (rows: number, estimated: number, reached: string[]) => {
      await copyQueryToParquet(inputsSql(digests, reached), inputsPath, { columns: INPUT_COLUMNS });
      return { rows, outputs: [path], metrics: { estimated } };
    };
    try {
      const whole = async (targets: string) => {
        await rm(inputsPath, { force: true });
        const written = await estimate(targets, await loadCertified(certified), path, reachFile);
        return done(written.rows, written.estimated, [reach]);
      };
      // The tile's targets (the staged UPRNs less the certified): inline for a whole build (read once), in a
      // file for the incremental path, whose steps below each read them.
      if (!incremental) return await whole(targetsSql(ctx, tile));
      const targetsFile = join(scratch, 'targets.parquet');
      const targetCount = (await copyQueryToParquet(targetsSql(ctx, tile), targetsFile)).rows;
      const targets = `SELECT * FROM ${parquetPath(targetsFile)}`;
      const digestsFile = join(scratch, 'certified.parquet');
      await copyQueryToParquet(digests, digestsFile);
      digests = `SELECT * FROM ${parquetPath(digestsFile)}`;
      const affectedFile = join(scratch, 'affected.parquet');
      const toEstimate = (
        await copyQueryToParquet(affectedSql(targets, `(${digests})`, inputs), affectedFile)
      ).rows;
      if (toEstimate > 0 && toEstimate >= WHOLE_SHARE * targetCount) return await whole(targets);
      const affected = parquetPath(affectedFile);
      // The last build's targets still current whose estimate holds.
      const keptFile = join(scratch, 'kept.parquet');
      const kept = `SELECT * FROM ${parquetPath(keptFile)}`;
      const keptCount = (
        await copyQueryToParquet(
          `SELECT uprn, x_coord, y_coord, reach FROM ${inputs} WHERE kind = 'target'
           AND uprn IN (SELECT uprn FROM (${targets})) AND uprn NOT IN (SELECT uprn FROM ${affected})`,
          keptFile,
        )
      ).rows;
      const [summary] = await queryRows(`SELECT min(x_coord)::DOUBLE AS minX, min(y_coord)::DOUBLE AS minY,
          max(x_coord)::DOUBLE AS maxX, max(y_coord)::DOUBLE AS maxY,
          (SELECT count(*) FROM ${inputs} WHERE kind = 'target') AS previous,
          (SELECT count(*) FROM ${parquetPath(path)}) AS rows
        FROM ${affected}`);
      const s = summary as unknown as Affected;
      // Every estimate held and no UPRN left: the file stays as it is; the bookkeeping moves on.
      if (toEstimate === 0 && keptCount === Number(s.previous)) return await done(Number(s.rows), 0, [kept]);
      // Only the neighbourhood of the UPRNs to estimate is read, from this build's certified properties (the
      // tile's square and radius, which holds it): epc_latest is not read twice.
      const index =
        s.minX === null
          ? new NeighbourIndex([])
          : await loadCertified(certifiedSql(ctx, s as Box, parquetPath(digestsFile)));
      const freshFile = join(scratch, 'fresh.parquet');
      const fresh = await estimate(`SELECT * FROM ${affected}`, index, freshFile, reachFile);
      // A build cut short from here on leaves no bookkeeping: the next one is whole.
      await rm(inputsPath, { force: true });
      const written = await copyQueryToParquet(
        `SELECT * FROM ${parquetPath(path)} WHERE uprn IN (SELECT uprn FROM ${parquetPath(keptFile)})
         UNION ALL SELECT * FROM ${parquetPath(freshFile)} ORDER BY uprn`,
        path,
        { columns: COLUMNS },
      );
      return await done(written.rows, fresh.estimated, [reach, kept]);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  },
});

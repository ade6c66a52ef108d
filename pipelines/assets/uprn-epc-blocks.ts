// One EPC block per UPRN: its certificates joined with the recommendations, the statistics of its groups
// and the comparison with them; for a UPRN without certificates, its estimate and the statistics of the
// groups of the postcode it most likely has. Partitioned per 10 km tile (keys: the tiles holding staged
// UPRNs, as the other block assets): a tile selects its UPRNs by coordinates and builds only their blocks,
// derived/uprn_epc_blocks/<tile>.parquet. DuckDB sorts the tile's rows by UPRN; rows are grouped as they
// stream, so memory holds one tile's stats groups and one UPRN at a time. A UPRN with certificates but not in
// os_open_uprn (no coordinates) has no tile and no block; the properties documents never carried it.
import { rm } from 'node:fs/promises';
import { EPC_STATS_GROUPINGS, type EpcEstimate, type EpcStats } from '../../schemas/epc';
import { inTileSql } from '../geo/tiles';
import {
  emptyRelation,
  JsonText,
  parquetPath,
  queryParquet,
  writeParquet,
  type ColumnSpec,
} from '../io/parquet';
import { assembleStats } from '../transforms/epc/compare';
import { buildEpcBlock, type UprnCertificate } from '../transforms/epc/uprn-block';
import { defineAsset, partitionOf, type AssetContext } from './definition';
import {
  CERTIFICATE_TABLE_COLUMNS,
  EPC_CERTIFICATES_TABLE,
  derivedGlob,
  partitionedTable,
} from './epc-enhanced';
import { CERTIFICATES_BY_TILE, RECOMMENDATIONS_BY_TILE, tileRelation } from './epc-by-tile';
import { EPC_ESTIMATES_TABLE } from './epc-estimates';
import { EW_RECOMMENDATION_TABLE, ewStagedGlob } from './epc-raw';
import { EPC_LATEST_TABLE, EPC_STATS_TABLE } from './epc-stats';
import { derivedPath, stagedPath } from './ingest';
import { tilesHoldingUprns } from './uprn-location-blocks';

export const UPRN_EPC_BLOCKS_TABLE = 'uprn_epc_blocks';
/** Every tile's file (readers join on this glob; `partitionedTable` copes with none). */
export const uprnEpcBlocksGlob = (ctx: Pick<AssetContext, 'config'>): string =>
  derivedGlob(ctx as AssetContext, UPRN_EPC_BLOCKS_TABLE);

export const UPRN_EPC_BLOCK_COLUMNS: readonly ColumnSpec[] = [
  { name: 'uprn', type: 'BIGINT' },
  { name: 'country', type: 'VARCHAR' },
  { name: 'epc_count', type: 'BIGINT' },
  { name: 'postcode', type: 'VARCHAR' },
  { name: 'tenure', type: 'VARCHAR' },
  { name: 'energy_rating_current', type: 'VARCHAR' },
  { name: 'block', type: 'JSON' },
];

/** The UPRNs of one 10 km tile (staged os_open_uprn, by coordinates, as the other block assets select). */
export function tileUprnsSql(ctx: AssetContext, tile: string): string {
  return `SELECT uprn FROM ${parquetPath(stagedPath(ctx, 'os_open_uprn'))} WHERE ${inTileSql(tile)}`;
}

// Stats groups are looked up by a key, `grouping` and the group's column values joined with a unit
// separator (NULL when a column is NULL, as the equality join it replaces never matched NULL): carrying each
// group's ~100 columns (or its JSON) on every certificate row made DuckDB sort ~30 KB rows, 4x slower on the
// sample. A tile loads only the groups its UPRNs reference (a semi-join), never every group of the country.
const statsKeyOf = (alias: string, g: (typeof EPC_STATS_GROUPINGS)[number]): string =>
  [`'${g.grouping}'`, ...g.columns.map((c) => `${alias}.${c}::VARCHAR`)].join(' || chr(31) || ');

/** The tile's geography rows: its UPRNs' latest certificate or estimate, with their stats group keys. */
function geoSql(ctx: AssetContext, uprnsSql: string): string {
  const geoColumns =
    'uprn, postcode, outcode, local_authority_district_code, region_code, country, property_type';
  const keys = EPC_STATS_GROUPINGS.map((g) => `${statsKeyOf('g', g)} AS ${g.key}`).join(', ');
  return `
    tile AS (${uprnsSql}),
    geo AS (
      SELECT ${geoColumns}, NULL::JSON AS estimate
      FROM ${parquetPath(derivedPath(ctx, EPC_LATEST_TABLE))} WHERE uprn IN (SELECT uprn FROM tile)
      UNION ALL
      SELECT ${geoColumns}, estimate FROM ${parquetPath(derivedPath(ctx, EPC_ESTIMATES_TABLE))}
      WHERE uprn IN (SELECT uprn FROM tile)),
    geo_stats AS (SELECT g.uprn, g.country AS geo_country, g.estimate, ${keys} FROM geo g)`;
}

async function loadStatsGroups(
  ctx: AssetContext,
  uprnsSql: string,
): Promise<Map<string, Record<string, unknown>>> {
  const groups = new Map<string, Record<string, unknown>>();
  const key = `CASE s.grouping ${EPC_STATS_GROUPINGS.map((g) => `WHEN '${g.grouping}' THEN ${statsKeyOf('s', g)}`).join(' ')} END`;
  const used = EPC_STATS_GROUPINGS.map((g) => `SELECT ${g.key} AS k FROM geo_stats`).join(' UNION ');
  const sql = `
    WITH ${geoSql(ctx, uprnsSql)},
    used AS (${used})
    SELECT ${key} AS __stats_key, s.* FROM ${parquetPath(derivedPath(ctx, EPC_STATS_TABLE))} s
    WHERE ${key} IN (SELECT k FROM used WHERE k IS NOT NULL)`;
  for await (const row of queryParquet(sql)) {
    const { __stats_key, ...group } = row;
    groups.set(__stats_key as string, group);
  }
  return groups;
}

interface BlockRow {
  uprn: number;
  geo_country: string | null;
  country: UprnCertificate['country'];
  lodged_at: string | null;
  raw: UprnCertificate['raw'] | null;
  enhanced: UprnCertificate['enhanced'] | null;
  recommendations: UprnCertificate['recommendations'];
  certificate_id: string | null;
  estimate: EpcEstimate | null;
  [statsKey: string]: unknown;
}

const RECOMMENDATION_COLUMNS: ColumnSpec[] = [
  'lmk_key',
  'improvement_item',
  'improvement_summary_text',
  'improvement_descr_text',
  'improvement_id',
  'indicative_cost',
].map((name) => ({ name, type: 'VARCHAR' }));

/**
 * Every UPRN of `uprnsSql` (one tile's) with a certificate or an estimate, one row per certificate, with its groups' keys.
 * Certificates and recommendations are semi-joined to the tile's UPRNs, so the sort holds one tile.
 */
export function blockRowsSql(ctx: AssetContext, uprnsSql: string, tile?: string): string {
  const statsColumns = EPC_STATS_GROUPINGS.map((g) => g.key).join(', ');
  // A tile reads its own bucket of certificates and recommendations (epc-by-tile.ts); without one, the whole
  // country's tables.
  const certificates =
    tile === undefined
      ? partitionedTable(derivedGlob(ctx, EPC_CERTIFICATES_TABLE), CERTIFICATE_TABLE_COLUMNS)
      : (tileRelation(ctx, CERTIFICATES_BY_TILE, tile) ?? emptyRelation(CERTIFICATE_TABLE_COLUMNS));
  const recommendations =
    tile === undefined
      ? parquetPath(ewStagedGlob(ctx, EW_RECOMMENDATION_TABLE))
      : (tileRelation(ctx, RECOMMENDATIONS_BY_TILE, tile) ?? emptyRelation(RECOMMENDATION_COLUMNS));
  return `
    WITH ${geoSql(ctx, uprnsSql)},
    tile_certs AS (
      SELECT c.uprn, c.country, c.lodged_at, c.raw, c.enhanced, c.certificate_id
      FROM ${certificates} c
      WHERE c.uprn IN (SELECT uprn FROM tile)),
    recs AS (
      SELECT lmk_key, to_json(list(struct_pack(improvement_item, improvement_summary_text,
             improvement_descr_text, improvement_id, indicative_cost))) AS recommendations
      -- DISTINCT: a certificate delivered twice (in two files) has its recommendations twice.
      FROM (SELECT DISTINCT lmk_key, improvement_item, improvement_summary_text, improvement_descr_text,
                   improvement_id, indicative_cost FROM ${recommendations}
            WHERE lmk_key IN (SELECT certificate_id FROM tile_certs))
      GROUP BY lmk_key),
    certs AS (
      SELECT c.uprn, c.country, c.lodged_at, c.raw, c.enhanced, c.certificate_id,
             CASE WHEN c.country <> 'Scotland' THEN r.recommendations END AS recommendations
      FROM tile_certs c
      LEFT JOIN recs r ON r.lmk_key = c.certificate_id)
    SELECT gs.uprn, gs.geo_country, gs.estimate, ${statsColumns},
      c.country, c.lodged_at, c.raw, c.enhanced, c.recommendations, c.certificate_id
    FROM geo_stats gs
    LEFT JOIN certs c ON c.uprn = gs.uprn
    ORDER BY gs.uprn`;
}

/** A tile's statistics by the keys of a UPRN's groups: assembled, and serialised, once per combination. */
type StatsCache = Map<string, { stats: EpcStats; text: string }>;
const STATS_CACHE_MAX = 50_000;
// Where the statistics go in a block's JSON text (a value no block holds), replaced by their cached text.
const STATS_MARK = '\u0000epc_stats';
const STATS_MARK_JSON = JSON.stringify(STATS_MARK);

function statsOf(first: BlockRow, statsGroups: Map<string, Record<string, unknown>>, cache: StatsCache) {
  const key = EPC_STATS_GROUPINGS.map((g) => first[g.key] ?? '').join('\u001e');
  let entry = cache.get(key);
  if (!entry) {
    const stats = assembleStats(
      Object.fromEntries(
        EPC_STATS_GROUPINGS.map((g) => [g.key, statsGroups.get(first[g.key] as string) ?? null]),
      ) as Partial<Record<keyof EpcStats, Record<string, unknown> | null>>,
    );
    if (cache.size >= STATS_CACHE_MAX) cache.clear();
    entry = { stats, text: JSON.stringify(stats) };
    cache.set(key, entry);
  }
  return entry;
}

function toBlockRow(
  group: BlockRow[],
  statsGroups: Map<string, Record<string, unknown>>,
  cache: StatsCache,
): Record<string, unknown> {
  const first = group[0]!;
  // A certificate delivered twice (a month in two files) counts once: the first row of its number. Only
  // England and Wales certificates have a number of their own (LMK_KEY); a Scottish certificate_id is the
  // building's reference, shared by its successive certificates.
  const seen = new Set<string>();
  const certificates = group.filter((r) => {
    if (r.enhanced === null) return false;
    if (r.certificate_id === null || r.country === 'Scotland') return true;
    if (seen.has(r.certificate_id)) return false;
    seen.add(r.certificate_id);
    return true;
  }) as unknown as UprnCertificate[];
  const stats = statsOf(first, statsGroups, cache);
  const block = buildEpcBlock(certificates, { stats: stats.stats, estimate: first.estimate })!;
  const latest = block.epcs_enhanced[0] as Record<string, unknown> | undefined;
  const text = (key: string) => (typeof latest?.[key] === 'string' ? latest[key] : null);
  return {
    uprn: first.uprn,
    country: block.epc_country ?? first.geo_country,
    epc_count: block.epcs.length,
    // Plain copies of what downstream joins read, so they need not parse the ~40 KB JSON blocks.
    postcode: text('postcode'),
    tenure: text('tenure'),
    energy_rating_current: text('energy_rating_current'),
    // The statistics are most of a block's text and shared by the UPRNs of a group: serialised once per
    // combination and put in place (the key keeps its position: `{...block, epc_stats}` does not move it).
    block: new JsonText(
      JSON.stringify({ ...block, epc_stats: STATS_MARK }).replace(STATS_MARK_JSON, () => stats.text),
    ),
  };
}

async function* blocksByUprn(
  sql: string,
  statsGroups: Map<string, Record<string, unknown>>,
): AsyncGenerator<Record<string, unknown>> {
  const cache: StatsCache = new Map();
  let group: BlockRow[] = [];
  for await (const row of queryParquet(sql) as AsyncGenerator<BlockRow>) {
    if (group.length > 0 && row.uprn !== group[0]!.uprn) {
      yield toBlockRow(group, statsGroups, cache);
      group = [];
    }
    group.push(row);
  }
  if (group.length > 0) yield toBlockRow(group, statsGroups, cache);
}

/**
 * The EPC blocks of the UPRNs `uprnsSql` selects (a query with a `uprn` column), written to `path`; a tile
 * partition passes its tile's UPRNs (tileUprnsSql).
 */
export async function writeEpcBlocks(
  ctx: AssetContext,
  uprnsSql: string,
  path: string,
  tile?: string,
): Promise<{ rows: number; path: string; statsGroups: number }> {
  const statsGroups = await loadStatsGroups(ctx, uprnsSql);
  const written = await writeParquet(
    path,
    UPRN_EPC_BLOCK_COLUMNS,
    blocksByUprn(blockRowsSql(ctx, uprnsSql, tile), statsGroups),
  );
  return { rows: written.rows, path: written.path, statsGroups: statsGroups.size };
}

export const uprnEpcBlocks = defineAsset({
  name: 'uprn_epc_blocks',
  kind: 'derived',
  description:
    'Per UPRN: certificates latest first (raw and enhanced), recommendations, statistics, comparison, estimate; one Parquet file per 10 km tile',
  upstream: [
    'os_open_uprn',
    'epc_enhanced',
    'epc_england_wales_raw',
    'epc_latest',
    'epc_stats',
    'epc_estimates',
    'epc_by_tile',
  ],
  // 5: partitioned per 10 km tile (derived/uprn_epc_blocks/<tile>.parquet); 6: certificates read per tile.
  codeVersion: '6',
  owner: 'epc',
  cadence: 'monthly',
  partitioning: { kind: 'bng-tile', keys: (ctx) => tilesHoldingUprns(ctx) },
  async materialize(ctx) {
    const tile = partitionOf(ctx);
    const written = await writeEpcBlocks(
      ctx,
      tileUprnsSql(ctx, tile),
      derivedPath(ctx, `${UPRN_EPC_BLOCKS_TABLE}/${tile}`),
      tile,
    );
    // The single file of the unpartitioned asset (code version 4 and before) would only mislead.
    await rm(derivedPath(ctx, UPRN_EPC_BLOCKS_TABLE), { force: true });
    return { rows: written.rows, outputs: [written.path], metrics: { stats_groups: written.statsGroups } };
  },
});

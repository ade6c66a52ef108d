// One EPC block per UPRN: its certificates joined with the recommendations, the statistics of its groups
// and the comparison with them; for a UPRN without certificates, its estimate and the statistics of the
// groups of the postcode it most likely has. DuckDB sorts by UPRN out of core; rows are grouped as they
// stream, so memory holds one UPRN at a time.
import { EPC_STATS_GROUPINGS, type EpcEstimate, type EpcStats } from '../../schemas/epc';
import { parquetPath, queryParquet, writeParquet } from '../io/parquet';
import { assembleStats } from '../transforms/epc/compare';
import { buildEpcBlock, type UprnCertificate } from '../transforms/epc/uprn-block';
import { defineAsset, type AssetContext } from './definition';
import {
  CERTIFICATE_TABLE_COLUMNS,
  EPC_CERTIFICATES_TABLE,
  derivedGlob,
  partitionedTable,
} from './epc-enhanced';
import { EPC_ESTIMATES_TABLE } from './epc-estimates';
import { EW_RECOMMENDATION_TABLE, ewStagedGlob } from './epc-raw';
import { EPC_LATEST_TABLE, EPC_STATS_TABLE } from './epc-stats';
import { derivedPath } from './ingest';

export const UPRN_EPC_BLOCKS_TABLE = 'uprn_epc_blocks';

// Stats rows are joined by id and their objects shared from memory: carrying each group's ~100 columns
// (or its JSON) on every certificate row made DuckDB sort ~30 KB rows, 4x slower on the sample. The map
// holds every group (about 2 KB each; a national run would have ~1.7 M groups, mostly postcodes, so it
// would partition this asset by region).
const STATS_ID =
  'row_number() OVER (ORDER BY grouping, postcode, outcode, local_authority_district_code, region_code, country, property_type)';

async function loadStatsGroups(ctx: AssetContext): Promise<Map<number, Record<string, unknown>>> {
  const groups = new Map<number, Record<string, unknown>>();
  const sql = `SELECT ${STATS_ID} AS id, * FROM ${parquetPath(derivedPath(ctx, EPC_STATS_TABLE))}`;
  for await (const row of queryParquet(sql)) {
    const { id, ...group } = row;
    groups.set(id as number, group);
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
  estimate: EpcEstimate | null;
  [statsKey: string]: unknown;
}

/** Every UPRN with a certificate or an estimate, one row per certificate, with its groups' statistics. */
export function blockRowsSql(ctx: AssetContext): string {
  const stats = parquetPath(derivedPath(ctx, EPC_STATS_TABLE));
  const joins = EPC_STATS_GROUPINGS.map(
    (g, i) =>
      `LEFT JOIN stats_ids s${i} ON s${i}.grouping = '${g.grouping}' AND ${g.columns
        .map((c) => `s${i}.${c} = g.${c}`)
        .join(' AND ')}`,
  ).join('\n      ');
  const statsColumns = EPC_STATS_GROUPINGS.map((g, i) => `s${i}.id AS ${g.key}`).join(', ');
  const geoColumns =
    'uprn, postcode, outcode, local_authority_district_code, region_code, country, property_type';
  return `
    WITH recs AS (
      SELECT lmk_key, to_json(list(struct_pack(improvement_item, improvement_summary_text,
             improvement_descr_text, improvement_id, indicative_cost))) AS recommendations
      FROM ${parquetPath(ewStagedGlob(ctx, EW_RECOMMENDATION_TABLE))} GROUP BY lmk_key),
    stats_ids AS (SELECT ${STATS_ID} AS id, * FROM ${stats}),
    geo AS (
      SELECT ${geoColumns}, NULL::JSON AS estimate
      FROM ${parquetPath(derivedPath(ctx, EPC_LATEST_TABLE))} WHERE uprn IS NOT NULL
      UNION ALL
      SELECT ${geoColumns}, estimate FROM ${parquetPath(derivedPath(ctx, EPC_ESTIMATES_TABLE))}),
    geo_stats AS (
      SELECT g.uprn, g.country AS geo_country, g.estimate, ${statsColumns}
      FROM geo g
      ${joins}),
    certs AS (
      SELECT c.uprn, c.country, c.lodged_at, c.raw, c.enhanced,
             CASE WHEN c.country <> 'Scotland' THEN r.recommendations END AS recommendations
      FROM ${partitionedTable(derivedGlob(ctx, EPC_CERTIFICATES_TABLE), CERTIFICATE_TABLE_COLUMNS)} c
      LEFT JOIN recs r ON r.lmk_key = c.certificate_id
      WHERE c.uprn IS NOT NULL)
    SELECT gs.*, c.country, c.lodged_at, c.raw, c.enhanced, c.recommendations
    FROM geo_stats gs
    LEFT JOIN certs c ON c.uprn = gs.uprn
    ORDER BY gs.uprn`;
}

function toBlockRow(
  group: BlockRow[],
  statsGroups: Map<number, Record<string, unknown>>,
): Record<string, unknown> {
  const first = group[0]!;
  const certificates = group.filter((r) => r.enhanced !== null) as unknown as UprnCertificate[];
  const stats = assembleStats(
    Object.fromEntries(
      EPC_STATS_GROUPINGS.map((g) => [g.key, statsGroups.get(first[g.key] as number) ?? null]),
    ) as Partial<Record<keyof EpcStats, Record<string, unknown> | null>>,
  );
  const block = buildEpcBlock(certificates, { stats, estimate: first.estimate })!;
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
    block,
  };
}

async function* blocksByUprn(
  sql: string,
  statsGroups: Map<number, Record<string, unknown>>,
): AsyncGenerator<Record<string, unknown>> {
  let group: BlockRow[] = [];
  for await (const row of queryParquet(sql) as AsyncGenerator<BlockRow>) {
    if (group.length > 0 && row.uprn !== group[0]!.uprn) {
      yield toBlockRow(group, statsGroups);
      group = [];
    }
    group.push(row);
  }
  if (group.length > 0) yield toBlockRow(group, statsGroups);
}

export const uprnEpcBlocks = defineAsset({
  name: 'uprn_epc_blocks',
  kind: 'derived',
  description:
    'Per UPRN: certificates latest first (raw and enhanced), recommendations, statistics, comparison, estimate',
  upstream: ['epc_enhanced', 'epc_england_wales_raw', 'epc_latest', 'epc_stats', 'epc_estimates'],
  codeVersion: '4',
  owner: 'epc',
  cadence: 'monthly',
  async materialize(ctx) {
    const written = await writeParquet(
      derivedPath(ctx, UPRN_EPC_BLOCKS_TABLE),
      [
        { name: 'uprn', type: 'BIGINT' },
        { name: 'country', type: 'VARCHAR' },
        { name: 'epc_count', type: 'BIGINT' },
        { name: 'postcode', type: 'VARCHAR' },
        { name: 'tenure', type: 'VARCHAR' },
        { name: 'energy_rating_current', type: 'VARCHAR' },
        { name: 'block', type: 'JSON' },
      ],
      blocksByUprn(blockRowsSql(ctx), await loadStatsGroups(ctx)),
    );
    return { rows: written.rows, outputs: [written.path] };
  },
});

// epc_stats as DuckDB SQL: one pass over the latest certificate per property with GROUPING SETS for all seven
// groupings. The output columns are exactly the fields of EpcStatsRowSchema, in its order, so the table and
// the API block cannot drift apart.
import { ENERGY_RATINGS, EPC_STATS_GROUPINGS, EpcStatsRowSchema, RATING_NUMBERS } from '../../../schemas/epc';

/** Columns the input relation must have (one row per property: its latest certificate). */
export const LATEST_STATS_INPUT_COLUMNS = [
  'postcode',
  'outcode',
  'local_authority_district_code',
  'region_code',
  'country',
  'property_type',
  'co2_emissions_current',
  'co2_emissions_potential',
  'energy_consumption_per_floor_area_m2_current',
  'energy_consumption_per_floor_area_m2_potential',
  'energy_efficiency_current',
  'energy_efficiency_potential',
  'energy_rating_current',
  'energy_rating_potential',
] as const;

const KEY_COLUMNS = [
  'postcode',
  'outcode',
  'local_authority_district_code',
  'region_code',
  'country',
  'property_type',
];
const PERCENTILES = [10, 25, 50, 75, 90];

/** SQL CASE turning a letter column into its number (G = 1 … A = 7). */
const ratingNumber = (column: string): string =>
  `CASE ${column} ${ENERGY_RATINGS.map((r) => `WHEN '${r}' THEN ${RATING_NUMBERS[r]}`).join(' ')} END`;
/** Letter of a rating number (rounded); 7 → A. */
const ratingLetter = (numberExpr: string): string =>
  `CASE WHEN ${numberExpr} IS NULL THEN NULL ELSE substr('GFEDCBA', CAST(round(${numberExpr}) AS INTEGER), 1) END`;
const round2 = (expr: string): string => `round(${expr}, 2)`;

/** The inner aggregate for one output column (percentiles are picked from one list per measure). */
function aggregate(column: string): string {
  if (column === 'property_count') return 'count(*)';
  let m = /^energy_rating_([a-g])_count_(current|potential)$/.exec(column);
  if (m) return `count(*) FILTER (WHERE energy_rating_${m[2]} = '${m[1]!.toUpperCase()}')`;
  m = /^(avg|min|max|stddev)_(.+?)(_numerical)?$/.exec(column);
  if (m) {
    const [, fn, measure, numerical] = m;
    const rating = measure!.startsWith('energy_rating_');
    const x = rating ? `r_${measure}` : measure!;
    switch (fn) {
      case 'avg':
        return rating && !numerical ? ratingLetter(`avg(${x})`) : round2(`avg(${x})`);
      case 'min':
      case 'max':
        return rating ? ratingLetter(`${fn}(${x})`) : `${fn}(${x})`;
      case 'stddev':
        return round2(`stddev_samp(${x})`);
    }
  }
  throw new Error(`epc_stats: no aggregate for column ${column}`);
}

/**
 * The statistics query over `input` (a relation with LATEST_STATS_INPUT_COLUMNS). Groups whose key is null
 * (say, certificates without a postcode in the postcode grouping) are left out.
 */
export function epcStatsSql(
  input: string,
  groupings: readonly (typeof EPC_STATS_GROUPINGS)[number][] = EPC_STATS_GROUPINGS,
): string {
  const outputColumns = Object.keys(EpcStatsRowSchema.shape);
  const metrics = outputColumns.filter((c) => c !== 'grouping' && !KEY_COLUMNS.includes(c));
  const measures = [...new Set(metrics.map((c) => /^perc_\d+_(.+)$/.exec(c)?.[1]).filter(Boolean))];
  const ratingMeasures = ['energy_rating_current', 'energy_rating_potential'];

  // A key no grouping here groups by is null in all its rows, as GROUPING SETS leaves it in another's.
  const keys = KEY_COLUMNS.map((c) =>
    groupings.some((g) => (g.columns as readonly string[]).includes(c)) ? c : `NULL::VARCHAR AS ${c}`,
  );
  const sets = groupings.map((g) => `(${g.columns.join(', ')})`).join(', ');
  const groupingName = `CASE ${groupings
    .toSorted((a, b) => b.columns.length - a.columns.length)
    .map((g) => `WHEN ${g.columns.map((c) => `grouping(${c}) = 0`).join(' AND ')} THEN '${g.grouping}'`)
    .join(' ')} END`;
  const keyNotNull = groupings
    .map((g) => `(grouping = '${g.grouping}' AND ${g.columns.map((c) => `${c} IS NOT NULL`).join(' AND ')})`)
    .join(' OR ');

  const inner = metrics
    .filter((c) => !c.startsWith('perc_') && !c.startsWith('mode_'))
    .map((c) => `${aggregate(c)} AS ${c}`);
  for (const measure of measures) {
    const x = measure!.startsWith('energy_rating_') ? `r_${measure}` : measure!;
    inner.push(`quantile_cont(${x}, [${PERCENTILES.map((p) => p / 100).join(', ')}]) AS q_${measure}`);
  }
  for (const measure of ratingMeasures) {
    // The mode with ties broken towards the better band: the highest (count * 8 + number).
    const counts = ENERGY_RATINGS.map(
      (r) => `count(*) FILTER (WHERE ${measure} = '${r}') * 8 + ${RATING_NUMBERS[r]}`,
    );
    inner.push(
      `CASE WHEN count(${measure}) = 0 THEN NULL ELSE greatest(${counts.join(', ')}) % 8 END AS mode_num_${measure}`,
    );
  }

  const outer = outputColumns.map((c) => {
    const perc = /^perc_(\d+)_(.+)$/.exec(c);
    if (perc) {
      const index = PERCENTILES.indexOf(Number(perc[1])) + 1;
      return `${round2(`q_${perc[2]}[${index}]`)} AS ${c}`;
    }
    const mode = /^mode_(.+)$/.exec(c);
    if (mode) return `${ratingLetter(`mode_num_${mode[1]}`)} AS ${c}`;
    return c;
  });

  return `
    WITH input AS (
      SELECT *, ${ratingMeasures.map((m) => `${ratingNumber(m)} AS r_${m}`).join(', ')}
      FROM ${input}
    ),
    grouped AS (
      SELECT ${groupingName} AS grouping, ${keys.join(', ')}, ${inner.join(',\n        ')}
      FROM input
      GROUP BY GROUPING SETS (${sets})
    )
    SELECT ${outer.join(', ')}
    FROM grouped
    WHERE ${keyNotNull}
    ORDER BY grouping, ${KEY_COLUMNS.join(', ')}`;
}

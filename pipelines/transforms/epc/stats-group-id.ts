// The stable id of an EPC statistics group (one grouping of spec 2.10 and its column values), e.g.
// `postcode:SW6 1AA` or `local_authority_property_type:E09000013|Flat`. A property document refers to its
// groups by these ids and the group's current statistics are stored once under them (properties_index), so a
// new month of certificates that moves a group's means changes that one stored group, not every document of
// its country.
import { EPC_STATS_GROUPINGS, type EpcStatsKey } from '../../../schemas/epc';

/** Every column a statistics group is keyed by, in the groupings' order. */
export const STATS_KEY_COLUMNS: readonly string[] = [
  ...new Set(EPC_STATS_GROUPINGS.flatMap((g) => g.columns)),
];

const BY_KEY = new Map<string, (typeof EPC_STATS_GROUPINGS)[number]>(
  EPC_STATS_GROUPINGS.map((g) => [g.key, g]),
);
const BY_GROUPING = new Map<string, (typeof EPC_STATS_GROUPINGS)[number]>(
  EPC_STATS_GROUPINGS.map((g) => [g.grouping, g]),
);

const idOf = (g: (typeof EPC_STATS_GROUPINGS)[number], values: Readonly<Record<string, unknown>>) => {
  const parts: string[] = [];
  for (const column of g.columns) {
    const value = values[column];
    if (value === null || value === undefined) return null;
    parts.push(String(value));
  }
  return `${g.grouping}:${parts.join('|')}`;
};

/**
 * The id of the group that `epc_stats[key]` describes, from its identifying columns (which the group object
 * carries); null when one of them is missing (such a group is never looked up).
 */
export function statsGroupId(
  key: EpcStatsKey | string,
  group: Readonly<Record<string, unknown>>,
): string | null {
  const g = BY_KEY.get(key);
  if (!g) throw new Error(`unknown EPC statistics key ${key}`);
  return idOf(g, group);
}

/** The grouping of an `epc_stats` table row and its group's id (null when it has none). */
export function statsRowGroup(
  row: Readonly<Record<string, unknown>>,
): { grouping: (typeof EPC_STATS_GROUPINGS)[number]; id: string } | null {
  const grouping = BY_GROUPING.get(String(row.grouping));
  const id = grouping ? idOf(grouping, row) : null;
  return grouping && id !== null ? { grouping, id } : null;
}

/** The SQL of a group's id (statsGroupId's) from a row `alias` holding `g`'s columns; NULL when one is NULL. */
export const statsGroupIdSql = (alias: string, g: (typeof EPC_STATS_GROUPINGS)[number]): string =>
  `'${g.grouping}:' || ${g.columns.map((c) => `${alias}.${c}::VARCHAR`).join(" || '|' || ")}`;

/** The SQL of an `epc_stats` row's group id (statsRowGroup's), by its `grouping`; NULL when it has none. */
export const statsRowIdSql = (alias: string): string =>
  `CASE ${alias}.grouping ${EPC_STATS_GROUPINGS.map((g) => `WHEN '${g.grouping}' THEN ${statsGroupIdSql(alias, g)}`).join(' ')} END`;

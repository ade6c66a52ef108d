// epc_compare: the latest certificate against the means of the groups it belongs to (spec 2.10).
import {
  EPC_COMPARE_KEYS,
  EPC_STATS_GROUPINGS,
  type EpcCompare,
  type EpcStats,
  type EpcStatsGroup,
  type EpcStatsKey,
} from '../../../schemas/epc';
import { STATS_KEY_COLUMNS } from './stats-group-id';

export interface ComparedCertificate {
  energy_efficiency_current: number | null;
  co2_emissions_current: number | null;
}

/** A group as a comparison reads it: a stats group, or its means alone (serving reads no more). */
type GroupMeans = Readonly<Record<string, unknown>>;

/**
 * `better` when the score is at least the group mean (a property on the mean is not worse than it);
 * carbon `higher` only when strictly above the mean. Null where the group or a value is unknown.
 */
export function compareWithGroup(
  cert: ComparedCertificate,
  group: GroupMeans | null | undefined,
): EpcCompare[keyof EpcCompare] {
  if (!group) return null;
  const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
  const avgScore = num(group.avg_energy_efficiency_current);
  const avgCo2 = num(group.avg_co2_emissions_current);
  const score = cert.energy_efficiency_current;
  const co2 = cert.co2_emissions_current;
  return {
    energy_efficiency: score === null || avgScore === null ? null : score >= avgScore ? 'better' : 'worse',
    carbon_footprint: co2 === null || avgCo2 === null ? null : co2 > avgCo2 ? 'higher' : 'lower',
    average_energy_efficiency_score: avgScore,
    average_carbon_footprint: avgCo2,
  };
}

/** The certificate against each group of `stats` (a group it lacks, or null, compares as null). */
export function compareEpc(
  cert: ComparedCertificate,
  stats: Partial<Record<EpcStatsKey, GroupMeans | null>>,
): EpcCompare {
  return Object.fromEntries(
    EPC_COMPARE_KEYS.map(([key, statsKey]) => [key, compareWithGroup(cert, stats[statsKey])]),
  ) as EpcCompare;
}

const STATS_KEYS = new Set<string>(STATS_KEY_COLUMNS);

/** One group of `epc_stats` from its stats table row: the measures and only its own identifying columns. */
export function statsGroupOf(
  grouping: (typeof EPC_STATS_GROUPINGS)[number],
  row: Readonly<Record<string, unknown>>,
): EpcStatsGroup {
  const group: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row))
    if (k !== 'grouping' && (!STATS_KEYS.has(k) || (grouping.columns as readonly string[]).includes(k)))
      group[k] = v;
  return group as EpcStatsGroup;
}

/**
 * The `epc_stats` object from one stats row per grouping (as the table stores them, every key column present),
 * keeping only each group's own identifying fields.
 */
export function assembleStats(
  rows: Partial<Record<keyof EpcStats, Record<string, unknown> | null>>,
): EpcStats {
  const stats = {} as Record<string, EpcStatsGroup | null>;
  for (const g of EPC_STATS_GROUPINGS) {
    const row = rows[g.key];
    stats[g.key] = row ? statsGroupOf(g, row) : null;
  }
  return stats as EpcStats;
}

/** Statistics of a property in no known group: every key null. */
export const emptyStats = (): EpcStats => assembleStats({});

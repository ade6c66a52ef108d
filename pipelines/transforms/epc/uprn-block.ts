// The EPC block stored in each UPRN's document: its certificates latest first (England and Wales: all of
// them, current, expired and replaced; Scotland: the latest only, as the Scottish register publishes) and
// the latest England and Wales certificate's recommendations.
import type { StoredEpcBlock } from '../../../schemas/api/epcs';
import type { EpcEstimate, EpcStats } from '../../../schemas/epc';
import { compareEpc, emptyStats } from './compare';
import type { EpcCountry } from './country';
import { parseIndicativeCost } from './indicative-cost';

export interface RawRecommendation {
  improvement_item?: string | null;
  improvement_summary_text?: string | null;
  improvement_descr_text?: string | null;
  improvement_id?: string | null;
  indicative_cost?: string | null;
}

export interface UprnCertificate {
  country: EpcCountry | null;
  /** ISO timestamp of lodgement; certificates without one sort last. */
  lodged_at: string | null;
  raw: Record<string, string>;
  enhanced: StoredEpcBlock['epcs_enhanced'][number];
  recommendations: RawRecommendation[] | null;
}

const byLatestFirst = (
  a: Pick<UprnCertificate, 'lodged_at'>,
  b: Pick<UprnCertificate, 'lodged_at'>,
): number => (b.lodged_at ?? '').localeCompare(a.lodged_at ?? '');

/**
 * The certificate a block takes as its latest (the first of its certificates by lodgement, latest first; of a
 * tie, the one given first): the one whose country and recommendations it holds.
 */
export const latestCertificate = <C extends Pick<UprnCertificate, 'lodged_at'>>(
  certificates: readonly C[],
): C | undefined => [...certificates].sort(byLatestFirst)[0];

const nullIfBlank = (text: string | null | undefined): string | null => {
  const t = text?.trim();
  return t ? t : null;
};

function toRecommendation(rec: RawRecommendation): StoredEpcBlock['epc_retrofit_recommendations'][number] {
  const cost = parseIndicativeCost(rec.indicative_cost);
  const id = Number.parseInt(rec.improvement_id ?? '', 10);
  return {
    improvement_summary_text: nullIfBlank(rec.improvement_summary_text),
    improvement_description_text: nullIfBlank(rec.improvement_descr_text),
    improvement_id: Number.isFinite(id) ? id : null,
    indicative_cost_min: cost.min,
    indicative_cost_max: cost.max,
  };
}

export interface BlockContext {
  /** Statistics of the groups the property belongs to (from its latest certificate, or its estimate). */
  stats?: EpcStats;
  /** The estimate, for a UPRN without certificates. */
  estimate?: EpcEstimate | null;
}

/**
 * The stored block of one UPRN: from its certificates, or, for a UPRN without any, from its estimate (null
 * when it has neither).
 */
export function buildEpcBlock(
  certificates: readonly UprnCertificate[],
  context: BlockContext = {},
): StoredEpcBlock | null {
  const stats = context.stats ?? emptyStats();
  if (certificates.length === 0) {
    if (!context.estimate) return null;
    return {
      epc_country: null,
      latest_lodgement_date: null,
      epcs: [],
      epcs_enhanced: [],
      epc_retrofit_recommendations: [],
      epc_stats: stats,
      epc_compare: null,
      epc_estimate: context.estimate,
    };
  }
  const sorted = [...certificates].sort(byLatestFirst);
  const latest = sorted[0]!; // latestCertificate's
  const kept = latest.country === 'Scotland' ? [latest] : sorted.filter((c) => c.country !== 'Scotland');
  const recommendations =
    latest.country === 'Scotland'
      ? []
      : [...(latest.recommendations ?? [])]
          .sort((a, b) => Number(a.improvement_item ?? 0) - Number(b.improvement_item ?? 0))
          .map(toRecommendation);
  return {
    epc_country: latest.country,
    // Validity runs from the certificate's lodgement date; the datetime only orders same-day lodgements.
    latest_lodgement_date: latest.enhanced.lodgement_date ?? latest.lodged_at,
    epcs: kept.map((c) => c.raw),
    epcs_enhanced: kept.map((c) => c.enhanced),
    epc_retrofit_recommendations: recommendations,
    epc_stats: stats,
    epc_compare: compareEpc(
      {
        energy_efficiency_current: latest.enhanced.energy_efficiency_current ?? null,
        co2_emissions_current: latest.enhanced.co2_emissions_current ?? null,
      },
      stats,
    ),
    epc_estimate: null,
  };
}

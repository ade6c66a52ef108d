// Which retrofit grant schemes apply to a home: a pure function of the rules file and what we know of the
// home. A condition we cannot evaluate because the fact is unknown (no EPC, so no band or tenure; no IMD
// outside England) does not exclude a scheme: the list is of schemes the home may qualify for, and each
// description says what else the household must meet. A scheme is listed only between its opening and
// closing dates, judged at `asOf` (the refresh date for precomputed blocks).
import type { RetrofitGrant } from '../../../schemas/api/area';
import type { RetrofitGrantRule, RetrofitGrantRules } from '../../../schemas/api/retrofit';

export interface GrantFacts {
  country: 'England' | 'Wales' | 'Scotland' | null;
  localAuthorityCode: string | null;
  tenure: string | null;
  /** Current EPC band, A to G. */
  epcBand: string | null;
  /** IMD decile of the LSOA (England), 1 = most deprived. */
  deprivationDecile: number | null;
}

const unknownOr = <T>(allowed: readonly T[] | null, value: T | null): boolean =>
  allowed === null || value === null || allowed.includes(value);

export function ruleApplies(rule: RetrofitGrantRule, facts: GrantFacts, asOf: string): boolean {
  if (asOf < rule.opens || (rule.closes !== null && asOf > rule.closes)) return false;
  const e = rule.eligibility;
  // Country is the one fact always required: a grant for another nation never applies.
  if (facts.country === null || !e.countries.includes(facts.country)) return false;
  if (!unknownOr(e.local_authority_codes, facts.localAuthorityCode)) return false;
  if (!unknownOr(e.tenures as readonly string[] | null, facts.tenure)) return false;
  if (!unknownOr(e.epc_bands as readonly string[] | null, facts.epcBand)) return false;
  // An area-based route needs the area to be known to qualify: unknown deprivation does not satisfy it.
  if (
    e.max_deprivation_decile !== null &&
    (facts.deprivationDecile === null || facts.deprivationDecile > e.max_deprivation_decile)
  )
    return false;
  return true;
}

/** The grants for a home, one per scheme name (the first matching rule of a name wins), in file order. */
export function applicableGrants(
  rules: RetrofitGrantRules,
  facts: GrantFacts,
  asOf: string,
): RetrofitGrant[] {
  const seen = new Set<string>();
  const grants: RetrofitGrant[] = [];
  for (const rule of rules.schemes) {
    if (seen.has(rule.name) || !ruleApplies(rule, facts, asOf)) continue;
    seen.add(rule.name);
    grants.push({
      name: rule.name,
      description: rule.description,
      grant_value: rule.grant_value,
      url: rule.url,
    });
  }
  return grants;
}

// The record the Welsh and Scottish deprivation loaders share (WIMD, SIMD; docs/nations.md): one row per
// (index, edition, area vintage, area code), so a newer edition on newer areas (WIMD 2025 on 2021 LSOAs,
// SIMD 2026 on 2022 Data Zones) is more rows of the same table, not a new table. Ranks are relative within the
// nation (1 = most deprived) and never comparable across nations; `areas_ranked` says out of how many.
//
// Domains: the five that every index has (income, employment, health, education, crime / community safety)
// in common columns; access to services and housing (separate domains in WIMD and SIMD, one combined domain
// in IoD2019) and Wales' physical environment (no Scottish counterpart) in their own columns
// (wales-scotland.md 3.3).

export const DEPRIVATION_INDEXES = ['IoD', 'WIMD', 'SIMD'] as const;
export type DeprivationIndexName = (typeof DEPRIVATION_INDEXES)[number];

/** Area vintages the indices are published on; the join reads the ONSPD column of each (area-join). */
export const DEPRIVATION_AREA_VINTAGES = ['LSOA2011', 'DZ2011', 'LSOA2021', 'DZ2022'] as const;
export type DeprivationAreaVintage = (typeof DEPRIVATION_AREA_VINTAGES)[number];

export const NATION_DOMAIN_RANKS = [
  'income_rank',
  'employment_rank',
  'health_rank',
  'education_rank',
  'crime_rank',
  'access_to_services_rank',
  'housing_rank',
  'physical_environment_rank',
] as const;
export type NationDomainRank = (typeof NATION_DOMAIN_RANKS)[number];

export type NationalDeprivationRecord = {
  index_name: DeprivationIndexName;
  /** As the publisher writes it: `2019`, `2020v2`, `2025`. */
  edition: string;
  area_vintage: DeprivationAreaVintage;
  area_code: string;
  area_name: string | null;
  local_authority_name: string | null;
  /** Areas the nation's edition ranks (1,909 Welsh LSOAs 2011; 6,976 Scottish Data Zones 2011). */
  areas_ranked: number;
  rank: number;
  decile: number | null;
  /** True when the decile is computed from the rank with the publisher's band edges (no decile in the file). */
  decile_derived: boolean;
} & Record<NationDomainRank, number | null>;

/**
 * Areas ranked per published edition (wales-scotland.md 3.1, 3.2): the denominators of the ranks. A file
 * holds every area of its nation, so an edition missing here is ranked out of the rows the file holds.
 */
export const AREAS_RANKED: Readonly<Record<string, number>> = {
  IoD2019: 32_844,
  WIMD2019: 1_909,
  WIMD2025: 1_917,
  SIMD2020v2: 6_976,
};

/**
 * Upper rank bound of each decile, where verified: SIMD 2020v2's unweighted bands reproduce the official
 * decile of all 6,976 ranks (floor(6976 k / 10)); WIMD 2025's from its guidance sheet. WIMD 2019 publishes its
 * overall deciles in the workbook (no bands needed); its domain deciles are not published, so none are given.
 */
export const DECILE_UPPER_BOUNDS: Readonly<Record<string, readonly number[]>> = {
  SIMD2020v2: [697, 1395, 2092, 2790, 3488, 4185, 4883, 5580, 6278, 6976],
  WIMD2025: [191, 382, 574, 766, 958, 1149, 1341, 1533, 1724, 1917],
};

/** The decile of a rank by upper bounds, or null (no bands, or a rank beyond them). */
export function decileByBounds(rank: number, bounds: readonly number[] | undefined): number | null {
  if (!bounds) return null;
  const i = bounds.findIndex((upper) => rank <= upper);
  return i === -1 ? null : i + 1;
}

/** `12,345`, ` 885 `, `4691.5` → number; blank, `*` (suppressed) → null; anything else → undefined. */
export function parseRankCell(text: string | undefined): number | null | undefined {
  const t = (text ?? '').replace(/[,\s]/g, '');
  if (t === '' || t === '*') return null;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : undefined;
}

/**
 * Reads a row's domain ranks into `record`: a fault naming the first cell that is neither blank nor a rank in
 * 1..areas, else null.
 */
export function readDomainRanks(
  cells: readonly string[],
  domains: readonly (readonly [NationDomainRank, number | undefined])[],
  areas: number,
  record: Record<NationDomainRank, number | null>,
): string | null {
  for (const [field, i] of domains) {
    const v = parseRankCell(cells[i!]);
    if (v === undefined || (v !== null && (v < 1 || v > areas)))
      return `${field} is not a rank in 1..${areas}: "${cells[i!] ?? ''}"`;
    record[field] = v;
  }
  return null;
}

/** What a national index's row needs beyond its cells: the edition's identity and where each field is. */
export interface NationRowSpec {
  index_name: DeprivationIndexName;
  edition: string;
  area_vintage: DeprivationAreaVintage;
  /** Areas the edition ranks: the bound of every rank. */
  areas: number;
  /** `IoD2019`-style id: the key of DECILE_UPPER_BOUNDS. */
  id: string;
  rank: { column: number; label: string };
  name?: number;
  authority?: number;
  domains: readonly (readonly [NationDomainRank, number | undefined])[];
  /** Domains the index has no counterpart of, null in every row. */
  absent?: readonly NationDomainRank[];
}

/**
 * One row of a national index (its area code already checked) as a record, or the reason to quarantine it:
 * the overall rank, the domain ranks, and the decile the file publishes (`decileCell`, with its label) or,
 * when it publishes none, the one the publisher's bands give (flagged `decile_derived`).
 */
export function nationRecord(
  cells: readonly string[],
  code: string,
  spec: NationRowSpec,
  decile: { cell: string | undefined; label: string } | undefined,
): NationalDeprivationRecord | string {
  const { areas } = spec;
  const rank = parseRankCell(cells[spec.rank.column]);
  if (rank === undefined || rank === null || !Number.isInteger(rank) || rank < 1 || rank > areas)
    return `${spec.rank.label} is not a whole number in 1..${areas}: "${cells[spec.rank.column] ?? ''}"`;
  const record = {
    index_name: spec.index_name,
    edition: spec.edition,
    area_vintage: spec.area_vintage,
    area_code: code,
    area_name: (cells[spec.name ?? -1] ?? '').trim() || null,
    local_authority_name: (cells[spec.authority ?? -1] ?? '').trim() || null,
    areas_ranked: areas,
    rank,
    decile: null,
    decile_derived: false,
    ...Object.fromEntries((spec.absent ?? []).map((d) => [d, null])),
  } as NationalDeprivationRecord;
  const fault = readDomainRanks(cells, spec.domains, areas, record);
  if (fault) return fault;
  if (decile) {
    const d = parseRankCell(decile.cell);
    if (d === undefined || d === null || !Number.isInteger(d) || d < 1 || d > 10)
      return `${decile.label} is not 1..10: "${decile.cell ?? ''}"`;
    record.decile = d;
  } else {
    record.decile = decileByBounds(rank, DECILE_UPPER_BOUNDS[spec.id]);
    record.decile_derived = record.decile !== null;
  }
  return record;
}

/** A header cell as loaders compare it: trimmed, inner runs of spaces collapsed, lower case. */
export const headerKey = (cell: string): string =>
  cell
    .replace(/^\uFEFF/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

// Deprivation and rurality across England, Wales and Scotland (docs/nations.md). Pure: the batch join
// (pipelines/assets/area/uprn-area-blocks.ts) hands each postcode's rows here, and any live answer calls the same
// functions on the same rows.
//  - nationalIndex: the nation's own index in one shape (IoD2019 / WIMD 2019 / SIMD 2020v2): index and edition,
//    area code and vintage, how many areas the nation ranks, overall rank and decile, and the domain ranks
//    that match across nations in common fields; the rest in their own fields, null where the nation's index
//    has no such domain. Ranks are relative within each nation: never compare them across nations.
//  - scottishUrbanRural: the Scottish Government Urban Rural Classification of a Scottish postcode (6- and
//    8-fold codes and labels); England and Wales keep the ONS classification (area-block.ts ruralUrban).
//  - builtUpAreaCode: ONSPD's built-up area, else (Scotland, where the ONS built-up areas do not reach) the
//    NRS settlement of the postcode.
import type { NationalDeprivationIndex, ScottishUrbanRuralClassification } from '../../../schemas/api/area';
import { SG_URBAN_RURAL_6_FOLD, SG_URBAN_RURAL_8_FOLD } from '../../sources/scottish-postcodes';

type Row = Record<string, unknown>;
type Country = 'England' | 'Wales' | 'Scotland';

const num = (v: unknown): number | null => {
  const n = typeof v === 'bigint' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

export const INDEX_NAMES: Readonly<Record<string, string>> = {
  IoD: 'English Indices of Deprivation',
  WIMD: 'Welsh Index of Multiple Deprivation',
  SIMD: 'Scottish Index of Multiple Deprivation',
};

/** The index a nation's postcodes are ranked by. */
export const INDEX_OF_COUNTRY: Readonly<Record<Country, string>> = {
  England: 'IoD',
  Wales: 'WIMD',
  Scotland: 'SIMD',
};

/**
 * IoD2019 (its staged row, England) → the common fields. Access to services and housing are separate
 * domains in WIMD and SIMD but one domain (Barriers to Housing and Services) in IoD2019: England's are its two
 * sub-domains, Geographical Barriers (distance to services) and Wider Barriers (housing affordability,
 * overcrowding, homelessness), the closest counterparts (wales-scotland.md 3.3). Living Environment is
 * England's own field.
 */
function fromIod(row: Row, match: string | null): NationalDeprivationIndex {
  return {
    index: 'IoD2019',
    index_name: INDEX_NAMES.IoD!,
    edition: '2019',
    country: 'England',
    area_type: 'lsoa',
    area_vintage: 'LSOA2011',
    area_code: String(row.lsoa_code),
    area_name: str(row.lsoa_name),
    area_match: (match as NationalDeprivationIndex['area_match']) ?? null,
    areas_ranked: 32_844,
    rank: num(row.index_of_multiple_deprivation_rank),
    decile: num(row.index_of_multiple_deprivation_decile),
    decile_derived: false,
    income_rank: num(row.income_rank),
    employment_rank: num(row.employment_rank),
    health_rank: num(row.health_deprivation_and_disability_rank),
    education_rank: num(row.education_skills_and_training_rank),
    crime_rank: num(row.crime_rank),
    access_to_services_rank: num(row.geographical_barriers_sub_domain_rank),
    housing_rank: num(row.wider_barriers_sub_domain_rank),
    living_environment_rank: num(row.living_environment_rank),
    physical_environment_rank: null,
  };
}

/** A staged WIMD or SIMD row (pipelines/sources/deprivation/nations.ts) → the common fields. */
function fromNation(row: Row, country: 'Wales' | 'Scotland'): NationalDeprivationIndex {
  const index = String(row.index_name);
  const edition = String(row.edition);
  return {
    index: `${index}${edition}`,
    index_name: INDEX_NAMES[index] ?? index,
    edition,
    country,
    area_type: country === 'Scotland' ? 'data_zone' : 'lsoa',
    area_vintage: String(row.area_vintage),
    area_code: String(row.area_code),
    area_name: str(row.area_name),
    area_match: 'onspd_lsoa11',
    areas_ranked: num(row.areas_ranked),
    rank: num(row.rank),
    decile: num(row.decile),
    decile_derived: row.decile_derived === true,
    income_rank: num(row.income_rank),
    employment_rank: num(row.employment_rank),
    health_rank: num(row.health_rank),
    education_rank: num(row.education_rank),
    crime_rank: num(row.crime_rank),
    access_to_services_rank: num(row.access_to_services_rank),
    housing_rank: num(row.housing_rank),
    living_environment_rank: null,
    physical_environment_rank: country === 'Wales' ? num(row.physical_environment_rank) : null,
  };
}

/**
 * The nation's index for a postcode: England from its IoD2019 row, Wales and Scotland from their WIMD / SIMD
 * row (`nationRow`, joined by the postcode's 2011 LSOA / Data Zone); null when nothing matched. A row of the
 * wrong nation's index (a Welsh rank on a Scottish postcode) is never answered.
 */
export function nationalIndex(
  country: string | null,
  iodRow: Row | null,
  iodMatch: string | null,
  nationRow: Row | null,
): NationalDeprivationIndex | null {
  if (country === 'England') return iodRow ? fromIod(iodRow, iodMatch) : null;
  if (country !== 'Wales' && country !== 'Scotland') return null;
  if (!nationRow || nationRow.index_name !== INDEX_OF_COUNTRY[country]) return null;
  return fromNation(nationRow, country);
}

/** A staged scottish_postcodes row → the Scottish Government classification, or null (no class). */
export function scottishUrbanRural(row: Row | null): ScottishUrbanRuralClassification | null {
  const eight = num(row?.urban_rural_8_fold_code);
  const six = num(row?.urban_rural_6_fold_code);
  if (!row || (eight === null && six === null)) return null;
  const sixFold = six ?? (eight !== null ? SG_URBAN_RURAL_8_FOLD[eight]!.sixFold : null);
  return {
    classification: 'Scottish Government Urban Rural Classification',
    edition: str(row.urban_rural_edition),
    postcode: String(row.postcode),
    urban_rural_8_fold_code: eight === null ? null : String(eight),
    urban_rural_8_fold: eight === null ? null : (SG_URBAN_RURAL_8_FOLD[eight]?.label ?? null),
    urban_rural_6_fold_code: sixFold === null ? null : String(sixFold),
    urban_rural_6_fold: sixFold === null ? null : (SG_URBAN_RURAL_6_FOLD[sixFold] ?? null),
    // The published 2-fold: 8-fold classes 1-5 are urban areas and small towns, 6-8 rural areas.
    urban_rural_2_fold: eight !== null ? (eight <= 5 ? 'Urban' : 'Rural') : sixFold! <= 4 ? 'Urban' : 'Rural',
  };
}

/** ONSPD's built-up area; in Scotland (no ONS built-up areas) the postcode's NRS settlement. */
export function builtUpAreaCode(
  country: string | null,
  onspdCode: string | null,
  scottish: Row | null,
): string | null {
  if (onspdCode) return onspdCode;
  return country === 'Scotland' ? str(scottish?.settlement_code) : null;
}

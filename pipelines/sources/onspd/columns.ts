// Which ONSPD column feeds each target field (postcodes-uprn.md 2.3). Editions rename columns: legacy short
// names (`oslaua`), and from 2025 year-suffixed names (`lad25cd`) whose year changes every edition. So each
// target lists patterns; a pattern's (\d{2}) is the year, and among matching columns the newest year wins
// (`lad26cd` over `lad25cd`, `lsoa21` over `lsoa11`).
import { ADMIN_BOUNDARY_CODE_FIELDS } from '../../../schemas/api/area';

/** The admin boundary code fields ONSPD feeds (spec 2.7), as the response schema lists them. */
export const ONSPD_CODE_FIELDS = ADMIN_BOUNDARY_CODE_FIELDS;
export type OnspdCodeField = (typeof ONSPD_CODE_FIELDS)[number];

export const ONSPD_OTHER_FIELDS = [
  'postcode',
  'postcode_7',
  'postcode_8',
  'date_of_introduction',
  'date_of_termination',
  'user_type',
  'easting',
  'northing',
  'grid_quality',
  'latitude',
  'longitude',
  'lsoa_2011_code',
] as const;
export type OnspdOtherField = (typeof ONSPD_OTHER_FIELDS)[number];
export type OnspdField = OnspdCodeField | OnspdOtherField;

const Y = '(\\d{2})';
const p = (source: string): RegExp => new RegExp(`^${source.replaceAll('YY', Y)}$`);

/** Patterns per target, over lower-case header names. Earlier patterns win ties of equal year. */
export const ONSPD_COLUMN_PATTERNS: Record<OnspdField, RegExp[]> = {
  postcode: [p('pcds')],
  postcode_7: [p('pcd7'), p('pcd')],
  postcode_8: [p('pcd8'), p('pcd2')],
  date_of_introduction: [p('dointr')],
  date_of_termination: [p('doterm')],
  user_type: [p('usrtypind'), p('usertype')],
  easting: [p('east1m'), p('oseast1m')],
  northing: [p('north1m'), p('osnrth1m')],
  grid_quality: [p('gridind'), p('osgrdind')],
  latitude: [p('lat')],
  longitude: [p('long')],
  // Legacy editions carry the 2011 LSOA beside the 2021 one: kept for datasets keyed by 2011 LSOAs (IoD2019).
  lsoa_2011_code: [p('lsoa11cd'), p('lsoa11')],
  census_output_area_code: [p('oaYYcd'), p('oaYY')],
  county_code: [p('ctyYYcd'), p('oscty'), p('cty')],
  county_electoral_division_code: [p('cedYYcd'), p('ced')],
  local_authority_district_code: [p('ladYYcd'), p('oslaua'), p('laua')],
  electoral_area_code: [p('wdYYcd'), p('osward'), p('ward')],
  health_area_code: [p('hlthYYcd'), p('oshlthau'), p('hlthau')],
  country_code: [p('ctryYYcd'), p('ctry')],
  region_code: [p('rgnYYcd'), p('rgn'), p('gor')],
  parliamentary_constituency_code: [p('pconYYcd'), p('pcon')],
  european_electoral_region_code: [p('eerYYcd'), p('eer')],
  travel_to_work_area_code: [p('ttwaYYcd'), p('ttwa')],
  itl_area_code: [p('itlYYcd'), p('itl'), p('nuts')],
  national_park_code: [p('nparkYYcd'), p('npark'), p('park')],
  census_lower_layer_super_output_area_code: [p('lsoaYYcd'), p('lsoaYY')],
  census_middle_layer_super_output_area_code: [p('msoaYYcd'), p('msoaYY')],
  census_workplace_zone: [p('wzYYcd'), p('wzYY')],
  ccg_lhb_chp_area_code: [p('sicblYYcd'), p('sicbl'), p('ccgYYcd'), p('ccg')],
  built_up_area_code: [p('buaYYcd'), p('buaYY')],
  census_rural_urban_classification: [p('rucYYind'), p('ruYYind')],
  census_output_area_classification: [p('oacYYind'), p('oacYY')],
  local_enterprise_partnership_code: [p('lepYYcd1'), p('lep1')],
  local_enterprise_partnership_secondary_code: [p('lepYYcd2'), p('lep2')],
  police_force_area_code: [p('pfaYYcd'), p('pfa')],
};

/** Column index per target field (absent targets are left out). */
export function resolveOnspdColumns(header: readonly string[]): Partial<Record<OnspdField, number>> {
  const names = header.map((h) => h.trim().toLowerCase());
  const resolved: Partial<Record<OnspdField, number>> = {};
  for (const [field, patterns] of Object.entries(ONSPD_COLUMN_PATTERNS) as [OnspdField, RegExp[]][]) {
    let best: { index: number; year: number; rank: number } | undefined;
    names.forEach((name, index) => {
      const rank = patterns.findIndex((re) => re.test(name));
      if (rank === -1) return;
      const yy = patterns[rank]!.exec(name)?.[1];
      const year = yy === undefined ? -1 : Number(yy);
      if (!best || year > best.year || (year === best.year && rank < best.rank)) best = { index, year, rank };
    });
    if (best) resolved[field] = best.index;
  }
  return resolved;
}

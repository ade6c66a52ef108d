// The `area` block of a UPRN (admin_boundaries and area_attributes) from the rows joined to it by code.
// Pure: the asset does the joins (pipelines/assets/area/uprn-area-blocks.ts) and hands each UPRN's rows here.
import { ADMIN_BOUNDARY_FIELDS, HOUSE_PRICE_INDEX_NUMBER_FIELDS } from '../../../schemas/api/area';
import type {
  AdminBoundaries,
  AverageEnergyUsageStats,
  FuelPoverty,
  HousePriceIndex,
  StoredAreaBlock,
} from '../../../schemas/api/area';
import type { RetrofitGrantRules } from '../../../schemas/api/retrofit';
import { IOD_BLOCK_DOMAINS, type LSOA_2011_MATCHES } from '../../../schemas/api/area';
import { annualCost, areaUnitRates, type AreaEnergyPrices, type AreaUnitRates } from './energy-prices';
import { HPI_FIELD_DATE_SUFFIX } from './hpi-latest';
import { builtUpAreaCode, nationalIndex, scottishUrbanRural } from './nations';
import { pointAdminBoundaries, statisticsCountry } from './point-geography';
import type { LocationAdminBoundaries } from '../../../schemas/api/planning';
import { applicableGrants, type GrantFacts } from './retrofit-grants';

type Row = Record<string, unknown>;

export interface EnergyRow {
  year: number;
  meter_count: number | null;
  mean_consumption_kwh: number | null;
  median_consumption_kwh: number | null;
}

export interface FuelPovertyRow {
  code: string;
  name: string | null;
  household_count: number | null;
  fuel_poor_household_count: number | null;
  fuel_poor_household_percentage: number | null;
}

/** Everything joined to one UPRN; a null member means no row matched. */
export interface AreaInputs {
  /** The answered postcode (`admin_boundaries.postcode`, the energy price region). */
  postcode: string | null;
  postcodeSource: 'epc' | 'nearest_postcode' | null;
  postcodeDistance: number | null;
  /**
   * The staged ONSPD row of the postcode nearest the UPRN's point (point-geography.ts): the census small
   * areas and every non-polygon geography. Without `boundaries`, the row of `postcode`, every field from it.
   */
  onspd: Row | null;
  /**
   * The boundary polygons holding the UPRN's point (locationAdminBoundaries): ward, local authority, county,
   * region and country come from these, and the gating country is theirs, else `onspd`'s (point-geography.ts).
   * Undefined: everything from `onspd` (the former rule, kept for callers without polygons).
   */
  boundaries?: LocationAdminBoundaries | null;
  /** Latest-month UK HPI rows of the local authority, region and country. */
  hpi: { localAuthority: Row | null; region: Row | null; country: Row | null };
  fuelPoverty: {
    lsoa: FuelPovertyRow | null;
    localAuthority: FuelPovertyRow | null;
    region: FuelPovertyRow | null;
  };
  energy: {
    lsoaElectricity: EnergyRow | null;
    lsoaGas: EnergyRow | null;
    msoaElectricity: EnergyRow | null;
    msoaGas: EnergyRow | null;
  };
  deprivation: Row | null;
  /** How `deprivation` (a 2011 LSOA's row) was matched to the postcode's LSOA. */
  deprivationMatch?: DeprivationMatch | null;
  /** The postcode's WIMD (Wales) or SIMD (Scotland) row, newest edition (pipelines/transforms/area/nations.ts). */
  nationDeprivation?: Row | null;
  ruralUrban: Row | null;
  /** The postcode's Scottish Postcode Directory row: urban-rural classes and settlement (Scotland). */
  scottishPostcode?: Row | null;
  /** From the latest EPC, when there is one. */
  epc: { country: string | null; tenure: string | null; band: string | null };
}

export type DeprivationMatch = (typeof LSOA_2011_MATCHES)[number];

export const COUNTRY_BY_CODE: Readonly<Record<string, 'England' | 'Wales' | 'Scotland'>> = {
  E92000001: 'England',
  W92000004: 'Wales',
  S92000003: 'Scotland',
};

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function adminBoundaries(onspd: Row | null): AdminBoundaries | null {
  if (!onspd) return null;
  return Object.fromEntries(ADMIN_BOUNDARY_FIELDS.map((f) => [f, str(onspd[f])])) as AdminBoundaries;
}

/**
 * The local authority's row, else the region's, else the country's (rows of latestHpiPerAreaSql: each field
 * from the newest month that has it; `field_dates` names the month of those older than `date`).
 */
export function housePriceIndex(hpi: AreaInputs['hpi']): HousePriceIndex | null {
  const row = hpi.localAuthority ?? hpi.region ?? hpi.country;
  if (!row) return null;
  const out: Record<string, unknown> = {
    date: String(row.date),
    region_name: String(row.region_name),
    area_code: String(row.area_code),
  };
  const fieldDates: Record<string, string> = {};
  for (const f of HOUSE_PRICE_INDEX_NUMBER_FIELDS) {
    out[f] = numOrNull(row[f]);
    const month = row[`${f}${HPI_FIELD_DATE_SUFFIX}`];
    if (out[f] !== null && typeof month === 'string') fieldDates[f] = month;
  }
  out.field_dates = fieldDates;
  return out as HousePriceIndex;
}

const figures = (r: FuelPovertyRow) => ({
  household_count: r.household_count,
  fuel_poor_household_count: r.fuel_poor_household_count,
  fuel_poor_household_percentage: r.fuel_poor_household_percentage,
});

export function fuelPoverty(country: string | null, fp: AreaInputs['fuelPoverty']): FuelPoverty {
  // Published for England only: elsewhere the block is null, not a block of nulls.
  if (country !== 'England') return null;
  return {
    lower_layer_super_output_area: fp.lsoa && {
      lower_layer_super_output_area_code: fp.lsoa.code,
      lower_layer_super_output_area_name: fp.lsoa.name,
      ...figures(fp.lsoa),
    },
    local_authority: fp.localAuthority && {
      local_authority_district_code: fp.localAuthority.code,
      local_authority_district_name: fp.localAuthority.name,
      ...figures(fp.localAuthority),
    },
    region: fp.region && { region_code: fp.region.code, region_name: fp.region.name, ...figures(fp.region) },
  };
}

/** Usage and its cost at the region's unit rates (energy-prices.ts); costs are null without prices. */
function usage(electricity: EnergyRow | null, gas: EnergyRow | null, rates: AreaUnitRates | null) {
  const e = rates?.electricityPencePerKwh ?? null;
  const g = rates?.gasPencePerKwh ?? null;
  return {
    electricity_meter_count: electricity?.meter_count ?? null,
    mean_electricity_usage: electricity?.mean_consumption_kwh ?? null,
    mean_electricity_cost: annualCost(electricity?.mean_consumption_kwh ?? null, e),
    median_electricity_usage: electricity?.median_consumption_kwh ?? null,
    median_electricity_cost: annualCost(electricity?.median_consumption_kwh ?? null, e),
    electricity_year: electricity?.year ?? null,
    gas_meter_count: gas?.meter_count ?? null,
    mean_gas_usage: gas?.mean_consumption_kwh ?? null,
    mean_gas_cost: annualCost(gas?.mean_consumption_kwh ?? null, g),
    median_gas_usage: gas?.median_consumption_kwh ?? null,
    median_gas_cost: annualCost(gas?.median_consumption_kwh ?? null, g),
    gas_year: gas?.year ?? null,
  };
}

export function averageEnergyUsage(
  lsoaCode: string | null,
  msoaCode: string | null,
  energy: AreaInputs['energy'],
  rates: AreaUnitRates | null = null,
): AverageEnergyUsageStats | null {
  const lsoa = lsoaCode && (energy.lsoaElectricity || energy.lsoaGas);
  const msoa = msoaCode && (energy.msoaElectricity || energy.msoaGas);
  if (!lsoa && !msoa) return null;
  return {
    middle_layer_super_output_area: msoa
      ? {
          middle_layer_super_output_area_code: msoaCode!,
          ...usage(energy.msoaElectricity, energy.msoaGas, rates),
        }
      : null,
    lower_layer_super_output_area: lsoa
      ? {
          lower_layer_super_output_area_code: lsoaCode!,
          ...usage(energy.lsoaElectricity, energy.lsoaGas, rates),
        }
      : null,
  };
}

export function indicesOfDeprivation(
  country: string | null,
  row: Row | null,
  match: DeprivationMatch | null = null,
  nationRow: Row | null = null,
) {
  // The spec's LSOA object is IoD2019's (England); every nation's own index (IoD2019, WIMD, SIMD) is in
  // national_index, ranked within the nation (nations.ts, docs/nations.md).
  const national_index = nationalIndex(country, row, match, nationRow);
  if (country === 'Wales' || country === 'Scotland')
    return { lower_layer_super_output_area: null, national_index };
  if (country !== 'England') return null;
  if (!row) return { lower_layer_super_output_area: null, national_index };
  const lsoa: Record<string, unknown> = {
    lsoa_code: String(row.lsoa_code),
    lsoa_2011_match: match,
    lsoa_name: str(row.lsoa_name),
    local_authority_district_code: str(row.local_authority_district_code),
    local_authority_district_name: str(row.local_authority_district_name),
  };
  for (const d of IOD_BLOCK_DOMAINS) {
    lsoa[`${d}_score`] = numOrNull(row[`${d}_score`]);
    // The spec types ranks and deciles as strings.
    lsoa[`${d}_rank`] = numOrNull(row[`${d}_rank`]) === null ? null : String(row[`${d}_rank`]);
    lsoa[`${d}_decile`] = numOrNull(row[`${d}_decile`]) === null ? null : String(row[`${d}_decile`]);
  }
  return { lower_layer_super_output_area: lsoa, national_index };
}

/**
 * England and Wales: the ONS 2011 class of the output area; Scotland: the Scottish Government classification
 * of the postcode (nations.ts), the ONS fields null. Null when nothing matched.
 */
export function ruralUrbanClassification(country: string | null, row: Row | null, scottish: Row | null) {
  if (country === 'Scotland') {
    const sg = scottishUrbanRural(scottish);
    return sg
      ? {
          output_area_code: null,
          rural_urban_classification_code: null,
          rural_urban_classification_10_fold: null,
          rural_urban_classification_2_fold: null,
          classification: sg.classification,
          scottish_urban_rural_classification: sg,
        }
      : null;
  }
  const ons = ruralUrban(row);
  return (
    ons && {
      ...ons,
      classification: 'ONS Rural Urban Classification 2011' as const,
      scottish_urban_rural_classification: null,
    }
  );
}

export function ruralUrban(row: Row | null) {
  if (!row) return null;
  return {
    output_area_code: String(row.output_area_code),
    rural_urban_classification_code: String(row.rural_urban_classification_code),
    rural_urban_classification_10_fold: String(row.rural_urban_classification_10_fold),
    rural_urban_classification_2_fold: row.rural_urban_classification_2_fold as 'Urban' | 'Rural',
  };
}

/** `prices`: the energy prices of the refresh (areaEnergyPrices), for the annual costs; null leaves them null. */
export function buildAreaBlock(
  inputs: AreaInputs,
  rules: RetrofitGrantRules,
  asOf: string,
  prices: AreaEnergyPrices | null = null,
): StoredAreaBlock {
  const onspdAdmin = adminBoundaries(inputs.onspd);
  const byPoint = inputs.boundaries !== undefined;
  const admin = byPoint
    ? pointAdminBoundaries(inputs.postcode, onspdAdmin, inputs.boundaries ?? null)
    : onspdAdmin;
  const country =
    (byPoint
      ? statisticsCountry(inputs.boundaries?.country_code, onspdAdmin?.country_code)
      : admin?.country_code
        ? COUNTRY_BY_CODE[admin.country_code]
        : undefined) ??
    (inputs.epc.country as GrantFacts['country']) ??
    null;
  const deprivation = indicesOfDeprivation(
    country,
    inputs.deprivation,
    inputs.deprivationMatch ?? null,
    inputs.nationDeprivation ?? null,
  );
  // Scotland: the NRS settlement where ONSPD has no built-up area (nations.ts).
  if (admin)
    admin.built_up_area_code = builtUpAreaCode(
      country,
      admin.built_up_area_code,
      inputs.scottishPostcode ?? null,
    );
  const decile = deprivation?.lower_layer_super_output_area?.index_of_multiple_deprivation_decile;
  const facts: GrantFacts = {
    country,
    localAuthorityCode: admin?.local_authority_district_code ?? null,
    tenure: inputs.epc.tenure,
    epcBand: inputs.epc.band,
    deprivationDecile: decile ? Number(decile) : null,
  };
  return {
    admin_boundaries: admin,
    area_attributes: {
      house_price_index: housePriceIndex(inputs.hpi),
      fuel_poverty: fuelPoverty(country, inputs.fuelPoverty),
      average_energy_usage_stats: averageEnergyUsage(
        admin?.census_lower_layer_super_output_area_code ?? null,
        admin?.census_middle_layer_super_output_area_code ?? null,
        inputs.energy,
        areaUnitRates(prices, inputs.postcode),
      ),
      retrofit_grants: applicableGrants(rules, facts, asOf),
      urban_rural_classification: ruralUrbanClassification(
        country,
        inputs.ruralUrban,
        inputs.scottishPostcode ?? null,
      ),
      indices_of_deprivation: deprivation as StoredAreaBlock['area_attributes']['indices_of_deprivation'],
    },
    postcode_source: inputs.postcodeSource,
    postcode_distance: inputs.postcodeDistance,
  };
}

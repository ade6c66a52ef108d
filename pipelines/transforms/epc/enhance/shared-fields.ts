// The part of the enhanced record that England & Wales and Scotland compute the same way: same key, same
// rule, same raw field, declared field by field (field-rules.ts). Each country adds its own fields
// (england-wales.ts, scotland.ts); what differs between them is passed in as CountryRules.
import type { BuiltForm, PropertyType } from '../../../../schemas/epc';
import {
  applyCostRatios,
  applyCostRatiosSql,
  isElectricHotWater,
  priceEra,
  ratiosForEra,
  type CostRatios,
} from '../adjusted-costs';
import { toConstructionAgeBand, type AgeBandScheme } from './categories/age-band';
import { toFloorLevel } from './categories/floor-level';
import { toGlazedArea, toGlazedType } from './categories/glazing';
import { toMainFuel } from './categories/main-fuel';
import { toBuiltForm, toDwellingType, toPropertyType } from './categories/property';
import { toEfficiencyRating, toEnergyRating } from './categories/ratings';
import { toEnergyTariff, toHeatLossCorridor, toMechanicalVentilation } from './categories/services';
import { toTenure } from './categories/tenure';
import { toTransactionType } from './categories/transaction-type';
import { floorType, roofType, wallsType } from './derived/element-types';
import { isHeatPump } from './derived/heating';
import { roofPhotovoltaicSupply } from './derived/photovoltaics';
import { thermalTransmittance } from './derived/thermal-transmittance';
import {
  co2ReductionPotential,
  co2ReductionPotentialSql,
  totalEnergyConsumption,
  totalEnergyConsumptionSql,
} from './derived/totals';
import { derived, fromRaw, type FieldRule } from './field-rules';
import { toBoolean } from './values/booleans';
import { normalisePostcode, POSTCODE_SQL } from './values/codes';
import { toTimestamp } from './values/dates';
import {
  toCount,
  toInteger,
  toMoney,
  toNonNegative,
  toNumber,
  toPercentage,
  toPositive,
} from './values/numbers';
import { cleanText, PLAIN_TEXT_SQL } from './values/text';

/** What the shared fields need to know about the country. */
export interface CountryRules {
  /** Cleans an element description (values/descriptions.ts). */
  readonly description: (value: string | undefined) => string | null;
  /** Which country's construction age bands a bare year falls into. */
  readonly ageBands: AgeBandScheme;
  /** The raw walls fields, each as its spellings in the order tried (see pick). */
  readonly walls: {
    readonly description: readonly string[];
    readonly energyEfficiency: readonly string[];
    readonly environmentalEfficiency: readonly string[];
  };
}

/** A free-text column whose plain values stay as they are (values/text.ts), for columns of unique values. */
export const plainText = (name: string, from: string | readonly string[]) =>
  fromRaw(name, from, cleanText, { fast: PLAIN_TEXT_SQL });

/** The enhanced fields common to both countries, declared field by field (see field-rules.ts). */
export function sharedFieldRules(rules: CountryRules): FieldRule[] {
  const description = (name: string, from: string | readonly string[]) =>
    fromRaw(name, from, rules.description);
  const efficiency = (name: string, from: string | readonly string[]) =>
    fromRaw(name, from, toEfficiencyRating);
  const money = (name: string) => fromRaw(name, name, toMoney);
  return [
    plainText('address1', 'address1'),
    plainText('address2', 'address2'),
    plainText('address3', 'address3'),
    plainText('building_reference_number', 'building_reference_number'),
    fromRaw('built_form', 'built_form', toBuiltForm),
    fromRaw('co2_emissions_current', 'co2_emissions_current', toNumber),
    fromRaw('co2_emissions_per_floor_area_m2_current', 'co2_emiss_curr_per_floor_area', toNumber),
    fromRaw('co2_emissions_potential', 'co2_emissions_potential', toNumber),
    derived(
      'co2_emissions_reduction_potential',
      ['co2_emissions_current', 'co2_emissions_potential'],
      co2ReductionPotential,
      {
        sql: co2ReductionPotentialSql,
      },
    ),
    fromRaw('constituency', 'constituency', cleanText),
    fromRaw('constituency_label', 'constituency_label', cleanText),
    fromRaw('construction_age_band', 'construction_age_band', (v) =>
      toConstructionAgeBand(v, rules.ageBands),
    ),
    fromRaw('property_type', 'property_type', toPropertyType),
    fromRaw('floor_level', 'floor_level', toFloorLevel),
    fromRaw('is_flat_top_storey', 'flat_top_storey', toBoolean),
    derived(
      'dwelling_type',
      ['property_type', 'built_form', 'floor_level', 'is_flat_top_storey'],
      (
        property_type: PropertyType | null,
        built_form: BuiltForm | null,
        floor_level: string | null,
        is_flat_top_storey: boolean | null,
      ) => toDwellingType({ property_type, built_form, floor_level, is_flat_top_storey }),
    ),
    fromRaw('energy_efficiency_current', 'current_energy_efficiency', toInteger),
    fromRaw('energy_efficiency_potential', 'potential_energy_efficiency', toInteger),
    fromRaw('energy_rating_current', 'current_energy_rating', toEnergyRating),
    fromRaw('energy_rating_potential', 'potential_energy_rating', toEnergyRating),
    fromRaw('energy_tariff', 'energy_tariff', toEnergyTariff),
    fromRaw('environmental_impact_current', 'environment_impact_current', toInteger),
    fromRaw('environmental_impact_potential', 'environment_impact_potential', toInteger),
    fromRaw('extension_count', 'extension_count', toCount),
    description('floor_description', 'floor_description'),
    efficiency('floor_energy_efficiency', 'floor_energy_eff'),
    efficiency('floor_environmental_efficiency', 'floor_env_eff'),
    fromRaw('floor_height', 'floor_height', toPositive),
    derived('floor_thermal_transmittance', ['floor_description'], thermalTransmittance),
    derived('floor_type', ['floor_description'], floorType),
    fromRaw('glazed_area', 'glazed_area', toGlazedArea),
    fromRaw('glazed_type', 'glazed_type', toGlazedType),
    fromRaw('habitable_room_count', 'number_habitable_rooms', toCount),
    fromRaw('has_mains_gas', 'mains_gas_flag', toBoolean),
    fromRaw('has_solar_water_heating', 'solar_water_heating_flag', toBoolean),
    fromRaw('heat_loss_corridor', ['heat_loss_corridor', 'heat_loss_corridoor'], toHeatLossCorridor),
    description('main_heating_description', 'mainheat_description'),
    derived('heat_pump', ['main_heating_description'], isHeatPump),
    fromRaw('heated_room_count', 'number_heated_rooms', toCount),
    money('heating_cost_current'),
    money('heating_cost_potential'),
    money('hot_water_cost_current'),
    money('hot_water_cost_potential'),
    description('hot_water_description', 'hotwater_description'),
    efficiency('hot_water_energy_efficiency', 'hot_water_energy_eff'),
    efficiency('hot_water_environmental_efficiency', 'hot_water_env_eff'),
    fromRaw('inspection_date', 'inspection_date', toTimestamp),
    money('lighting_cost_current'),
    money('lighting_cost_potential'),
    description('lighting_description', 'lighting_description'),
    efficiency('lighting_energy_efficiency', 'lighting_energy_eff'),
    efficiency('lighting_environmental_efficiency', 'lighting_env_eff'),
    fromRaw('local_authority_label', 'local_authority_label', cleanText),
    fromRaw('lodgement_date', 'lodgement_date', toTimestamp),
    fromRaw('low_energy_lighting_percentage', 'low_energy_lighting', toPercentage),
    fromRaw('main_fuel', 'main_fuel', toMainFuel),
    fromRaw('main_heating_controls', 'main_heating_controls', toInteger),
    description('main_heating_controls_description', 'mainheatcont_description'),
    efficiency('main_heating_controls_energy_efficiency', 'mainheatc_energy_eff'),
    efficiency('main_heating_controls_environmental_efficiency', 'mainheatc_env_eff'),
    efficiency('main_heating_energy_efficiency', 'mainheat_energy_eff'),
    efficiency('main_heating_environmental_efficiency', 'mainheat_env_eff'),
    fromRaw('mechanical_ventilation', 'mechanical_ventilation', toMechanicalVentilation),
    fromRaw('multi_glaze_percentage', 'multi_glaze_proportion', toPercentage),
    fromRaw('open_fireplace_count', 'number_open_fireplaces', toCount),
    fromRaw('postcode', 'postcode', normalisePostcode, { fast: POSTCODE_SQL }),
    description('roof_description', 'roof_description'),
    efficiency('roof_energy_efficiency', 'roof_energy_eff'),
    efficiency('roof_environmental_efficiency', 'roof_env_eff'),
    fromRaw('roof_photovoltaic_supply', 'photo_supply', (v) => roofPhotovoltaicSupply(cleanText(v))),
    derived('roof_thermal_transmittance', ['roof_description'], thermalTransmittance),
    derived('roof_type', ['roof_description'], roofType),
    description('second_heating_description', 'secondheat_description'),
    fromRaw('tenure', 'tenure', toTenure),
    fromRaw('total_floor_area', 'total_floor_area', toPositive),
    fromRaw('_energy_consumption_current', 'energy_consumption_current', toNumber, { type: 'DOUBLE' }),
    fromRaw('_energy_consumption_potential', 'energy_consumption_potential', toNumber, { type: 'DOUBLE' }),
    derived(
      'total_energy_consumption_current',
      ['_energy_consumption_current', 'total_floor_area'],
      totalEnergyConsumption,
      {
        sql: totalEnergyConsumptionSql,
      },
    ),
    derived(
      'total_energy_consumption_potential',
      ['_energy_consumption_potential', 'total_floor_area'],
      totalEnergyConsumption,
      {
        sql: totalEnergyConsumptionSql,
      },
    ),
    fromRaw('transaction_type', 'transaction_type', toTransactionType),
    fromRaw('unheated_corridor_length', 'unheated_corridor_length', toNonNegative),
    description('walls_description', rules.walls.description),
    efficiency('walls_energy_efficiency', rules.walls.energyEfficiency),
    efficiency('walls_environmental_efficiency', rules.walls.environmentalEfficiency),
    derived('walls_thermal_transmittance', ['walls_description'], thermalTransmittance),
    derived('walls_type', ['walls_description'], wallsType),
    fromRaw('wind_turbine_count', 'wind_turbine_count', toCount),
    description('windows_description', 'windows_description'),
    efficiency('windows_energy_efficiency', 'windows_energy_eff'),
    efficiency('windows_environmental_efficiency', 'windows_env_eff'),
    // adjusted_costs: the factors depend on a few columns of few values each (a lookup), the costs on
    // columns of many values, so the factors are their own (hidden) fields and the costs are applied after.
    fromRaw('_report_type_new_dwelling', 'report_type', (v) => v?.trim() === '3', { type: 'BOOLEAN' }),
    derived(
      '_new_dwelling',
      ['transaction_type', '_report_type_new_dwelling'],
      (transactionType: string | null, newReport: boolean) => transactionType === 'New dwelling' || newReport,
      { type: 'BOOLEAN' },
    ),
    derived(
      '_price_era',
      ['lodgement_date', '_new_dwelling'],
      (lodgementDate: string | null, newDwelling: boolean) =>
        lodgementDate ? priceEra(lodgementDate, newDwelling) : null,
      { type: 'VARCHAR' },
    ),
    derived('_electric_hot_water', ['hot_water_description'], isElectricHotWater, { type: 'BOOLEAN' }),
    derived(
      '_cost_ratios',
      ['_price_era', 'main_fuel', 'has_mains_gas', 'energy_tariff', '_electric_hot_water'],
      ratiosForEra,
      { type: 'JSON' },
    ),
    ...RATIO_KEYS.map((key) =>
      derived(`_cost_ratio_${key}`, ['_cost_ratios'], (r: CostRatios | null) => r?.[key] ?? null, {
        type: 'DOUBLE',
      }),
    ),
    derived(
      'adjusted_costs',
      ['_cost_ratios', ...COST_KEYS, ...RATIO_KEYS.map((key) => `_cost_ratio_${key}`)],
      (ratios: CostRatios | null, ...costs: (number | null)[]) =>
        applyCostRatios(ratios, Object.fromEntries(COST_KEYS.map((k, i) => [k, costs[i] ?? null])) as Costs),
      {
        sql: (_ratios, ...rest) =>
          applyCostRatiosSql(
            Object.fromEntries(RATIO_KEYS.map((k, i) => [k, rest[COST_KEYS.length + i]!])) as Record<
              (typeof RATIO_KEYS)[number],
              string
            >,
            Object.fromEntries(COST_KEYS.map((k, i) => [k, rest[i]!])) as Record<
              (typeof COST_KEYS)[number],
              string
            >,
          ),
      },
    ),
  ];
}

const COST_KEYS = [
  'heating_cost_current',
  'heating_cost_potential',
  'hot_water_cost_current',
  'hot_water_cost_potential',
  'lighting_cost_current',
  'lighting_cost_potential',
] as const;
type Costs = Record<(typeof COST_KEYS)[number], number | null>;
const RATIO_KEYS = ['heating', 'hot_water', 'lighting', 'standing_charges'] as const;

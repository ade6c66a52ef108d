// The part of the enhanced record that England & Wales and Scotland compute the same way: same key, same
// rule, same raw field. Each country's enhancer spreads it and adds its own fields (england-wales.ts,
// scotland.ts); what differs between them is passed in as CountryRules.
import { adjustCosts } from '../adjusted-costs';
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
import { co2ReductionPotential, totalEnergyConsumption } from './derived/totals';
import { toBoolean } from './values/booleans';
import { normalisePostcode } from './values/codes';
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
import { cleanText } from './values/text';

/** A raw record: lower-case field names, string values (missing fields are treated as blank). */
export type RawRecord = Readonly<Record<string, string | undefined>>;

/** The first of several spellings present in the record (HEAT_LOSS_CORRIDOOR, 2025 names). */
export const pick = (raw: RawRecord, ...names: string[]): string | undefined => {
  for (const name of names) if (raw[name] !== undefined) return raw[name];
  return undefined;
};

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

/** The enhanced fields common to both countries, computed from the raw record. */
export function sharedFields(raw: RawRecord, rules: CountryRules) {
  const description = (...names: string[]) => rules.description(pick(raw, ...names));
  const efficiency = (...names: string[]) => toEfficiencyRating(pick(raw, ...names));

  const walls = description(...rules.walls.description);
  const roof = description('roof_description');
  const floor = description('floor_description');
  const mainHeating = description('mainheat_description');
  const co2Current = toNumber(raw.co2_emissions_current);
  const co2Potential = toNumber(raw.co2_emissions_potential);
  const floorArea = toPositive(raw.total_floor_area);
  const propertyType = toPropertyType(raw.property_type);
  const builtForm = toBuiltForm(raw.built_form);
  const floorLevel = toFloorLevel(raw.floor_level);
  const isTopStorey = toBoolean(raw.flat_top_storey);
  const transactionType = toTransactionType(raw.transaction_type);
  const lodgementDate = toTimestamp(raw.lodgement_date);
  const mainFuel = toMainFuel(raw.main_fuel);
  const hasMainsGas = toBoolean(raw.mains_gas_flag);
  const energyTariff = toEnergyTariff(raw.energy_tariff);
  const hotWaterDescription = description('hotwater_description');
  const costs = {
    heating_cost_current: toMoney(raw.heating_cost_current),
    heating_cost_potential: toMoney(raw.heating_cost_potential),
    hot_water_cost_current: toMoney(raw.hot_water_cost_current),
    hot_water_cost_potential: toMoney(raw.hot_water_cost_potential),
    lighting_cost_current: toMoney(raw.lighting_cost_current),
    lighting_cost_potential: toMoney(raw.lighting_cost_potential),
  };
  const adjustedCosts = adjustCosts({
    ...costs,
    lodgement_date: lodgementDate,
    new_dwelling: transactionType === 'New dwelling' || raw.report_type?.trim() === '3',
    main_fuel: mainFuel,
    has_mains_gas: hasMainsGas,
    energy_tariff: energyTariff,
    hot_water_description: hotWaterDescription,
  });

  return {
    address1: cleanText(raw.address1),
    address2: cleanText(raw.address2),
    address3: cleanText(raw.address3),
    adjusted_costs: adjustedCosts,
    building_reference_number: cleanText(raw.building_reference_number),
    built_form: builtForm,
    co2_emissions_current: co2Current,
    co2_emissions_per_floor_area_m2_current: toNumber(raw.co2_emiss_curr_per_floor_area),
    co2_emissions_potential: co2Potential,
    co2_emissions_reduction_potential: co2ReductionPotential(co2Current, co2Potential),
    constituency: cleanText(raw.constituency),
    constituency_label: cleanText(raw.constituency_label),
    construction_age_band: toConstructionAgeBand(raw.construction_age_band, rules.ageBands),
    dwelling_type: toDwellingType({
      property_type: propertyType,
      built_form: builtForm,
      floor_level: floorLevel,
      is_flat_top_storey: isTopStorey,
    }),
    energy_efficiency_current: toInteger(raw.current_energy_efficiency),
    energy_efficiency_potential: toInteger(raw.potential_energy_efficiency),
    energy_rating_current: toEnergyRating(raw.current_energy_rating),
    energy_rating_potential: toEnergyRating(raw.potential_energy_rating),
    energy_tariff: energyTariff,
    environmental_impact_current: toInteger(raw.environment_impact_current),
    environmental_impact_potential: toInteger(raw.environment_impact_potential),
    extension_count: toCount(raw.extension_count),
    floor_description: floor,
    floor_energy_efficiency: efficiency('floor_energy_eff'),
    floor_environmental_efficiency: efficiency('floor_env_eff'),
    floor_height: toPositive(raw.floor_height),
    floor_level: floorLevel,
    floor_thermal_transmittance: thermalTransmittance(floor),
    floor_type: floorType(floor),
    glazed_area: toGlazedArea(raw.glazed_area),
    glazed_type: toGlazedType(raw.glazed_type),
    habitable_room_count: toCount(raw.number_habitable_rooms),
    has_mains_gas: hasMainsGas,
    has_solar_water_heating: toBoolean(raw.solar_water_heating_flag),
    heat_loss_corridor: toHeatLossCorridor(pick(raw, 'heat_loss_corridor', 'heat_loss_corridoor')),
    heat_pump: isHeatPump(mainHeating),
    heated_room_count: toCount(raw.number_heated_rooms),
    heating_cost_current: costs.heating_cost_current,
    heating_cost_potential: costs.heating_cost_potential,
    hot_water_cost_current: costs.hot_water_cost_current,
    hot_water_cost_potential: costs.hot_water_cost_potential,
    hot_water_description: hotWaterDescription,
    hot_water_energy_efficiency: efficiency('hot_water_energy_eff'),
    hot_water_environmental_efficiency: efficiency('hot_water_env_eff'),
    inspection_date: toTimestamp(raw.inspection_date),
    is_flat_top_storey: isTopStorey,
    lighting_cost_current: costs.lighting_cost_current,
    lighting_cost_potential: costs.lighting_cost_potential,
    lighting_description: description('lighting_description'),
    lighting_energy_efficiency: efficiency('lighting_energy_eff'),
    lighting_environmental_efficiency: efficiency('lighting_env_eff'),
    local_authority_label: cleanText(raw.local_authority_label),
    lodgement_date: lodgementDate,
    low_energy_lighting_percentage: toPercentage(raw.low_energy_lighting),
    main_fuel: mainFuel,
    main_heating_controls: toInteger(raw.main_heating_controls),
    main_heating_controls_description: description('mainheatcont_description'),
    main_heating_controls_energy_efficiency: efficiency('mainheatc_energy_eff'),
    main_heating_controls_environmental_efficiency: efficiency('mainheatc_env_eff'),
    main_heating_description: mainHeating,
    main_heating_energy_efficiency: efficiency('mainheat_energy_eff'),
    main_heating_environmental_efficiency: efficiency('mainheat_env_eff'),
    mechanical_ventilation: toMechanicalVentilation(raw.mechanical_ventilation),
    multi_glaze_percentage: toPercentage(raw.multi_glaze_proportion),
    open_fireplace_count: toCount(raw.number_open_fireplaces),
    postcode: normalisePostcode(raw.postcode),
    property_type: propertyType,
    roof_description: roof,
    roof_energy_efficiency: efficiency('roof_energy_eff'),
    roof_environmental_efficiency: efficiency('roof_env_eff'),
    roof_photovoltaic_supply: roofPhotovoltaicSupply(cleanText(raw.photo_supply)),
    roof_thermal_transmittance: thermalTransmittance(roof),
    roof_type: roofType(roof),
    second_heating_description: description('secondheat_description'),
    tenure: toTenure(raw.tenure),
    total_energy_consumption_current: totalEnergyConsumption(
      toNumber(raw.energy_consumption_current),
      floorArea,
    ),
    total_energy_consumption_potential: totalEnergyConsumption(
      toNumber(raw.energy_consumption_potential),
      floorArea,
    ),
    total_floor_area: floorArea,
    transaction_type: transactionType,
    unheated_corridor_length: toNonNegative(raw.unheated_corridor_length),
    walls_description: walls,
    walls_energy_efficiency: efficiency(...rules.walls.energyEfficiency),
    walls_environmental_efficiency: efficiency(...rules.walls.environmentalEfficiency),
    walls_thermal_transmittance: thermalTransmittance(walls),
    walls_type: wallsType(walls),
    wind_turbine_count: toCount(raw.wind_turbine_count),
    windows_description: description('windows_description'),
    windows_energy_efficiency: efficiency('windows_energy_eff'),
    windows_environmental_efficiency: efficiency('windows_env_eff'),
  };
}

type Join = (shared: object, own: object) => object;

/**
 * Joins the shared fields and a country's own (which may not repeat a shared key) into one record, keys in
 * alphabetical order: the spec's order, which the JSON of the enhanced record follows. All records of one
 * call site have the same keys, so the join is compiled once, from the first record, to one object literal
 * in that order: spreading and sorting ~100 keys per record made enhancement ~40% slower, a literal keeps
 * it as fast as writing the fields out. Keys come from this code, and enter the literal as JSON strings.
 */
export function createRecordAssembler() {
  let join: Join | undefined;
  return <S extends object, C extends object>(
    shared: S,
    own: C & { readonly [K in keyof C & keyof S]: never },
  ): S & C => {
    join ??= compileJoin(Object.keys(shared), Object.keys(own));
    return join(shared, own) as S & C;
  };
}

function compileJoin(sharedKeys: readonly string[], ownKeys: readonly string[]): Join {
  const own = new Set(ownKeys);
  const props = [...sharedKeys, ...ownKeys]
    .sort()
    .map((key) => `${JSON.stringify(key)}: ${own.has(key) ? 'o' : 's'}[${JSON.stringify(key)}]`);
  return new Function('s', 'o', `return { ${props.join(', ')} };`) as Join;
}

// EPC enhancement: raw certificate → enhanced record (spec 2.10), and the rules it is built from.
export { enhanceEnglandWales } from './england-wales';
export { enhanceScotland } from './scotland';
export { dropEmptyColumns } from './drop-empty-columns';

export { isNullLike, nullIfMissing } from './values/nulls';
export { decodeHtmlEntities, fixMojibake, fixUnitSymbols, repairDoubleEncoding } from './values/mojibake';
export {
  cleanText,
  cleanTextFully,
  firstPart,
  removeCountryPrefix,
  removeNullFragments,
  removeSpecialCharacters,
  tidyWhitespace,
} from './values/text';
export { englandWalesDescription, scottishDescription } from './values/descriptions';
export { fixBrokenYear, toTimestamp } from './values/dates';
export {
  toCount,
  toInteger,
  toMoney,
  toNonNegative,
  toNumber,
  toPercentage,
  toPositive,
  toUprn,
} from './values/numbers';
export { toBoolean } from './values/booleans';
export { normalisePostcode, toOnsCode } from './values/codes';

export { toEfficiencyRating, toEnergyRating } from './categories/ratings';
export { toGlazedArea, toGlazedType } from './categories/glazing';
export { toTenure } from './categories/tenure';
export { toBuiltForm, toDwellingType, toPropertyType } from './categories/property';
export { toFloorLevel } from './categories/floor-level';
export { toMainFuel } from './categories/main-fuel';
export { toEnergyTariff, toHeatLossCorridor, toMechanicalVentilation } from './categories/services';
export { toTransactionType } from './categories/transaction-type';
export { ageBandForYear, toConstructionAgeBand } from './categories/age-band';

export { thermalTransmittance } from './derived/thermal-transmittance';
export { floorType, roofType, wallsType } from './derived/element-types';
export { isHeatPump } from './derived/heating';
export { roofPhotovoltaicSupply } from './derived/photovoltaics';
export { co2ReductionPotential, totalEnergyConsumption } from './derived/totals';

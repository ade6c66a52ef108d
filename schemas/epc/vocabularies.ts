// The standardised vocabularies: the values the enhancement rules emit.

export const ENERGY_RATINGS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export const EFFICIENCY_RATINGS = ['Very Good', 'Good', 'Average', 'Poor', 'Very Poor'] as const;
export const GLAZED_TYPES = ['Single', 'Double', 'Triple', 'Secondary'] as const;
export const GLAZED_AREAS = [
  'Much Less Than Typical',
  'Less Than Typical',
  'Normal',
  'More Than Typical',
  'Much More Than Typical',
] as const;
export const TENURES = ['Owner-occupied', 'Rented (social)', 'Rented (private)'] as const;
export const PROPERTY_TYPES = ['House', 'Flat', 'Maisonette', 'Bungalow', 'Park home'] as const;
export const BUILT_FORMS = [
  'Detached',
  'Semi-Detached',
  'Mid-Terrace',
  'End-Terrace',
  'Enclosed Mid-Terrace',
  'Enclosed End-Terrace',
] as const;
export const ENERGY_TARIFFS = [
  'Single',
  'Dual',
  'Dual (24 hour)',
  '24 hour',
  'Off-peak 7 hour',
  'Off-peak 10 hour',
  'Off-peak 18 hour',
] as const;
export const MECHANICAL_VENTILATIONS = [
  'Natural',
  'Mechanical, extract only',
  'Mechanical, supply and extract',
  'Mechanical',
] as const;
export const HEAT_LOSS_CORRIDORS = ['No corridor', 'Heated corridor', 'Unheated corridor'] as const;
export const TRANSACTION_TYPES = [
  'Marketed sale',
  'Non marketed sale',
  'Rental',
  'Rental (social)',
  'Rental (private)',
  'New dwelling',
  'ECO assessment',
  'Green Deal assessment',
  'Following Green Deal',
  'RHI application',
  'FiT application',
  'Stock condition survey',
  'Not sale or rental',
  'None of the above',
] as const;
export const BASE_FUELS = [
  'Mains gas',
  'Electricity',
  'Oil',
  'LPG',
  'Bottled LPG',
  'Coal',
  'Anthracite',
  'Smokeless coal',
  'Dual fuel (mineral and wood)',
  'Wood logs',
  'Wood chips',
  'Wood pellets',
  'Biomass',
  'Biogas',
  'Biodiesel',
  'Bioethanol',
  'Rapeseed oil',
  'Waste combustion',
  'Waste heat',
] as const;
export type BaseFuel = (typeof BASE_FUELS)[number];
export type MainFuel = BaseFuel | `${BaseFuel} (community)` | 'No heating system';
/** A base fuel, the same fuel supplied by a community (district) scheme, or no heating system at all. */
export const MAIN_FUELS = [
  ...BASE_FUELS.flatMap((f) => [f, `${f} (community)` as const]),
  'No heating system',
] as readonly MainFuel[] as [MainFuel, ...MainFuel[]];
export const WALL_TYPES = [
  'Cavity',
  'Solid brick',
  'Stone',
  'Timber frame',
  'System built',
  'Cob',
  'Park home',
  'Curtain wall',
] as const;
export const ROOF_TYPES = [
  'Pitched',
  'Flat',
  'Roof room',
  'Thatched',
  'Another dwelling above',
  'Other premises above',
] as const;
export const FLOOR_TYPES = [
  'Solid',
  'Suspended',
  'Another dwelling below',
  'Other premises below',
  'To unheated space',
  'To external air',
] as const;

export type EnergyRating = (typeof ENERGY_RATINGS)[number];
export type EfficiencyRating = (typeof EFFICIENCY_RATINGS)[number];
export type GlazedType = (typeof GLAZED_TYPES)[number];
export type GlazedArea = (typeof GLAZED_AREAS)[number];
export type Tenure = (typeof TENURES)[number];
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export type BuiltForm = (typeof BUILT_FORMS)[number];
export type EnergyTariff = (typeof ENERGY_TARIFFS)[number];
export type MechanicalVentilation = (typeof MECHANICAL_VENTILATIONS)[number];
export type HeatLossCorridor = (typeof HEAT_LOSS_CORRIDORS)[number];
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type WallType = (typeof WALL_TYPES)[number];
export type RoofType = (typeof ROOF_TYPES)[number];
export type FloorType = (typeof FLOOR_TYPES)[number];

// Every asset's name, once. Declarations are typed by it (`defineAsset` below), so an upstream that names no
// asset, or an asset named outside this list, does not compile; graph.ts checks when it loads that each name
// is declared exactly once, that every upstream exists and that the graph has no cycle.
import type { AssetDefinition } from '../orchestration/definition';

export const ASSET_NAMES = [
  // Addresses and postcodes
  'os_open_uprn',
  'onspd',
  // EPC
  'epc_england_wales_raw',
  'epc_scotland_raw',
  'epc_enhanced',
  'epc_latest',
  'epc_stats',
  'epc_estimates',
  'epc_by_tile',
  'uprn_epc_blocks',
  // Area data
  'hpi',
  'fuel_poverty',
  'energy_usage',
  'energy_prices',
  'deprivation',
  'wimd',
  'simd',
  'scottish_postcodes',
  'lsoa_lookup',
  'rural_urban',
  'uprn_area_blocks',
  // Planning, transport and boundaries
  'conservation_areas',
  'listed_buildings',
  'world_heritage_sites',
  'national_parks',
  'ev_charge_points',
  'low_emission_zones',
  'airports',
  'admin_boundaries',
  // Heritage
  'cadw_listed_buildings',
  'wales_conservation_areas',
  'cadw_world_heritage_sites',
  'hes_listed_buildings',
  'hes_conservation_areas',
  'hes_world_heritage_sites',
  'gb_listed_buildings',
  'gb_conservation_areas',
  'gb_world_heritage_sites',
  // Location blocks
  'uprn_location_blocks',
  // Environment and social
  'air_quality_cells',
  'radon_cells',
  'subsidence_hazard_areas',
  'subsidence_climate_areas',
  'greenspace_sites',
  'landslides',
  'nhs_sites',
  'defibrillators',
  'uprn_environment_blocks',
  // Climate
  'haduk_grid_cells',
  'ukcp18_projections',
  'climate_cells',
  'uprn_climate_blocks',
  // Flood
  'flood_zones',
  'flood_recorded_outlines',
  'flood_defences',
  'flood_defence_areas',
  'terrain_contours',
  'coastline',
  'flood_pieces',
  'uprn_flood_blocks',
  // Indexes
  'feature_index',
  'location_feature_index',
  'properties_index',
  // Analysts' outputs
  'properties_wide',
] as const;

export type AssetName = (typeof ASSET_NAMES)[number];

/** An asset declaration: its name and its upstreams are asset names. */
export type Asset = AssetDefinition<AssetName>;

export const defineAsset = (definition: Asset): Asset => definition;

// What `pds export` can join to a list of UPRNs: each block a per-UPRN derived table (one row per UPRN,
// `uprn` and the typed nested column `block`, property-blocks.ts) or one member of its block, with a few flat
// columns read out of it for spreadsheets and SQL. The block itself also comes out as it is stored (a column
// named after the block). docs/analysts.md lists every block and column.
import type { AssetContext } from '../orchestration/definition';
import { memberSql } from '../io/nested-type';
import { areaTableGlob, UPRN_AREA_BLOCKS_TABLE } from '../assets/area/area-tiles';
import { climateTableGlob, UPRN_CLIMATE_BLOCKS_TABLE } from '../assets/climate/uprn-climate-blocks';
import { uprnEnvironmentBlocksGlob } from '../assets/environment/uprn-environment-blocks';
import { uprnEpcBlocksGlob } from '../assets/epc/uprn-epc-blocks';
import { uprnFloodBlocksGlob } from '../assets/flood/uprn-flood-blocks';
import { uprnLocationBlocksGlob } from '../assets/location/uprn-location-blocks';

export type FlatType = 'VARCHAR' | 'DOUBLE' | 'INTEGER' | 'BOOLEAN' | 'TIMESTAMP';

/** The SQL of a path's value in the block (`$.a.b[0].c`, as JSON paths spell it), typed as stored. */
type PathValue = (path: string) => string;

export interface FlatColumn {
  name: string;
  type: FlatType;
  /** A path into the block (`$.a.b`); SQL over the row `t` of its table; or SQL built from paths' values. */
  from: string | ((v: PathValue) => string);
  description: string;
}

export interface ExportBlock {
  name: string;
  description: string;
  /** The asset whose table holds it, and its Parquet file or glob. */
  asset: string;
  parquet(ctx: Pick<AssetContext, 'config'>): string;
  /** The member of the table's `block` this block is; the whole block when absent. */
  member?: string;
  flat: readonly FlatColumn[];
}

/** A path (`$.a.b[0].c`) as member access on the block column `b`. */
const memberOfB: PathValue = (path) => memberSql('b', path);

/** A block's flat columns as SQL over `t` (its table's row) and `b` (its block, or the member it is). */
export function flatSql(columns: readonly FlatColumn[]): string[] {
  return columns.map((c) => {
    const expr =
      typeof c.from === 'function' ? c.from(memberOfB) : c.from.startsWith('$') ? memberOfB(c.from) : c.from;
    return `TRY_CAST((${expr}) AS ${c.type})`;
  });
}

const risk = (v: PathValue, country: string, layer: string) => v(`$.${country}.${layer}.annual_flood_risk`);

export const EXPORT_BLOCKS: readonly ExportBlock[] = [
  {
    name: 'flood_risk',
    description:
      'Flood risk by country and layer, nearest coast, elevation, defences, recorded floods (spec 2.6)',
    asset: 'uprn_flood_blocks',
    parquet: uprnFloodBlocksGlob,
    flat: [
      {
        name: 'flood_country',
        type: 'VARCHAR',
        from: (v) =>
          `CASE WHEN ${v('$.england')} IS NOT NULL THEN 'England' WHEN ${v('$.wales')} IS NOT NULL THEN 'Wales' WHEN ${v('$.scotland')} IS NOT NULL THEN 'Scotland' END`,
        description: 'The country whose flood maps apply (the land polygon holding the point); null at sea',
      },
      {
        name: 'flood_rivers_sea_annual_risk',
        type: 'DOUBLE',
        from: (v) =>
          `greatest(${risk(v, 'england', 'rivers_and_seas')}, ${risk(v, 'wales', 'rivers')}, ${risk(v, 'wales', 'coast')}, ${risk(v, 'scotland', 'rivers')}, ${risk(v, 'scotland', 'coast')})`,
        description:
          'Annual probability from rivers and the sea today: the highest of the country’s river and coastal layers (0 outside every zone)',
      },
      {
        name: 'flood_rivers_sea_climate_change_annual_risk',
        type: 'DOUBLE',
        from: (v) =>
          `greatest(${risk(v, 'england', 'rivers_and_seas_climate_change')}, ${risk(v, 'scotland', 'rivers_climate_change')}, ${risk(v, 'scotland', 'coast_climate_change')})`,
        description: 'The same with climate change (England and Scotland publish it; null in Wales)',
      },
      {
        name: 'flood_surface_water_annual_risk',
        type: 'DOUBLE',
        from: (v) =>
          `coalesce(${risk(v, 'england', 'surface_water')}, ${risk(v, 'wales', 'surface_water')}, ${risk(v, 'scotland', 'surface_water')})`,
        description: 'Annual probability from surface water today',
      },
      {
        name: 'coast_distance_m',
        type: 'DOUBLE',
        from: '$.nearest_coastal_point.distance',
        description: 'Metres to the nearest coast (mean high water)',
      },
      {
        name: 'elevation_m',
        type: 'DOUBLE',
        from: '$.elevation.elevation_estimate',
        description: 'Estimated ground height, metres above Ordnance Datum',
      },
      {
        name: 'protected_by_flood_defence',
        type: 'BOOLEAN',
        from: '$.flood_defences.protected_by_flood_defence',
        description: 'In an area benefiting from flood defences (England and Wales; null in Scotland)',
      },
      {
        name: 'in_recorded_flood_outline',
        type: 'BOOLEAN',
        from: '$.recorded_flood_events.in_flood_event_boundary',
        description: 'Inside the outline of a recorded flood',
      },
      {
        name: 'recorded_floods_within_1km',
        type: 'INTEGER',
        from: (v) => `len(${v('$.recorded_flood_events.events')})`,
        description: 'Recorded flood outlines within 1 km (at most 50)',
      },
    ],
  },
  {
    name: 'planning',
    description: 'Conservation areas, listed buildings, World Heritage Sites, National Parks',
    asset: 'uprn_location_blocks',
    parquet: uprnLocationBlocksGlob,
    member: 'planning',
    flat: [
      {
        name: 'in_conservation_area',
        type: 'BOOLEAN',
        from: '$.conservation_areas.in_conservation_area',
        description: 'Inside a conservation area',
      },
      {
        name: 'conservation_area_name',
        type: 'VARCHAR',
        from: '$.conservation_areas.nearest_conservation_area.name',
        description: 'The conservation area holding it, else the nearest within 100 km',
      },
      {
        name: 'conservation_area_distance_m',
        type: 'DOUBLE',
        from: '$.conservation_areas.nearest_conservation_area.distance',
        description: 'Metres to it (0 inside)',
      },
      {
        name: 'nearest_listed_building_m',
        type: 'DOUBLE',
        from: '$.listed_buildings.nearest_listed_buildings[0].distance',
        description: 'Metres to the nearest listed building within 1 km',
      },
      {
        name: 'nearest_listed_building_grade',
        type: 'VARCHAR',
        from: '$.listed_buildings.nearest_listed_buildings[0].listing_grade',
        description: 'Its grade or category as its register publishes it (I, II*, II; A, B, C)',
      },
      {
        name: 'in_world_heritage_site',
        type: 'BOOLEAN',
        from: '$.world_heritage_sites.in_world_heritage_site',
        description: 'Inside a World Heritage Site',
      },
      {
        name: 'in_national_park',
        type: 'BOOLEAN',
        from: '$.national_parks.in_national_park',
        description: 'Inside a National Park',
      },
    ],
  },
  {
    name: 'transportation',
    description: 'EV charge points, low emission zones, the nearest airport',
    asset: 'uprn_location_blocks',
    parquet: uprnLocationBlocksGlob,
    member: 'transportation',
    flat: [
      {
        name: 'nearest_ev_charge_point_m',
        type: 'DOUBLE',
        from: '$.ev_charging_points.nearest_charging_points[0].distance',
        description: 'Metres to the nearest charge point within 1 km',
      },
      {
        name: 'in_low_emission_zone',
        type: 'BOOLEAN',
        from: '$.low_emission_zones.in_low_emission_zone',
        description: 'Inside a low emission zone',
      },
      {
        name: 'nearest_airport',
        type: 'VARCHAR',
        from: '$.nearest_airport.name',
        description: 'The nearest airport',
      },
      {
        name: 'nearest_airport_m',
        type: 'DOUBLE',
        from: '$.nearest_airport.distance',
        description: 'Metres to it',
      },
    ],
  },
  {
    name: 'environment',
    description: 'Air quality, greenspace, landslides, radon, subsidence',
    asset: 'uprn_environment_blocks',
    parquet: uprnEnvironmentBlocksGlob,
    member: 'environment',
    flat: [
      {
        name: 'no2_ugm3',
        type: 'DOUBLE',
        from: '$.air_quality.no2.value',
        description: 'Annual mean background NO2 in its 1 km cell, µg/m³',
      },
      {
        name: 'pm25_ugm3',
        type: 'DOUBLE',
        from: '$.air_quality."pm2.5".value',
        description: 'Annual mean background PM2.5 in its 1 km cell, µg/m³',
      },
      {
        name: 'nearest_greenspace_m',
        type: 'DOUBLE',
        from: '$.greenspace.nearest_greenspace_point.distance',
        description: 'Metres to the nearest greenspace site (0 inside)',
      },
      {
        name: 'radon_class',
        type: 'INTEGER',
        from: '$.radon.radon_class',
        description: 'Radon potential class (1 lowest .. 6)',
      },
      {
        name: 'shrink_swell_class',
        type: 'INTEGER',
        from: '$.subsidence.shrink_swell.class',
        description: 'BGS GeoSure shrink-swell hazard class',
      },
    ],
  },
  {
    name: 'social',
    description: 'The nearest NHS sites and defibrillators',
    asset: 'uprn_environment_blocks',
    parquet: uprnEnvironmentBlocksGlob,
    member: 'social',
    flat: [
      {
        name: 'nearest_gp_practice_m',
        type: 'DOUBLE',
        from: '$.nhs_locations.nearest_gp_practice.distance',
        description: 'Metres to the nearest GP practice',
      },
      {
        name: 'nearest_hospital_m',
        type: 'DOUBLE',
        from: '$.nhs_locations.nearest_hospital.distance',
        description: 'Metres to the nearest hospital',
      },
      {
        name: 'defibrillators_nearby',
        type: 'INTEGER',
        from: (v) => `len(${v('$.defibrillators')})`,
        description: 'Defibrillators listed near it',
      },
    ],
  },
  {
    name: 'energy',
    description:
      'EPCs (raw and enhanced), recommendations, area statistics and comparison, the estimate for a home without one (spec 2.10)',
    asset: 'uprn_epc_blocks',
    parquet: uprnEpcBlocksGlob,
    flat: [
      { name: 'epc_count', type: 'INTEGER', from: 't.epc_count', description: 'Certificates lodged' },
      {
        name: 'energy_rating_current',
        type: 'VARCHAR',
        from: 't.energy_rating_current',
        description: 'Current energy rating (A..G) of the latest certificate',
      },
      {
        name: 'energy_rating_potential',
        type: 'VARCHAR',
        from: '$.epcs_enhanced[0].energy_rating_potential',
        description: 'Its potential rating',
      },
      {
        name: 'energy_efficiency_current',
        type: 'INTEGER',
        from: '$.epcs_enhanced[0].energy_efficiency_current',
        description: 'Its current SAP score',
      },
      {
        name: 'energy_efficiency_potential',
        type: 'INTEGER',
        from: '$.epcs_enhanced[0].energy_efficiency_potential',
        description: 'Its potential SAP score',
      },
      {
        name: 'property_type',
        type: 'VARCHAR',
        from: '$.epcs_enhanced[0].property_type',
        description: 'House, Flat, …',
      },
      {
        name: 'built_form',
        type: 'VARCHAR',
        from: '$.epcs_enhanced[0].built_form',
        description: 'Detached, Semi-Detached, …',
      },
      {
        name: 'total_floor_area_m2',
        type: 'DOUBLE',
        from: '$.epcs_enhanced[0].total_floor_area',
        description: 'Floor area, m²',
      },
      { name: 'main_fuel', type: 'VARCHAR', from: '$.epcs_enhanced[0].main_fuel', description: 'Main fuel' },
      { name: 'tenure', type: 'VARCHAR', from: 't.tenure', description: 'Tenure on the latest certificate' },
      {
        name: 'latest_lodgement_date',
        type: 'TIMESTAMP',
        from: '$.latest_lodgement_date',
        description: 'When the latest certificate was lodged (UTC)',
      },
      {
        name: 'estimated_energy_rating',
        type: 'VARCHAR',
        from: '$.epc_estimate.energy_rating_current',
        description: 'Without a certificate: the estimated current rating',
      },
      {
        name: 'estimate_confidence',
        type: 'DOUBLE',
        from: '$.epc_estimate.confidence',
        description: 'Its confidence (0..1)',
      },
    ],
  },
  {
    name: 'area',
    description:
      'Admin boundaries and area attributes (house prices, fuel poverty, energy use, deprivation, rurality, grants)',
    asset: 'uprn_area_blocks',
    parquet: (ctx) => areaTableGlob(ctx, UPRN_AREA_BLOCKS_TABLE),
    flat: [
      { name: 'postcode', type: 'VARCHAR', from: 't.postcode', description: 'Its postcode' },
      {
        name: 'local_authority_district_code',
        type: 'VARCHAR',
        from: '$.admin_boundaries.local_authority_district_code',
        description: 'Local authority (GSS code)',
      },
      {
        name: 'local_authority_district_name',
        type: 'VARCHAR',
        from: '$.admin_boundaries.local_authority_district_name',
        description: 'Local authority',
      },
      {
        name: 'lsoa_code',
        type: 'VARCHAR',
        from: '$.admin_boundaries.census_lower_layer_super_output_area_code',
        description: 'Census LSOA (data zone in Scotland)',
      },
      {
        name: 'country_code',
        type: 'VARCHAR',
        from: '$.admin_boundaries.country_code',
        description: 'Country (GSS code)',
      },
      {
        name: 'deprivation_decile',
        type: 'INTEGER',
        from: '$.area_attributes.indices_of_deprivation.lower_layer_super_output_area.index_of_multiple_deprivation_decile',
        description: "The nation's index of multiple deprivation decile of its LSOA (1 most deprived)",
      },
      {
        name: 'average_house_price',
        type: 'DOUBLE',
        from: '$.area_attributes.house_price_index.average_price',
        description: 'UK HPI average price of its local authority, latest month',
      },
    ],
  },
  {
    name: 'climate',
    description: 'HadUK-Grid 1 km averages with UK percentiles and UKCP18 projections (spec 2.8)',
    asset: 'uprn_climate_blocks',
    parquet: (ctx) => climateTableGlob(ctx, UPRN_CLIMATE_BLOCKS_TABLE),
    flat: [
      {
        name: 'average_temperature_c',
        type: 'DOUBLE',
        from: '$.historical.average_temperature.value',
        description: 'Average temperature, °C (HadUK-Grid 1 km)',
      },
      {
        name: 'average_rainfall_mm',
        type: 'DOUBLE',
        from: '$.historical.average_rainfall.value',
        description: 'Average rainfall, mm',
      },
      {
        name: 'hot_days_baseline',
        type: 'DOUBLE',
        from: '$.future_projections.annual_hot_days.baseline_hot_days',
        description: 'Hot days a year, baseline (UKCP18)',
      },
      {
        name: 'hot_days_upper',
        type: 'DOUBLE',
        from: '$.future_projections.annual_hot_days.upper_hot_days',
        description: 'Hot days a year, upper projection',
      },
    ],
  },
];

/** The blocks named in a comma list (`all` for every one), in the catalogue's order; an unknown name throws. */
export function parseBlocks(list: string): ExportBlock[] {
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0 || names.includes('all')) return [...EXPORT_BLOCKS];
  const unknown = names.filter((n) => !EXPORT_BLOCKS.some((b) => b.name === n));
  if (unknown.length)
    throw new Error(
      `unknown block ${unknown.join(', ')}; the blocks are ${EXPORT_BLOCKS.map((b) => b.name).join(', ')}`,
    );
  return EXPORT_BLOCKS.filter((b) => names.includes(b.name));
}

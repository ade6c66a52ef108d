// properties_wide: one row per UPRN with the facts most analyst questions start from, as flat typed columns
// (no JSON), one file per 10 km tile (docs/analysts.md). Built from the per-UPRN block tables, the latest
// certificate (epc_latest) and the listed buildings; this schema is the table's layout and its data
// dictionary entry. Column names are part of the versioned analyst contract (schemas/data-contract.ts).
import { z } from 'zod';
import { pointColumns } from './feature-columns';
import { FLOOD_ZONE_LAYERS } from './features';

const text = (what: string) => z.string().nullable().describe(what);
const num = (what: string) => z.number().nullable().describe(what);
const int = (what: string) => z.number().int().nullable().describe(what);
const flag = (what: string) => z.boolean().nullable().describe(what);

/** `flood_band_<country>_<source>`, one per published flood map (schemas/features.ts FLOOD_ZONE_LAYERS). */
export const floodBandColumn = (layer: (typeof FLOOD_ZONE_LAYERS)[number]): string =>
  `flood_band_${layer.replace('.', '_')}`;

const floodBandColumns = Object.fromEntries(
  FLOOD_ZONE_LAYERS.map((layer) => [
    floodBandColumn(layer),
    text(
      `Highest flood band (High, Medium, Low, Very Low) of the ${layer.replace('.', ' ').replaceAll('_', ' ')} map whose zones contain the property; null outside every zone and outside that country`,
    ),
  ]),
) as Record<string, z.ZodType>;

export const PropertiesWideRowSchema = z
  .object({
    uprn: z.number().int().describe('Unique Property Reference Number'),
    tile: z.string().describe('10 km British National Grid tile of the UPRN, e.g. ST17 (the partition)'),
    ...pointColumns,
    latitude: z.number().describe('ETRS89 latitude of the UPRN (OS Open UPRN), WGS84 degrees'),
    longitude: z.number().describe('ETRS89 longitude of the UPRN (OS Open UPRN), WGS84 degrees'),
    country: text('England, Wales or Scotland (boundary polygon at the UPRN point)'),
    local_authority_code: text('Local authority district (GSS code, e.g. E09000013) at the UPRN point'),
    local_authority_name: text('Local authority district name, e.g. Hammersmith and Fulham'),
    region_name: text('English region (London, North West, …); null in Wales and Scotland'),
    postcode: text("The UPRN's postcode: its latest certificate's, else the nearest postcode"),
    epc_lodgement_date: z.iso
      .datetime()
      .nullable()
      .describe('Lodgement date of the latest EPC (ISO 8601 timestamp, UTC); null when none'),
    epc_rating: text('Current energy rating (A–G) of the latest EPC'),
    epc_score: int('Current energy efficiency (SAP score, 1–100+) of the latest EPC'),
    epc_potential_rating: text('Potential energy rating (A–G) of the latest EPC'),
    epc_property_type: text('Property type of the latest EPC (House, Flat, Bungalow, Maisonette, Park home)'),
    epc_built_form: text('Built form of the latest EPC (Detached, Semi-Detached, Mid-Terrace, …)'),
    epc_construction_age_band: text('Construction age band of the latest EPC, e.g. 1930-1949, before 1900'),
    epc_total_floor_area: num('Total floor area of the latest EPC, m²'),
    epc_main_fuel: text('Main heating fuel of the latest EPC, normalised (Mains gas, Electricity, Oil, …)'),
    epc_co2_emissions: num('CO2 emissions of the latest EPC, tonnes CO2 per year'),
    epc_energy_use_kwh: num(
      'Modelled annual primary energy use of the latest EPC (SAP): energy consumption per m² × floor area, kWh per year',
    ),
    ...floodBandColumns,
    highest_flood_band: text(
      "Highest present-day flood band (High, Medium, Low, Very Low) over every map of the property's country (rivers, sea or coast, surface water; climate change maps excluded); null outside every zone",
    ),
    in_conservation_area: flag('Inside a conservation area; null where not covered'),
    listed_buildings_within_1km: z
      .number()
      .int()
      .describe(
        'Listed buildings (gb_listed_buildings, any grade or category) within 1,000 metres of the UPRN',
      ),
    in_national_park: flag('Inside a national park'),
    national_park_name: text('The national park containing the UPRN; null outside one'),
    deprivation_index: text(
      'The national deprivation index used: IoD2019 (England), WIMD2019 (Wales), SIMD2020v2 (Scotland)',
    ),
    deprivation_decile: int(
      "Deprivation decile of the UPRN's small area in its country's index (1 = most deprived 10%, 10 = least)",
    ),
    rurality: text(
      'Urban or Rural (ONS 2-fold in England and Wales, Scottish Government 2-fold in Scotland)',
    ),
    rurality_class: text(
      'Finer class: ONS Rural Urban Classification 2011 (e.g. Urban major conurbation) or Scottish 8-fold (e.g. Large Urban Areas)',
    ),
    area_mean_electricity_kwh: num(
      "Mean annual domestic electricity use per meter in the UPRN's LSOA (MSOA where the LSOA has none), kWh per year",
    ),
    area_mean_gas_kwh: num(
      "Mean annual domestic gas use per meter in the UPRN's LSOA (or MSOA), kWh per year",
    ),
    area_mean_electricity_cost: num(
      'That electricity use at the price cap unit rate for the region in force on the refresh date, GBP per year',
    ),
    area_mean_gas_cost: num(
      'That gas use at the price cap unit rate in force on the refresh date, GBP per year',
    ),
  })
  .describe(
    'Per UPRN: location, authority, postcode, latest EPC, flood bands, heritage, national park, deprivation, rurality and area energy use as flat typed columns (one file per 10 km tile; docs/analysts.md)',
  );

export const PropertiesWideDigestsRowSchema = z
  .object({
    uprn: z.number().int().describe('Unique Property Reference Number'),
    d_area: z
      .string()
      .describe('The area block’s digest its row was built from (uprn_area_blocks.block_digest)'),
    d_epc: z
      .string()
      .describe(
        'The digest of the latest certificate’s epc_latest row its row was built from (epc_latest.row_digest; empty without one)',
      ),
  })
  .describe(
    'Bookkeeping of properties_wide, per tile: what each row was built from, so a new month builds only the rows whose inputs changed',
  );

export const PROPERTIES_WIDE_TABLES = {
  properties_wide: { layer: 'derived', schema: PropertiesWideRowSchema },
  properties_wide_digests: { layer: 'derived', schema: PropertiesWideDigestsRowSchema },
};

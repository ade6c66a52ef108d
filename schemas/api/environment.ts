// The environment block (spec 2.7: air_quality, greenspace, landslides, radon, subsidence), stored per UPRN
// and computed live for points, so one schema validates both and describes them in OpenAPI.
import { z } from 'zod';
import { ukPercentile } from './common';
import { pointWith } from './flood-risk';
import { areaWithin1km, distance, proportion } from './planning';

export const PollutantValueSchema = z
  .object({
    percentile: ukPercentile(
      'Share of all loaded UK 1 km cells with a value at or below this one, in percent (0..100)',
    ),
    value: z.number().describe('Annual mean background concentration in the UPRN’s 1 km cell, µg/m³'),
  })
  .nullable()
  .describe('Null when the cell has no value for this pollutant');

export const AirQualitySchema = z
  .object({
    benzene: PollutantValueSchema,
    no2: PollutantValueSchema,
    nox: PollutantValueSchema,
    pm10: PollutantValueSchema,
    'pm2.5': PollutantValueSchema,
    so2: PollutantValueSchema,
  })
  .nullable()
  .describe('DEFRA background maps; null when no pollutant has a value in the cell');

export const GreenspaceSchema = z
  .object({
    greenspace_area: areaWithin1km,
    greenspace_proportion: proportion,
    nearest_greenspace_point: pointWith({ distance }, { function: z.string(), name: z.string().nullable() })
      .nullable()
      .describe('Nearest point of the nearest site (the point itself when inside); null beyond 10 km'),
  })
  .nullable()
  .describe('OS Open Greenspace; null when no site lies within 10 km');

export const LandslideSchema = pointWith({ distance: distance.max(1000) }, { name: z.string().nullable() });

export const RadonSchema = z
  .object({
    radon_class: z.number().int().min(1).max(6),
    radon_affected_area: z
      .boolean()
      .describe('Class 2 or above (1% or more of homes at or above the action level)'),
    radon_exceeding_action_level_min_likelihood: z.number().min(0).max(1),
    radon_exceeding_action_level_max_likelihood: z.number().min(0).max(1),
  })
  .nullable()
  .describe('Indicative atlas class of the UPRN’s 1 km square; null outside the atlas');

const hazard = z
  .object({
    class: z.number().int().min(1).max(3).describe('1 Low, 2 Moderate, 3 Significant'),
    legend: z.string(),
    advisory: z.string().nullable(),
  })
  .nullable()
  .describe('null where no GeoSure polygon of this hazard holds the point (not assessed there)');
const climateHazard = z.object({
  class: z.enum(['Improbable', 'Possible', 'Probable', 'Unavailable']),
  legend: z.string(),
});

export const SubsidenceSchema = z
  .object({
    collapsible_deposits: hazard,
    compressible_ground: hazard,
    landslides: hazard,
    running_sand: hazard,
    shrink_swell: hazard,
    soluble_rocks: hazard,
    shrink_swell_2030_medium_emissions: climateHazard,
    shrink_swell_2030_high_emissions: climateHazard,
    shrink_swell_2050_medium_emissions: climateHazard,
    shrink_swell_2070_high_emissions: climateHazard,
    shrink_swell_2080_medium_emissions: climateHazard,
  })
  .nullable()
  .describe(
    'BGS GeoSure hazards and GeoClimate shrink-swell of the polygons holding the point; null when none does (at sea)',
  );

export const EnvironmentBlockSchema = z.object({
  air_quality: AirQualitySchema,
  greenspace: GreenspaceSchema,
  landslides: z
    .array(LandslideSchema)
    .describe('Recorded landslides within 1 km, nearest first; empty when none'),
  radon: RadonSchema,
  subsidence: SubsidenceSchema,
});
export type EnvironmentBlock = z.infer<typeof EnvironmentBlockSchema>;

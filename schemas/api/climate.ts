// The climate block of GET /properties (spec 2.8): historical averages from the Met Office HadUK-Grid 1 km
// 1991-2020 climatologies with the cell's rank among all UK land cells, and UKCP18 projections at global
// warming levels from the Met Office Climate Data Portal's 12 km datasets. Sources, units and the field
// mapping are in docs/climate.md.
import { z } from 'zod';
import { ukPercentile } from './common';

export const HISTORICAL_KEYS = [
  'average_rainfall',
  'average_sunshine',
  'average_temperature',
  'highest_wind_speed',
  'maximum_temperature',
  'minimum_temperature',
  'highest_rainfall',
] as const;
export type HistoricalKey = (typeof HISTORICAL_KEYS)[number];

/** What each historical key's value is (the unit is part of the meaning). */
export const HISTORICAL_MEANINGS: Readonly<Record<HistoricalKey, string>> = {
  average_rainfall: 'Average annual rainfall total, mm (sum of the 12 monthly 1991-2020 means)',
  average_sunshine: 'Average annual sunshine, hours (sum of the 12 monthly 1991-2020 means)',
  average_temperature: 'Average daily mean air temperature, °C (mean of the 12 monthly 1991-2020 means)',
  highest_wind_speed:
    'Mean 10 m wind speed of the windiest month, m/s (highest of the 12 monthly 1991-2020 means)',
  maximum_temperature: 'Average daily maximum air temperature, °C (mean of the 12 monthly 1991-2020 means)',
  minimum_temperature: 'Average daily minimum air temperature, °C (mean of the 12 monthly 1991-2020 means)',
  highest_rainfall: 'Rainfall of the wettest month, mm (highest of the 12 monthly 1991-2020 means)',
};

const historicalValue = (key: HistoricalKey) =>
  z
    .object({
      percentile: ukPercentile(
        'Share of all UK 1 km land cells with a value at or below this cell’s, in whole percent (0..100; higher value, higher percentile; ties share one)',
      ),
      value: z.number().describe(HISTORICAL_MEANINGS[key]),
    })
    .nullable()
    .describe('Null when the 1 km cell has no complete 12 months for this variable');

export const ClimateHistoricalSchema = z
  .object(
    Object.fromEntries(HISTORICAL_KEYS.map((k) => [k, historicalValue(k)])) as {
      [K in HistoricalKey]: ReturnType<typeof historicalValue>;
    },
  )
  .describe('HadUK-Grid 1 km, 1991-2020 averages at the UPRN’s cell (or its nearest land cell on the coast)');

/** spec key → the measure X in its field names, with the measure's unit. */
export const PROJECTION_MEASURES = {
  annual_hot_days: { measure: 'hot_days', unit: 'days a year above 30 °C' },
  maximum_temperature: { measure: 'maximum_temperature', unit: '°C, summer (JJA) mean daily maximum' },
  summer_precipitation: { measure: 'summer_precipitation', unit: 'mm/day, summer (JJA) mean' },
  winter_precipitation: { measure: 'winter_precipitation', unit: 'mm/day, winter (DJF) mean' },
} as const;
export type ProjectionKey = keyof typeof PROJECTION_MEASURES;
export const PROJECTION_KEYS = Object.keys(PROJECTION_MEASURES) as ProjectionKey[];

/** The four bounds besides the baseline: UKCP18 period or warming level and percentile. */
export const PROJECTION_BOUNDS = {
  upper_recent: 'recent period 2001-2020, 90th percentile (upper)',
  lower_recent: 'recent period 2001-2020, 10th percentile (lower)',
  upper: '4 °C global warming level, 90th percentile (upper)',
  lower: '1.5 °C global warming level, 10th percentile (lower)',
} as const;
export type ProjectionBound = keyof typeof PROJECTION_BOUNDS;

const num = (what: string) => z.number().nullable().describe(what);

function projectionSchema(key: ProjectionKey) {
  const { measure, unit } = PROJECTION_MEASURES[key];
  const shape: Record<string, z.ZodNullable<z.ZodNumber>> = {
    [`baseline_${measure}`]: num(`1981-2000 baseline, median (${unit})`),
  };
  for (const [bound, what] of Object.entries(PROJECTION_BOUNDS)) {
    shape[`${bound}_${measure}`] = num(`${what} (${unit})`);
    shape[`${bound}_${measure}_change`] = num(`Change from the 1981-2000 baseline, same unit (${unit})`);
    shape[`${bound}_${measure}_change_relative`] = num(
      'Change as a proportion of the baseline (0.1 = +10%); null when the baseline is 0 or missing',
    );
  }
  return z
    .object(shape)
    .nullable()
    .describe(`UKCP18 ${measure.replaceAll('_', ' ')} (${unit})`);
}

export const ClimateFutureProjectionsSchema = z
  .object(
    Object.fromEntries(PROJECTION_KEYS.map((k) => [k, projectionSchema(k)])) as {
      [K in ProjectionKey]: ReturnType<typeof projectionSchema>;
    },
  )
  .describe('UKCP18 warming-level projections for the UPRN’s 12 km cell');

export const ClimateBlockSchema = z
  .object({
    historical: ClimateHistoricalSchema.nullable(),
    future_projections: ClimateFutureProjectionsSchema.nullable(),
  })
  .describe('Climate (spec 2.8); docs/climate.md');

export type ClimateHistorical = z.infer<typeof ClimateHistoricalSchema>;
export type ClimateFutureProjections = z.infer<typeof ClimateFutureProjectionsSchema>;
export type ClimateProjection = NonNullable<ClimateFutureProjections[ProjectionKey]>;
export type ClimateBlock = z.infer<typeof ClimateBlockSchema>;

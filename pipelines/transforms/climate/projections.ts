// climate.future_projections (spec 2.8) for one 12 km cell from its UKCP18 warming-level values. For each
// measure X (hot_days, maximum_temperature, summer_precipitation, winter_precipitation):
//   baseline_X        1981-2000 median (absolute)
//   upper_recent_X    2001-2020 90th percentile   lower_recent_X  2001-2020 10th percentile
//   upper_X           4 °C warming, 90th          lower_X         1.5 °C warming, 10th
// Each bound's value is the published absolute when there is one, else baseline + published change. Its
// `_change` is the published change when there is one (a percentile of the members' own changes, which is
// not the difference of two percentiles), else value − baseline; `_change_relative` is change / baseline,
// null when the baseline is 0 or missing. Precipitation changes are published in % of the baseline: the
// relative change is that % / 100 and the absolute change baseline × % / 100 (null without a baseline).
import type {
  ClimateFutureProjections,
  ClimateProjection,
  ProjectionBound,
  ProjectionKey,
} from '../../../schemas/api/climate';
import { PROJECTION_KEYS, PROJECTION_MEASURES } from '../../../schemas/api/climate';
import type {
  ProjectionMeasure,
  ProjectionPeriod,
  ProjectionStatistic,
} from '../../../schemas/climate-tables';

export interface ProjectionValue {
  measure: ProjectionMeasure;
  period: ProjectionPeriod;
  statistic: ProjectionStatistic;
  kind: 'absolute' | 'change';
  value: number;
}

export const BOUND_SOURCES: Readonly<
  Record<ProjectionBound, { period: ProjectionPeriod; statistic: ProjectionStatistic }>
> = {
  upper_recent: { period: '01_20', statistic: 'upper' },
  lower_recent: { period: '01_20', statistic: 'lower' },
  upper: { period: '40', statistic: 'upper' },
  lower: { period: '15', statistic: 'lower' },
};

/** spec key → the staged measure it reads. */
const MEASURE_OF: Readonly<Record<ProjectionKey, ProjectionMeasure>> = {
  annual_hot_days: 'hot_days',
  maximum_temperature: 'maximum_temperature',
  summer_precipitation: 'summer_precipitation',
  winter_precipitation: 'winter_precipitation',
};

const round = (v: number | null, places: number): number | null => {
  if (v === null || !Number.isFinite(v)) return null;
  const f = 10 ** places;
  return Math.round(v * f) / f + 0; // + 0 turns -0 into 0
};

/** One measure's fields; null when the cell has no value for the measure at all. */
export function projectionOf(
  key: ProjectionKey,
  values: readonly ProjectionValue[],
): ClimateProjection | null {
  const measure = MEASURE_OF[key];
  const mine = values.filter((v) => v.measure === measure);
  if (mine.length === 0) return null;
  const get = (period: ProjectionPeriod, statistic: ProjectionStatistic, kind: 'absolute' | 'change') =>
    mine.find((v) => v.period === period && v.statistic === statistic && v.kind === kind)?.value ?? null;
  const percent = measure === 'summer_precipitation' || measure === 'winter_precipitation';
  const baseline = get('81_00', 'median', 'absolute');
  const X = PROJECTION_MEASURES[key].measure;
  const out: Record<string, number | null> = { [`baseline_${X}`]: round(baseline, 2) };
  for (const [bound, { period, statistic }] of Object.entries(BOUND_SOURCES)) {
    const absolute = get(period, statistic, 'absolute');
    const published = get(period, statistic, 'change');
    let change: number | null;
    let relative: number | null;
    if (percent && published !== null) {
      relative = published / 100;
      change = baseline === null ? null : (baseline * published) / 100;
    } else {
      change = published ?? (absolute !== null && baseline !== null ? absolute - baseline : null);
      relative = change !== null && baseline ? change / baseline : null;
    }
    const value = absolute ?? (change !== null && baseline !== null ? baseline + change : null);
    out[`${bound}_${X}`] = round(value, 2);
    out[`${bound}_${X}_change`] = round(change, 2);
    out[`${bound}_${X}_change_relative`] = round(relative, 4);
  }
  return out as ClimateProjection;
}

/** The future_projections block of one cell; null when it has no value for any measure. */
export function futureProjections(values: readonly ProjectionValue[]): ClimateFutureProjections | null {
  const out = Object.fromEntries(
    PROJECTION_KEYS.map((k) => [k, projectionOf(k, values)]),
  ) as ClimateFutureProjections;
  return Object.values(out).some((v) => v !== null) ? out : null;
}

// UKCP18 projections at global warming levels, as the Met Office Climate Data Portal publishes them
// (reference climate.md section 2): one layer per dataset on the 12 km BNG grid, downloaded as GeoJSON (WGS84
// polygons) or CSV, each cell carrying `projection_x_coordinate`/`projection_y_coordinate` (its BNG centre)
// and columns `<PREFIX>_[change_][baseline_]<level>_<stat>`. The published names are cut at 31 characters
// (`tasmax_summer_baseline_81_00_me`) and inconsistent between datasets (`HSD_baseline_01_20_upper`,
// `tasmax_summer_01_20_upper`, `tasmax_summer_change_20_upper`), so columns are resolved by pattern: a column
// is every canonical name it equals or is a cut-off prefix of, and is used only when those all mean the same
// thing. Which dataset a file holds is read from its columns, not its name.
//
// Quarantine: a CSV row that does not parse or has the wrong number of fields, a cell without a usable
// centre, and each value that is empty, null, not a number or a fill value (≤ -9999) — the cell's other
// values are kept.
import { readFileSync } from 'node:fs';
import type {
  ProjectionMeasure,
  ProjectionPeriod,
  ProjectionStatistic,
  Ukcp18ProjectionRecord,
} from '../../../schemas/climate-tables';
import { wgs84ToBng } from '../../geo/bng';
import { readCsvBatches } from '../../io/csv-reader';
import { DataError } from '../../io/errors';
import { accepted, quarantined, type SourceRow } from '../../io/quarantine';
import { parseGeoJson } from '../../io/spatial/geojson';
import { cleanHeaderCell } from '../common/header';

export const UKCP18_DATASET = 'metoffice-ukcp18-warming-levels';
export type Ukcp18Row = Omit<Ukcp18ProjectionRecord, 'source_file'>;

export interface ColumnMeaning {
  measure: ProjectionMeasure;
  period: ProjectionPeriod;
  statistic: ProjectionStatistic;
  kind: 'absolute' | 'change';
}

const PREFIXES: readonly [string, ProjectionMeasure][] = [
  ['hsd', 'hot_days'],
  ['tasmax_summer', 'maximum_temperature'],
  ['pr_summer', 'summer_precipitation'],
  ['pr_winter', 'winter_precipitation'],
];

/** How each period is spelt: the baselines with or without `baseline_`, warming levels bare. */
const PERIOD_SPELLINGS: readonly [string, ProjectionPeriod][] = [
  ['baseline_81_00', '81_00'],
  ['81_00', '81_00'],
  ['baseline_01_20', '01_20'],
  ['01_20', '01_20'],
  ['15', '15'],
  ['20', '20'],
  ['25', '25'],
  ['30', '30'],
  ['40', '40'],
];
const STATISTICS: readonly ProjectionStatistic[] = ['lower', 'median', 'upper'];

/** Every full column name we know how to read (lower case), with its meaning. */
const CANONICAL: ReadonlyMap<string, ColumnMeaning> = (() => {
  const map = new Map<string, ColumnMeaning>();
  for (const [prefix, measure] of PREFIXES)
    for (const [spelling, period] of PERIOD_SPELLINGS)
      for (const statistic of STATISTICS)
        for (const kind of ['absolute', 'change'] as const)
          map.set(`${prefix}_${kind === 'change' ? 'change_' : ''}${spelling}_${statistic}`, {
            measure,
            period,
            statistic,
            kind,
          });
  return map;
})();

const sameMeaning = (a: ColumnMeaning, b: ColumnMeaning): boolean =>
  a.measure === b.measure && a.period === b.period && a.statistic === b.statistic && a.kind === b.kind;

/**
 * A published column name → its meaning; null when it is not a projection column or is cut so short that
 * it could mean two things (`tasmax_summer_change_20_` could be lower, median or upper).
 */
export function resolveProjectionColumn(column: string): ColumnMeaning | null {
  const name = cleanHeaderCell(column).toLowerCase();
  const exact = CANONICAL.get(name);
  if (exact) return exact;
  let found: ColumnMeaning | null = null;
  for (const [full, meaning] of CANONICAL) {
    if (!full.startsWith(name)) continue;
    if (found && !sameMeaning(found, meaning)) return null;
    found = meaning;
  }
  return found;
}

/** The unit of a published value: changes of precipitation are percentages, of the others additive. */
export function unitOf(meaning: ColumnMeaning): string {
  if (meaning.measure === 'hot_days') return 'days';
  if (meaning.measure === 'maximum_temperature') return 'degC';
  return meaning.kind === 'change' ? '%' : 'mm/day';
}

interface ResolvedColumns {
  x: string | null;
  y: string | null;
  values: { column: string; meaning: ColumnMeaning }[];
}

/** The coordinate and projection columns of a file; a file without projection columns is refused. */
export function resolveColumns(columns: readonly string[], file: string): ResolvedColumns {
  const out: ResolvedColumns = { x: null, y: null, values: [] };
  for (const column of columns) {
    const clean = cleanHeaderCell(column).toLowerCase();
    if (clean === 'projection_x_coordinate') out.x = column;
    else if (clean === 'projection_y_coordinate') out.y = column;
    else {
      const meaning = resolveProjectionColumn(column);
      // Two columns with one meaning: the first is read (the portal never publishes both).
      if (meaning && !out.values.some((v) => sameMeaning(v.meaning, meaning)))
        out.values.push({ column, meaning });
    }
  }
  if (out.values.length === 0)
    throw new DataError(
      `${file}: no UKCP18 warming-level columns (HSD_*, tasmax_summer_*, pr_summer_*, pr_winter_*)`,
    );
  return out;
}

const FILL_AT_OR_BELOW = -9999;

/** One cell's values as records, or quarantined entries for the values that are not numbers. */
function* cellRows(
  file: string,
  line: number,
  raw: string,
  centre: [number, number],
  cols: ResolvedColumns,
  valueOf: (column: string) => unknown,
): Generator<SourceRow<Ukcp18Row>> {
  for (const { column, meaning } of cols.values) {
    const v = valueOf(column);
    // A GeoJSON feature without the attribute at all: nothing published for it (null is quarantined).
    if (v === undefined) continue;
    const text = typeof v === 'string' ? v.trim() : v;
    const value = typeof text === 'number' ? text : text === '' || text == null ? NaN : Number(text);
    if (!Number.isFinite(value) || value <= FILL_AT_OR_BELOW) {
      yield quarantined({
        dataset: UKCP18_DATASET,
        file,
        line,
        reason: Number.isFinite(value)
          ? `${column}: fill value ${value}`
          : `${column}: ${text === null || text === undefined ? 'null' : JSON.stringify(text)} is not a number`,
        raw,
      });
      continue;
    }
    yield accepted(file, line, {
      ...meaning,
      unit: unitOf(meaning),
      column: cleanHeaderCell(column),
      x_coord: centre[0],
      y_coord: centre[1],
      value,
    });
  }
}

const finite = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** A CSV export of one warming-level layer (attributes only, one row per 12 km cell). */
export async function* readUkcp18Csv(file: string): AsyncGenerator<SourceRow<Ukcp18Row>> {
  let header: string[] | null = null;
  let cols: ResolvedColumns | null = null;
  for await (const batch of readCsvBatches(file)) {
    for (const row of batch) {
      if (!header) {
        if (!row.ok) throw new DataError(`${file}: unreadable header (${row.reason})`);
        header = row.fields;
        cols = resolveColumns(header, file);
        if (!cols.x || !cols.y)
          throw new DataError(`${file}: no projection_x_coordinate/projection_y_coordinate columns`);
        continue;
      }
      const reject = (reason: string): SourceRow<never> =>
        quarantined({ dataset: UKCP18_DATASET, file, line: row.line, reason, raw: row.raw });
      if (!row.ok) {
        yield reject(row.reason);
        continue;
      }
      if (row.fields.every((f) => f.trim() === '')) continue;
      if (row.fields.length !== header.length) {
        yield reject(`expected ${header.length} columns, found ${row.fields.length}`);
        continue;
      }
      const fields = row.fields;
      const at = (column: string) => fields[header!.indexOf(column)];
      const x = finite(at(cols!.x!));
      const y = finite(at(cols!.y!));
      if (x === null || y === null) {
        yield reject('projection_x_coordinate or projection_y_coordinate not a number');
        continue;
      }
      yield* cellRows(file, row.line, row.raw, [x, y], cols!, at);
    }
  }
  if (!header) throw new DataError(`${file}: empty file`);
}

/** Centroid of a polygon's outer ring (the cells are squares, so the vertex mean is their centre). */
function ringCentre(geometry: { type: string; coordinates: unknown }): [number, number] | null {
  const ring =
    geometry.type === 'Polygon'
      ? (geometry.coordinates as number[][][])[0]
      : geometry.type === 'MultiPolygon'
        ? (geometry.coordinates as number[][][][])[0]?.[0]
        : undefined;
  if (!ring || ring.length < 4) return null;
  const pts = ring.slice(0, -1);
  const sum = pts.reduce((s, p) => [s[0]! + p[0]!, s[1]! + p[1]!], [0, 0]);
  return [sum[0]! / pts.length, sum[1]! / pts.length];
}

/**
 * A GeoJSON export of one warming-level layer. The cell centre is its `projection_x_coordinate`/
 * `projection_y_coordinate` attributes; a feature without them falls back to its polygon's centre, projected
 * from WGS84 to BNG. `line` is the feature's 1-based position in the collection.
 */
export async function* readUkcp18GeoJson(file: string): AsyncGenerator<SourceRow<Ukcp18Row>> {
  const doc = parseGeoJson(readFileSync(file, 'utf8'));
  const columns = [...new Set(doc.features.flatMap((f) => Object.keys(f.properties)))];
  const cols = resolveColumns(columns, file);
  for (const feature of doc.features) {
    const line = feature.index + 1;
    const raw = JSON.stringify(feature.properties);
    let centre: [number, number] | null = null;
    const x = cols.x ? finite(feature.properties[cols.x]) : null;
    const y = cols.y ? finite(feature.properties[cols.y]) : null;
    if (x !== null && y !== null) centre = [x, y];
    else if (feature.geometry) {
      const c = ringCentre(feature.geometry);
      if (c) {
        const bng = doc.crs === 27700 ? { x: c[0], y: c[1] } : wgs84ToBng(c[0], c[1]);
        centre = [bng.x, bng.y];
      }
    }
    if (!centre) {
      yield quarantined({
        dataset: UKCP18_DATASET,
        file,
        line,
        reason: feature.error ?? 'no projection_x_coordinate/projection_y_coordinate and no polygon',
        raw,
      });
      continue;
    }
    yield* cellRows(file, line, raw, centre, cols, (column) => feature.properties[column]);
  }
}

/** Either export by extension. */
export function readUkcp18File(file: string): AsyncGenerator<SourceRow<Ukcp18Row>> {
  return /\.csv$/i.test(file) ? readUkcp18Csv(file) : readUkcp18GeoJson(file);
}

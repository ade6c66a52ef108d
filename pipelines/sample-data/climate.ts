// Sample climate sources around the sample areas, in the publishers' formats (reference climate.md):
//   metoffice-haduk-grid             NetCDF-4 (HDF5) 1991-2020 monthly climatologies, one file per variable
//                                    (`tas_hadukgrid_uk_1km_mon-30y_199101-202012.nc`: tas, tasmax, tasmin,
//                                    rainfall, sun, sfcWind): `<var>(time, projection_y_coordinate,
//                                    projection_x_coordinate)` doubles with `_FillValue` 1e20, CF attributes,
//                                    the BNG `transverse_mercator` grid mapping, coordinate variables attached
//                                    as dimension scales, deflate-compressed chunks
//   metoffice-ukcp18-warming-levels  Climate Data Portal exports on the 12 km grid: hot summer days and summer
//                                    precipitation as GeoJSON (WGS84 polygons), summer maximum temperature and
//                                    winter precipitation as CSV; column names cut at 31 characters
// The 1 km grid is one rectangle holding every area (a UK file is 900 × 1450 cells; this one ~270 × 554),
// with values in a 24 km square around each area; the rest of the rectangle, and the sea beside Cardiff and
// Stirling (the coasts of ./flood/geography.ts), hold the fill value, as sea does in the real files. The 2-D
// latitude/longitude auxiliary variables of the real files are left out (the loader does not read them).
// Planted for the loaders: one land cell with a NaN month (quarantined; that cell then has no rainfall
// statistics), one GeoJSON value that is null and one CSV row cut short (both quarantined).
// Real: names, layouts, attributes, units, 12 km lattice. Synthetic: every value (plausible 1991-2020 levels
// for the three places, smooth across the squares); UKCP18 columns not seen in the reference ([inferred]
// there: the precipitation baselines, the 2.5 and 3 °C levels of tasmax) follow the published pattern.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Feature, Position } from '../geo/geometry';
import { bngToWgs84 } from '../geo/bng';
import { geoJsonText } from '../io/spatial/geojson';
import { BNG_GRID_MAPPING, h5, HADUK_GRID_DATASET } from '../sources/climate/haduk-grid';
import { UKCP18_DATASET } from '../sources/climate/ukcp18';
import type { SampleArea } from './areas';
import { csvRow, type WrittenFile } from './csv-writer';
import { distanceToLine, geographyOf } from './flood/geography';
import { hashSeed, Rng } from './rng';
import { writtenFile } from './terrain/write';

export interface ClimateSampleFile {
  dataset: string;
  format: string;
  file: WrittenFile;
  headerRows: number;
}

export const FILL_VALUE = 1e20;
/** Half the side of the square of 1 km land cells around each area (m). */
const WINDOW = 12_000;

interface AreaClimate {
  tas: number;
  tasmax: number;
  tasmin: number;
  rainfall: number;
  sun: number;
  sfcWind: number;
}

// Plausible 1991-2020 annual figures (°C, mm, hours, m/s) for each place.
const AREA_CLIMATE: Record<SampleArea['id'], AreaClimate> = {
  bath: { tas: 10.7, tasmax: 14.9, tasmin: 6.4, rainfall: 820, sun: 1560, sfcWind: 4.4 },
  cardiff: { tas: 11.0, tasmax: 15.0, tasmin: 7.0, rainfall: 1150, sun: 1580, sfcWind: 5.3 },
  stirling: { tas: 8.9, tasmax: 13.0, tasmin: 4.6, rainfall: 1180, sun: 1280, sfcWind: 4.6 },
  london: { tas: 11.7, tasmax: 15.8, tasmin: 7.7, rainfall: 620, sun: 1630, sfcWind: 4.0 },
  edinburgh: { tas: 9.3, tasmax: 13.3, tasmin: 5.3, rainfall: 710, sun: 1460, sfcWind: 5.2 },
};

/** A HadUK-Grid variable's CF attributes. */
export interface HadukVariableMeta {
  name: string;
  standardName: string;
  longName: string;
  units: string;
  cellMethods: string;
}

interface VariableSpec extends HadukVariableMeta {
  name: keyof AreaClimate;
  /** Value for month m (1..12) given the cell's annual figure. */
  monthly(annual: number, m: number): number;
}

const season = (m: number, peak: number): number => Math.cos((2 * Math.PI * (m - peak)) / 12);

const VARIABLES: readonly VariableSpec[] = [
  {
    name: 'tas',
    standardName: 'air_temperature',
    longName: 'Mean air temperature',
    units: 'degC',
    cellMethods: 'time: mean within years time: mean over years',
    monthly: (a, m) => a + 6 * season(m, 7),
  },
  {
    name: 'tasmax',
    standardName: 'air_temperature',
    longName: 'Maximum air temperature',
    units: 'degC',
    cellMethods: 'time: maximum within days time: mean over days time: mean over years',
    monthly: (a, m) => a + 7 * season(m, 7),
  },
  {
    name: 'tasmin',
    standardName: 'air_temperature',
    longName: 'Minimum air temperature',
    units: 'degC',
    cellMethods: 'time: minimum within days time: mean over days time: mean over years',
    monthly: (a, m) => a + 5 * season(m, 7),
  },
  {
    name: 'rainfall',
    standardName: 'lwe_thickness_of_precipitation_amount',
    longName: 'Total precipitation amount',
    units: 'mm',
    cellMethods: 'time: sum within months time: mean over years',
    monthly: (a, m) => (a / 12) * (1 + 0.3 * season(m, 12)),
  },
  {
    name: 'sun',
    standardName: 'duration_of_sunshine',
    longName: 'Sunshine hours',
    units: 'hour',
    cellMethods: 'time: sum within months time: mean over years',
    monthly: (a, m) => (a / 12) * (1 + 0.6 * season(m, 7)),
  },
  {
    name: 'sfcWind',
    standardName: 'wind_speed',
    longName: 'Mean wind speed at 10m',
    units: 'm s-1',
    cellMethods: 'time: mean within months time: mean over years',
    monthly: (a, m) => a * (1 + 0.2 * season(m, 1)),
  },
];

/** A smooth stand-in for height (0..~250 m) so neighbouring cells differ the way real ones do. */
const relief = (x: number, y: number): number =>
  120 + 70 * Math.sin(x / 4100) * Math.cos(y / 5300) + 50 * Math.sin((x + 2 * y) / 2900);

function annualAt(c: AreaClimate, name: keyof AreaClimate, x: number, y: number, noise: number): number {
  const h = relief(x, y) - 120;
  switch (name) {
    case 'tas':
    case 'tasmax':
    case 'tasmin':
      return c[name] - 0.0065 * h + noise * 0.2;
    case 'rainfall':
      return c.rainfall * (1 + h / 600) * (1 + noise * 0.03);
    case 'sun':
      return c.sun * (1 - h / 2000) * (1 + noise * 0.02);
    case 'sfcWind':
      return c.sfcWind * (1 + h / 800) * (1 + noise * 0.03);
  }
}

/** Cell centres along each axis, in file order (BNG metres). */
export interface HadukGrid {
  x: Float64Array;
  y: Float64Array;
}

/** Cell centres (…500 m, as HadUK-Grid's) of the rectangle holding every area's square. */
function gridOf(areas: readonly SampleArea[]): HadukGrid {
  const lo = (v: number) => Math.floor((v - WINDOW) / 1000) * 1000 + 500;
  const hi = (v: number) => Math.ceil((v + WINDOW) / 1000) * 1000 - 500;
  const x0 = Math.min(...areas.map((a) => lo(a.centre.x)));
  const x1 = Math.max(...areas.map((a) => hi(a.centre.x)));
  const y0 = Math.min(...areas.map((a) => lo(a.centre.y)));
  const y1 = Math.max(...areas.map((a) => hi(a.centre.y)));
  const axis = (a: number, b: number) =>
    Float64Array.from({ length: (b - a) / 1000 + 1 }, (_, i) => a + i * 1000);
  return { x: axis(x0, x1), y: axis(y0, y1) };
}

/** The area whose land square holds the centre, or null (outside every square, or sea). */
function landAreaAt(areas: readonly SampleArea[], x: number, y: number): SampleArea | null {
  for (const area of areas) {
    if (Math.abs(x - area.centre.x) > WINDOW || Math.abs(y - area.centre.y) > WINDOW) continue;
    const coast = geographyOf(area).coast;
    // The sea lies right of the coast line's direction (side -1).
    if (coast && distanceToLine(coast, [x, y]).side < 0) return null;
    return area;
  }
  return null;
}

const hoursSince1800 = (iso: string): bigint =>
  BigInt((Date.parse(`${iso}T00:00:00Z`) - Date.parse('1800-01-01T00:00:00Z')) / 3_600_000);

/**
 * One monthly-climatology file (12 time steps): `values` in (time, y, x) order, FILL_VALUE for sea. The grid
 * mapping is the British National Grid unless told otherwise (tests write a wrong one).
 */
export async function writeHadukGridFile(
  path: string,
  v: HadukVariableMeta,
  grid: HadukGrid,
  values: Float64Array,
  mapping: Readonly<Record<string, number>> = BNG_GRID_MAPPING,
): Promise<void> {
  const lib = await h5();
  const nx = grid.x.length;
  const ny = grid.y.length;
  // HDF5 stamps object headers with the wall clock; a fixed clock keeps the files byte-identical for a
  // seed (the sample manifest records their checksums). h5wasm's clock is Date.now, and writing is
  // synchronous, so nothing else runs while it is pinned.
  const realNow = Date.now;
  Date.now = () => Date.UTC(2024, 4, 14);
  const f = new lib.File(path, 'w');
  try {
    const str = (obj: { create_attribute(n: string, d: string): void }, attrs: Record<string, string>) => {
      for (const [k, val] of Object.entries(attrs)) obj.create_attribute(k, val);
    };
    const dbl = (
      obj: { create_attribute(n: string, d: number, s: number[], t: string): void },
      k: string,
      n: number,
    ) => obj.create_attribute(k, n, [], '<d');

    const bnds = f.create_dataset({ name: 'bnds', data: new Float64Array(2), dtype: '<d' });
    bnds.make_scale('This is a netCDF dimension but not a netCDF variable.         2');

    // time: mid-month of the climatology's central year, with month_number and 1991-2020 bounds.
    const mid = Array.from({ length: 12 }, (_, i) =>
      hoursSince1800(`2005-${String(i + 1).padStart(2, '0')}-16`),
    );
    const time = f.create_dataset({ name: 'time', data: BigInt64Array.from(mid), dtype: '<q' });
    str(time, {
      axis: 'T',
      bounds: 'time_bnds',
      units: 'hours since 1800-01-01 00:00:00',
      standard_name: 'time',
      calendar: 'gregorian',
    });
    time.make_scale('time');
    const bounds = new BigInt64Array(24);
    for (let m = 0; m < 12; m++) {
      const mm = String(m + 1).padStart(2, '0');
      bounds[2 * m] = hoursSince1800(`1991-${mm}-01`);
      bounds[2 * m + 1] = hoursSince1800(
        m === 11 ? '2021-01-01' : `2020-${String(m + 2).padStart(2, '0')}-01`,
      );
    }
    const timeBnds = f.create_dataset({ name: 'time_bnds', data: bounds, shape: [12, 2], dtype: '<q' });
    timeBnds.attach_scale(0, 'time');
    timeBnds.attach_scale(1, 'bnds');
    const month = f.create_dataset({
      name: 'month_number',
      data: Int32Array.from({ length: 12 }, (_, i) => i + 1),
      dtype: '<i',
    });
    str(month, { long_name: 'month_number', units: '1' });
    month.attach_scale(0, 'time');

    for (const [axisName, coords, axis] of [
      ['projection_y_coordinate', grid.y, 'Y'],
      ['projection_x_coordinate', grid.x, 'X'],
    ] as const) {
      const ds = f.create_dataset({ name: axisName, data: coords, dtype: '<d' });
      str(ds, { axis, bounds: `${axisName}_bnds`, units: 'm', standard_name: axisName });
      ds.make_scale(axisName);
      const b = new Float64Array(coords.length * 2);
      const half = coords.length > 1 ? Math.abs(coords[1]! - coords[0]!) / 2 : 500;
      coords.forEach((c, i) => {
        b[2 * i] = c - half;
        b[2 * i + 1] = c + half;
      });
      const bd = f.create_dataset({
        name: `${axisName}_bnds`,
        data: b,
        shape: [coords.length, 2],
        dtype: '<d',
      });
      bd.attach_scale(0, axisName);
      bd.attach_scale(1, 'bnds');
    }

    const tm = f.create_dataset({
      name: 'transverse_mercator',
      data: new Int32Array([-2147483647]),
      shape: [],
      dtype: '<i',
    });
    str(tm, { grid_mapping_name: 'transverse_mercator' });
    dbl(tm, 'longitude_of_prime_meridian', 0);
    for (const [k, n] of Object.entries(mapping)) dbl(tm, k, n);

    const data = f.create_dataset({
      name: v.name,
      data: values,
      shape: [12, ny, nx],
      dtype: '<d',
      chunks: [1, Math.min(ny, 256), Math.min(nx, 256)],
      compression: 4,
    });
    dbl(data, '_FillValue', FILL_VALUE);
    str(data, {
      standard_name: v.standardName,
      long_name: v.longName,
      units: v.units,
      description: v.longName,
      label_units: v.units === 'degC' ? '°C' : v.units,
      level: '1.5m',
      plot_label: `${v.longName} (${v.units})`,
      cell_methods: v.cellMethods,
      grid_mapping: 'transverse_mercator',
      coordinates: 'month_number',
    });
    data.attach_scale(0, 'time');
    data.attach_scale(1, 'projection_y_coordinate');
    data.attach_scale(2, 'projection_x_coordinate');

    str(f, {
      _NCProperties: 'version=2,netcdf=4.6.2,hdf5=1.10.5',
      comment: 'Monthly resolution gridded climate observations',
      creation_date: '2024-05-14T00:00:00',
      frequency: 'mon-30y',
      institution: 'Met Office',
      references: 'doi: 10.1002/gdj3.78',
      short_name: `monthly_${v.name}`,
      source: 'HadUK-Grid_v1.3.0.0',
      title: 'Gridded surface climate observations data for the UK',
      version: 'v20240514',
      Conventions: 'CF-1.7',
    });
  } finally {
    f.close();
    Date.now = realNow;
  }
}

async function writeHadukGrid(
  areas: readonly SampleArea[],
  outDir: string,
  seed: number,
): Promise<ClimateSampleFile[]> {
  const dir = join(outDir, HADUK_GRID_DATASET);
  mkdirSync(dir, { recursive: true });
  const grid = gridOf(areas);
  const nx = grid.x.length;
  const ny = grid.y.length;
  // Which area each cell's land belongs to, once for all variables.
  const landOf: (SampleArea | null)[] = [];
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) landOf.push(landAreaAt(areas, grid.x[i]!, grid.y[j]!));
  // The planted NaN: the south-west corner cell of Bath's square, far from its addresses.
  const bath = areas.find((a) => a.id === 'bath');
  const nanCell = bath
    ? Math.round((bath.centre.y - WINDOW + 500 - grid.y[0]!) / 1000) * nx +
      Math.round((bath.centre.x - WINDOW + 500 - grid.x[0]!) / 1000)
    : -1;
  const out: ClimateSampleFile[] = [];
  for (const v of VARIABLES) {
    const rng = new Rng(hashSeed(seed, 'haduk', v.name));
    const values = new Float64Array(12 * nx * ny).fill(FILL_VALUE);
    let land = 0;
    landOf.forEach((area, k) => {
      if (!area) return;
      land++;
      const x = grid.x[k % nx]!;
      const y = grid.y[Math.floor(k / nx)]!;
      const annual = annualAt(AREA_CLIMATE[area.id], v.name, x, y, rng.real(-1, 1));
      for (let m = 1; m <= 12; m++)
        values[(m - 1) * nx * ny + k] = Math.round(v.monthly(annual, m) * 100) / 100;
    });
    if (v.name === 'rainfall' && landOf[nanCell]) values[2 * nx * ny + nanCell] = NaN;
    const path = join(dir, `${v.name}_hadukgrid_uk_1km_mon-30y_199101-202012.nc`);
    await writeHadukGridFile(path, v, grid, values);
    out.push({
      dataset: HADUK_GRID_DATASET,
      format: `NetCDF-4 (HadUK-Grid v1.3.0.0, ${v.name}, 1 km, monthly 1991-2020 climatology)`,
      file: writtenFile(path, land * 12),
      headerRows: 0,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// UKCP18 warming levels (Climate Data Portal, 12 km)
// ---------------------------------------------------------------------------------------------------------

const STATS = ['lower', 'median', 'upper'] as const;
const LEVELS = ['15', '20', '25', '30', '40'] as const;
/** How far above the median the bounds sit, per level (for absolute values and changes alike). */
type Triple = [number, number, number];

interface ProjectionDataset {
  title: string;
  file: string;
  format: 'geojson' | 'csv';
  prefix: string;
  /** Column name (full, before the portal cuts it) → value, for a cell of an area. */
  columns(area: SampleArea['id'], rng: Rng): [string, number | null][];
}

const levelColumns = (name: (level: string, stat: string) => string, values: (level: string) => Triple) =>
  LEVELS.flatMap((l) => STATS.map((s, i) => [name(l, s), values(l)[i]!] as [string, number]));
const triple = (name: (stat: string) => string, t: Triple) =>
  STATS.map((s, i) => [name(s), t[i]!] as [string, number]);

// Hot summer days (> 30 °C) a year at each warming level's median; Stirling has none in its baseline.
const HOT_DAYS: Record<SampleArea['id'], Record<string, number>> = {
  bath: { '81_00': 0.6, '01_20': 1.4, '15': 2.1, '20': 3.4, '25': 5.2, '30': 7.6, '40': 13.8 },
  cardiff: { '81_00': 0.4, '01_20': 0.9, '15': 1.5, '20': 2.4, '25': 3.8, '30': 5.6, '40': 10.2 },
  stirling: { '81_00': 0, '01_20': 0.1, '15': 0.2, '20': 0.4, '25': 0.8, '30': 1.3, '40': 2.9 },
  london: { '81_00': 1.5, '01_20': 2.8, '15': 3.9, '20': 6.0, '25': 8.7, '30': 12.0, '40': 20.1 },
  edinburgh: { '81_00': 0, '01_20': 0, '15': 0.1, '20': 0.2, '25': 0.5, '30': 0.9, '40': 2.1 },
};
const TASMAX_BASE: Record<SampleArea['id'], number> = {
  bath: 20.8,
  cardiff: 19.9,
  stirling: 18.0,
  london: 22.4,
  edinburgh: 18.4,
};
const TASMAX_CHANGE: Record<string, Triple> = {
  '01_20': [0.1, 0.6, 1.1],
  '15': [0.3, 1.1, 1.9],
  '20': [0.7, 1.7, 2.7],
  '25': [1.1, 2.3, 3.5],
  '30': [1.5, 2.9, 4.3],
  '40': [2.6, 4.4, 6.2],
};
const PR_BASE: Record<'summer' | 'winter', Record<SampleArea['id'], number>> = {
  summer: { bath: 2.0, cardiff: 2.6, stirling: 2.8, london: 1.7, edinburgh: 2.2 },
  winter: { bath: 2.7, cardiff: 4.3, stirling: 4.2, london: 2.0, edinburgh: 2.2 },
};
// Percent changes from 1981-2000.
const PR_CHANGE: Record<'summer' | 'winter', Record<string, Triple>> = {
  summer: {
    '01_20': [-12, -3, 6],
    '15': [-21, -8, 5],
    '20': [-27, -12, 3],
    '25': [-34, -16, 1],
    '30': [-41, -20, -1],
    '40': [-55, -28, -4],
  },
  winter: {
    '01_20': [-4, 4, 12],
    '15': [-3, 6, 15],
    '20': [-1, 8, 19],
    '25': [0, 11, 23],
    '30': [1, 13, 28],
    '40': [3, 18, 36],
  },
};

const r2 = (v: number) => Math.round(v * 100) / 100;

function precipitation(which: 'summer' | 'winter'): ProjectionDataset['columns'] {
  return (area, rng) => {
    const base = PR_BASE[which][area] * rng.real(0.95, 1.05);
    const p = `pr_${which}`;
    const change = PR_CHANGE[which];
    const abs = (t: Triple): Triple => t.map((c) => r2(base * (1 + c / 100))) as Triple;
    return [
      ...triple((s) => `${p}_baseline_81_00_${s}`, [r2(base * 0.9), r2(base), r2(base * 1.1)]),
      ...triple((s) => `${p}_01_20_${s}`, abs(change['01_20']!)),
      ...triple((s) => `${p}_change_01_20_${s}`, change['01_20']!),
      ...levelColumns(
        (l, s) => `${p}_change_${l}_${s}`,
        (l) => change[l]!,
      ),
    ];
  };
}

const PROJECTION_DATASETS: readonly ProjectionDataset[] = [
  {
    title: 'Annual Count of Hot Summer Days - Projections (12km)',
    file: 'Annual_Count_of_Hot_Summer_Days_-_Projections_(12km).geojson',
    format: 'geojson',
    prefix: 'HSD',
    columns: (area, rng) => {
      const k = rng.real(0.9, 1.1);
      const days = (level: string): Triple => {
        const m = HOT_DAYS[area][level]! * k;
        return [r2(m * 0.35), r2(m), r2(m * 2.1 + (m > 0 ? 0.5 : 0))];
      };
      return [
        ...triple((s) => `HSD_baseline_81_00_${s}`, days('81_00')),
        ...triple((s) => `HSD_baseline_01_20_${s}`, days('01_20')),
        ...levelColumns((l, s) => `HSD_${l}_${s}`, days),
      ];
    },
  },
  {
    title: 'Summer Maximum Temperature Change - Projections (12km)',
    file: 'Summer_Maximum_Temperature_Change_-_Projections_(12km).csv',
    format: 'csv',
    prefix: 'tasmax_summer',
    columns: (area, rng) => {
      const base = TASMAX_BASE[area] + rng.real(-0.3, 0.3);
      const recent = TASMAX_CHANGE['01_20']!;
      return [
        ...triple((s) => `tasmax_summer_baseline_81_00_${s}`, [r2(base - 0.7), r2(base), r2(base + 0.7)]),
        ...triple((s) => `tasmax_summer_01_20_${s}`, recent.map((c) => r2(base + c)) as Triple),
        ...triple((s) => `tasmax_summer_change_01_20_${s}`, recent),
        ...levelColumns(
          (l, s) => `tasmax_summer_change_${l}_${s}`,
          (l) => TASMAX_CHANGE[l]!,
        ),
      ];
    },
  },
  {
    title: 'Summer Precipitation Change - Projections (12km)',
    file: 'Summer_Precipitation_Change_-_Projections_(12km).geojson',
    format: 'geojson',
    prefix: 'pr_summer',
    columns: precipitation('summer'),
  },
  {
    title: 'Winter Precipitation Change - Projections (12km)',
    file: 'Winter_Precipitation_Change_-_Projections_(12km).csv',
    format: 'csv',
    prefix: 'pr_winter',
    columns: precipitation('winter'),
  },
];

/** The portal's layer cuts field names at 31 characters. */
const cut = (name: string): string => name.slice(0, 31);

const CELL = 12_000;
/** 12 km cell centres (UKCP18's lattice: 6 km + multiples of 12 km) within two cells of each area. */
function projectionCells(areas: readonly SampleArea[]): { area: SampleArea; centre: Position }[] {
  const out: { area: SampleArea; centre: Position }[] = [];
  for (const area of areas) {
    const cx = Math.floor(area.centre.x / CELL) * CELL + CELL / 2;
    const cy = Math.floor(area.centre.y / CELL) * CELL + CELL / 2;
    for (let dy = -2; dy <= 2; dy++)
      for (let dx = -2; dx <= 2; dx++) out.push({ area, centre: [cx + dx * CELL, cy + dy * CELL] });
  }
  return out;
}

const wgs = ([x, y]: Position): Position => {
  const p = bngToWgs84(x, y);
  return [Math.round(p.longitude * 1e7) / 1e7, Math.round(p.latitude * 1e7) / 1e7];
};

function writeProjections(areas: readonly SampleArea[], outDir: string, seed: number): ClimateSampleFile[] {
  const dir = join(outDir, UKCP18_DATASET);
  mkdirSync(dir, { recursive: true });
  const cells = projectionCells(areas);
  const out: ClimateSampleFile[] = [];
  for (const ds of PROJECTION_DATASETS) {
    const rows = cells.map(({ area, centre }, i) => {
      const rng = new Rng(hashSeed(seed, 'ukcp18', ds.prefix, centre[0], centre[1]));
      const ll = wgs(centre);
      const attrs: [string, number | null][] = [
        ['OBJECTID', i + 1],
        ['projection_y_coordinate', centre[1]],
        ['projection_x_coordinate', centre[0]],
        ['latitude', ll[1]],
        ['longitude', ll[0]],
        ...ds.columns(area.id, rng).map(([n, v]) => [cut(n), v] as [string, number | null]),
      ];
      return { centre, attrs };
    });
    // The planted bad value or row sits in the first cell (a corner, two cells from any address).
    const path = join(dir, ds.file);
    if (ds.format === 'geojson') {
      if (ds.prefix === 'HSD') {
        const v = rows[0]!.attrs.find(([n]) => n === 'HSD_40_upper');
        if (v) v[1] = null;
      }
      const features: Feature[] = rows.map(({ centre: [x, y], attrs }) => ({
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [x - CELL / 2, y - CELL / 2],
              [x + CELL / 2, y - CELL / 2],
              [x + CELL / 2, y + CELL / 2],
              [x - CELL / 2, y + CELL / 2],
              [x - CELL / 2, y - CELL / 2],
            ].map((p) => wgs(p as Position)),
          ],
        },
        properties: Object.fromEntries(attrs),
      }));
      writeFileSync(path, geoJsonText(features, { crs: 4326, name: ds.title }));
      out.push({
        dataset: UKCP18_DATASET,
        format:
          'GeoJSON (Climate Data Portal export, WGS84 12 km cell polygons, fields cut at 31 characters)',
        file: writtenFile(path, rows.length),
        headerRows: 0,
      });
    } else {
      const lines = [csvRow(rows[0]!.attrs.map(([n]) => n))];
      rows.forEach(({ attrs }, i) => {
        const fields = attrs.map(([, v]) => (v === null ? '' : String(v)));
        // A row cut short, as a truncated download leaves it.
        lines.push(csvRow(ds.prefix === 'pr_winter' && i === 0 ? fields.slice(0, 12) : fields));
      });
      writeFileSync(path, lines.join('\r\n') + '\r\n');
      out.push({
        dataset: UKCP18_DATASET,
        format:
          'csv (Climate Data Portal export: attributes with projection_x/y_coordinate, fields cut at 31 characters)',
        file: writtenFile(path, rows.length),
        headerRows: 1,
      });
    }
  }
  return out;
}

export async function writeClimateSamples(
  areas: readonly SampleArea[],
  outDir: string,
  seed: number,
): Promise<ClimateSampleFile[]> {
  return [...(await writeHadukGrid(areas, outDir, seed)), ...writeProjections(areas, outDir, seed)];
}

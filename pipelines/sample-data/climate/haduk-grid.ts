// HadUK-Grid 1991-2020 monthly climatologies (metoffice-haduk-grid), one file per variable (tas, tasmax,
// tasmin, rainfall, sun, sfcWind): plausible annual figures for each place, smooth across a 24 km square of
// 1 km land cells around each area, the sea (the coasts of ../flood/geography.ts) and the rest of the grid
// filled; one land cell with a NaN month (quarantined).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { HADUK_GRID_DATASET } from '../../sources/climate/haduk-grid';
import type { SampleArea } from '../areas';
import { readDataTable } from '../data-table';
import { distanceToLine, geographyOf } from '../flood/geography';
import { hashSeed, Rng } from '../rng';
import { writtenFile } from '../terrain/write';
import type { ClimateSampleFile } from './climate-file';
import { FILL_VALUE, writeHadukGridFile, type HadukGrid, type HadukVariableMeta } from './haduk-grid-file';

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

/** Plausible 1991-2020 annual figures (°C, mm, hours, m/s) for each place (area-climate.csv). */
function areaClimate(): Record<string, AreaClimate> {
  return Object.fromEntries(
    readDataTable(new URL('./area-climate.csv', import.meta.url)).map((r) => [
      r.area!,
      {
        tas: Number(r.tas),
        tasmax: Number(r.tasmax),
        tasmin: Number(r.tasmin),
        rainfall: Number(r.rainfall),
        sun: Number(r.sun),
        sfcWind: Number(r.sfcWind),
      },
    ]),
  );
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

export async function writeHadukGrid(
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
  const climate = areaClimate();
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
      const annual = annualAt(climate[area.id]!, v.name, x, y, rng.real(-1, 1));
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

// Met Office HadUK-Grid gridded observations (reference climate.md section 1): NetCDF-4 (HDF5) files named
// `<var>_hadukgrid_uk_<res>_<freq>_<start>-<end>.nc`, read with h5wasm. The data variable is
// `<var>(time, projection_y_coordinate, projection_x_coordinate)`; cells holding `_FillValue` (1e20) are sea
// or outside the land mask. Cell centres come from the coordinate variables (the grid's origin and the
// direction of its axes are read, never assumed) and the `transverse_mercator` grid mapping must be the
// British National Grid, or the file is refused: we key every cell by BNG metres.
//
// Quarantine: a land cell whose value is NaN, infinite or physically impossible for its variable is one
// quarantined record (`line` = its 1-based position in the variable's time, y, x order). Fill cells are not
// errors but the publisher's sea mask, ~80% of a UK grid: each time step's fill cells are counted in one
// quarantine record (reason `_FillValue …`, raw holds the count), so nothing is dropped unrecorded and a
// 1.3-million-cell grid does not become a million quarantine rows.
import { closeSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import type H5wasmModule from 'h5wasm/node';
import type { Dataset, File as H5File } from 'h5wasm/node';
import type { HadukGridCellRecord } from '../../../schemas/climate-tables';
import { DataError } from '../../io/errors';
import { accepted, quarantined, type SourceRow } from '../../io/quarantine';

export const HADUK_GRID_DATASET = 'metoffice-haduk-grid';
export type HadukGridCellRow = Omit<HadukGridCellRecord, 'source_file'>;

export interface HadukFileName {
  variable: string;
  resolution: string;
  frequency: string;
  start: string;
  end: string;
}

const FILE_NAME = /^([A-Za-z]+)_hadukgrid_uk_(\d+km)_([a-z0-9-]+)_(\d{6,8})(?:-(\d{6,8}))?\.nc$/;

/** `rainfall_hadukgrid_uk_1km_mon-30y_199101-202012.nc` → its parts; null for any other name. */
export function parseHadukFileName(path: string): HadukFileName | null {
  const m = FILE_NAME.exec(basename(path));
  if (!m) return null;
  return { variable: m[1]!, resolution: m[2]!, frequency: m[3]!, start: m[4]!, end: m[5] ?? m[4]! };
}

/** The British National Grid as CF `transverse_mercator` attributes (reference climate.md). */
export const BNG_GRID_MAPPING: Readonly<Record<string, number>> = {
  semi_major_axis: 6377563.396,
  semi_minor_axis: 6356256.909,
  longitude_of_central_meridian: -2,
  latitude_of_projection_origin: 49,
  false_easting: 400000,
  false_northing: -100000,
  scale_factor_at_central_meridian: 0.9996012717,
};

/** Values no real grid of the variable can hold (anything outside is quarantined). */
const PLAUSIBLE: Readonly<Record<string, readonly [number, number]>> = {
  tas: [-60, 60],
  tasmax: [-60, 60],
  tasmin: [-60, 60],
  rainfall: [0, 5000],
  sun: [0, 750],
  sfcWind: [0, 100],
  hurs: [0, 100],
};

/** netCDF's default fill for doubles, used when a variable declares no `_FillValue`. */
const NC_DEFAULT_FILL = 9.969209968386869e36;

// The HDF5 superblock signature, at 0 or (after a user block) a power of two from 512 bytes.
const HDF5_SIGNATURE = Buffer.from([0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Whether the file is HDF5 (NetCDF-4); classic NetCDF-3 files start `CDF`. Checked before h5wasm opens it, which fails on others without a usable error. */
export function isHdf5(path: string): boolean {
  const head = Buffer.alloc(2048 + 8);
  const fd = openSync(path, 'r');
  try {
    const n = readSync(fd, head, 0, head.length, 0);
    return [0, 512, 1024, 2048].some((at) => at + 8 <= n && head.subarray(at, at + 8).equals(HDF5_SIGNATURE));
  } finally {
    closeSync(fd);
  }
}

type H5wasm = typeof H5wasmModule;
let loaded: Promise<H5wasm> | null = null;
/**
 * h5wasm, loaded on first use: importing it reserves ~600 MB of resident memory (its WebAssembly heap), which
 * every process importing the asset graph (a refresh worker, all the time) carried though few read NetCDF.
 */
export function h5(): Promise<H5wasm> {
  loaded ??= import('h5wasm/node').then(async ({ default: h5wasm }) => {
    await h5wasm.ready;
    return h5wasm;
  });
  return loaded;
}

function attr(ds: Dataset | H5File, name: string): unknown {
  if (!(name in ds.attrs)) return undefined;
  const v = ds.get_attribute(name, true);
  return Array.isArray(v) && v.length === 1 ? v[0] : v;
}
const numAttr = (ds: Dataset | H5File, name: string): number | undefined => {
  const v = attr(ds, name);
  return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined;
};

function dataset(file: H5File, name: string): Dataset | null {
  const entity = file.keys().includes(name) ? file.get(name) : null;
  return entity && 'shape' in entity ? (entity as Dataset) : null;
}

function numbers(ds: Dataset): number[] {
  const v = ds.value as ArrayLike<number | bigint> | null;
  if (!v) return [];
  return Array.from(v, Number);
}

/** The spacing of a regular axis (negative when it runs backwards); throws if the axis is irregular. */
export function regularStep(values: readonly number[], axis: string, file: string): number {
  if (values.length < 2) throw new DataError(`${file}: ${axis} has fewer than 2 points`);
  const step = values[1]! - values[0]!;
  for (let i = 2; i < values.length; i++)
    if (Math.abs(values[i]! - values[i - 1]! - step) > Math.abs(step) * 1e-6)
      throw new DataError(
        `${file}: ${axis} is not a regular grid (step ${step} then ${values[i]! - values[i - 1]!})`,
      );
  if (step === 0) throw new DataError(`${file}: ${axis} has a zero step`);
  return step;
}

/** Checks the grid mapping is the British National Grid; throws naming the first attribute that differs. */
export function checkBngGridMapping(file: H5File, variable: Dataset, path: string): void {
  const name = attr(variable, 'grid_mapping');
  if (typeof name !== 'string') throw new DataError(`${path}: the variable has no grid_mapping attribute`);
  const mapping = dataset(file, name);
  if (!mapping) throw new DataError(`${path}: grid mapping variable ${name} not found`);
  const kind = attr(mapping, 'grid_mapping_name');
  if (kind !== undefined && kind !== 'transverse_mercator')
    throw new DataError(`${path}: grid mapping ${String(kind)} is not transverse_mercator (BNG)`);
  for (const [key, expected] of Object.entries(BNG_GRID_MAPPING)) {
    let got = numAttr(mapping, key);
    // CF allows the ellipsoid as semi-major axis and inverse flattening instead of the two axes.
    const invF = numAttr(mapping, 'inverse_flattening');
    if (got === undefined && key === 'semi_minor_axis' && invF)
      got = BNG_GRID_MAPPING.semi_major_axis! * (1 - 1 / invF);
    if (got === undefined || Math.abs(got - expected) > Math.abs(expected) * 1e-7 + 1e-9)
      throw new DataError(
        `${path}: ${name}.${key} is ${String(got)}, not the British National Grid's ${expected}`,
      );
  }
}

/** Calendar month (1..12) of each time step: `month_number` when present, else decoded from `time`. */
function monthsOf(file: H5File, steps: number, frequency: string, path: string): (number | null)[] {
  if (!frequency.startsWith('mon')) return Array<null>(steps).fill(null);
  const monthNumber = dataset(file, 'month_number');
  if (monthNumber) return numbers(monthNumber).map((m) => (m >= 1 && m <= 12 ? m : null));
  const time = dataset(file, 'time');
  const units = time ? attr(time, 'units') : undefined;
  const m =
    typeof units === 'string'
      ? /^(hours|days) since (\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}:\d{2}))?/.exec(units)
      : null;
  if (!time || !m) throw new DataError(`${path}: monthly file without month_number or a decodable time`);
  const origin = Date.parse(`${m[2]}T${m[3] ?? '00:00:00'}Z`);
  const unitMs = m[1] === 'hours' ? 3_600_000 : 86_400_000;
  return numbers(time).map((t) => new Date(origin + t * unitMs).getUTCMonth() + 1);
}

/**
 * Every land cell of one HadUK-Grid file as a staged record; sea cells are counted, impossible values
 * quarantined. Reads one time step at a time (a UK 1 km step is 1.3 M doubles, 10 MB).
 */
export async function* readHadukGridFile(path: string): AsyncGenerator<SourceRow<HadukGridCellRow>> {
  const name = parseHadukFileName(path);
  if (!name)
    throw new DataError(
      `${path}: not a HadUK-Grid file name (<var>_hadukgrid_uk_<res>_<freq>_<start>-<end>.nc)`,
    );
  if (!isHdf5(path)) throw new DataError(`${path}: not a NetCDF-4/HDF5 file (no HDF5 signature)`);
  const lib = await h5();
  const file = new lib.File(path, 'r');
  try {
    const variable = dataset(file, name.variable);
    if (!variable) throw new DataError(`${path}: no variable ${name.variable}`);
    const shape = variable.shape ?? [];
    if (shape.length !== 3)
      throw new DataError(`${path}: ${name.variable} has ${shape.length} dimensions, expected (time, y, x)`);
    // Dimension scales, where the writer attached them (netCDF-4 always does), must be in CF order.
    const expectedDims = ['time', 'projection_y_coordinate', 'projection_x_coordinate'];
    expectedDims.forEach((dim, i) => {
      const scales = variable.get_attached_scales(i);
      if (scales.length > 0 && !scales.some((s) => s.replace(/^\//, '') === dim))
        throw new DataError(
          `${path}: dimension ${i} of ${name.variable} is ${scales.join(', ')}, expected ${dim}`,
        );
    });
    checkBngGridMapping(file, variable, path);
    const xs = dataset(file, 'projection_x_coordinate');
    const ys = dataset(file, 'projection_y_coordinate');
    if (!xs || !ys)
      throw new DataError(`${path}: projection_x_coordinate or projection_y_coordinate missing`);
    const x = numbers(xs);
    const y = numbers(ys);
    const [steps, ny, nx] = shape as [number, number, number];
    if (x.length !== nx || y.length !== ny)
      throw new DataError(
        `${path}: coordinate lengths ${x.length}×${y.length} differ from the grid ${nx}×${ny}`,
      );
    regularStep(x, 'projection_x_coordinate', path);
    regularStep(y, 'projection_y_coordinate', path);
    for (const axis of [xs, ys]) {
      const units = attr(axis, 'units');
      if (units !== undefined && units !== 'm')
        throw new DataError(`${path}: coordinate units ${String(units)}, expected m`);
    }
    const fill = numAttr(variable, '_FillValue') ?? numAttr(variable, 'missing_value') ?? NC_DEFAULT_FILL;
    const scale = numAttr(variable, 'scale_factor') ?? 1;
    const offset = numAttr(variable, 'add_offset') ?? 0;
    const unitsAttr = attr(variable, 'units');
    const units = typeof unitsAttr === 'string' ? unitsAttr : null;
    const [lo, hi] = PLAUSIBLE[name.variable] ?? [-Infinity, Infinity];
    const months = monthsOf(file, steps, name.frequency, path);
    for (let t = 0; t < steps; t++) {
      const slice = variable.slice([[t, t + 1], [], []]) as ArrayLike<number>;
      let fills = 0;
      let firstFill = -1;
      for (let j = 0; j < ny; j++) {
        for (let i = 0; i < nx; i++) {
          const k = j * nx + i;
          const raw = slice[k]!;
          if (raw === fill) {
            if (fills++ === 0) firstFill = k;
            continue;
          }
          const value = raw * scale + offset;
          if (!Number.isFinite(value) || value < lo || value > hi) {
            yield quarantined({
              dataset: HADUK_GRID_DATASET,
              file: path,
              line: t * nx * ny + k + 1,
              reason: Number.isFinite(value)
                ? `${name.variable} ${value} outside ${lo}..${hi} ${units ?? ''}`.trim()
                : `${name.variable} is ${value}, not a number`,
              raw: `${name.variable}[time=${t}, projection_y_coordinate=${j}, projection_x_coordinate=${i}] = ${raw}`,
            });
            continue;
          }
          yield accepted(path, t * nx * ny + k + 1, {
            variable: name.variable,
            resolution: name.resolution,
            frequency: name.frequency,
            period_start: name.start,
            period_end: name.end,
            time_index: t,
            month: months[t] ?? null,
            x_coord: x[i]!,
            y_coord: y[j]!,
            value,
            units,
          });
        }
      }
      if (fills > 0)
        yield quarantined({
          dataset: HADUK_GRID_DATASET,
          file: path,
          line: t * nx * ny + firstFill + 1,
          reason: `_FillValue ${fill} (sea or outside the land mask): not staged`,
          raw: `${name.variable}[time=${t}]: ${fills} of ${nx * ny} cells`,
        });
    }
  } finally {
    file.close();
  }
}

// One HadUK-Grid monthly-climatology file as the Met Office publishes it: NetCDF-4 (HDF5), `<var>(time,
// projection_y_coordinate, projection_x_coordinate)` doubles with `_FillValue` 1e20, CF attributes, the BNG
// `transverse_mercator` grid mapping, coordinate variables attached as dimension scales, deflate-compressed
// chunks. The loaders' tests write their own files with it.
import { BNG_GRID_MAPPING, h5 } from '../../sources/climate/haduk-grid';

export const FILL_VALUE = 1e20;

/** A HadUK-Grid variable's CF attributes. */
export interface HadukVariableMeta {
  name: string;
  standardName: string;
  longName: string;
  units: string;
  cellMethods: string;
}

/** Cell centres along each axis, in file order (BNG metres). */
export interface HadukGrid {
  x: Float64Array;
  y: Float64Array;
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

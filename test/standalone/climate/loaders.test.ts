// The climate loaders on files in the publishers' formats: HadUK-Grid NetCDF-4 written with the sample
// writer (CF attributes, dimension scales, _FillValue sea), and Climate Data Portal CSV/GeoJSON exports with
// the portal's 31-character column cuts.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bngToWgs84 } from '../../../pipelines/geo/bng';
import type { SourceRow } from '../../../pipelines/io/quarantine';
import { FILL_VALUE, writeHadukGridFile } from '../../../pipelines/sample-data/climate/haduk-grid-file';
import type { Dataset } from 'h5wasm/node';
import {
  BNG_GRID_MAPPING,
  h5,
  parseHadukFileName,
  readHadukGridFile,
} from '../../../pipelines/sources/climate/haduk-grid';
import {
  readUkcp18Csv,
  readUkcp18GeoJson,
  resolveProjectionColumn,
} from '../../../pipelines/sources/climate/ukcp18';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pds-climate-loaders-'));
});

async function collect<T>(rows: AsyncIterable<SourceRow<T>>) {
  const ok: T[] = [];
  const bad: { line: number; reason: string; raw: string }[] = [];
  for await (const r of rows) {
    if (r.ok) ok.push(r.record);
    else bad.push({ line: r.row.line, reason: r.row.reason, raw: r.row.raw });
  }
  return { ok, bad };
}

const TAS = {
  name: 'tas',
  standardName: 'air_temperature',
  longName: 'Mean air temperature',
  units: 'degC',
  cellMethods: 'time: mean',
};

describe('HadUK-Grid NetCDF-4', () => {
  it('parses the file name parts', () => {
    expect(parseHadukFileName('/x/rainfall_hadukgrid_uk_1km_mon-30y_199101-202012.nc')).toEqual({
      variable: 'rainfall',
      resolution: '1km',
      frequency: 'mon-30y',
      start: '199101',
      end: '202012',
    });
    expect(parseHadukFileName('tas_hadukgrid_uk_1km_mon_202403.nc')?.end).toBe('202403');
    expect(parseHadukFileName('tas_uk_1km.nc')).toBeNull();
  });

  it('reads cell centres from the coordinate variables (any origin, y running south) and skips fill cells', async () => {
    // 3 × 2 cells, y decreasing, an origin that is not HadUK's; cell (x=1, y=0) is sea in every month.
    const grid = { x: Float64Array.from([120500, 121500, 122500]), y: Float64Array.from([410500, 409500]) };
    const values = new Float64Array(12 * 6);
    for (let m = 0; m < 12; m++)
      for (let k = 0; k < 6; k++) values[m * 6 + k] = k === 1 ? FILL_VALUE : m + k / 10;
    values[5 * 6 + 4] = -99; // an impossible temperature in June at (x=1, y=1)
    const path = join(dir, 'tas_hadukgrid_uk_1km_mon-30y_199101-202012.nc');
    await writeHadukGridFile(path, TAS, grid, values);
    const { ok, bad } = await collect(readHadukGridFile(path));
    expect(ok).toHaveLength(12 * 5 - 1);
    expect(ok[0]).toMatchObject({
      variable: 'tas',
      frequency: 'mon-30y',
      month: 1,
      x_coord: 120500,
      y_coord: 410500,
      value: 0,
    });
    // k = 5 is x index 2, y index 1 → (122500, 409500).
    expect(ok.find((r) => r.month === 3 && r.x_coord === 122500 && r.y_coord === 409500)?.value).toBeCloseTo(
      2.5,
    );
    expect(ok.some((r) => r.x_coord === 121500 && r.y_coord === 410500)).toBe(false);
    expect(bad.filter((b) => b.reason.startsWith('_FillValue 100000000000000000000'))).toHaveLength(12);
    expect(bad.find((b) => b.raw.startsWith('tas[time=0]'))?.raw).toBe('tas[time=0]: 1 of 6 cells');
    expect(bad.find((b) => !b.reason.startsWith('_FillValue'))).toEqual({
      line: 5 * 6 + 4 + 1,
      reason: 'tas -99 outside -60..60 degC',
      raw: 'tas[time=5, projection_y_coordinate=1, projection_x_coordinate=1] = -99',
    });
  });

  it('writes NetCDF-4 as netCDF does: dimension scales in CF order, CF attributes, fill value', async () => {
    const path = join(dir, 'tasmax_hadukgrid_uk_1km_mon-30y_199101-202012.nc');
    const grid = { x: Float64Array.from([500, 1500]), y: Float64Array.from([500, 1500]) };
    await writeHadukGridFile(path, { ...TAS, name: 'tasmax' }, grid, new Float64Array(48).fill(12));
    const lib = await h5();
    const f = new lib.File(path, 'r');
    try {
      const tas = f.get('tasmax') as Dataset;
      expect([0, 1, 2].map((i) => tas.get_attached_scales(i))).toEqual([
        ['/time'],
        ['/projection_y_coordinate'],
        ['/projection_x_coordinate'],
      ]);
      expect(tas.get_attribute('_FillValue', true)).toBe(1e20);
      expect(tas.get_attribute('grid_mapping', true)).toBe('transverse_mercator');
      expect(tas.get_attribute('units', true)).toBe('degC');
      expect(f.get_attribute('Conventions', true)).toBe('CF-1.7');
      expect((f.get('time') as Dataset).get_attribute('units', true)).toBe('hours since 1800-01-01 00:00:00');
      expect((f.get('projection_x_coordinate') as Dataset).get_scale_name()).toBe('projection_x_coordinate');
      expect((f.get('projection_y_coordinate_bnds') as Dataset).shape).toEqual([2, 2]);
    } finally {
      f.close();
    }
  });

  it('refuses a grid mapping that is not the British National Grid', async () => {
    const grid = { x: Float64Array.from([500, 1500]), y: Float64Array.from([500, 1500]) };
    const file = join(dir, 'sun_hadukgrid_uk_1km_mon-30y_199101-202012.nc');
    await writeHadukGridFile(
      file,
      { ...TAS, name: 'sun', units: 'hour' },
      grid,
      new Float64Array(48).fill(100),
      {
        ...BNG_GRID_MAPPING,
        false_easting: 500000,
      },
    );
    await expect(collect(readHadukGridFile(file))).rejects.toThrow(
      /false_easting is 500000, not the British National Grid/,
    );
  });

  it('refuses a file that is not HDF5', async () => {
    const file = join(dir, 'rainfall_hadukgrid_uk_1km_ann_202001-202012.nc');
    await writeFile(file, 'CDF\x01 classic netCDF is not read here');
    await expect(collect(readHadukGridFile(file))).rejects.toThrow(/not a NetCDF-4\/HDF5 file/);
  });
});

describe('UKCP18 column names', () => {
  it.each([
    [
      'HSD_baseline_81_00_median',
      { measure: 'hot_days', period: '81_00', statistic: 'median', kind: 'absolute' },
    ],
    [
      'HSD_baseline_01_20_upper',
      { measure: 'hot_days', period: '01_20', statistic: 'upper', kind: 'absolute' },
    ],
    ['HSD_40_lower', { measure: 'hot_days', period: '40', statistic: 'lower', kind: 'absolute' }],
    [
      'tasmax_summer_baseline_81_00_me',
      { measure: 'maximum_temperature', period: '81_00', statistic: 'median', kind: 'absolute' },
    ],
    [
      'tasmax_summer_baseline_81_00_up',
      { measure: 'maximum_temperature', period: '81_00', statistic: 'upper', kind: 'absolute' },
    ],
    [
      'tasmax_summer_01_20_upper',
      { measure: 'maximum_temperature', period: '01_20', statistic: 'upper', kind: 'absolute' },
    ],
    [
      'tasmax_summer_change_01_20_medi',
      { measure: 'maximum_temperature', period: '01_20', statistic: 'median', kind: 'change' },
    ],
    [
      'tasmax_summer_change_20_upper',
      { measure: 'maximum_temperature', period: '20', statistic: 'upper', kind: 'change' },
    ],
    [
      'pr_winter_change_40_median',
      { measure: 'winter_precipitation', period: '40', statistic: 'median', kind: 'change' },
    ],
    [
      'PR_SUMMER_15_LOWER',
      { measure: 'summer_precipitation', period: '15', statistic: 'lower', kind: 'absolute' },
    ],
  ])('%s', (column, meaning) => {
    expect(resolveProjectionColumn(column)).toEqual(meaning);
  });

  it('leaves out columns cut too short to have one meaning, and other datasets', () => {
    expect(resolveProjectionColumn('tasmax_summer_change_20_')).toBeNull();
    expect(resolveProjectionColumn('HSD_')).toBeNull();
    expect(resolveProjectionColumn('pr_summer_2_median')).toBeNull(); // the local-authority variant
    expect(resolveProjectionColumn('ESD_40_median')).toBeNull();
    expect(resolveProjectionColumn('OBJECTID')).toBeNull();
  });
});

describe('UKCP18 exports', () => {
  it('reads a CSV export with cut names, quarantining bad values and short rows with their lines', async () => {
    const file = join(dir, 'Summer_Maximum_Temperature_Change_-_Projections_(12km).csv');
    await writeFile(
      file,
      '\uFEFFOBJECTID,projection_y_coordinate,projection_x_coordinate,tasmax_summer_baseline_81_00_me,tasmax_summer_change_40_upper\r\n' +
        '1,162000,378000,20.81,6.2\r\n' +
        '2,162000,366000,NA,6.1\r\n' +
        '3,162000\r\n' +
        '4,x,354000,20.1,6.0\r\n',
    );
    const { ok, bad } = await collect(readUkcp18Csv(file));
    expect(ok).toEqual([
      expect.objectContaining({
        measure: 'maximum_temperature',
        period: '81_00',
        statistic: 'median',
        kind: 'absolute',
        unit: 'degC',
        column: 'tasmax_summer_baseline_81_00_me',
        x_coord: 378000,
        y_coord: 162000,
        value: 20.81,
      }),
      expect.objectContaining({ period: '40', statistic: 'upper', kind: 'change', unit: 'degC', value: 6.2 }),
      expect.objectContaining({ x_coord: 366000, period: '40', value: 6.1 }),
    ]);
    expect(bad.map((b) => [b.line, b.reason])).toEqual([
      [3, 'tasmax_summer_baseline_81_00_me: "NA" is not a number'],
      [4, 'expected 5 columns, found 2'],
      [5, 'projection_x_coordinate or projection_y_coordinate not a number'],
    ]);
  });

  it('reads a GeoJSON export, taking the centre from the attributes or else the WGS84 polygon', async () => {
    const file = join(dir, 'Winter_Precipitation_Change_-_Projections_(12km).geojson');
    // A 12 km square centred on (318000, 174000) in WGS84, without coordinate attributes.
    const square = [
      [312000, 168000],
      [324000, 168000],
      [324000, 180000],
      [312000, 180000],
      [312000, 168000],
    ].map(([x, y]) => {
      const p = bngToWgs84(x!, y!);
      return [p.longitude, p.latitude];
    });
    await writeFile(
      file,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: null,
            properties: {
              projection_x_coordinate: 366000,
              projection_y_coordinate: 162000,
              pr_winter_change_40_upper: 36.2,
              pr_winter_baseline_81_00_median: -99999,
            },
          },
          {
            type: 'Feature',
            geometry: { type: 'Polygon', coordinates: [square] },
            properties: { pr_winter_change_40_upper: 30 },
          },
          { type: 'Feature', geometry: null, properties: { pr_winter_change_40_upper: 31 } },
        ],
      }),
    );
    const { ok, bad } = await collect(readUkcp18GeoJson(file));
    expect(ok[0]).toMatchObject({
      measure: 'winter_precipitation',
      kind: 'change',
      unit: '%',
      x_coord: 366000,
      value: 36.2,
    });
    expect(ok[1]!.x_coord).toBeCloseTo(318000, -2);
    expect(ok[1]!.y_coord).toBeCloseTo(174000, -2);
    expect(bad.map((b) => [b.line, b.reason])).toEqual([
      [1, 'pr_winter_baseline_81_00_median: fill value -99999'],
      [3, 'no projection_x_coordinate/projection_y_coordinate and no polygon'],
    ]);
  });

  it('refuses a file without projection columns', async () => {
    const file = join(dir, 'Frost_Days.csv');
    await writeFile(
      file,
      'OBJECTID,projection_x_coordinate,projection_y_coordinate,FrostDays_40_median\r\n1,6000,6000,3\r\n',
    );
    await expect(collect(readUkcp18Csv(file))).rejects.toThrow(/no UKCP18 warming-level columns/);
  });
});

// UKCP18 warming levels (metoffice-ukcp18-warming-levels): Climate Data Portal exports on the 12 km grid,
// hot summer days and summer precipitation as GeoJSON (WGS84 polygons), summer maximum temperature and winter
// precipitation as CSV; column names cut at 31 characters. Planted: one GeoJSON value that is null and one
// CSV row cut short (both quarantined).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bngToWgs84 } from '../../geo/bng';
import type { Feature, Position } from '../../geo/geometry';
import { geoJsonText } from '../../io/spatial/geojson';
import { UKCP18_DATASET } from '../../sources/climate/ukcp18';
import type { SampleArea } from '../areas';
import { csvRow } from '../csv-writer';
import { readDataTable } from '../data-table';
import { hashSeed, Rng } from '../rng';
import { writtenFile } from '../terrain/write';
import type { ClimateSampleFile } from './climate-file';

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
  columns(area: SampleArea['id'], rng: Rng, figures: Ukcp18Figures): [string, number | null][];
}

const levelColumns = (name: (level: string, stat: string) => string, values: (level: string) => Triple) =>
  LEVELS.flatMap((l) => STATS.map((s, i) => [name(l, s), values(l)[i]!] as [string, number]));
const triple = (name: (stat: string) => string, t: Triple) =>
  STATS.map((s, i) => [name(s), t[i]!] as [string, number]);

type Season = 'summer' | 'winter';

/** The figures the columns are drawn around (data files beside this one). */
interface Ukcp18Figures {
  /** Hot summer days (> 30 °C) a year at each warming level's median; Stirling has none in its baseline. */
  hotDays: Record<string, Record<string, number>>;
  /** 1981-2000 summer maximum temperature (°C) and summer and winter precipitation (mm/day) per area. */
  tasmaxBase: Record<string, number>;
  prBase: Record<Season, Record<string, number>>;
  /** Changes per level (lower, median, upper): °C for tasmax, percent from 1981-2000 for precipitation. */
  tasmaxChange: Record<string, Triple>;
  prChange: Record<Season, Record<string, Triple>>;
}

function ukcp18Figures(): Ukcp18Figures {
  const areas = readDataTable(new URL('./ukcp18-areas.csv', import.meta.url));
  const changes = readDataTable(new URL('./ukcp18-changes.csv', import.meta.url));
  const perArea = <T>(value: (row: Record<string, string>) => T): Record<string, T> =>
    Object.fromEntries(areas.map((r) => [r.area!, value(r)]));
  const perLevel = (prefix: string): Record<string, Triple> =>
    Object.fromEntries(
      changes.map((r) => [r.level!, STATS.map((s) => Number(r[`${prefix}_${s}`])) as Triple]),
    );
  return {
    hotDays: perArea((r) =>
      Object.fromEntries(['81_00', '01_20', ...LEVELS].map((l) => [l, Number(r[`hot_days_${l}`])])),
    ),
    tasmaxBase: perArea((r) => Number(r.tasmax_summer_81_00)),
    prBase: {
      summer: perArea((r) => Number(r.pr_summer_81_00)),
      winter: perArea((r) => Number(r.pr_winter_81_00)),
    },
    tasmaxChange: perLevel('tasmax_summer'),
    prChange: { summer: perLevel('pr_summer'), winter: perLevel('pr_winter') },
  };
}

const r2 = (v: number) => Math.round(v * 100) / 100;

function precipitation(which: Season): ProjectionDataset['columns'] {
  return (area, rng, figures) => {
    const base = figures.prBase[which][area]! * rng.real(0.95, 1.05);
    const p = `pr_${which}`;
    const change = figures.prChange[which];
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
    columns: (area, rng, figures) => {
      const k = rng.real(0.9, 1.1);
      const days = (level: string): Triple => {
        const m = figures.hotDays[area]![level]! * k;
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
    columns: (area, rng, figures) => {
      const base = figures.tasmaxBase[area]! + rng.real(-0.3, 0.3);
      const recent = figures.tasmaxChange['01_20']!;
      return [
        ...triple((s) => `tasmax_summer_baseline_81_00_${s}`, [r2(base - 0.7), r2(base), r2(base + 0.7)]),
        ...triple((s) => `tasmax_summer_01_20_${s}`, recent.map((c) => r2(base + c)) as Triple),
        ...triple((s) => `tasmax_summer_change_01_20_${s}`, recent),
        ...levelColumns(
          (l, s) => `tasmax_summer_change_${l}_${s}`,
          (l) => figures.tasmaxChange[l]!,
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

export function writeProjections(
  areas: readonly SampleArea[],
  outDir: string,
  seed: number,
): ClimateSampleFile[] {
  const dir = join(outDir, UKCP18_DATASET);
  mkdirSync(dir, { recursive: true });
  const cells = projectionCells(areas);
  const figures = ukcp18Figures();
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
        ...ds.columns(area.id, rng, figures).map(([n, v]) => [cut(n), v] as [string, number | null]),
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

// BGS GeoClimate clay shrink-swell (reference environment-hazards.md section 4), EPSG:27700 polygons as
// GeoPackage layers or Shapefiles. Two products carry the spec's five keys:
//   - GeoClimate Open: a 2 km grid, periods 2030s / 2050s / 2080s, medium emissions (average);
//   - GeoClimate Basic/Premium: `CLASS` (Improbable / Possible / Probable / Unavailable), `LEGEND`, `VERSION`,
//     including the high-emissions projections (2030 and 2070 here).
// Which key a record answers comes from its layer's name: the projection years in it (one decade, `2030s`,
// or a range, `2025-2035`, whose middle is taken) and its scenario (`high`, `RCP8.5` → high; `medium`,
// `RCP4.5`, `A1B` → medium; none → medium, the Open product's scenario). The per-period column names of the
// Open product are not verified, so a layer without a `CLASS` field is read "wide" instead: every column
// whose name holds a period (e.g. `CLASS_2030`, `SS_2050s_MED`) is one key's class, with its legend from a
// `LEGEND…` column naming the same period. A record for a period or scenario the spec has no key for
// (e.g. 2050 high emissions), or with another class, is quarantined.
import { accepted, quarantined, type SourceRow } from '../../io/quarantine';
import { readFeatures } from '../../io/spatial/read-features';
import {
  GEOCLIMATE_CLASSES,
  SHRINK_SWELL_CLIMATE_KEYS,
  type GeoClimateClass,
  type ShrinkSwellClimateKey,
  type SubsidenceClimateAreaRecord,
} from '../../../schemas/environment-features';
import { subsidenceReference } from '../../transforms/environment/subsidence-reference';
import { geometryColumns, spatialRows, textAttribute } from '../flood/spatial-rows';
import { layerFilesUnder, type LayerFile, type LoaderRow } from '../planning/layer-files';

export const GEOCLIMATE_DATASET = 'bgs-geoclimate';
export type SubsidenceClimateAreaRow = LoaderRow<SubsidenceClimateAreaRecord>;

/** Attribute names tried in order (case-insensitive, also as 10-character shapefile truncations). */
export const GEOCLIMATE_FIELDS = {
  class: ['CLASS'],
  legend: ['LEGEND'],
  version: ['VERSION'],
  id: ['ID', 'GRID_ID', 'OBJECTID', 'FID'],
} as const;
export type GeoClimateFields = { [K in keyof typeof GEOCLIMATE_FIELDS]: readonly string[] };

// Whole words only: a layer called "Shallow…" is not a low-emissions one.
const HIGH = /(^|[^a-z])high([^a-z]|$)|rcp[ _.-]?8[._]?5|ssp5/i;
const LOW = /(^|[^a-z])low([^a-z]|$)|rcp[ _.-]?2[._]?6|ssp1/i;

/** The spec key a layer or column name stands for, or why there is none (null: the name holds no period). */
export function climateKeyOfName(name: string): ShrinkSwellClimateKey | { reason: string } | null {
  const years = [...name.matchAll(/20(\d\d)/g)]
    .map((m) => 2000 + Number(m[1]))
    .filter((y) => y >= 2020 && y < 2100);
  if (years.length === 0) return null;
  const period = Math.round(years.reduce((a, b) => a + b, 0) / years.length / 10) * 10;
  const emissions = HIGH.test(name) ? 'high' : LOW.test(name) ? 'low' : 'medium';
  const key = `shrink_swell_${period}_${emissions}_emissions`;
  return (SHRINK_SWELL_CLIMATE_KEYS as readonly string[]).includes(key)
    ? (key as ShrinkSwellClimateKey)
    : { reason: `no spec key for ${period} ${emissions} emissions (${name})` };
}

function climateClass(raw: string | null): GeoClimateClass | null {
  const s = (raw ?? '').trim().toLowerCase();
  return GEOCLIMATE_CLASSES.find((c) => c.toLowerCase() === s) ?? null;
}

/** One key's answer in one feature, or the reason it has none. */
type Cell = { key: ShrinkSwellClimateKey; raw: string | null; legend: string | null } | string;

function cellsOf(layer: string, props: Record<string, unknown>, fields: GeoClimateFields): Cell[] {
  const names = Object.keys(props);
  if (fields.class.some((f) => names.some((n) => n.toLowerCase() === f.toLowerCase()))) {
    const key = climateKeyOfName(layer);
    if (key === null) return [`layer "${layer}" names no GeoClimate period`];
    if (typeof key !== 'string') return [key.reason];
    const raw = textAttribute(props, ...fields.class);
    return [{ key, raw, legend: textAttribute(props, ...fields.legend) }];
  }
  // Wide layout: one class column per period, with an optional legend column per period.
  const legends = names.filter((n) => /legend/i.test(n));
  const out: Cell[] = [];
  for (const name of names) {
    if (/legend|version/i.test(name)) continue;
    const key = climateKeyOfName(name);
    if (key === null) continue;
    if (typeof key !== 'string') {
      out.push(key.reason);
      continue;
    }
    const legendColumn = legends.find((l) => climateKeyOfName(l) === key);
    out.push({
      key,
      raw: textAttribute(props, name),
      legend: legendColumn ? textAttribute(props, legendColumn) : null,
    });
  }
  return out.length ? out : [`no CLASS field and no column naming a period in layer "${layer}"`];
}

function* layerRows(
  file: LayerFile,
  fields: GeoClimateFields,
): Generator<SourceRow<SubsidenceClimateAreaRow>> {
  const legends = subsidenceReference().geoclimate.legends;
  const source = readFeatures(file.path, file.table ? { layer: file.table } : {});
  try {
    const checked = spatialRows(
      GEOCLIMATE_DATASET,
      file.path,
      source.crs,
      'polygon',
      source.features,
      (f) => f,
    );
    for (const row of checked) {
      if (!row.ok) {
        yield row;
        continue;
      }
      const { index, geometry, properties } = row.record;
      const reject = (reason: string): SourceRow<never> =>
        quarantined({
          dataset: GEOCLIMATE_DATASET,
          file: file.path,
          line: row.line,
          reason,
          raw: JSON.stringify(properties),
        });
      const id = textAttribute(properties, ...fields.id) ?? `${source.layer}#${index + 1}`;
      const version = textAttribute(properties, ...fields.version);
      const columns = geometryColumns(geometry);
      for (const cell of cellsOf(source.layer, properties, fields)) {
        if (typeof cell === 'string') {
          yield reject(cell);
          continue;
        }
        const cls = climateClass(cell.raw);
        if (!cls) {
          yield reject(`CLASS "${cell.raw ?? ''}" is not Improbable, Possible, Probable or Unavailable`);
          continue;
        }
        yield accepted(file.path, row.line, {
          feature_id: `${cell.key}:${id}`,
          climate_key: cell.key,
          class: cls,
          legend: cell.legend ?? legends[cls],
          version,
          ...columns,
        });
      }
    }
  } finally {
    source.close();
  }
}

export async function* readGeoClimate(
  dir: string,
  fields: GeoClimateFields = GEOCLIMATE_FIELDS,
): AsyncGenerator<SourceRow<SubsidenceClimateAreaRow>> {
  for (const file of await layerFilesUnder(dir)) yield* layerRows(file, fields);
}

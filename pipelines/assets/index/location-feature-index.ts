// location_feature_index: the planning, transport, boundary, environment and social layers, the live postcode
// centroids and the area rows by code (house price index, fuel poverty), in Elasticsearch for live answers (GET /location). Built from the
// same staged tables through the same row mappings as the per-UPRN batch assets (AREA_SOURCES, POINT_SOURCES
// of uprn-location-blocks.ts; the environment loaders mirror uprn-environment-blocks.ts), so a live answer
// at a UPRN's point equals the precomputed one. A new versioned index per run; the alias
// `<prefix>-location-features` moves only when the count and sample checks pass.
import { existsSync } from 'node:fs';
import { toPieces } from '../../geo/pieces';
import { parquetPath, queryParquet } from '../../io/parquet';
import { parseWkb } from '../../io/spatial/wkb';
import { latestHpiPerAreaSql } from '../../transforms/area/hpi-latest';
import {
  latestAirQualitySql,
  percentileOf,
  sortedValuesByPollutant,
} from '../../transforms/environment/air-quality';
import { SUBSIDENCE_TABLES, subsidenceAttrsOfRow } from '../../transforms/environment/subsidence';
import type { AreaFamily, PointFamily } from '../../transforms/planning/candidates';
import {
  cellKey,
  keyedDocument,
  LOCATION_FEATURE_INDEX_MAPPING,
  locationFeaturesAlias,
  pieceDocument,
  pointDocument,
  type LocationDocument,
} from '../../enrich/location-documents';
import { type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { FUEL_POVERTY_TABLE } from '../area/fuel-poverty';
import { HPI_TABLE } from '../area/hpi';
import { stagedPath } from '../../orchestration/ingest';
import { AREA_SOURCES, POINT_SOURCES, sourceTablePath } from '../location/uprn-location-blocks';
import { aliasHoldsOutputs, loadVersionedIndex } from '../../orchestration/index-outputs';

/** Environment and social tables: optional, indexed when staged (their families are then simply empty). */
const ENVIRONMENT_TABLES = [
  'air_quality_cells',
  'radon_cells',
  'greenspace_sites',
  'landslides',
  'nhs_sites',
  'defibrillators',
  ...SUBSIDENCE_TABLES,
] as const;

type Row = Record<string, unknown>;
const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const table = (ctx: AssetContext, name: string): string => parquetPath(stagedPath(ctx, name));
const staged = (ctx: AssetContext, name: string): boolean => existsSync(stagedPath(ctx, name));

interface Doc {
  id: string;
  doc: LocationDocument;
}

async function* planningDocs(ctx: AssetContext): AsyncGenerator<Doc> {
  for (const family of Object.keys(AREA_SOURCES) as AreaFamily[]) {
    const src = AREA_SOURCES[family];
    let n = 0;
    const where = src.where ? `WHERE ${src.where}` : '';
    for await (const row of queryParquet(
      `SELECT * FROM ${parquetPath(sourceTablePath(ctx, src))} ${where}`,
    )) {
      const geometry = parseWkb(row.geometry as Uint8Array);
      if (!geometry) continue;
      const attrs = src.attrs(row as never);
      const id = src.id(row);
      for (const piece of toPieces(geometry))
        yield { id: `${family}-${n++}`, doc: pieceDocument(family, id, attrs, piece) };
    }
  }
  for (const family of Object.keys(POINT_SOURCES) as PointFamily[]) {
    const src = POINT_SOURCES[family];
    let n = 0;
    const where = src.where ? `WHERE ${src.where}` : '';
    for await (const row of queryParquet(`SELECT * FROM ${parquetPath(sourceTablePath(ctx, src))} ${where}`))
      yield {
        id: `${family}-${n++}`,
        doc: pointDocument(family, {
          id: String(row.feature_id),
          position: [Number(row.x_coord), Number(row.y_coord)],
          attrs: src.attrs(row as never),
        }),
      };
  }
}

const nhsAttrs = (r: Row) => ({
  name: String(r.name),
  address1: text(r.address1),
  address2: text(r.address2),
  address3: text(r.address3),
  postcode: String(r.postcode),
  url: String(r.url),
});
const pointOf = (r: Row) => ({
  id: String(r.feature_id ?? r.code),
  position: [Number(r.x_coord), Number(r.y_coord)] as [number, number],
});

async function* environmentDocs(ctx: AssetContext): AsyncGenerator<Doc> {
  if (staged(ctx, 'air_quality_cells')) {
    // The latest year of each cell, ranked against every cell of its pollutant, as the batch does.
    const cells: Row[] = [];
    for await (const r of queryParquet(
      `SELECT * FROM ${latestAirQualitySql(table(ctx, 'air_quality_cells'))} ORDER BY pollutant, value`,
    ))
      cells.push(r);
    const sorted = sortedValuesByPollutant(cells);
    let n = 0;
    for (const r of cells)
      yield {
        id: `air_quality-${n++}`,
        doc: keyedDocument('air_quality', cellKey(Number(r.cell_x), Number(r.cell_y), String(r.pollutant)), {
          pollutant: String(r.pollutant),
          value: Number(r.value),
          percentile: percentileOf(sorted.get(String(r.pollutant))!, Number(r.value)),
        }),
      };
  }
  if (staged(ctx, 'radon_cells')) {
    let n = 0;
    for await (const r of queryParquet(`SELECT * FROM ${table(ctx, 'radon_cells')}`))
      yield {
        id: `radon-${n++}`,
        doc: keyedDocument('radon', cellKey(Number(r.cell_x), Number(r.cell_y)), {
          class_max: Number(r.class_max),
        }),
      };
  }
  if (staged(ctx, 'greenspace_sites')) {
    let n = 0;
    for await (const r of queryParquet(`SELECT * FROM ${table(ctx, 'greenspace_sites')}`)) {
      const geometry = parseWkb(r.geometry as Uint8Array);
      if (!geometry) continue;
      const attrs = { function: String(r.function), name: text(r.name) };
      for (const piece of toPieces(geometry))
        yield {
          id: `greenspace-${n++}`,
          doc: pieceDocument('greenspace', String(r.feature_id), attrs, piece),
        };
    }
  }
  // GeoSure and GeoClimate pieces in one family: a point reads the pieces whose envelope holds it.
  let subsidence = 0;
  for (const name of SUBSIDENCE_TABLES) {
    if (!staged(ctx, name)) continue;
    for await (const r of queryParquet(`SELECT * FROM ${table(ctx, name)}`)) {
      const geometry = parseWkb(r.geometry as Uint8Array);
      if (!geometry) continue;
      const attrs = subsidenceAttrsOfRow(r);
      for (const piece of toPieces(geometry))
        yield {
          id: `subsidence-${subsidence++}`,
          doc: pieceDocument('subsidence', String(r.feature_id), attrs, piece),
        };
    }
  }
  if (staged(ctx, 'landslides')) {
    let n = 0;
    for await (const r of queryParquet(`SELECT * FROM ${table(ctx, 'landslides')}`))
      yield {
        id: `landslides-${n++}`,
        doc: pointDocument('landslides', { ...pointOf(r), attrs: { name: text(r.name) } }),
      };
  }
  if (staged(ctx, 'defibrillators')) {
    let n = 0;
    for await (const r of queryParquet(`SELECT * FROM ${table(ctx, 'defibrillators')}`))
      yield {
        id: `defibrillators-${n++}`,
        doc: pointDocument('defibrillators', {
          ...pointOf(r),
          attrs: {
            location_name: text(r.location_name),
            availability: String(r.availability),
            access_type: String(r.access_type),
          },
        }),
      };
  }
  if (staged(ctx, 'nhs_sites')) {
    let n = 0;
    for await (const r of queryParquet(`SELECT * FROM ${table(ctx, 'nhs_sites')}`))
      if (r.kind === 'gp_practice' || r.kind === 'dentist' || r.kind === 'hospital')
        yield {
          id: `nhs-${n++}`,
          doc: pointDocument(String(r.kind), { ...pointOf(r), attrs: nhsAttrs(r) }),
        };
  }
}

/**
 * Area rows by code, serialised by DuckDB's to_json exactly as uprn_area_blocks' join hands them to the pure
 * area builders: the HPI per area code (each field's latest month), the fuel poverty row per level and code.
 */
/** DuckDB JSON values come back parsed by queryParquet (a string only from an older reader). */
const json = (v: unknown): Row => (typeof v === 'string' ? JSON.parse(v) : v) as Row;

async function* areaDocs(ctx: AssetContext): AsyncGenerator<Doc> {
  let n = 0;
  for await (const r of queryParquet(
    `SELECT to_json(h) AS j FROM (${latestHpiPerAreaSql(table(ctx, HPI_TABLE))}) h ORDER BY area_code`,
  )) {
    const row = json(r.j);
    yield { id: `hpi-${n++}`, doc: keyedDocument('hpi', String(row.area_code), row) };
  }
  n = 0;
  for await (const r of queryParquet(
    `SELECT to_json(f) AS j FROM (SELECT * FROM ${table(ctx, FUEL_POVERTY_TABLE)}
      QUALIFY row_number() OVER (PARTITION BY level, code ORDER BY name) = 1) f`,
  )) {
    const row = json(r.j);
    yield { id: `fuel_poverty-${n++}`, doc: keyedDocument('fuel_poverty', `${row.level}:${row.code}`, row) };
  }
}

/**
 * The centroids PostcodeFinder chooses from in uprn_area_blocks (live, with a grid reference), each with the
 * LSOA and country of the ONSPD row that batch's area join reads for the postcode, so a point's nearest
 * postcode leads to the same fuel poverty LSOA row.
 */
async function* postcodeDocs(ctx: AssetContext): AsyncGenerator<Doc> {
  // Optional like the environment tables: without it the family is empty and the LSOA member null.
  if (!staged(ctx, 'onspd')) return;
  const onspd = table(ctx, 'onspd');
  let n = 0;
  for await (const r of queryParquet(
    `WITH o AS (SELECT * FROM ${onspd}
        QUALIFY row_number() OVER (PARTITION BY postcode ORDER BY date_of_termination NULLS FIRST) = 1)
      SELECT c.postcode, c.x_coord, c.y_coord, o.census_lower_layer_super_output_area_code AS lsoa, o.country_code
      FROM ${onspd} c JOIN o USING (postcode)
      WHERE c.date_of_termination IS NULL AND c.x_coord IS NOT NULL AND c.y_coord IS NOT NULL`,
  ))
    yield {
      id: `postcodes-${n++}`,
      doc: pointDocument('postcodes', {
        id: String(r.postcode),
        position: [Number(r.x_coord), Number(r.y_coord)],
        attrs: { lsoa: text(r.lsoa), country: text(r.country_code) },
      }),
    };
}

export async function* locationFeatureDocs(ctx: AssetContext): AsyncGenerator<Doc> {
  yield* planningDocs(ctx);
  yield* environmentDocs(ctx);
  yield* postcodeDocs(ctx);
  yield* areaDocs(ctx);
}

export const locationFeatureIndex = defineAsset({
  name: 'location_feature_index',
  kind: 'index',
  description:
    'Elasticsearch pieces, points, grid cells and area rows of the planning, transport, boundary, environment and social layers, and the live postcode centroids (alias <prefix>-location-features)',
  upstream: [
    ...new Set([
      ...Object.values(AREA_SOURCES).map((s) => s.table),
      ...Object.values(POINT_SOURCES).map((s) => s.table),
    ]),
    ...ENVIRONMENT_TABLES,
    'onspd',
    HPI_TABLE,
    FUEL_POVERTY_TABLE,
  ],
  codeVersion: '4',
  owner: 'location',
  cadence: 'quarterly',
  outputsPresent: aliasHoldsOutputs(locationFeaturesAlias),
  materialize: (ctx) =>
    loadVersionedIndex(ctx, {
      alias: locationFeaturesAlias(ctx.config),
      mappings: LOCATION_FEATURE_INDEX_MAPPING,
      docs: locationFeatureDocs(ctx),
      // The first piece of each feature.
      sample: (id) => id.endsWith('-0'),
      what: 'location features',
      metric: 'documents',
    }),
});

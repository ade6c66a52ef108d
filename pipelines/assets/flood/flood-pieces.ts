// flood_pieces: the staged flood, terrain, coast and land (country polygon) layers cut into pieces
// (pipelines/geo/pieces.ts), one Parquet table per family under derived/flood_pieces/, each row a piece with
// its feature id, attributes and bbox columns. Batch tiles select their pieces by bbox (tile square plus TILE_OVERLAP) rather than storing
// a copy per tile: rows are sorted by their home tile, so DuckDB's row-group statistics skip the rest. The
// feature index (live) loads the same rows, so batch and live see identical pieces.
import { resolve } from 'node:path';
import { dataPaths } from '../../config';
import type { Geometry } from '../../geo/geometry';
import { parquetPath, queryParquet, writeParquet, type ColumnSpec } from '../../io/parquet';
import { parseWkb } from '../../io/spatial/wkb';
import { landFeature, piecesOf, timestamp, zoneFeature, type FeatureInput } from '../../enrich/build-pieces';
import type { StoredPiece } from '../../enrich/piece-records';
import { FAMILIES, type Family } from '../../transforms/flood/candidates';
import { type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { stagedPath } from '../../orchestration/ingest';

export const FLOOD_PIECES_DIR = 'flood_pieces';

export const piecesPath = (ctx: Pick<AssetContext, 'config'>, family: Family): string =>
  resolve(dataPaths(ctx.config.dataDir).derived, FLOOD_PIECES_DIR, `${family}.parquet`);

export const PIECE_COLUMNS: ColumnSpec[] = [
  { name: 'family', type: 'VARCHAR' },
  { name: 'layer', type: 'VARCHAR' },
  { name: 'feature_id', type: 'VARCHAR' },
  { name: 'country', type: 'VARCHAR' },
  { name: 'tile', type: 'VARCHAR' },
  { name: 'attrs', type: 'JSON' },
  { name: 'geometry', type: 'JSON' },
  { name: 'minx', type: 'DOUBLE' },
  { name: 'miny', type: 'DOUBLE' },
  { name: 'maxx', type: 'DOUBLE' },
  { name: 'maxy', type: 'DOUBLE' },
];

type Row = Record<string, unknown>;
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** How each family's features come out of the staged tables. */
const FAMILY_SOURCES: Record<
  Family,
  { table: string; feature(row: Row, geometry: Geometry, n: number): FeatureInput | null }[]
> = {
  zones: [
    {
      table: 'flood_zones',
      feature: (row, geometry) =>
        zoneFeature({
          layer: String(row.layer),
          feature_id: String(row.feature_id),
          label: String(row.label),
          band: String(row.band),
          geometry,
        }),
    },
  ],
  outlines: [
    {
      table: 'flood_recorded_outlines',
      feature: (row, geometry) => ({
        family: 'outlines',
        layer: String(row.country),
        featureId: String(row.feature_id),
        country: String(row.country),
        attrs: {
          name: str(row.name),
          start_date: timestamp(row.start_date),
          end_date: timestamp(row.end_date),
          flood_source: str(row.flood_source),
          flood_cause: str(row.flood_cause),
        },
        geometry,
      }),
    },
  ],
  defence_areas: [
    {
      table: 'flood_defence_areas',
      feature: (row, geometry) => ({
        family: 'defence_areas',
        layer: String(row.country),
        featureId: String(row.feature_id),
        country: String(row.country),
        attrs: {},
        geometry,
      }),
    },
  ],
  contours: [
    {
      table: 'terrain_contours',
      // OS Terrain 50 lines carry no stable id: the source file and the row's position identify them.
      feature: (row, geometry, n) => ({
        family: 'contours',
        layer: 'contours',
        featureId: `${String(row.source_file)}#${n}`,
        country: null,
        attrs: { kind: String(row.kind), height: Number(row.height) },
        geometry,
      }),
    },
  ],
  coast: [
    {
      table: 'coastline',
      feature: (row, geometry) => ({
        family: 'coast',
        layer: 'coast',
        featureId: String(row.feature_id),
        country: null,
        attrs: { height: null },
        geometry,
      }),
    },
    {
      // OS Terrain 50's mean high water lines carry their height; both are the coast, the nearer one wins.
      table: 'terrain_contours',
      feature: (row, geometry, n) => ({
        family: 'coast',
        layer: 'coast',
        featureId: `${String(row.source_file)}#${n}`,
        country: null,
        attrs: { height: Number(row.height) },
        geometry,
      }),
    },
  ],
  land: [
    {
      // Country polygons clipped to mean high water (ONS BFC): the land, which decides the country block.
      table: 'admin_boundaries',
      feature: (row, geometry) => landFeature({ code: String(row.code), geometry }),
    },
  ],
};

const FILTERS: Partial<Record<string, string>> = {
  'coast:terrain_contours': `WHERE kind = 'mean_high_water'`,
  'land:admin_boundaries': `WHERE level = 'country'`,
};

async function* familyPieces(ctx: AssetContext, family: Family): AsyncGenerator<StoredPiece> {
  for (const source of FAMILY_SOURCES[family]) {
    const where = FILTERS[`${family}:${source.table}`] ?? '';
    const sql = `SELECT * FROM ${parquetPath(stagedPath(ctx, source.table))} ${where}`;
    let n = 0;
    for await (const row of queryParquet(sql)) {
      const geometry = parseWkb(row.geometry as Uint8Array);
      n += 1;
      const feature = geometry && source.feature(row, geometry, n - 1);
      if (feature) yield* piecesOf(feature);
    }
  }
}

export const floodPieces = defineAsset({
  name: 'flood_pieces',
  kind: 'derived',
  description:
    'Flood zones, recorded outlines, defence areas, contours, coast and land cut into pieces with bbox columns (per family)',
  upstream: [
    'flood_zones',
    'flood_recorded_outlines',
    'flood_defence_areas',
    'terrain_contours',
    'coastline',
    'admin_boundaries',
  ],
  codeVersion: '2',
  owner: 'flood',
  cadence: 'quarterly',
  async materialize(ctx) {
    const outputs: string[] = [];
    const metrics: Record<string, number> = {};
    let rows = 0;
    for (const family of FAMILIES) {
      const written = await writeParquet(piecesPath(ctx, family), PIECE_COLUMNS, familyPieces(ctx, family), {
        orderBy: ['tile', 'layer', 'feature_id'],
      });
      outputs.push(written.path);
      metrics[`${family}_pieces`] = written.rows;
      rows += written.rows;
      ctx.heartbeat({ family, pieces: written.rows });
    }
    return { rows, outputs, metrics };
  },
});

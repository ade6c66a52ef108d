// Staged OS Terrain 50 contours and tide lines (per 10 km tile) and the Boundary-Line coastline.
import { CoastlineRecord, TerrainContourRecord } from '../../../schemas/features';
import { DataError } from '../../io/errors';
import { parquetColumnsFor } from '../../io/parquet-columns';
import {
  BOUNDARY_LINE_DATASET,
  findCoastlineFiles,
  findTerrainFiles,
  readCoastline,
  readTerrainContours,
  TERRAIN_DATASET,
} from '../../sources/terrain';
import { withSidecars } from '../../sources/flood/spatial-rows';
import { defineAsset } from '../define';
import { asAsync } from './flood-zones';
import { ingestToParquet } from '../../orchestration/ingest';
import { sourceDir } from '../../orchestration/sources';

export const terrainContours = defineAsset({
  name: 'terrain_contours',
  kind: 'staged',
  description: 'OS Terrain 50 contours (10 m) and mean high/low water lines: tile, kind, height, BNG lines',
  upstream: [],
  // 2: written as GeoParquet 1.1 (pipelines/io/geoparquet.ts).
  codeVersion: '2',
  owner: 'flood',
  cadence: 'yearly',
  sources: async (ctx) => withSidecars(await findTerrainFiles(sourceDir(ctx, TERRAIN_DATASET))),
  async materialize(ctx) {
    const dir = sourceDir(ctx, TERRAIN_DATASET);
    const files = await findTerrainFiles(dir);
    if (files.length === 0) throw new DataError(`no OS Terrain 50 zips or line shapefiles in ${dir}`);
    const result = await ingestToParquet(
      ctx,
      'terrain_contours',
      parquetColumnsFor(TerrainContourRecord),
      files.map((f) => asAsync(readTerrainContours(f))),
      ({ entry, ...r }, file) => ({ ...r, source_file: entry ? `${file}!${entry}` : file }),
      { orderBy: ['tile', 'kind', 'height', 'minx'] },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});

export const coastline = defineAsset({
  name: 'coastline',
  kind: 'staged',
  description: 'Mean high water line (OS Boundary-Line high_water_polyline): BNG lines',
  upstream: [],
  // 2: written as GeoParquet 1.1 (pipelines/io/geoparquet.ts).
  codeVersion: '2',
  owner: 'flood',
  cadence: 'yearly',
  sources: async (ctx) => withSidecars(await findCoastlineFiles(sourceDir(ctx, BOUNDARY_LINE_DATASET))),
  async materialize(ctx) {
    const dir = sourceDir(ctx, BOUNDARY_LINE_DATASET);
    const files = await findCoastlineFiles(dir);
    if (files.length === 0) throw new DataError(`no high_water_polyline.shp under ${dir}`);
    const result = await ingestToParquet(
      ctx,
      'coastline',
      parquetColumnsFor(CoastlineRecord),
      files.map((f) => asAsync(readCoastline(f))),
      (r, file) => ({ ...r, source_file: file }),
      { orderBy: ['feature_id'] },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});

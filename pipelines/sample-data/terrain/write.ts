// OS Terrain 50 contours (ESRI Shape flavour) and the Boundary-Line mean high water line for the sample
// areas, in the publishers' layouts:
//   os-terrain-50/data/<sq>/<tile>_OST50CONT_20190530.zip → <TILE>_line.shp/.shx/.dbf/.prj (contours and
//     tide lines; attributes ID, FEAT_TYPE, PROP_VALUE) and <TILE>_point.* (spot heights), i.e. the unpacked
//     `terr50_cesh_gb.zip` (the download step extracts the outer zip, the inner ones stay zipped);
//   os-boundary-line/Data/GB/high_water_polyline.shp (the unpacked `bdline_essh_gb.zip`).
// Contours every 10 m come from the synthetic terrain (pipelines/sample-data/flood/geography.ts) by
// marching squares on a 50 m grid (the Terrain 50 DTM spacing), one run per 10 km tile so a tile's lines
// stop at its edge as OS's do. Tide lines are the coast (mean high water) and a line 300 m seaward (mean
// low water) with their heights in PROP_VALUE; their FEAT_TYPE is `LandWaterBoundary` (the GML's feature
// type), told apart by height as the shapefile has no water level column.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Feature, Position } from '../../geo/geometry';
import { tileBBox, tilesIntersecting } from '../../geo/tiles';
import { shapefileBytes, writeShapefile } from '../../io/spatial/shapefile-write';
import { writeZip } from '../../io/zip';
import type { SampleArea } from '../areas';
import type { WrittenFile } from '../csv-writer';
import { geographyOf, terrainHeight, type AreaGeography } from '../flood/geography';
import { offsetLine } from '../flood/shapes';
import { contourLines, sampleGrid } from './contours';

export const TERRAIN_RELEASE = '20190530';
export const CONTOUR_INTERVAL = 10;
const GRID_STEP = 50;

export function writtenFile(path: string, rows: number): WrittenFile {
  const bytes = readFileSync(path);
  return { path, rows, bytes: statSync(path).size, sha256: createHash('sha256').update(bytes).digest('hex') };
}

interface LineRecord {
  geometry: Feature['geometry'];
  properties: { ID: string; FEAT_TYPE: string; PROP_VALUE: number };
}

function clipToBox(
  line: Position[],
  box: { minX: number; minY: number; maxX: number; maxY: number },
): Position[][] {
  const inside = (p: Position): boolean =>
    p[0] >= box.minX && p[0] <= box.maxX && p[1] >= box.minY && p[1] <= box.maxY;
  const parts: Position[][] = [];
  let current: Position[] = [];
  for (const p of line) {
    if (inside(p)) current.push(p);
    else if (current.length) {
      if (current.length > 1) parts.push(current);
      current = [];
    }
  }
  if (current.length > 1) parts.push(current);
  return parts;
}

/** Contour and tide line records of one tile (its part of the area's region). */
export function tileLines(geo: AreaGeography, tile: string): LineRecord[] {
  const t = tileBBox(tile);
  const box = {
    minX: Math.max(t.minX, geo.region.minX),
    minY: Math.max(t.minY, geo.region.minY),
    maxX: Math.min(t.maxX, geo.region.maxX),
    maxY: Math.min(t.maxY, geo.region.maxY),
  };
  if (box.minX >= box.maxX || box.minY >= box.maxY) return [];
  const nx = Math.round((box.maxX - box.minX) / GRID_STEP) + 1;
  const ny = Math.round((box.maxY - box.minY) / GRID_STEP) + 1;
  const grid = sampleGrid(box.minX, box.minY, GRID_STEP, nx, ny, (p) => terrainHeight(geo, p));
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of grid.h) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const records: LineRecord[] = [];
  const id = (): string => `${tile.toLowerCase()}.${records.length}`;
  // OS contours start at 0 m (below mean low water there are none).
  for (
    let level = Math.max(0, Math.ceil(lo / CONTOUR_INTERVAL) * CONTOUR_INTERVAL);
    level <= hi;
    level += CONTOUR_INTERVAL
  ) {
    for (const line of contourLines(grid, level)) {
      if (line.length < 2) continue;
      records.push({
        geometry: { type: 'LineString', coordinates: line },
        properties: { ID: id(), FEAT_TYPE: 'ContourLine', PROP_VALUE: level },
      });
    }
  }
  if (geo.coast) {
    const tides: [Position[], number][] = [
      [
        geo.coast.map((p) => [Math.round(p[0] * 100) / 100, Math.round(p[1] * 100) / 100] as Position),
        geo.mhw,
      ],
      [offsetLine(geo.coast, () => -300), geo.mlw],
    ];
    for (const [line, height] of tides) {
      for (const part of clipToBox(line, box)) {
        records.push({
          geometry: { type: 'LineString', coordinates: part },
          properties: { ID: id(), FEAT_TYPE: 'LandWaterBoundary', PROP_VALUE: height },
        });
      }
    }
  }
  return records;
}

export interface TerrainWriteResult {
  files: { dataset: string; format: string; file: WrittenFile }[];
}

export function writeTerrain50(areas: readonly SampleArea[], outDir: string): TerrainWriteResult {
  const files: TerrainWriteResult['files'] = [];
  const byTile = new Map<string, LineRecord[]>();
  for (const area of areas) {
    const geo = geographyOf(area);
    for (const tile of tilesIntersecting(geo.region)) {
      const lines = tileLines(geo, tile);
      if (lines.length) byTile.set(tile, [...(byTile.get(tile) ?? []), ...lines]);
    }
  }
  for (const [tile, lines] of [...byTile.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const upper = tile.toUpperCase();
    const lower = tile.toLowerCase();
    const line = shapefileBytes({
      shapeType: 3,
      crs: 27700,
      fields: [
        { name: 'ID', type: 'C', length: 38 },
        { name: 'FEAT_TYPE', type: 'C', length: 20 },
        { name: 'PROP_VALUE', type: 'N', length: 11, decimals: 1 },
      ],
      features: lines,
    });
    // Spot heights: the highest grid point of the tile's lines' ends is enough to make the file real.
    const spots = lines
      .filter((l) => l.properties.FEAT_TYPE === 'ContourLine')
      .slice(0, 3)
      .map((l, i) => ({
        geometry: {
          type: 'Point' as const,
          coordinates: (l.geometry as { coordinates: Position[] }).coordinates[0] as Position,
        },
        properties: { ID: `${lower}.s${i}`, FEAT_TYPE: 'SpotHeight', PROP_VALUE: l.properties.PROP_VALUE },
      }));
    const point = shapefileBytes({
      shapeType: 1,
      crs: 27700,
      fields: [
        { name: 'ID', type: 'C', length: 38 },
        { name: 'FEAT_TYPE', type: 'C', length: 20 },
        { name: 'PROP_VALUE', type: 'N', length: 11, decimals: 1 },
      ],
      features: spots,
    });
    const entries: Record<string, Uint8Array> = {};
    for (const [ext, bytes] of Object.entries(line)) entries[`${upper}_line.${ext}`] = bytes as Uint8Array;
    for (const [ext, bytes] of Object.entries(point)) entries[`${upper}_point.${ext}`] = bytes as Uint8Array;
    const dir = join(outDir, 'os-terrain-50', 'data', lower.slice(0, 2));
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${lower}_OST50CONT_${TERRAIN_RELEASE}.zip`);
    writeZip(path, entries);
    files.push({
      dataset: 'os-terrain-50',
      format: 'zip of ESRI Shapefiles (OS Terrain 50 contours, BNG)',
      file: writtenFile(path, lines.length),
    });
  }
  return { files };
}

export function writeBoundaryLineCoast(areas: readonly SampleArea[], outDir: string): TerrainWriteResult {
  const features: Feature[] = [];
  for (const area of areas) {
    const geo = geographyOf(area);
    const coast = geo.coast ?? geo.distantCoast;
    if (!coast) continue;
    const coordinates = coast.map(
      (p) => [Math.round(p[0] * 100) / 100, Math.round(p[1] * 100) / 100] as Position,
    );
    features.push({
      geometry: { type: 'LineString', coordinates },
      properties: { NAME: 'High Water Mark', AREA_CODE: 'HWL' },
    });
  }
  const dir = join(outDir, 'os-boundary-line', 'Data', 'GB');
  mkdirSync(dir, { recursive: true });
  const base = join(dir, 'high_water_polyline');
  writeShapefile(base, {
    shapeType: 3,
    crs: 27700,
    fields: [
      { name: 'NAME', type: 'C', length: 60 },
      { name: 'AREA_CODE', type: 'C', length: 3 },
    ],
    features,
  });
  return {
    files: [
      {
        dataset: 'os-boundary-line',
        format: 'ESRI Shapefile (Boundary-Line high_water_polyline, BNG)',
        file: writtenFile(`${base}.shp`, features.length),
      },
    ],
  };
}

// Sample administrative boundaries: ONS BFC shapefiles per level (BNG), wards (the Voronoi cells of each
// area's sample wards), local authority, region (England) and country, clipped to mean high water (the sea of
// flood/geography.ts taken out), as BFC files are. Real: the codes and names of areas.ts. Synthetic: every
// shape (squares around each area's centre).
import { join } from 'node:path';
import polygonClipping, { type Pair } from 'polygon-clipping';
import type { Geometry, Position, Ring } from '../../geo/geometry';
import { writeShapefile } from '../../io/spatial/shapefile-write';
import { REGION_NAMES, type SampleArea } from '../areas';
import { geographyOf, seaOf } from '../flood/geography';
import { dirOf, poly, squareRing, type PlanningSampleFile } from '../planning/layer-files';
import { writtenFile } from '../terrain/write';
import { voronoiCell } from './voronoi';

/** Half the side of each sample local authority's square (m). */
const LA_HALF = 6000;
/** Half the side of each sample country's (and England's region's) square (m). */
const COUNTRY_HALF = 25_000;

/** A boundary clipped to mean high water, as ONS "BFC" files are: the area's sea taken out (none: as is). */
function clippedToLand(ring: Ring, sea: Position[] | null): Geometry | null {
  if (!sea) return poly(ring);
  const land = polygonClipping.difference([ring] as Pair[][], [sea] as Pair[][]);
  if (land.length === 0) return null;
  return land.length === 1
    ? { type: 'Polygon', coordinates: land[0]! as Ring[] }
    : { type: 'MultiPolygon', coordinates: land as Ring[][] };
}

const pairsOf = (g: Geometry): Pair[][][] =>
  (g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : []) as Pair[][][];

/** The union of two (multi)polygons. */
function unionOf(a: Geometry, b: Geometry): Geometry {
  const u = polygonClipping.union(pairsOf(a), pairsOf(b));
  return u.length === 1
    ? { type: 'Polygon', coordinates: u[0]! as Ring[] }
    : { type: 'MultiPolygon', coordinates: u as Ring[][] };
}

export function adminBoundaries(areas: readonly SampleArea[], outDir: string): PlanningSampleFile[] {
  const dir = dirOf(outDir, 'admin-boundaries');
  const layers: {
    file: string;
    prefix: string;
    features: { code: string; name: string; ring: Ring; sea: Position[] | null }[];
  }[] = [
    { file: 'WD_DEC_2024_UK_BFC', prefix: 'WD24', features: [] },
    { file: 'LAD_DEC_2024_UK_BFC', prefix: 'LAD24', features: [] },
    { file: 'RGN_DEC_2024_EN_BFC', prefix: 'RGN24', features: [] },
    { file: 'CTRY_DEC_2024_UK_BFC', prefix: 'CTRY24', features: [] },
  ];
  const countryNames: Record<string, string> = { England: 'England', Wales: 'Wales', Scotland: 'Scotland' };
  for (const area of areas) {
    const { x, y } = area.centre;
    const sea = seaOf(geographyOf(area));
    const la = squareRing(x, y, LA_HALF);
    const centres: Position[] = area.wards.map((w) => [w.centre.x, w.centre.y]);
    area.wards.forEach((w, i) => {
      const cell = voronoiCell(centres, i, {
        minX: x - LA_HALF,
        minY: y - LA_HALF,
        maxX: x + LA_HALF,
        maxY: y + LA_HALF,
      });
      if (cell) layers[0]!.features.push({ code: w.code, name: w.name, ring: cell, sea });
    });
    layers[1]!.features.push({
      code: area.localAuthority.code,
      name: area.localAuthority.name,
      ring: la,
      sea,
    });
    if (area.country === 'England')
      layers[2]!.features.push({
        code: area.regionCode,
        name: REGION_NAMES.find((r) => r.code === area.regionCode)?.name ?? area.regionCode,
        ring: squareRing(x, y, COUNTRY_HALF),
        sea,
      });
    layers[3]!.features.push({
      code: area.countryCode,
      name: countryNames[area.country]!,
      ring: squareRing(x, y, COUNTRY_HALF),
      sea,
    });
  }
  return layers.map((layer) => {
    const base = join(dir, layer.file);
    // One feature per code, as BFC files have: two areas of a country (Bath and Fulham, Stirling and
    // Edinburgh) give one (multi)polygon, the union of their clipped squares.
    const byCode = new Map<string, { code: string; name: string; geometry: Geometry }>();
    for (const f of layer.features) {
      const geometry = clippedToLand(f.ring, f.sea);
      if (!geometry) continue;
      const seen = byCode.get(f.code);
      byCode.set(f.code, seen ? { ...seen, geometry: unionOf(seen.geometry, geometry) } : { ...f, geometry });
    }
    const features = [...byCode.values()];
    writeShapefile(base, {
      shapeType: 5,
      crs: 27700,
      fields: [
        { name: 'FID', type: 'N', length: 9 },
        { name: `${layer.prefix}CD`, type: 'C', length: 9 },
        { name: `${layer.prefix}NM`, type: 'C', length: 60 },
        { name: `${layer.prefix}NMW`, type: 'C', length: 60 },
        { name: 'GlobalID', type: 'C', length: 38 },
      ],
      features: features.map((f, i) => ({
        geometry: f.geometry,
        properties: {
          FID: i + 1,
          [`${layer.prefix}CD`]: f.code,
          [`${layer.prefix}NM`]: f.name,
          [`${layer.prefix}NMW`]: '',
          GlobalID: '',
        },
      })),
    });
    return {
      dataset: 'admin-boundaries',
      format: `ESRI Shapefile (ONS ${layer.file}, BNG)`,
      file: writtenFile(`${base}.shp`, features.length),
    };
  });
}

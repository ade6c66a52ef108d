// Geometry values shared by the readers, the kernel, tiling and enrichment. GeoJSON-shaped, so a reader's
// output is plain data, but always planar British National Grid metres (EPSG:27700) once a loader has run:
// readers of WGS84 sources convert at the edge (pipelines/geo/bng.ts).
//
// Rings are closed (first position repeated last), as in GeoJSON, WKB and shapefiles. Orientation is not
// assumed on input; `normalizePolygon` (kernel) makes outer rings counter-clockwise and holes clockwise.

export type Position = [x: number, y: number];
export type Ring = Position[];
/** Outer ring first, then holes. */
export type PolygonCoords = Ring[];

export interface PointGeometry {
  type: 'Point';
  coordinates: Position;
}
export interface MultiPointGeometry {
  type: 'MultiPoint';
  coordinates: Position[];
}
export interface LineStringGeometry {
  type: 'LineString';
  coordinates: Position[];
}
export interface MultiLineStringGeometry {
  type: 'MultiLineString';
  coordinates: Position[][];
}
export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: PolygonCoords;
}
/** An axis-aligned square in BNG metres from its lower-left corner (ring anticlockwise, closed). */
export const squarePolygon = ([x, y]: Position, side: number): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + side, y],
      [x + side, y + side],
      [x, y + side],
      [x, y],
    ],
  ],
});

export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: PolygonCoords[];
}

export type Geometry =
  | PointGeometry
  | MultiPointGeometry
  | LineStringGeometry
  | MultiLineStringGeometry
  | PolygonGeometry
  | MultiPolygonGeometry;

/** A feature as a reader yields it: geometry (null when the source row has none) and raw attributes by name. */
export interface Feature<P = Record<string, unknown>> {
  geometry: Geometry | null;
  properties: P;
}

export interface BBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function bboxOf(geometry: Geometry): BBox {
  const box: BBox = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const add = (p: Position): void => {
    if (p[0] < box.minX) box.minX = p[0];
    if (p[1] < box.minY) box.minY = p[1];
    if (p[0] > box.maxX) box.maxX = p[0];
    if (p[1] > box.maxY) box.maxY = p[1];
  };
  switch (geometry.type) {
    case 'Point':
      add(geometry.coordinates);
      break;
    case 'MultiPoint':
    case 'LineString':
      geometry.coordinates.forEach(add);
      break;
    case 'MultiLineString':
    case 'Polygon':
      for (const part of geometry.coordinates) part.forEach(add);
      break;
    case 'MultiPolygon':
      for (const poly of geometry.coordinates) for (const ring of poly) ring.forEach(add);
      break;
  }
  return box;
}

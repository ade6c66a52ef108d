// Ring orientation and geometry decomposition. Orientation is normalised once (outer rings counter-clockwise,
// holes clockwise) so that signed sums over ring edges (area, Green's theorem in circle-area.ts) add up
// without per-call bookkeeping.
import type { Geometry, PolygonCoords, Position, Ring } from './geometry';

/** Signed area of a closed ring (shoelace): positive when counter-clockwise, negative when clockwise. */
export function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, n = ring.length - 1; i < n; i++) {
    const a = ring[i]!;
    const b = ring[i + 1]!;
    // Products relative to the first vertex keep the sum accurate for large BNG coordinates.
    sum += (a[0] - ring[0]![0]) * (b[1] - ring[0]![1]) - (b[0] - ring[0]![0]) * (a[1] - ring[0]![1]);
  }
  return sum / 2;
}

/** Area of a polygon with holes (outer minus holes), whatever the input orientation. */
export function polygonArea(polygon: PolygonCoords): number {
  let area = 0;
  polygon.forEach((ring, i) => {
    const a = Math.abs(ringArea(ring));
    area += i === 0 ? a : -a;
  });
  return area;
}

/** A copy with the outer ring counter-clockwise and holes clockwise (rings already right are reused). */
export function normalizePolygon(polygon: PolygonCoords): PolygonCoords {
  return polygon.map((ring, i) => {
    const ccw = ringArea(ring) >= 0;
    const wantCcw = i === 0;
    return ccw === wantCcw ? ring : [...ring].reverse();
  });
}

/** The polygons of a Polygon or MultiPolygon; other geometry types have none. */
export function polygonsOf(geometry: Geometry): PolygonCoords[] {
  switch (geometry.type) {
    case 'Polygon':
      return [geometry.coordinates];
    case 'MultiPolygon':
      return geometry.coordinates;
    default:
      return [];
  }
}

/**
 * The linework of a geometry: a LineString's or MultiLineString's lines, a polygon's rings (its boundary),
 * and each point of a Point or MultiPoint as a one-position line (so nearest-point code handles all types).
 */
export function linesOf(geometry: Geometry): Position[][] {
  switch (geometry.type) {
    case 'Point':
      return [[geometry.coordinates]];
    case 'MultiPoint':
      return geometry.coordinates.map((p) => [p]);
    case 'LineString':
      return [geometry.coordinates];
    case 'MultiLineString':
      return geometry.coordinates;
    case 'Polygon':
      return geometry.coordinates;
    case 'MultiPolygon':
      return geometry.coordinates.flat();
  }
}

// Zone shapes for the sample flood maps: strips along a river or coast between two offset curves (the
// meanders' curvature radius is > 1 km, wider than any zone, so offset curves never cross themselves),
// and round surface-water pockets. Two layouts, as publishers do it:
//  - banded (EA 4-band products, NRW FRAW): each band is the area between its width and the next higher
//    band's, so bands do not overlap and High lies inside the hole Medium leaves, and so on;
//  - cumulative (SEPA likelihood extents): each extent is the whole area flooded at that likelihood, so the
//    High extent lies inside the Medium one, inside the Low one.
// The width factor along the line is shared by all bands, so the nesting holds everywhere.
import type { Geometry, PolygonCoords, Position, Ring } from '../../geo/geometry';

/** Offsets each vertex along its left normal by `width(i)` (negative = right). */
export function offsetLine(line: readonly Position[], width: (i: number) => number): Position[] {
  return line.map((p, i) => {
    const a = line[Math.max(0, i - 1)] as Position;
    const b = line[Math.min(line.length - 1, i + 1)] as Position;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const nx = -(b[1] - a[1]) / len;
    const ny = (b[0] - a[0]) / len;
    const w = width(i);
    return [round(p[0] + nx * w), round(p[1] + ny * w)];
  });
}

/** Centimetre coordinates, as published data carries. */
const round = (v: number): number => Math.round(v * 100) / 100;

/** Width factor along a line (1 ± 25%), the same for every band of that line. */
export const widthFactor =
  (phase: number) =>
  (i: number): number =>
    1 + 0.25 * Math.sin(i / 26 + phase);

/** Polygon between signed offsets a < b of `line`, over vertices [from, to). */
export function strip(
  line: readonly Position[],
  a: number,
  b: number,
  factor: (i: number) => number,
  from = 0,
  to = line.length,
): PolygonCoords {
  const part = line.slice(from, to);
  const f = (i: number): number => factor(i + from);
  const left = offsetLine(part, (i) => b * f(i));
  const right = offsetLine(part, (i) => a * f(i)).reverse();
  const ring: Ring = [...left, ...right];
  ring.push([...(ring[0] as Position)] as Position);
  return [ring];
}

/** Banded (disjoint) zones along a line: [innermost, ..., outermost]. */
export function bandedStrips(
  line: readonly Position[],
  widths: readonly number[],
  factor: (i: number) => number,
): Geometry[] {
  return widths.map((w, k): Geometry => {
    if (k === 0) return { type: 'Polygon', coordinates: strip(line, -w, w, factor) };
    const inner = widths[k - 1] as number;
    return {
      type: 'MultiPolygon',
      coordinates: [strip(line, inner, w, factor), strip(line, -w, -inner, factor)],
    };
  });
}

/** Cumulative extents along a line: each covers the ones before it. */
export function cumulativeStrips(
  line: readonly Position[],
  widths: readonly number[],
  factor: (i: number) => number,
): Geometry[] {
  return widths.map((w): Geometry => ({ type: 'Polygon', coordinates: strip(line, -w, w, factor) }));
}

/** Coastal zones: from `seaward` metres out to sea to each width inland (land on the line's left). */
export function coastalStrips(
  coast: readonly Position[],
  widths: readonly number[],
  factor: (i: number) => number,
  banded: boolean,
  seaward = 300,
): Geometry[] {
  return widths.map((w, k): Geometry => {
    const inner = banded && k > 0 ? (widths[k - 1] as number) : -seaward;
    return { type: 'Polygon', coordinates: strip(coast, inner, w, factor) };
  });
}

/** A closed circle approximation (counter-clockwise), 40 vertices. */
export function circle(c: Position, r: number, n = 40): Ring {
  const ring: Ring = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    ring.push([round(c[0] + r * Math.cos(a)), round(c[1] + r * Math.sin(a))]);
  }
  ring.push([...(ring[0] as Position)] as Position);
  return ring;
}

/** Surface-water pocket zones: a disc for the innermost band, rings (with the inner disc as a hole) outside. */
export function pocketBands(c: Position, radii: readonly number[], banded: boolean): Geometry[] {
  return radii.map((r, k): Geometry => {
    if (!banded || k === 0) return { type: 'Polygon', coordinates: [circle(c, r)] };
    return { type: 'Polygon', coordinates: [circle(c, r), circle(c, radii[k - 1] as number).reverse()] };
  });
}

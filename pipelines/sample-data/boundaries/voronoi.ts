// The Voronoi cell of one site within a box: the box clipped by the half-plane nearer to the site than to
// each other site (Sutherland–Hodgman against each bisector). Sample ward boundaries are these cells, so a
// point's ward is the ward with the nearest centre, as the sample ONSPD assigns postcodes.
import type { BBox, Position, Ring } from '../../geo/geometry';

export function voronoiCell(sites: readonly Position[], i: number, box: BBox): Ring | null {
  let poly: Position[] = [
    [box.minX, box.minY],
    [box.maxX, box.minY],
    [box.maxX, box.maxY],
    [box.minX, box.maxY],
  ];
  const s = sites[i]!;
  sites.forEach((o, j) => {
    if (j === i || poly.length === 0) return;
    // Keep points q with (q - m)·(o - s) <= 0, m the midpoint: nearer to s than to o.
    const nx = o[0] - s[0];
    const ny = o[1] - s[1];
    const mx = (o[0] + s[0]) / 2;
    const my = (o[1] + s[1]) / 2;
    const side = (q: Position): number => (q[0] - mx) * nx + (q[1] - my) * ny;
    const next: Position[] = [];
    for (let k = 0; k < poly.length; k++) {
      const a = poly[k]!;
      const b = poly[(k + 1) % poly.length]!;
      const da = side(a);
      const db = side(b);
      if (da <= 0) next.push(a);
      if ((da < 0 && db > 0) || (da > 0 && db < 0)) {
        const t = da / (da - db);
        next.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
      }
    }
    poly = next;
  });
  if (poly.length < 3) return null;
  const rounded = poly.map(([x, y]) => [Math.round(x * 100) / 100, Math.round(y * 100) / 100] as Position);
  return [...rounded, rounded[0]!];
}

// bench:union-area — CPU time of one "area of the layer within 1 km" query with union semantics
// (unionAreaWithinCircle) beside the plain sum over pieces it replaced (areaWithinCircle), on three seeded
// scenes of ~130–160 candidate pieces per query:
//  - separate: sites on a jittered 100 m grid, 40 % occupied, shrunk so that none touch, 15 % with a nested
//    play space (the usual case: nothing to union but the nested sites);
//  - tessellated: the same sites at full size, so every occupied neighbour shares an edge (contacts to rule
//    out on every pair);
//  - crossing: 150 m-grid sites plus 30 large parks whose outlines cross them (genuine partial overlaps, each
//    a polygon-clipping call: the worst case).
// Rates are per second of this process's CPU time (the machine is shared); BENCH_QUERIES sets the queries.
import type { Position, Ring } from '../../pipelines/geo/geometry';
import { areaWithinCircle, boxDistance, toPieces } from '../../pipelines/geo/pieces';
import { unionAreaWithinCircle, type FeaturePiece } from '../../pipelines/geo/union-area';
import { rng, starRing, wavyRing } from '../standalone/geo/shapes';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const X0 = 450_000;
const Y0 = 200_000;

function gridSites(shrink: number, seed: number): Ring[] {
  const rand = rng(seed);
  const n = 60;
  const s = 100;
  const v = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: n + 1 }, (_, j): Position => [
      X0 + i * s + (rand() - 0.5) * 30,
      Y0 + j * s + (rand() - 0.5) * 30,
    ]),
  );
  // Each side subdivided into 8 edges, so sites have ~33 vertices.
  const side = (p: Position, q: Position): Position[] =>
    Array.from({ length: 8 }, (_, k) => [p[0] + ((q[0] - p[0]) * k) / 8, p[1] + ((q[1] - p[1]) * k) / 8]);
  const rings: Ring[] = [];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      if (rand() > 0.4) continue;
      const corners = [v[i]![j]!, v[i + 1]![j]!, v[i + 1]![j + 1]!, v[i]![j + 1]!];
      const mid: Position = [(corners[0]![0] + corners[2]![0]) / 2, (corners[0]![1] + corners[2]![1]) / 2];
      const [a, b, c, d] = corners.map((p): Position => [
        p[0] + (mid[0] - p[0]) * shrink,
        p[1] + (mid[1] - p[1]) * shrink,
      ]) as [Position, Position, Position, Position];
      rings.push([...side(a, b), ...side(b, c), ...side(c, d), ...side(d, a), a]);
      if (rand() < 0.15) rings.push(starRing(rand, { centre: mid, vertices: 12, rMin: 10, rMax: 25 }));
    }
  return rings;
}

function crossingSites(seed: number): Ring[] {
  const rand = rng(seed);
  const rings: Ring[] = [];
  for (let x = 0; x < 6000; x += 150)
    for (let y = 0; y < 6000; y += 150) {
      if (rand() > 0.7) continue;
      const c: Position = [X0 + x + rand() * 40, Y0 + y + rand() * 40];
      rings.push(wavyRing(rand, c, 40, 45 + rand() * 15));
      if (rand() < 0.15) rings.push(starRing(rand, { centre: c, vertices: 12, rMin: 10, rMax: 20 }));
    }
  for (let k = 0; k < 30; k++) rings.push(wavyRing(rand, [X0 + rand() * 6000, Y0 + rand() * 6000], 200, 300));
  return rings;
}

function run(name: string, rings: Ring[]): void {
  const pieces: FeaturePiece[] = rings.flatMap((ring, feature) =>
    toPieces({ type: 'Polygon', coordinates: [ring] }).map((piece) => ({ feature, piece })),
  );
  const rand = rng(99);
  const queries = Array.from({ length: QUERIES }, () => {
    const p: Position = [X0 + 1000 + rand() * 4000, Y0 + 1000 + rand() * 4000];
    return { p, near: pieces.filter((x) => boxDistance(x.piece.bbox, p) < 1000) };
  });
  const cpu = (f: (q: (typeof queries)[number]) => number): { ms: number; mean: number } => {
    for (const q of queries.slice(0, 20)) f(q); // warm-up
    const t0 = process.cpuUsage();
    let total = 0;
    for (const q of queries) total += f(q);
    const used = process.cpuUsage(t0);
    return { ms: (used.user + used.system) / 1000 / queries.length, mean: total / queries.length };
  };
  const sum = cpu((q) =>
    areaWithinCircle(
      q.near.map((x) => x.piece),
      q.p,
      1000,
    ),
  );
  const union = cpu((q) => unionAreaWithinCircle(q.near, q.p, 1000));
  const perQuery = queries.reduce((n, q) => n + q.near.length, 0) / queries.length;
  console.log(
    `${name.padEnd(12)} ${perQuery.toFixed(0).padStart(4)} pieces/query  sum ${sum.ms.toFixed(3)} ms  ` +
      `union ${union.ms.toFixed(3)} ms CPU per query;  mean area sum ${Math.round(sum.mean).toLocaleString('en-GB')} m², ` +
      `union ${Math.round(union.mean).toLocaleString('en-GB')} m²`,
  );
}

run('separate', gridSites(0.1, 3));
run('tessellated', gridSites(0, 3));
run('crossing', crossingSites(1));

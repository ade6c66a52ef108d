// bench:spatial-kernel — single-core throughput of the geometry kernel's primitives on realistic shapes:
// 200-vertex concave polygons with holes (a flood zone piece is at most 256 vertices), a 20,000-vertex zone
// cut into pieces and queried through a flatbush index the way the flood block does, and k-nearest over
// 100,000 points in a 10 km tile; OSTN15 transformations each way across Great Britain (and the Helmert they
// replaced). Each case runs for BENCH_SECONDS (default 1) after a warm-up; ops/s is queries per second on one
// core.
import os from 'node:os';
import proj4 from 'proj4';
import { ensureOstn15Grid } from '../../infra/ostn15/install';
import { bngToWgs84Into, wgs84ToBngInto } from '../../pipelines/geo/bng';
import { circleIntersectionArea } from '../../pipelines/geo/circle-area';
import { FeatureIndex } from '../../pipelines/geo/feature-index';
import type { Geometry, Position } from '../../pipelines/geo/geometry';
import { nearestOnLines } from '../../pipelines/geo/nearest';
import { areaWithinCircle, distanceToPieces, piecesContain, toPieces } from '../../pipelines/geo/pieces';
import { containsPoint } from '../../pipelines/geo/point-in-polygon';
import { PointIndex } from '../../pipelines/geo/point-index';
import { tileOf } from '../../pipelines/geo/tiles';
import { trueAzimuth } from '../../pipelines/geo/azimuth';
import { pointIn, rng, starPolygon, starRing, wavyRing } from '../standalone/geo/shapes';

const seconds = Number(process.env.BENCH_SECONDS ?? 1);
let sink = 0;

// Rates are per second of this process's CPU time (user + system), not wall time: the machine is shared and
// often loaded several times over, and CPU time is what "per core" means. Wall-clock rates are shown beside.
function bench(name: string, queries: number, run: (i: number) => number): void {
  for (let i = 0; i < Math.min(queries, 2000); i++) sink += run(i); // warm-up
  let ops = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  let cpuMs = 0;
  while (cpuMs < seconds * 1000) {
    for (let i = 0; i < 1000; i++) sink += run(ops++ % queries);
    const used = process.cpuUsage(cpu0);
    cpuMs = (used.user + used.system) / 1000;
  }
  const wallMs = performance.now() - start;
  const rate = (ops / cpuMs) * 1000;
  const us = 1e6 / rate;
  console.log(
    `${name.padEnd(66)} ${Math.round(rate).toLocaleString('en-GB').padStart(11)} ops/s per core  ` +
      `${us >= 10 ? us.toFixed(0) : us.toFixed(2)} µs/op  (wall ${Math.round((ops / wallMs) * 1000).toLocaleString('en-GB')}/s)`,
  );
}

/** CPU milliseconds of a one-off step. */
function cpuTime<T>(run: () => T): [T, number] {
  const cpu0 = process.cpuUsage();
  const value = run();
  const used = process.cpuUsage(cpu0);
  return [value, (used.user + used.system) / 1000];
}

const rand = rng(20260101);
const centre: Position = [451000, 207000];
const polygon = starPolygon(rand, { centre, vertices: 200, rMin: 300, rMax: 1200, spikes: 0.05, holes: 2 });
const probes: Position[] = Array.from({ length: 4096 }, () =>
  pointIn(rand, centre[0] - 1500, centre[1] - 1500, centre[0] + 1500, centre[1] + 1500),
);

console.log(
  `spatial kernel: ${seconds} s of CPU per case, node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
);
bench('containsPoint, 200-vertex polygon with 2 holes', probes.length, (i) =>
  containsPoint([polygon], probes[i]!) ? 1 : 0,
);
bench(
  'nearestOnLines, its rings (~220 segments)',
  probes.length,
  (i) => nearestOnLines(probes[i]!, polygon)!.distance,
);
bench('circleIntersectionArea, r = 1000 m (cuts the polygon)', probes.length, (i) =>
  circleIntersectionArea([polygon], probes[i]!, 1000),
);
bench('circleIntersectionArea, r = 50 m', probes.length, (i) =>
  circleIntersectionArea([polygon], probes[i]!, 50),
);
bench('trueAzimuth (convergence from the OS series)', probes.length, (i) => trueAzimuth(probes[i]!, centre));
bench('tileOf', probes.length, (i) => tileOf(probes[i]![0], probes[i]![1]).length);

// OSTN15 over points spread across the grid's land (50-650 km east, 10-1200 km north), into one reused array.
await ensureOstn15Grid({ log: console.log });
const grid = new Float64Array(2 * 4096);
const lonLat = new Float64Array(2 * 4096);
for (let i = 0; i < 4096; i++) {
  const [x, y] = pointIn(rand, 50_000, 10_000, 650_000, 1_200_000);
  grid[2 * i] = x;
  grid[2 * i + 1] = y;
  bngToWgs84Into(x, y, lonLat, 2 * i);
}
const out = new Float64Array(2);
bench('OSTN15 ETRS89 → BNG (wgs84ToBngInto)', 4096, (i) => {
  wgs84ToBngInto(lonLat[2 * i]!, lonLat[2 * i + 1]!, out, 0);
  return out[0]!;
});
bench('OSTN15 BNG → ETRS89 (bngToWgs84Into, iterative)', 4096, (i) => {
  bngToWgs84Into(grid[2 * i]!, grid[2 * i + 1]!, out, 0);
  return out[1]!;
});
const helmert = proj4(
  'WGS84',
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
    '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs',
);
bench('Helmert ETRS89 → BNG (proj4, what OSTN15 replaced)', 4096, (i) => {
  return helmert.forward([lonLat[2 * i]!, lonLat[2 * i + 1]!])[0]!;
});

// A large zone: a 20,000-vertex outline about 12 km across with 8 holes, cut into pieces and indexed.
const bigCentre: Position = [375000, 165000];
const big = [
  wavyRing(rand, bigCentre, 20000, 5000),
  ...Array.from({ length: 8 }, (_, h) =>
    starRing(rand, {
      centre: [bigCentre[0] + 2000 * Math.cos(h * 0.785), bigCentre[1] + 2000 * Math.sin(h * 0.785)],
      vertices: 100,
      rMin: 200,
      rMax: 500,
      ccw: false,
    }),
  ),
];
const geometry: Geometry = { type: 'Polygon', coordinates: big };
toPieces(geometry); // warm-up
const [pieces, piecesMs] = cpuTime(() => toPieces(geometry));
console.log(`toPieces: 20,800-vertex polygon → ${pieces.length} pieces in ${piecesMs.toFixed(1)} ms CPU`);
const [index, indexMs] = cpuTime(() => new FeatureIndex(pieces));
console.log(`FeatureIndex over them: ${indexMs.toFixed(2)} ms CPU`);
const bigProbes: Position[] = Array.from({ length: 4096 }, () =>
  pointIn(rand, bigCentre[0] - 7000, bigCentre[1] - 7000, bigCentre[0] + 7000, bigCentre[1] + 7000),
);
bench('pieces: contains (index search + piecesContain)', bigProbes.length, (i) => {
  const p = bigProbes[i]!;
  return piecesContain(index.search({ minX: p[0], minY: p[1], maxX: p[0], maxY: p[1] }), p) ? 1 : 0;
});
bench('pieces: distance within 1 km (withinDistance + distanceToPieces)', bigProbes.length, (i) => {
  const p = bigProbes[i]!;
  return distanceToPieces(index.withinDistance(p, 1000), p)?.distance ?? -1;
});
bench('pieces: area within 1 km circle', bigProbes.length, (i) => {
  const p = bigProbes[i]!;
  return areaWithinCircle(index.withinDistance(p, 1000), p, 1000);
});

const points = Array.from({ length: 100_000 }, () => pointIn(rand, 370000, 160000, 380000, 170000));
const [pointIndex, pointIndexMs] = cpuTime(() => new PointIndex(points, (p) => p));
console.log(`PointIndex over 100,000 points: ${pointIndexMs.toFixed(1)} ms CPU`);
bench(
  'PointIndex.nearest k = 1',
  bigProbes.length,
  (i) => pointIndex.nearest(bigProbes[i]!, 1)[0]?.distance ?? -1,
);
bench(
  'PointIndex.nearest k = 10, within 1 km',
  bigProbes.length,
  (i) => pointIndex.nearest(bigProbes[i]!, 10, 1000).length,
);
bench('PointIndex.within 100 m', bigProbes.length, (i) => pointIndex.within(bigProbes[i]!, 100).length);

console.log(`(checksum ${sink.toExponential(3)})`);

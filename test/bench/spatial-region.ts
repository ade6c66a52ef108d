// The synthetic region of `npm run bench:spatial` (see test/bench/spatial.ts): BENCH_TILES × BENCH_TILES
// 10 km tiles of lowland England with a river, surface-water pockets, outlines, defence areas, contours and
// a coast 3 km west. Deterministic per tile, so a tile can be rebuilt anywhere (batch, live, profiling).
import { landFeature, type FeatureInput } from '../../pipelines/enrich/build-pieces';
import type { UprnPoint } from '../../pipelines/enrich/tile-blocks';
import type { Geometry, Position } from '../../pipelines/geo/geometry';
import { TILE_SIZE } from '../../pipelines/geo/tiles';
import { hashSeed, Rng } from '../../pipelines/sample-data/rng';
import { contourLines, sampleGrid } from '../../pipelines/sample-data/terrain/contours';

export const TILES = Number(process.env.BENCH_TILES ?? 10);
export const UPRNS_PER_TILE = Number(process.env.BENCH_UPRNS_PER_TILE ?? 10_000);
// South-west corner of the region: lowland Somerset/Wiltshire (ST/SU), inside England's grid squares.
export const X0 = 340_000;
export const Y0 = 120_000;
export const COAST_X = X0 - 3000;

// ---------------------------------------------------------------------------------------------------------
// Synthetic region
// ---------------------------------------------------------------------------------------------------------

const terrain = (p: Position): number =>
  60 + 45 * Math.sin(p[0] / 2300) * Math.cos(p[1] / 3100) + 18 * Math.sin((p[0] + p[1]) / 900);

const ringOf = (pts: Position[]): Position[] => [...pts, pts[0]!];
const circle = (c: Position, r: number, n: number): Geometry => ({
  type: 'Polygon',
  coordinates: [
    ringOf(
      Array.from(
        { length: n },
        (_, k) =>
          [
            c[0] + r * Math.cos((2 * Math.PI * k) / n),
            c[1] + r * Math.sin((2 * Math.PI * k) / n),
          ] as Position,
      ),
    ),
  ],
});

/** The river of tile row j, as a function of x (continuous across tiles). */
const riverY = (j: number, x: number): number =>
  Y0 + (j + 0.5) * TILE_SIZE + 1500 * Math.sin(x / 1700 + j) + 500 * Math.sin(x / 530 + 2 * j);

function riverBand(j: number, x0: number, x1: number, half: number): Geometry {
  const upper: Position[] = [];
  const lower: Position[] = [];
  for (let x = x0; x <= x1 + 1e-9; x += 25) {
    const y = riverY(j, x);
    upper.push([x, y + half]);
    lower.push([x, y - half]);
  }
  return { type: 'Polygon', coordinates: [ringOf([...lower, ...upper.reverse()])] };
}

const BANDS = [
  ['High', 'High'],
  ['Medium', 'Medium'],
  ['Low', 'Low'],
  ['Very low', 'Very Low'],
] as const;

/** Every feature whose home is tile (i, j) of the region. Deterministic per tile. */
export function tileFeatures(i: number, j: number): FeatureInput[] {
  const rng = new Rng(hashSeed('bench-spatial', i, j));
  const bx = X0 + i * TILE_SIZE;
  const by = Y0 + j * TILE_SIZE;
  const out: FeatureInput[] = [];
  const zone = (layer: string, id: string, band: number, geometry: Geometry) =>
    out.push({
      family: 'zones',
      layer,
      featureId: id,
      country: 'England',
      attrs: { label: BANDS[band]![0], band: BANDS[band]![1] },
      geometry,
    });
  // The river: nested bands (each band's polygon is its whole extent, as the 4-band maps are drawn).
  [40, 90, 180, 300].forEach((half, b) =>
    zone('england.rivers_and_seas', `r-${i}-${j}-${b}`, b, riverBand(j, bx, bx + TILE_SIZE, half)),
  );
  [50, 110, 220, 360].forEach((half, b) =>
    zone(
      'england.rivers_and_seas_climate_change',
      `rc-${i}-${j}-${b}`,
      b,
      riverBand(j, bx, bx + TILE_SIZE, half),
    ),
  );
  // Surface-water pockets: High inside Medium inside Low.
  for (let k = 0; k < 300; k++) {
    const c: Position = [bx + rng.real(0, TILE_SIZE), by + rng.real(0, TILE_SIZE)];
    const r = rng.real(8, 40);
    [1, 1.6, 2.4].forEach((f, b) => {
      zone('england.surface_water', `s-${i}-${j}-${k}-${b}`, b, circle(c, r * f, 20));
      zone('england.surface_water_climate_change', `sc-${i}-${j}-${k}-${b}`, b, circle(c, r * f * 1.2, 20));
    });
  }
  for (let k = 0; k < 20; k++) {
    const x = bx + rng.real(0, TILE_SIZE);
    out.push({
      family: 'outlines',
      layer: 'England',
      featureId: `o-${i}-${j}-${k}`,
      country: 'England',
      attrs: {
        name: `Event ${k}`,
        start_date: `${1950 + k * 3}-01-0${1 + (k % 9)}T00:00:00.000Z`,
        end_date: null,
        flood_source: 'main river',
        flood_cause: 'channel capacity exceeded (no raising or breaching)',
      },
      geometry: circle([x, riverY(j, x) + rng.real(-200, 200)], rng.real(100, 400), 48),
    });
  }
  for (let k = 0; k < 6; k++) {
    const x = bx + rng.real(0, TILE_SIZE);
    out.push({
      family: 'defence_areas',
      layer: 'England',
      featureId: `d-${i}-${j}-${k}`,
      country: 'England',
      attrs: {},
      geometry: circle([x, riverY(j, x) + 250], rng.real(150, 300), 32),
    });
  }
  // Contours of the tile's own square (50 m grid, as OS Terrain 50), every 10 m.
  const grid = sampleGrid(bx, by, 50, TILE_SIZE / 50 + 1, TILE_SIZE / 50 + 1, terrain);
  for (let level = 0; level <= 140; level += 10)
    contourLines(grid, level).forEach((line, k) =>
      out.push({
        family: 'contours',
        layer: 'contours',
        featureId: `c-${i}-${j}-${level}-${k}`,
        country: null,
        attrs: { kind: 'contour', height: level },
        geometry: { type: 'LineString', coordinates: line },
      }),
    );
  return out;
}

const coastLine = (): Position[] => {
  const line: Position[] = [];
  for (let y = Y0 - 20_000; y <= Y0 + TILES * TILE_SIZE + 20_000; y += 50)
    line.push([COAST_X + 400 * Math.sin(y / 1300), y]);
  return line;
};

export function coastFeatures(): FeatureInput[] {
  return [
    {
      family: 'coast',
      layer: 'coast',
      featureId: 'coast',
      country: null,
      attrs: { height: 2.2 },
      geometry: { type: 'LineString', coordinates: coastLine() },
    },
  ];
}

/** England's land: everything east of the coast (clipped to mean high water, as ONS BFC boundaries are). */
export function landFeatures(): FeatureInput[] {
  const line = coastLine();
  const east = X0 + TILES * TILE_SIZE + 20_000;
  const ring = [...line, [east, line.at(-1)![1]], [east, line[0]![1]], line[0]!] as Position[];
  return [landFeature({ code: 'E92000001', geometry: { type: 'Polygon', coordinates: [ring] } })!];
}

export function tileUprns(i: number, j: number): UprnPoint[] {
  const rng = new Rng(hashSeed('bench-uprns', i, j));
  const bx = X0 + i * TILE_SIZE;
  const by = Y0 + j * TILE_SIZE;
  // Settlements: a town and a few villages; addresses normal around them, clipped to the tile.
  const centres = Array.from({ length: 6 }, (_, k) => ({
    c: [bx + rng.real(1000, 9000), by + rng.real(1000, 9000)] as Position,
    sd: k === 0 ? 1500 : 500,
    w: k === 0 ? 0.5 : 0.1,
  }));
  const out: UprnPoint[] = [];
  for (let n = 0; n < UPRNS_PER_TILE; n++) {
    let u = rng.next();
    const s = centres.find((c) => (u -= c.w) < 0) ?? centres[0]!;
    const x = Math.min(bx + TILE_SIZE - 0.01, Math.max(bx, rng.normal(s.c[0], s.sd)));
    const y = Math.min(by + TILE_SIZE - 0.01, Math.max(by, rng.normal(s.c[1], s.sd)));
    out.push({
      uprn: (i * 1000 + j) * 1_000_000 + n,
      x: Math.round(x * 100) / 100,
      y: Math.round(y * 100) / 100,
    });
  }
  return out;
}

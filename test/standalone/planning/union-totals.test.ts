// The "area within 1 km" totals of the planning, greenspace and low emission zone blocks are the area of the
// layer's UNION within the circle: a conservation area drawn inside another, a play space inside a park and
// two overlapping zones count their shared ground once, while the pieces of one (cut) feature still add up.
import { describe, expect, it } from 'vitest';
import type { Geometry, Position } from '../../../pipelines/geo/geometry';
import { toPieces } from '../../../pipelines/geo/pieces';
import { environmentBlock } from '../../../pipelines/transforms/environment/block';
import { MemoryEnvironment } from '../../../pipelines/transforms/environment/memory';
import type { PieceRecord } from '../../../pipelines/transforms/flood/candidates';
import { planningBlock } from '../../../pipelines/transforms/planning/block';
import { MemoryLayers } from '../../../pipelines/transforms/planning/memory-layers';
import { transportationBlock } from '../../../pipelines/transforms/transport/block';

const P: Position = [430_000.5, 290_000.25];
const CIRCLE = Math.PI * 1e6;

/** A square of side s with its south-west corner at P + (dx, dy). */
const square = (dx: number, dy: number, s: number): Geometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [P[0] + dx, P[1] + dy],
      [P[0] + dx + s, P[1] + dy],
      [P[0] + dx + s, P[1] + dy + s],
      [P[0] + dx, P[1] + dy + s],
      [P[0] + dx, P[1] + dy],
    ],
  ],
});

function records<A>(layer: string, id: string, g: Geometry, attrs: A, maxSize = 2000): PieceRecord<A>[] {
  return toPieces(g, { maxSize }).map((piece) => ({ layer, featureId: id, attrs, piece, bbox: piece.bbox }));
}

describe('union totals within 1 km', () => {
  it('conservation areas: nested and half-overlapping areas count shared ground once', () => {
    const c = new MemoryLayers(
      {
        conservation_areas: [
          // 400 m square cut into 100 m pieces (pieces of one feature add up) …
          ...records('ca', 'old-town', square(-200, -200, 400), { name: 'Old Town' }, 100),
          // … a 100 m square inside it, and a 400 m square overlapping half of it.
          ...records('ca', 'market', square(-50, -50, 100), { name: 'Market' }),
          ...records('ca', 'riverside', square(0, -200, 400), { name: 'Riverside' }),
        ],
      },
      {},
    );
    const ca = planningBlock(c, P, 'England').conservation_areas!;
    expect(ca.conservation_area).toBeCloseTo(400 * 400 + 200 * 400, 2); // not 160,000 + 10,000 + 160,000
    expect(ca.conservation_area_proportion).toBeCloseTo((400 * 400 + 200 * 400) / CIRCLE, 6);
    expect(ca.in_conservation_area).toBe(true);
  });

  it('features of different layers with the same id are still different features', () => {
    const c = new MemoryLayers(
      {
        national_parks: [
          ...records('england', '1', square(-300, -300, 200), { name: 'A' }),
          ...records('wales', '1', square(-200, -300, 200), { name: 'B' }),
        ],
      },
      {},
    );
    expect(planningBlock(c, P, 'Wales').national_parks.national_park_area).toBeCloseTo(300 * 200, 2);
  });

  it('greenspace: a play space inside a park adds nothing; a neighbouring site sharing an edge adds its area', () => {
    const site = (id: string, g: Geometry, fn: string) =>
      records('greenspace', id, g, { function: fn, name: id });
    const env = new MemoryEnvironment({
      greenspace: [
        ...site('park', square(100, 100, 300), 'Public Park Or Garden'),
        ...site('play', square(150, 150, 50), 'Play Space'),
        ...site('pitch', square(400, 100, 100), 'Playing Field'),
      ],
    });
    const g = environmentBlock(env, P).greenspace!;
    expect(g.greenspace_area).toBeCloseTo(300 * 300 + 100 * 100, 2);
    expect(g.greenspace_proportion).toBeCloseTo((300 * 300 + 100 * 100) / CIRCLE, 6);
  });

  it('low emission zones: an inner zone inside an outer one, both covering the circle, make the whole disc', () => {
    const zone = (id: string, g: Geometry) => records('lez', id, g, { name: id, url: null });
    const c = new MemoryLayers(
      {
        low_emission_zones: [
          ...zone('outer', square(-5000, -5000, 10_000)),
          ...zone('inner', square(-1500, -1500, 3000)),
        ],
      },
      {},
    );
    const lez = transportationBlock(c, P).low_emission_zones!;
    expect(lez.low_emission_zone_area).toBe(3141592.65);
    expect(lez.low_emission_zone_proportion).toBe(1);
    // Two zones each covering half the disc, overlapping in a quarter of it: three quarters.
    const halves = new MemoryLayers(
      {
        low_emission_zones: [
          ...zone('north', square(-5000, 0, 10_000)),
          ...zone('east', square(0, -5000, 10_000)),
        ],
      },
      {},
    );
    expect(transportationBlock(halves, P).low_emission_zones!.low_emission_zone_area).toBeCloseTo(
      0.75 * CIRCLE,
      1,
    );
  });
});

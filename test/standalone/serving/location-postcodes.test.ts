// GET /location takes a point's LSOA from its nearest live postcode, chosen from the candidates fetched for the
// point's 1 km cell. The choice must be the batch's (PostcodeFinder over every centroid: nearest within 5 km,
// ties to the alphabetically first) at every point of the cell, in a town and in the countryside.
import { describe, expect, it } from 'vitest';
import type { BBox, Position } from '../../../pipelines/geo/geometry';
import {
  FIRST_POSTCODE_RADIUS,
  LivePostcodes,
  postcodeCandidates,
  type LivePostcode,
} from '../../../pipelines/enrich/location-postcodes';
import { PostcodeFinder } from '../../../pipelines/transforms/area/nearest-postcode';

const postcode = (name: string, x: number, y: number, lsoa = 'E01000001'): LivePostcode => ({
  postcode: name,
  x,
  y,
  lsoa,
  country: 'E92000001',
});

/** What the envelope search returns: every postcode whose point lies in the box widened by r (a square). */
const fetchAround = (all: readonly LivePostcode[], b: BBox, r: number) =>
  all.filter((q) => q.x >= b.minX - r && q.x <= b.maxX + r && q.y >= b.minY - r && q.y <= b.maxY + r);

/** The two fetches of location-candidates.ts: the first radius, then the bound it gives when short. */
function candidatesFor(
  all: readonly LivePostcode[],
  b: BBox,
): { postcodes: LivePostcode[]; fetches: number } {
  const first = postcodeCandidates(b, fetchAround(all, b, FIRST_POSTCODE_RADIUS), FIRST_POSTCODE_RADIUS);
  if ('postcodes' in first) return { postcodes: first.postcodes, fetches: 1 };
  const again = postcodeCandidates(b, fetchAround(all, b, first.refetch), first.refetch);
  if (!('postcodes' in again)) throw new Error('second fetch fell short');
  return { postcodes: again.postcodes, fetches: 2 };
}

/** A deterministic scatter of `n` postcodes around (x, y) within `spread` metres. */
function scatter(n: number, x: number, y: number, spread: number, seed: number): LivePostcode[] {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  return Array.from({ length: n }, (_, i) =>
    // Whole metres, so equal distances (ties) happen.
    postcode(
      `AB1 ${String(i).padStart(4, '0')}`,
      Math.round(x + next() * spread),
      Math.round(y + next() * spread),
    ),
  );
}

const CELL: BBox = { minX: 451000, minY: 206000, maxX: 452000, maxY: 207000 };
/** Every 50 m over the cell, corners and edges included. */
const cellPoints: Position[] = [];
for (let x = CELL.minX; x <= CELL.maxX; x += 50)
  for (let y = CELL.minY; y <= CELL.maxY; y += 50) cellPoints.push([x, y]);

function expectBatchChoice(all: LivePostcode[], b: BBox, points: Position[]) {
  const batch = new PostcodeFinder(all, new Set());
  const { postcodes, fetches } = candidatesFor(all, b);
  const live = new LivePostcodes(postcodes);
  for (const p of points)
    expect(live.at(p)?.postcode ?? null).toBe(batch.nearest(p[0], p[1])?.postcode ?? null);
  return { kept: postcodes.length, fetches };
}

describe('the nearest postcode of a live point', () => {
  it('breaks a tie like the batch: the alphabetically first postcode', () => {
    const live = new LivePostcodes([
      postcode('OX2 9ZZ', 451100, 206000, 'E01028522'),
      postcode('OX2 1AA', 450900, 206000, 'E01028521'),
    ]);
    expect(live.at([451000, 206000])).toMatchObject({ postcode: 'OX2 1AA', lsoa: 'E01028521' });
  });

  it('in a town: one fetch holds the nearest of every point of the cell, and fewer postcodes are kept', () => {
    const all = scatter(3000, 451500, 206500, 2500, 7);
    const { kept, fetches } = expectBatchChoice(all, CELL, cellPoints);
    expect(fetches).toBe(1);
    expect(kept).toBeLessThan(fetchAround(all, CELL, FIRST_POSTCODE_RADIUS).length);
  });

  it('with ties on a 20 m lattice', () => {
    const all: LivePostcode[] = [];
    for (let x = 450000; x <= 453000; x += 20)
      for (let y = 205000; y <= 208000; y += 20) all.push(postcode(`L${x} ${y}`, x, y));
    const points = cellPoints.map(([x, y]) => [x + 10, y + 10] as Position);
    expectBatchChoice(all, CELL, points);
  });

  it('in the countryside: a second, wider fetch when nothing is near the middle of the cell', () => {
    const all = [
      postcode('HR1 1AA', 449200, 206000),
      postcode('HR1 1AB', 453900, 207300),
      postcode('HR1 1AD', 451500, 210100),
      ...scatter(50, 440000, 200000, 3000, 3),
    ];
    const { fetches } = expectBatchChoice(all, CELL, cellPoints);
    expect(fetches).toBe(2);
  });

  it('nothing within 5 km is no postcode; exactly 5 km is still found, as in the batch', () => {
    const far = [postcode('IV1 1AA', 457000, 206500)];
    expectBatchChoice(far, CELL, cellPoints);
    const live = new LivePostcodes(candidatesFor(far, CELL).postcodes);
    expect(live.at([452000, 206500])?.postcode).toBe('IV1 1AA');
    expect(live.at([451000, 206500])).toBeNull();
  });

  it('a single point (the uncached path) keeps only its nearest', () => {
    const all = scatter(500, 451500, 206500, 1500, 11);
    const p: Position = [451234, 206789];
    const box: BBox = { minX: p[0], minY: p[1], maxX: p[0], maxY: p[1] };
    const { postcodes } = candidatesFor(all, box);
    expect(postcodes.map((q) => q.postcode)).toEqual([
      new PostcodeFinder(all, new Set()).nearest(...p)!.postcode,
    ]);
  });
});

// nearestWithin is featuresWithin's first answer found without measuring every feature: the same feature,
// distance and nearest point, including ties (two features as near: the smaller layer, then id) and points
// inside a feature (distance 0), over seeded random star-shaped areas cut into small pieces, so a search
// takes both the scanned picks and the sorted rest.
import { describe, expect, it } from 'vitest';
import type { Geometry } from '../../../pipelines/geo/geometry';
import {
  featuresWithin,
  nearestWithin,
  type PieceRecord,
} from '../../../pipelines/transforms/flood/candidates';
import { rng, starRing } from '../geo/shapes';
import { records, square, X0, Y0 } from './fixtures';

type Attrs = { name: string };

function areas(seed: number, count: number): PieceRecord<Attrs>[] {
  const rand = rng(seed);
  return Array.from({ length: count }, (_, i) => {
    const centre: [number, number] = [X0 + (rand() - 0.5) * 4000, Y0 + (rand() - 0.5) * 4000];
    const ring = starRing(rand, { centre, vertices: 12 + Math.floor(rand() * 40), rMin: 80, rMax: 600 });
    const geometry: Geometry = { type: 'Polygon', coordinates: [ring] };
    // Two layers, and ids that do not sort as the features were made.
    return records(i % 2 ? 'b' : 'a', `f${(i * 7) % count}`, { name: `area ${i}` }, geometry);
  }).flat();
}

describe('nearestWithin', () => {
  const pieces = areas(17, 40);

  it('answers what featuresWithin lists first, for points inside, between and far from the areas', () => {
    const rand = rng(5);
    let inside = 0;
    for (let k = 0; k < 400; k++) {
      const p: [number, number] = [X0 + (rand() - 0.5) * 9000, Y0 + (rand() - 0.5) * 9000];
      for (const r of [Infinity, 250]) {
        const all = featuresWithin(pieces, p, r);
        expect(nearestWithin(pieces, p, r)).toEqual(all[0]);
        if (r === Infinity && all[0]!.distance === 0) inside++;
      }
    }
    // The sample reaches inside areas as well as between them.
    expect(inside).toBeGreaterThan(20);
    expect(pieces.length).toBeGreaterThan(100);
  });

  it('breaks a tie between two features as near by layer, then id, whatever order they come in', () => {
    const left = records('b', 'f1', { name: 'left' }, square(X0 - 300, Y0, 100));
    const right = records('a', 'f9', { name: 'right' }, square(X0 + 300, Y0, 100));
    const same = records('a', 'f2', { name: 'same layer, smaller id' }, square(X0, Y0 + 300, 100));
    for (const list of [
      [...left, ...right, ...same],
      [...same, ...right, ...left],
    ]) {
      const best = nearestWithin(list, [X0, Y0], Infinity);
      expect(best).toMatchObject({ layer: 'a', featureId: 'f2', distance: 200 });
      expect(best).toEqual(featuresWithin(list, [X0, Y0], Infinity)[0]);
    }
  });

  it('finds nothing beyond the radius', () => {
    const far = records('a', 'f1', { name: 'far' }, square(X0 + 1000, Y0, 100));
    expect(nearestWithin(far, [X0, Y0], 899)).toBeUndefined();
    expect(nearestWithin(far, [X0, Y0], 900)).toMatchObject({ featureId: 'f1', distance: 900 });
  });
});

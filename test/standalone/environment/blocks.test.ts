// The environment block on hand data: percentiles against all cells, radon classes and their likelihood
// ranges, greenspace areas that are exact for squares inside the circle and capped at it, the nearest site
// (distance 0 inside), landslides within 1 km only, and nulls / empty arrays where nothing is loaded.
import { describe, expect, it } from 'vitest';
import type { Geometry, Position } from '../../../pipelines/geo/geometry';
import { toPieces } from '../../../pipelines/geo/pieces';
import { percentileOf } from '../../../pipelines/transforms/environment/air-quality';
import { environmentBlock } from '../../../pipelines/transforms/environment/block';
import type { GreenspaceAttrs } from '../../../pipelines/transforms/environment/candidates';
import { MemoryEnvironment } from '../../../pipelines/transforms/environment/memory';
import { radonOfClass } from '../../../pipelines/transforms/environment/radon';
import type { PieceRecord } from '../../../pipelines/transforms/flood/candidates';
import { EnvironmentBlockSchema } from '../../../schemas/api/environment';
import { square } from '../../helpers/fixtures';

const P: Position = [375_400, 164_700];

const site = (id: string, g: Geometry, attrs: GreenspaceAttrs): PieceRecord<GreenspaceAttrs>[] =>
  toPieces(g).map((piece) => ({ layer: 'greenspace', featureId: id, attrs, piece, bbox: piece.bbox }));

describe('percentileOf', () => {
  const sorted = Float64Array.from([1, 2, 2, 3, 4, 5, 6, 7, 8, 10]);
  it('is the share of cells at or below the value, in whole percent', () => {
    expect(percentileOf(sorted, 10)).toBe(100);
    expect(percentileOf(sorted, 1)).toBe(10);
    expect(percentileOf(sorted, 2)).toBe(30); // ties share the higher rank
    expect(percentileOf(sorted, 4.5)).toBe(50);
    expect(percentileOf(sorted, 0.5)).toBe(0);
    expect(percentileOf([], 3)).toBe(0);
  });
});

describe('radon', () => {
  it('maps each class to its affected flag and likelihood range (spec 2.7)', () => {
    expect(radonOfClass(1)).toEqual({
      radon_class: 1,
      radon_affected_area: false,
      radon_exceeding_action_level_min_likelihood: 0,
      radon_exceeding_action_level_max_likelihood: 0.01,
    });
    expect(radonOfClass(2)!.radon_affected_area).toBe(true);
    expect(radonOfClass(4)).toMatchObject({
      radon_exceeding_action_level_min_likelihood: 0.05,
      radon_exceeding_action_level_max_likelihood: 0.1,
    });
    expect(radonOfClass(6)).toMatchObject({
      radon_exceeding_action_level_min_likelihood: 0.3,
      radon_exceeding_action_level_max_likelihood: 1,
    });
    expect(radonOfClass(null)).toBeNull();
    expect(radonOfClass(9)).toBeNull();
  });
});

describe('environmentBlock', () => {
  const layers = new MemoryEnvironment({
    airQuality: [
      { pollutant: 'no2', cellX: 375_000, cellY: 164_000, value: { value: 18.123456789, percentile: 72 } },
      { pollutant: 'pm2.5', cellX: 375_000, cellY: 164_000, value: { value: 8.4, percentile: 40 } },
      { pollutant: 'no2', cellX: 376_000, cellY: 164_000, value: { value: 30, percentile: 99 } },
    ],
    radon: [{ cellX: 375_000, cellY: 164_000, classMax: 3 }],
    greenspace: [
      // A 200 m square park 300 m east of P, wholly inside the circle: 40,000 m².
      ...site('park', square(375_700, 164_600, 200), {
        function: 'Public Park Or Garden',
        name: 'Henrietta Park',
      }),
      // A 100 m playing field 800 m west, also wholly inside: 10,000 m².
      ...site('field', square(374_500, 164_600, 100), { function: 'Playing Field', name: null }),
    ],
    points: {
      landslides: [
        { id: 'L1', position: [P[0], P[1] + 600], attrs: { name: 'Lansdown slip' } },
        { id: 'L2', position: [P[0] + 1000, P[1]], attrs: { name: 'On the edge' } },
        { id: 'L3', position: [P[0], P[1] - 1000.5], attrs: { name: 'Just outside' } },
      ],
    },
  });
  const block = environmentBlock(layers, P);

  it('is schema-valid', () => {
    EnvironmentBlockSchema.parse(block);
  });

  it('air quality: the values of the point’s own cell, null for pollutants it lacks', () => {
    expect(block.air_quality).toEqual({
      benzene: null,
      no2: { percentile: 72, value: 18.12346 },
      nox: null,
      pm10: null,
      'pm2.5': { percentile: 40, value: 8.4 },
      so2: null,
    });
  });

  it('radon: the class of the point’s square', () => {
    expect(block.radon).toMatchObject({ radon_class: 3, radon_affected_area: true });
  });

  it('greenspace: exact area of sites inside the circle; nearest site and its nearest point', () => {
    const g = block.greenspace!;
    expect(g.greenspace_area).toBe(50_000);
    expect(g.greenspace_proportion).toBeCloseTo(50_000 / (Math.PI * 1e6), 6);
    expect(g.nearest_greenspace_point).toMatchObject({
      distance: 300,
      x_coord: 375_700,
      y_coord: 164_700,
      function: 'Public Park Or Garden',
      name: 'Henrietta Park',
    });
  });

  it('greenspace straddling the circle: only the part within 1 km counts (half the disc here)', () => {
    const east = new MemoryEnvironment({
      greenspace: site('east', square(P[0], P[1] - 5000, 10_000), { function: 'Golf Course', name: null }),
    });
    const g = environmentBlock(east, P).greenspace!;
    expect(g.greenspace_area).toBeCloseTo((Math.PI * 1e6) / 2, 1);
    expect(g.greenspace_proportion).toBeCloseTo(0.5, 6);
  });

  it('greenspace inside a site: distance 0 at the point itself; area capped at the circle', () => {
    const huge = new MemoryEnvironment({
      greenspace: [
        ...site('a', square(370_000, 160_000, 10_000), { function: 'Golf Course', name: 'A' }),
        ...site('b', square(370_000, 160_000, 10_000), { function: 'Cemetery', name: 'B' }),
      ],
    });
    const g = environmentBlock(huge, P).greenspace!;
    expect(g.greenspace_area).toBe(3141592.65);
    expect(g.greenspace_proportion).toBe(1);
    expect(g.nearest_greenspace_point).toMatchObject({ distance: 0, x_coord: P[0], y_coord: P[1] });
  });

  it('landslides: within 1 km inclusive, nearest first', () => {
    expect(block.landslides.map((l) => [l.name, l.distance])).toEqual([
      ['Lansdown slip', 600],
      ['On the edge', 1000],
    ]);
    expect(block.landslides[0]).toMatchObject({ x_coord: P[0], y_coord: P[1] + 600 });
  });

  it('nothing loaded: nulls and an empty array', () => {
    expect(environmentBlock(new MemoryEnvironment({}), P)).toEqual({
      air_quality: null,
      greenspace: null,
      landslides: [],
      radon: null,
      subsidence: null,
    });
  });
});

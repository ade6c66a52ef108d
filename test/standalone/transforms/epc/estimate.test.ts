import { describe, expect, it } from 'vitest';
import {
  NeighbourIndex,
  estimateConfidence,
  estimateEpc,
  type CertifiedProperty,
} from '../../../../pipelines/transforms/epc/estimate';
import { leaveOneOut } from '../../../../pipelines/transforms/epc/estimate-accuracy';
import { EpcEstimateSchema, type EpcEstimate } from '../../../../schemas/epc';

const property = (
  uprn: number,
  x: number,
  y: number,
  over: Partial<CertifiedProperty> = {},
): CertifiedProperty => ({
  uprn,
  x,
  y,
  postcode: 'BA1 1AA',
  property_type: 'House',
  built_form: 'Mid-Terrace',
  construction_age_band: '1900-1929',
  main_fuel: 'Mains gas',
  total_floor_area: 90,
  energy_efficiency_current: 60,
  energy_efficiency_potential: 80,
  co2_emissions_current: 3,
  co2_emissions_potential: 1.5,
  energy_consumption_per_floor_area_m2_current: 250,
  energy_consumption_per_floor_area_m2_potential: 120,
  ...over,
});

describe('estimateEpc', () => {
  // A terrace of houses along a street (10 m apart), a block of flats across the road in another postcode.
  const terrace = [0, 10, 20, 30, 40].map((x, i) =>
    property(100 + i, x, 0, { energy_efficiency_current: 56 + i * 2 }),
  );
  const flats = [0, 10, 20].map((x, i) =>
    property(200 + i, x, 30, {
      postcode: 'BA1 1AB',
      property_type: 'Flat',
      built_form: 'Detached',
      construction_age_band: '1967-1975',
      energy_efficiency_current: 75,
      co2_emissions_current: 1.2,
    }),
  );
  const index = new NeighbourIndex([...terrace, ...flats]);

  it('estimates a gap in the terrace from its same-postcode neighbours, weighting the nearest most', () => {
    const e = estimateEpc({ x: 15, y: 2 }, index)!;
    expect(EpcEstimateSchema.parse(e)).toEqual(e);
    expect(e).toMatchObject({
      method: 'same_postcode',
      postcode: 'BA1 1AA',
      property_type: 'House',
      built_form: 'Mid-Terrace',
      construction_age_band: '1900-1929',
      neighbours_used: 5,
      co2_emissions_current: 3,
    });
    // Scores 56..64 weighted by 1 / (d + 15): the mean sits between the two nearest (58 and 60).
    expect(e.energy_efficiency_current).toBeGreaterThanOrEqual(59);
    expect(e.energy_efficiency_current).toBeLessThanOrEqual(60);
    expect(e.energy_rating_current).toBe('D');
    expect(e.confidence).toBeGreaterThan(0.4);
  });

  it('falls back to all nearby properties when too few share the postcode', () => {
    const sparse = new NeighbourIndex([terrace[0]!, ...flats]);
    const e = estimateEpc({ x: 0, y: 5 }, sparse)!;
    expect(e.method).toBe('nearby');
    expect(e.postcode).toBe('BA1 1AA');
  });

  it('is null when nothing lies within the radius, and never uses the property itself', () => {
    expect(estimateEpc({ x: 5000, y: 5000 }, index)).toBeNull();
    const e = estimateEpc({ x: 0, y: 0, uprn: 100 }, index)!;
    expect(e.nearest_distance_m).toBe(10);
  });
});

describe('estimateConfidence', () => {
  it('rises with neighbours, falls with distance and disagreement', () => {
    expect(estimateConfidence(10, 20, 3)).toBeGreaterThan(estimateConfidence(2, 20, 3));
    expect(estimateConfidence(10, 20, 3)).toBeGreaterThan(estimateConfidence(10, 300, 3));
    expect(estimateConfidence(10, 20, 3)).toBeGreaterThan(estimateConfidence(10, 20, 20));
    expect(estimateConfidence(1, 0, 0)).toBe(0.22);
  });
});

describe('leaveOneOut', () => {
  it('compares each estimate with the property it left out', () => {
    const props = [
      property(1, 0, 0, { energy_efficiency_current: 60 }), // D
      property(2, 0, 0, { energy_efficiency_current: 70 }), // C
      property(3, 0, 0, { energy_efficiency_current: 50 }), // E
      property(4, 0, 0, { energy_efficiency_current: null }), // not evaluated
      property(5, 0, 0, { energy_efficiency_current: 40 }), // no estimate
    ];
    // A stub estimator that always says 65 (band D) with confidence 0.6, except for property 5.
    const seen: number[] = [];
    const stub = (p: CertifiedProperty): EpcEstimate | null => {
      seen.push(p.uprn);
      if (p.uprn === 5) return null;
      return { energy_efficiency_current: 65, confidence: 0.6 } as EpcEstimate;
    };
    expect(leaveOneOut(props, stub)).toEqual({
      evaluated: 3,
      without_estimate: 1,
      score_mae: 8.333, // |5| + |-5| + |15| over 3
      score_rmse: 9.574, // sqrt((25 + 25 + 225) / 3)
      score_bias: 5,
      rating_exact: 0.333, // only property 1 (D)
      rating_within_one: 1, // C and E are one band from D
      rating_mae_bands: 0.667,
      confident_score_mae: 8.333,
      confident_count: 3,
      mean_confidence: 0.6,
    });
    expect(seen).toEqual([1, 2, 3, 5]);
  });
});

describe('NeighbourIndex.nearest', () => {
  /** The definition: every certified property within the radius, by distance then UPRN, the first k. */
  const reference = (all: CertifiedProperty[], x: number, y: number, k: number, r: number, skip?: number) =>
    all
      .filter((p) => p.uprn !== skip && (p.x - x) ** 2 + (p.y - y) ** 2 <= r * r)
      .map((p) => ({ property: p, distance: Math.hypot(p.x - x, p.y - y) }))
      .sort((a, b) => a.distance - b.distance || a.property.uprn - b.property.uprn)
      .slice(0, k);

  it('answers exactly as the definition, ties included, in dense and sparse places', () => {
    // A dense 5 m grid (many equal distances) beside scattered points, inserted in UPRN order as loaded.
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 2000;
    const points: CertifiedProperty[] = [];
    for (let i = 0; i < 40; i++) for (let j = 0; j < 40; j++) points.push(property(0, i * 5, j * 5));
    for (let i = 0; i < 400; i++) points.push(property(0, 300 + random(), random()));
    points.forEach((p, i) => (p.uprn = 1000 + i));
    const index = new NeighbourIndex(points);
    for (let q = 0; q < 300; q++) {
      const [x, y] = q % 3 === 0 ? [(q % 40) * 5, ((q * 7) % 40) * 5] : [random(), random()];
      const skip = q % 5 === 0 ? points[q]!.uprn : undefined;
      for (const [k, r] of [
        [15, 400],
        [3, 12],
        [15, 2],
      ] as const)
        expect(index.nearest(x, y, k, r, skip)).toEqual(reference(points, x, y, k, r, skip));
    }
  });
});

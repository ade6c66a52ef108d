import { describe, expect, it } from 'vitest';
import { FloodRiskBlockSchema } from '../../../schemas/api/flood-risk';
import { gridAzimuth, trueAzimuth } from '../../../pipelines/geo/azimuth';
import { countryAt, floodRiskBlock } from '../../../pipelines/transforms/flood/block';
import type {
  CoastAttrs,
  ContourAttrs,
  OutlineAttrs,
  PieceRecord,
  ZoneAttrs,
} from '../../../pipelines/transforms/flood/candidates';
import { elevationAt, nearestCoastalPoint } from '../../../pipelines/transforms/flood/elevation';
import { land, line, listProvider, records, square, X0, Y0 } from './fixtures';

// Contours as east-west lines: 0 m at Y0-400, 10 m at Y0-100, 20 m at Y0+300; mean high water (2.1 m) at
// Y0-300. The coast lies 40 km to the west.
const contour = (height: number, y: number): PieceRecord<ContourAttrs>[] =>
  records('contours', `c${height}`, { kind: 'contour', height }, line([X0 - 2000, y], [X0 + 2000, y]));
const contours = [
  ...contour(0, Y0 - 400),
  ...contour(10, Y0 - 100),
  ...contour(20, Y0 + 300),
  ...records<ContourAttrs>(
    'contours',
    'mhw',
    { kind: 'mean_high_water', height: 2.1 },
    line([X0 - 2000, Y0 - 300], [X0 + 2000, Y0 - 300]),
  ),
];
const coast = records<CoastAttrs>(
  'coast',
  'c1',
  { height: 2.3 },
  line([X0 - 40_000, Y0 - 5000], [X0 - 40_000, Y0 + 5000]),
);

describe('elevation', () => {
  it('interpolates between the bracketing contours by inverse distance', () => {
    const e = elevationAt(listProvider({ contours }), [X0, Y0], null);
    expect(e.elevation_upper).toBe(20);
    expect(e.elevation_lower).toBe(10);
    expect(e.distance_from_upper).toBe(300);
    expect(e.distance_from_lower).toBe(100);
    expect(e.elevation_estimate).toBe(12.5); // (10·300 + 20·100) / 400
    // Due grid north/south, corrected to true north by the grid convergence at the point.
    expect(e.azimuth_ascending_degrees).toBeCloseTo(trueAzimuth([X0, Y0], [X0, Y0 + 300]), 2);
    const turn = Math.abs(e.azimuth_ascending_degrees! - gridAzimuth([X0, Y0], [X0, Y0 + 300]));
    expect(Math.min(turn, 360 - turn)).toBeLessThan(1);
    expect(e.azimuth_descending_degrees).toBeCloseTo(trueAzimuth([X0, Y0], [X0, Y0 - 100]), 2);
    expect(e.is_above_high_tide_line).toBe(true);
  });

  it('picks the lower bracket when the next contour down is nearer than the next one up', () => {
    const e = elevationAt(listProvider({ contours }), [X0, Y0 - 150], null);
    expect([e.elevation_lower, e.elevation_upper]).toEqual([0, 10]);
    expect(e.elevation_estimate).toBeCloseTo((0 * 50 + 10 * 250) / 300, 2);
  });

  it('below mean high water: not above the high tide line', () => {
    const e = elevationAt(listProvider({ contours }), [X0, Y0 - 380], null);
    expect(e.elevation_estimate!).toBeLessThan(2.1);
    expect(e.is_above_high_tide_line).toBe(false);
  });

  it('on a contour: that height, distance 0 and no direction toward it', () => {
    const e = elevationAt(listProvider({ contours }), [X0, Y0 - 100], null);
    expect(e.elevation_estimate).toBe(10);
    // The next level down (0 m, 300 m away) is nearer than the next up (20 m, 400 m): 10 m is the upper.
    expect([e.elevation_lower, e.elevation_upper]).toEqual([0, 10]);
    expect(e.distance_from_upper).toBe(0);
    expect(e.azimuth_ascending_degrees).toBeNull();
  });

  it('no contour within 1 km: every field null', () => {
    const e = elevationAt(listProvider({ contours }), [X0, Y0 + 5000], null);
    expect(Object.values(e).every((v) => v === null)).toBe(true);
  });
});

describe('nearest coastal point', () => {
  it('is found however far the coast is, with its height and a true azimuth', () => {
    const c = nearestCoastalPoint(listProvider({ coast }), [X0, Y0])!;
    expect(c.distance).toBe(40_000);
    expect(c.x_coord).toBe(X0 - 40_000);
    expect(c.y_coord).toBe(Y0);
    expect(c.elevation_metres).toBe(2.3);
    expect(c.azimuth_degrees).toBeCloseTo(trueAzimuth([X0, Y0], [X0 - 40_000, Y0]), 2);
    expect(nearestCoastalPoint(listProvider({}), [X0, Y0])).toBeNull();
  });

  it('takes its height from a feature that has one where two features meet at the nearest vertex', () => {
    // A Boundary-Line piece (no height) and a tide line (2.3 m) share the vertex nearest to the point; the
    // unheighted one is listed first, so it wins the tie on distance.
    const vertex: [number, number] = [X0 - 1000, Y0];
    const tied = [
      ...records<CoastAttrs>('coast', 'bl', { height: null }, line([X0 - 1000, Y0 + 3000], vertex)),
      ...records<CoastAttrs>('coast', 'tide', { height: 2.3 }, line(vertex, [X0 - 1500, Y0 - 3000])),
    ];
    for (const dx of [0, 0.001, -0.001]) {
      const c = nearestCoastalPoint(listProvider({ coast: tied }), [X0 + dx, Y0])!;
      expect([c.distance, c.elevation_metres]).toEqual([1000, 2.3]);
    }
    // With no heighted feature in the tie, the height stays unknown.
    const alone = records<CoastAttrs>('coast', 'bl', { height: null }, line([X0 - 1000, Y0 + 3000], vertex));
    expect(nearestCoastalPoint(listProvider({ coast: alone }), [X0, Y0])!.elevation_metres).toBeNull();
  });
});

describe('floodRiskBlock', () => {
  const outlines = [
    ...records<OutlineAttrs>(
      'England',
      'o1',
      {
        name: 'Bath 1968',
        start_date: '1968-07-10T00:00:00.000Z',
        end_date: '1968-07-12T00:00:00.000Z',
        flood_source: 'main river',
        flood_cause: 'channel capacity exceeded (no raising or breaching)',
      },
      square(X0, Y0, 50),
    ),
    ...records<OutlineAttrs>(
      'England',
      'o2',
      {
        name: null,
        start_date: '2000-11-01T00:00:00.000Z',
        end_date: null,
        flood_source: 'surface water',
        flood_cause: null,
      },
      square(X0 + 600, Y0, 50),
    ),
  ];
  const defence_areas = records('England', 'abd1', {}, square(X0 + 300, Y0, 50));
  const zones = records<ZoneAttrs>(
    'england.surface_water',
    's',
    { label: 'High', band: 'High' },
    square(X0, Y0, 20),
  );
  const provider = listProvider({ zones, outlines, defence_areas, contours, coast } as never);

  it('fills the country block and every other block, and validates against the response schema', () => {
    const block = floodRiskBlock(provider, [X0, Y0]);
    expect(FloodRiskBlockSchema.parse(block)).toEqual(block);
    expect(block.wales).toBeNull();
    expect(block.scotland).toBeNull();
    expect(Object.keys(block.england!)).toEqual([
      'rivers_and_seas',
      'rivers_and_seas_climate_change',
      'surface_water',
      'surface_water_climate_change',
    ]);
    expect(block.england!.surface_water.in_flood_risk_zone).toBe(true);
    expect(block.england!.rivers_and_seas.in_flood_risk_zone).toBe(false);
    expect(block.recorded_flood_events.in_flood_event_boundary).toBe(true);
    expect(block.recorded_flood_events.events.map((e) => [e.name, e.distance])).toEqual([
      ['Bath 1968', 0],
      [null, 550],
    ]);
    expect(block.recorded_flood_events.events[0]!.nearest_point).toBeNull();
    expect(block.recorded_flood_events.events[1]!.nearest_point).toMatchObject({
      x_coord: X0 + 550,
      y_coord: Y0,
    });
    expect(block.flood_defences).toEqual({
      protected_by_flood_defence: false,
      nearest_location_protected_by_flood_defence: {
        distance: 250,
        nearest_point: expect.objectContaining({ x_coord: X0 + 250, y_coord: Y0 }),
      },
    });
    expect(floodRiskBlock(provider, [X0 + 300, Y0]).flood_defences!.protected_by_flood_defence).toBe(true);
  });

  it('Scotland has no defences block; open sea has no country block', () => {
    const scot = listProvider({ contours }, 'Scotland');
    const block = floodRiskBlock(scot, [X0, Y0]);
    expect(block.scotland!.coast_climate_change.in_flood_risk_zone).toBe(false);
    expect(block.flood_defences).toBeNull();
    const sea = floodRiskBlock(listProvider({ coast }, null), [X0, Y0]);
    expect([sea.england, sea.wales, sea.scotland, sea.flood_defences]).toEqual([null, null, null, null]);
    expect(sea.nearest_coastal_point?.distance).toBe(40_000);
  });

  it('the land polygon holding the point decides the country; at sea in a coastal tile there is none', () => {
    // England west of X0, Wales east of it; their land (clipped to mean high water) ends at Y0 + 2000, and
    // a coastal zone reaches 300 m out to sea. Every point below lies in the same 10 km tile (ST76).
    const both = [
      ...land('England', {
        type: 'Polygon',
        coordinates: [
          [
            [X0 - 5000, Y0 - 5000],
            [X0, Y0 - 5000],
            [X0, Y0 + 2000],
            [X0 - 5000, Y0 + 2000],
            [X0 - 5000, Y0 - 5000],
          ],
        ],
      }),
      ...land('Wales', {
        type: 'Polygon',
        coordinates: [
          [
            [X0, Y0 - 5000],
            [X0 + 5000, Y0 - 5000],
            [X0 + 5000, Y0 + 2000],
            [X0, Y0 + 2000],
            [X0, Y0 - 5000],
          ],
        ],
      }),
    ];
    const coastal = records<ZoneAttrs>(
      'wales.coast',
      'c',
      { label: 'High', band: 'High' },
      {
        type: 'Polygon',
        coordinates: [
          [
            [X0, Y0 + 1500],
            [X0 + 5000, Y0 + 1500],
            [X0 + 5000, Y0 + 2300],
            [X0, Y0 + 2300],
            [X0, Y0 + 1500],
          ],
        ],
      },
    );
    const provider = listProvider({ land: both, zones: coastal });
    expect(countryAt(provider, [X0 - 10, Y0])).toBe('England');
    expect(countryAt(provider, [X0 + 10, Y0])).toBe('Wales');
    // On the border line itself: in both polygons, the first by name.
    expect(countryAt(provider, [X0, Y0])).toBe('England');
    // On the high water line: land. Beyond it, at sea, even inside the coastal zone: no country.
    expect(countryAt(provider, [X0 + 1000, Y0 + 2000])).toBe('Wales');
    expect(countryAt(provider, [X0 + 1000, Y0 + 2000.01])).toBeNull();
    const sea = floodRiskBlock(provider, [X0 + 1000, Y0 + 2200]);
    expect([sea.england, sea.wales, sea.scotland, sea.flood_defences]).toEqual([null, null, null, null]);
    const shore = floodRiskBlock(provider, [X0 + 1000, Y0 + 1800]);
    expect(shore.wales!.coast.in_flood_risk_zone).toBe(true);
  });
});

// The planning, transportation and admin_boundaries blocks on hand geometry: inside/near, areas against
// the kernel's exact polygon∩disc area, the bounds of spec 2.7 (areas ≤ π·1000², proportions 0..1,
// within-1-km lists ≤ 1000 m, at most 10), nulls outside England and with no zones.
import { describe, expect, it } from 'vitest';
import { circleIntersectionArea } from '../../../pipelines/geo/circle-area';
import type { Geometry, Position } from '../../../pipelines/geo/geometry';
import { square } from '../../helpers/fixtures';
import { toPieces } from '../../../pipelines/geo/pieces';
import type { PieceRecord } from '../../../pipelines/transforms/flood/candidates';
import { locationAdminBoundaries } from '../../../pipelines/transforms/planning/admin-boundaries';
import { planningBlock } from '../../../pipelines/transforms/planning/block';
import type { AreaFamily, PointFamily, PointRecord } from '../../../pipelines/transforms/planning/candidates';
import { locationLayersBlock } from '../../../pipelines/transforms/planning/location-layers';
import { MemoryLayers } from '../../../pipelines/transforms/planning/memory-layers';
import { transportationBlock } from '../../../pipelines/transforms/transport/block';
import { PlanningBlockSchema, LocationAdminBoundariesSchema } from '../../../schemas/api/planning';
import { TransportationBlockSchema } from '../../../schemas/api/transport';

const X0 = 400_000;
const Y0 = 200_000;
const CIRCLE = 3141592.65;

function records<A>(id: string, geometry: Geometry, attrs: A, maxSize = 2000): PieceRecord<A>[] {
  return toPieces(geometry, { maxSize }).map((piece) => ({
    layer: 'test',
    featureId: id,
    attrs,
    piece,
    bbox: piece.bbox,
  }));
}

const caSquare = square(X0, Y0, 2000);
const conservation = records('ca1', caSquare, { name: 'Old Town' }, 500); // many pieces: sums must hold
const park = records('np1', square(X0 + 5000, Y0, 3000), { name: 'High Moor' });
const whs = records('whs1', square(X0 - 3000, Y0 - 3000, 1000), {
  name: 'City',
  inscription_date: '1987-12-12T00:00:00.000Z',
  notes: null,
  url: 'https://example.org/whs',
});

const listed: PointRecord[] = Array.from({ length: 14 }, (_, i) => ({
  id: `lb${String(i).padStart(2, '0')}`,
  position: [X0 + 1000 + 80 * i, Y0 + 1000] as Position,
  attrs: {
    name: `Building ${i}`,
    grade: 'II' as const,
    listing_system: 'NHLE' as const,
    listing_grade: 'II' as const,
    listing_tier: 'standard' as const,
    date_listed: null,
    url: null,
  },
}));
listed.push({
  id: 'lbfar',
  position: [X0 + 1000, Y0 + 2000.5],
  attrs: {
    name: 'Far',
    grade: 'I',
    listing_system: 'NHLE',
    listing_grade: 'I',
    listing_tier: 'top',
    date_listed: null,
    url: null,
  },
});

const airports: PointRecord[] = [
  { id: 'EGGD', position: [X0, Y0 + 31000], attrs: { name: 'North Airport' } },
  { id: 'EGFF', position: [X0 - 60000, Y0 + 1000], attrs: { name: 'West Airport' } },
];

function layers(
  areas: Partial<Record<AreaFamily, PieceRecord[]>> = {},
  points: Partial<Record<PointFamily, PointRecord[]>> = {},
): MemoryLayers {
  return new MemoryLayers(
    { conservation_areas: conservation, national_parks: park, world_heritage_sites: whs, ...areas },
    { listed_buildings: listed, airports, ...points },
  );
}

describe('planning block', () => {
  it('inside a conservation area: full circle, proportion 1, distance 0 and no nearest point', () => {
    const block = planningBlock(layers(), [X0 + 1000, Y0 + 1000], 'England');
    expect(PlanningBlockSchema.parse(block)).toEqual(block);
    expect(block.conservation_areas).toEqual({
      in_conservation_area: true,
      conservation_area: CIRCLE,
      conservation_area_proportion: 1,
      nearest_conservation_area: { name: 'Old Town', distance: 0, nearest_point: null },
    });
  });

  it('outside: the area equals the exact polygon∩disc area and the nearest point is on the boundary', () => {
    const p: Position = [X0 + 2500, Y0 + 1000];
    const block = planningBlock(layers(), p, 'England');
    const exact = circleIntersectionArea([caSquare.coordinates as Position[][]].flat(0) as never, p, 1000);
    const ca = block.conservation_areas!;
    expect(ca.in_conservation_area).toBe(false);
    expect(ca.conservation_area).toBeCloseTo(exact, 1);
    expect(ca.conservation_area).toBeGreaterThan(0);
    expect(ca.conservation_area_proportion).toBeCloseTo(exact / (Math.PI * 1e6), 5);
    expect(ca.nearest_conservation_area?.distance).toBe(500);
    expect(ca.nearest_conservation_area?.nearest_point).toMatchObject({
      x_coord: X0 + 2000,
      y_coord: Y0 + 1000,
    });
  });

  it('National Park beyond 1 km: no area, nearest by distance', () => {
    const block = planningBlock(layers(), [X0 + 1000, Y0 + 1000], 'England');
    expect(block.national_parks).toMatchObject({
      in_national_park: false,
      national_park_area: 0,
      national_park_proportion: 0,
      nearest_national_park: { name: 'High Moor', distance: 4000 },
    });
    expect(block.world_heritage_sites?.nearest_world_heritage_site).toMatchObject({
      name: 'City',
      inscription_date: '1987-12-12T00:00:00.000Z',
      url: 'https://example.org/whs',
    });
  });

  it('listed buildings: the 10 nearest within 1 km, nearest first, none beyond 1000 m', () => {
    const block = planningBlock(layers(), [X0 + 1000, Y0 + 1000], 'England');
    const list = block.listed_buildings!.nearest_listed_buildings;
    expect(list).toHaveLength(10);
    expect(list.map((b) => b.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Building ${i}`));
    expect(list.every((b) => b.distance <= 1000)).toBe(true);
    expect(list[1]).toMatchObject({ distance: 80, x_coord: X0 + 1080, y_coord: Y0 + 1000, grade: 'II' });
  });

  it('heritage layers answer in all three countries, and are null where the country is not known', () => {
    const england = planningBlock(layers(), [X0 + 1000, Y0 + 1000], 'England');
    for (const country of ['Wales', 'Scotland'] as const)
      expect(planningBlock(layers(), [X0 + 1000, Y0 + 1000], country)).toEqual(england);
    const atSea = planningBlock(layers(), [X0 + 1000, Y0 + 1000], null);
    expect(atSea.conservation_areas).toBeNull();
    expect(atSea.listed_buildings).toBeNull();
    expect(atSea.world_heritage_sites).toBeNull();
    expect(atSea.national_parks.nearest_national_park?.distance).toBe(4000);
  });

  it('with nothing loaded: arrays empty, areas 0, nearest null', () => {
    const block = planningBlock(new MemoryLayers({}, {}), [X0, Y0], 'England');
    expect(block.listed_buildings).toEqual({ nearest_listed_buildings: [] });
    expect(block.conservation_areas).toEqual({
      in_conservation_area: false,
      conservation_area: 0,
      conservation_area_proportion: 0,
      nearest_conservation_area: null,
    });
  });

  it('overlapping areas never exceed the circle', () => {
    const twice = [...conservation, ...records('ca2', square(X0 - 500, Y0 - 500, 3000), { name: 'Wider' })];
    const block = planningBlock(layers({ conservation_areas: twice }), [X0 + 1000, Y0 + 1000], 'England');
    expect(block.conservation_areas!.conservation_area).toBe(CIRCLE);
    expect(block.conservation_areas!.conservation_area_proportion).toBe(1);
  });
});

describe('transportation block', () => {
  const chargers: PointRecord[] = Array.from({ length: 12 }, (_, i) => ({
    id: `ev${i}`,
    position: [X0 + 100 * (i + 1), Y0] as Position,
    attrs: { name: `Charger ${i}` },
  }));

  it('10 closest charge points within 1 km; LEZ in, area and proportion; nearest airport with true azimuth', () => {
    const lez = records('lez1', square(X0 - 1000, Y0 - 500, 1000), {
      name: 'CAZ',
      url: 'https://example.org/caz',
    });
    const c = layers({ low_emission_zones: lez }, { ev_charge_points: chargers });
    const p: Position = [X0, Y0];
    const block = transportationBlock(c, p);
    expect(TransportationBlockSchema.parse(block)).toEqual(block);
    expect(block.ev_charging_points.nearest_charging_points.map((e) => e.distance)).toEqual([
      100, 200, 300, 400, 500, 600, 700, 800, 900, 1000,
    ]);
    // On the zone's east edge: inside (boundary counts), half the circle... minus what lies beyond its
    // north/south edges (the zone is 1000 m tall, centred on the point).
    const exact = circleIntersectionArea(
      [(square(X0 - 1000, Y0 - 500, 1000) as { coordinates: Position[][] }).coordinates],
      p,
      1000,
    );
    expect(block.low_emission_zones).toMatchObject({
      in_low_emission_zone: true,
      nearest_low_emission_zone: {
        name: 'CAZ',
        url: 'https://example.org/caz',
        distance: 0,
        nearest_point: null,
      },
    });
    expect(block.low_emission_zones!.low_emission_zone_area).toBeCloseTo(exact, 1);
    expect(block.nearest_airport).toMatchObject({ name: 'North Airport', distance: 31000 });
    // Due grid north on the central meridian (E 400000), where grid and true north agree.
    const az = block.nearest_airport!.azimuth_degrees;
    expect(az < 1 || az > 359).toBe(true);
  });

  it('no zones: low_emission_zones null; no airports: null; no chargers: empty', () => {
    const block = transportationBlock(new MemoryLayers({}, {}), [X0, Y0]);
    expect(block).toEqual({
      ev_charging_points: { nearest_charging_points: [] },
      low_emission_zones: null,
      nearest_airport: null,
    });
  });
});

describe('admin boundaries by point in polygon', () => {
  const boundaries = [
    ...records('W1', square(X0, Y0, 1000), { level: 'ward' as const, code: 'E05000001', name: 'Ward One' }),
    ...records('W2', square(X0 + 1000, Y0, 1000), {
      level: 'ward' as const,
      code: 'E05000002',
      name: 'Ward Two',
    }),
    ...records('L1', square(X0, Y0, 2000), {
      level: 'local_authority' as const,
      code: 'E06000022',
      name: 'LA',
    }),
    ...records('C1', square(X0 - 50_000, Y0 - 50_000, 100_000), {
      level: 'country' as const,
      code: 'E92000001',
      name: 'England',
    }),
  ];

  it('each level from the polygon holding the point; missing levels null', () => {
    const c = layers({ admin_boundaries: boundaries });
    const admin = locationAdminBoundaries(c, [X0 + 1500, Y0 + 500]);
    expect(LocationAdminBoundariesSchema.parse(admin)).toEqual(admin);
    expect(admin).toEqual({
      electoral_area_code: 'E05000002',
      electoral_area_name: 'Ward Two',
      local_authority_district_code: 'E06000022',
      local_authority_district_name: 'LA',
      county_code: null,
      county_name: null,
      region_code: null,
      region_name: null,
      country_code: 'E92000001',
      country_name: 'England',
    });
  });

  it('the country from the boundaries decides whether the heritage blocks are known', () => {
    const c = layers({ admin_boundaries: boundaries });
    expect(locationLayersBlock(c, [X0 + 1000, Y0 + 1000]).planning.conservation_areas).not.toBeNull();
    expect(locationLayersBlock(c, [X0 + 60_000, Y0], 'Wales').planning.conservation_areas).not.toBeNull();
    const outside = locationLayersBlock(c, [X0 + 60_000, Y0]);
    expect(outside.admin_boundaries.country_code).toBeNull();
    expect(outside.planning.conservation_areas).toBeNull();
  });
});

// End to end on the real stack: generate the sample region, refresh it through the real Temporal server, then
// ask the real API for GET /properties of a sample property in each country and GET /location at the same
// point. The live answer (location feature index + the shared block code) must equal the precomputed one
// (per-UPRN assets in the properties document) for every block they share.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AddressesResponseSchema } from '../../schemas/api/addresses';
import { FeaturesResponseSchema, type MapFeature } from '../../schemas/api/features';
import { LocationResponseSchema } from '../../schemas/api/location';
import { PropertyResponseSchema } from '../../schemas/api/properties';
import type { derivedPath } from '../../pipelines/orchestration/ingest';
import { areaTableGlob, UPRN_POSTCODES_TABLE } from '../../pipelines/assets/area/area-tiles';
import { bngToWgs84 } from '../../pipelines/geo/bng';
import { POLYGON_ADMIN_FIELDS } from '../../pipelines/transforms/area/point-geography';
import { parseBlocks } from '../../pipelines/export/blocks';
import { exportUprns, type ExportFormat } from '../../pipelines/export/uprn-export';
import { parquetPath, queryParquet } from '../../pipelines/io/parquet';
import { geoPython, hasPython, runPythonJson } from '../helpers/python-geo';
import { refreshedStack } from '../helpers/refreshed-stack';
import { explorerInBrowser } from './explorer-browser';

// The file's tests and the browser share one key under the default rate limit: the stack's get waits out a 429.
const stack = refreshedStack('e2e-properties-location', { scale: 0.2 });
const { config, get } = stack;
const sample = (country: string) => stack.manifest.samples.find((s) => s.country === country)!;

const COUNTRIES = [
  ['England', 'E92000001'],
  ['Wales', 'W92000004'],
  ['Scotland', 'S92000003'],
] as const;

describe('refresh then GET /properties and GET /location', () => {
  it('builds the location feature index after its staged layers', () => {
    const order = stack.progress.waves.flat();
    for (const name of ['conservation_areas', 'admin_boundaries', 'airports', 'hpi', 'fuel_poverty'])
      expect(order.indexOf(name)).toBeLessThan(order.indexOf('location_feature_index'));
    const asset = stack.progress.assets.find((a) => a.name === 'location_feature_index')!;
    expect(asset.state).toBe('done');
    expect(asset.rows).toBeGreaterThan(0);
  });

  it.each(COUNTRIES)('GET /properties answers every block of spec 2.8 in %s', async (country, code) => {
    const s = sample(country);
    const { status, body } = await get(`/properties?uprn=${s.uprn}`);
    expect(status).toBe(200);
    expect(() => PropertyResponseSchema.parse(body)).not.toThrow();
    expect(body.admin_boundaries.country_code).toBe(code);
    expect(body.planning).not.toBeNull();
    expect(body.transportation).not.toBeNull();
    expect(body.environment).not.toBeNull();
    // BGS GeoSure and GeoClimate cover Great Britain: every hazard has a class 1..3 (spec 2.7).
    expect(body.environment.subsidence.shrink_swell.class).toBeGreaterThanOrEqual(1);
    expect(body.environment.subsidence.shrink_swell_2030_medium_emissions.class).toEqual(expect.any(String));
    expect(body.social.nhs_locations.nearest_gp_practice).not.toBeNull();
    expect(body.flood_risk).not.toBeNull();
    expect(body.social.house_price_index).not.toBeNull();
    expect(body.social.fuel_poverty === null).toBe(country !== 'England');
    // Climate (spec 2.8): the seven historical keys with UK percentiles, and the four projections.
    expect(Object.keys(body.climate.historical)).toHaveLength(7);
    for (const v of Object.values(body.climate.historical))
      expect(v).toEqual({ percentile: expect.any(Number), value: expect.any(Number) });
    for (const p of Object.values(body.climate.future_projections)) expect(p).not.toBeNull();
    expect(
      body.climate.future_projections.maximum_temperature.upper_maximum_temperature_change,
    ).toBeGreaterThan(0);
  });

  it.each(COUNTRIES)(
    'GET /location at a %s property equals its precomputed blocks',
    async (country, code) => {
      const s = sample(country);
      const property = (await get(`/properties?uprn=${s.uprn}`)).body;
      const { x_coord, y_coord } = property.location;
      const { status, body } = await get(`/location?x_coord=${x_coord}&y_coord=${y_coord}`);
      expect(status).toBe(200);
      expect(() => LocationResponseSchema.parse(body)).not.toThrow();
      expect(body.location).toMatchObject({ x_coord, y_coord });
      expect(body.admin_boundaries.country_code).toBe(code);
      // One rule (issue 15 item 8): both take ward, local authority, county, region and country from the
      // boundary polygons at the point, codes and names.
      for (const field of POLYGON_ADMIN_FIELDS)
        expect(body.admin_boundaries[field]).toBe(property.admin_boundaries[field]);
      expect(property.location.admin_boundaries).toEqual(property.admin_boundaries);
      expect(body.planning).toEqual(property.planning);
      expect(body.transportation).toEqual(property.transportation);
      expect(body.environment).toEqual(property.environment);
      expect(body.social.nhs_locations).toEqual(property.social.nhs_locations);
      expect(body.social.defibrillators).toEqual(property.social.defibrillators);
      for (const c of ['england', 'wales', 'scotland'] as const)
        expect(body.flood_risk[c]).toEqual(property.flood_risk[c]);
      expect(body.flood_risk.elevation).toEqual(property.elevation);
      expect(body.social.house_price_index).toEqual(property.social.house_price_index);
      // The fuel poverty LSOA is the nearest postcode's in both, whatever postcode the certificate names.
      expect(body.social.fuel_poverty).toEqual(property.social.fuel_poverty);
      if (country === 'England') {
        expect(property.social.fuel_poverty.lower_layer_super_output_area).not.toBeNull();
        expect(
          property.social.fuel_poverty.lower_layer_super_output_area.lower_layer_super_output_area_code,
        ).toBe(property.admin_boundaries.census_lower_layer_super_output_area_code);
      } else expect(body.social.fuel_poverty).toBeNull();
    },
  );

  it('GET /location gives the fuel poverty LSOA row of a UPRN whose postcode is the nearest centroid', async () => {
    // The English sample with no EPC: uprn_area_blocks gave it the nearest live postcode.
    const s = stack.manifest.samples.find((x) => x.country === 'England' && x.certificates === 0)!;
    const ctx = { config } as Parameters<typeof derivedPath>[0];
    const sources: unknown[] = [];
    for await (const row of queryParquet(
      `SELECT postcode_source FROM ${parquetPath(areaTableGlob(ctx, UPRN_POSTCODES_TABLE))} WHERE uprn = ${s.uprn}`,
    ))
      sources.push(row.postcode_source);
    expect(sources).toEqual(['nearest_postcode']);
    const property = (await get(`/properties?uprn=${s.uprn}`)).body;
    const { x_coord, y_coord } = property.location;
    const { status, body } = await get(`/location?x_coord=${x_coord}&y_coord=${y_coord}`);
    expect(status).toBe(200);
    expect(property.social.fuel_poverty.lower_layer_super_output_area).not.toBeNull();
    expect(body.social.fuel_poverty).toEqual(property.social.fuel_poverty);
  });

  it.each(COUNTRIES)(
    'answers OSTN15 latitudes and longitudes in %s, and a query by them lands on the same grid point to 1 cm',
    async (country) => {
      const { location } = (await get(`/properties?uprn=${sample(country).uprn}`)).body;
      const { x_coord, y_coord, latitude, longitude } = location as {
        x_coord: number;
        y_coord: number;
        latitude: number;
        longitude: number;
      };
      const ostn15 = bngToWgs84(x_coord, y_coord);
      const metres = Math.hypot(
        (ostn15.latitude - latitude) * 111_200,
        (ostn15.longitude - longitude) * 111_200 * Math.cos((latitude * Math.PI) / 180),
      );
      expect(metres).toBeLessThanOrEqual(0.01);
      const byGrid = (await get(`/location?x_coord=${x_coord}&y_coord=${y_coord}`)).body;
      const { status, body } = await get(`/location?latitude=${latitude}&longitude=${longitude}`);
      expect(status).toBe(200);
      expect(
        Math.hypot(body.location.x_coord - x_coord, body.location.y_coord - y_coord),
      ).toBeLessThanOrEqual(0.01);
      expect(body.admin_boundaries).toEqual(byGrid.admin_boundaries);
      expect(body.transportation.nearest_airport.name).toBe(byGrid.transportation.nearest_airport.name);
    },
  );

  it('a point at sea answers empty blocks, not an error', async () => {
    // The North Sea, 100 km off the Northumberland coast.
    const { status, body } = await get('/location?x_coord=560000&y_coord=600000');
    expect(status).toBe(200);
    expect(() => LocationResponseSchema.parse(body)).not.toThrow();
    expect(Object.values(body.admin_boundaries).every((v) => v === null)).toBe(true);
    expect(body.social.house_price_index).toBeNull();
    expect(body.social.fuel_poverty).toBeNull();
    expect(body.planning.listed_buildings?.nearest_listed_buildings ?? []).toEqual([]);
    expect(body.social.defibrillators).toEqual([]);
    expect(body.environment.subsidence).toBeNull();
  });

  it('charges 10 credits and rejects a half pair with a 400 naming the parameter', async () => {
    const { status, body } = await get('/location?x_coord=400000');
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('y_coord');
    const usage = (await get('/usage')).body;
    expect(
      usage.endpoints.find((e: { endpoint?: string; path?: string }) =>
        (e.path ?? e.endpoint)?.includes('location'),
      )?.credit_cost,
    ).toBe(10);
  });
});

// The real service's documented test data (issue #15 item 4): its UPRNs answer, each in its country and local
// authority, and its points answer /location with their country (and authority) from the boundary polygons.
describe('the real service documented test UPRNs and points', () => {
  const DOCUMENTED = [
    { uprn: 34076006, country: 'E92000001', la: 'E09000013', point: [51.47, -0.19] },
    { uprn: 906178651, country: 'S92000003', la: 'S12000036', point: [55.98, -3.19] },
    { uprn: 10014197137, country: 'W92000004', la: 'W06000015', point: [51.45, -3.19] },
  ] as const;

  it.each(DOCUMENTED)('GET /properties?uprn=$uprn answers 200 in its country', async (d) => {
    const { status, body } = await get(`/properties?uprn=${d.uprn}`);
    expect(status).toBe(200);
    expect(() => PropertyResponseSchema.parse(body)).not.toThrow();
    expect(body.admin_boundaries).toMatchObject({
      country_code: d.country,
      local_authority_district_code: d.la,
    });
    expect(body.flood_risk).not.toBeNull();
    const epcs = await get(`/epcs?uprn=${d.uprn}`);
    expect(epcs.status).toBe(200);
  });

  // What public client code for the real service reads (issue #15 items 3 and 9), at the path it reads it.
  it.each(DOCUMENTED)('GET /properties/$uprn answers every path a real-service client reads', async (d) => {
    const { status, body } = await get(`/properties/${d.uprn}`);
    expect(status).toBe(200);
    expect(body.uprn).toBe(String(d.uprn));
    expect(body.location.latitude).toEqual(expect.any(Number));
    expect(body.location.longitude).toEqual(expect.any(Number));
    for (const field of [
      'postcode',
      'country_name',
      'local_authority_district_name',
      'european_electoral_region_code',
      'health_area_code',
    ])
      expect(body.location.admin_boundaries[field], field).toEqual(expect.any(String));
    // Null where the level does not exist (no county in a unitary authority; English regions only).
    expect(body.location.admin_boundaries).toHaveProperty('county_name');
    expect(body.location.admin_boundaries).toHaveProperty('region_name');
    if (d.country === 'E92000001') expect(body.location.admin_boundaries.region_name).toBe('London');
    for (const field of [
      'energy_rating_current',
      'energy_rating_potential',
      'heating_cost_current',
      'lighting_cost_current',
      'hot_water_cost_current',
      'total_floor_area',
    ])
      expect(body.energy.epcs.epc[field], field).not.toBeNull();
  });

  it.each(DOCUMENTED)('GET /location at $point answers its country', async (d) => {
    const [latitude, longitude] = d.point;
    const { status, body } = await get(`/location?latitude=${latitude}&longitude=${longitude}`);
    expect(status).toBe(200);
    expect(() => LocationResponseSchema.parse(body)).not.toThrow();
    expect(body.admin_boundaries).toMatchObject({
      country_code: d.country,
      local_authority_district_code: d.la,
    });
  });
});

// GET /features (issue 19 item 3): the map of what the answers read. Each feature an answer names within the
// radius is drawn, at the distance the answer gives, from the same pieces and points.
describe('GET /features around each sample property', () => {
  const RADIUS = 1000;
  type Props = MapFeature['properties'] & Record<string, any>;
  const featuresAt = async (query: string) => {
    const { status, body } = await get(`/features?${query}`);
    expect(status).toBe(200);
    const collection = FeaturesResponseSchema.parse(body);
    const layer = (name: string) =>
      collection.features.filter((f) => f.properties.layer === name) as (MapFeature & {
        properties: Props;
      })[];
    return { collection, layer };
  };
  /** The drawn features of a layer include one at the answer's distance, with its name; none is nearer. */
  const drawsNearest = (
    drawn: { properties: Props }[],
    answer: { distance: number; name?: string | null },
  ) => {
    expect(drawn.map((f) => f.properties.distance)).toContain(answer.distance);
    expect(Math.min(...drawn.map((f) => f.properties.distance))).toBe(answer.distance);
    if (answer.name !== undefined)
      expect(
        drawn.filter((f) => f.properties.distance === answer.distance).map((f) => f.properties.name),
      ).toContain(answer.name);
  };

  it.each(COUNTRIES)('draws the features behind the %s property answers', async (country) => {
    const { uprn } = sample(country);
    const property = (await get(`/properties?uprn=${uprn}`)).body;
    const flood = (await get(`/flood-risk?uprn=${uprn}`)).body;
    const { x_coord, y_coord } = property.location;
    const { collection, layer } = await featuresAt(`x_coord=${x_coord}&y_coord=${y_coord}&radius=${RADIUS}`);
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.query).toMatchObject({ x_coord, y_coord, radius: RADIUS });
    for (const f of collection.features)
      if (f.properties.layer !== 'coast' && f.properties.layer !== 'nearest_coastal_point')
        expect(f.properties.distance).toBeLessThanOrEqual(RADIUS);

    // The nearest coast, wherever it is, where /flood-risk measured it.
    const coast = flood.nearest_coastal_point;
    const [point] = layer('nearest_coastal_point');
    expect(point!.properties.distance).toBe(coast.distance);
    expect(point!.geometry).toEqual({ type: 'Point', coordinates: [coast.longitude, coast.latitude] });
    expect(layer('coast').some((f) => f.properties.feature_id === point!.properties.feature_id)).toBe(true);

    // Flood zones by country and zone: the one holding the point (its band's label), else the nearest.
    const c = country.toLowerCase();
    let zones = 0;
    for (const [zone, a] of Object.entries(flood[c] as Record<string, any>)) {
      const drawn = layer('flood_zones').filter(
        (f) => f.properties.country === c && f.properties.zone === zone,
      );
      zones += drawn.length;
      if (a.in_flood_risk_zone)
        expect(
          drawn.filter((f) => f.properties.distance === 0).map((f) => f.properties.flood_risk_description),
        ).toContain(a.flood_risk_description);
      else if (a.nearest_flood_risk_zone) drawsNearest(drawn, a.nearest_flood_risk_zone);
    }
    expect(zones).toBeGreaterThan(0);
    expect(layer('flood_zones').every((f) => f.properties.country === c)).toBe(true);
    const defence = flood.flood_defences?.nearest_location_protected_by_flood_defence;
    if (defence) drawsNearest(layer('flood_defences'), defence);
    for (const event of flood.recorded_flood_events.events)
      expect(
        layer('recorded_flood_outlines').map((f) => [f.properties.name, f.properties.distance]),
      ).toContainEqual([event.name, event.distance]);

    // Planning and greenspace: the containing or nearest area when within the radius, by name and distance.
    const planning = property.planning;
    const nearestAreas = [
      ['conservation_areas', planning.conservation_areas?.nearest_conservation_area],
      ['world_heritage_sites', planning.world_heritage_sites?.nearest_world_heritage_site],
      ['national_parks', planning.national_parks.nearest_national_park],
      ['greenspace', property.environment.greenspace?.nearest_greenspace_point],
    ] as const;
    for (const [name, answer] of nearestAreas)
      if (answer && answer.distance <= RADIUS) drawsNearest(layer(name), answer);
      else expect(layer(name), name).toEqual([]);
    const listed = planning.listed_buildings.nearest_listed_buildings as Record<string, any>[];
    expect(listed.length).toBeGreaterThan(0);
    const drawnListed = layer('listed_buildings');
    expect(drawnListed.length).toBeGreaterThanOrEqual(listed.length);
    for (const b of listed)
      expect(
        drawnListed.map((f) => ({ ...f.properties, coordinates: f.geometry.coordinates })),
      ).toContainEqual(
        expect.objectContaining({
          name: b.name,
          distance: b.distance,
          listing_grade: b.listing_grade,
          coordinates: [b.longitude, b.latitude],
        }),
      );

    // The same point by latitude and longitude draws the same features.
    const byLatLon = await featuresAt(
      `latitude=${property.location.latitude}&longitude=${property.location.longitude}&radius=${RADIUS}`,
    );
    expect(byLatLon.collection.features.map((f) => f.id).sort()).toEqual(
      collection.features.map((f) => f.id).sort(),
    );
  });

  it('a smaller radius draws a subset; the default is 500 m', async () => {
    const { x_coord, y_coord } = (await get(`/properties?uprn=${sample('England').uprn}`)).body.location;
    const wide = await featuresAt(`x_coord=${x_coord}&y_coord=${y_coord}&radius=2000`);
    const narrow = await featuresAt(`x_coord=${x_coord}&y_coord=${y_coord}`);
    expect(narrow.collection.query.radius).toBe(500);
    const wideIds = new Set(wide.collection.features.map((f) => f.id));
    expect(narrow.collection.features.every((f) => wideIds.has(f.id))).toBe(true);
    expect(wide.collection.features.length).toBeGreaterThan(narrow.collection.features.length);
  });

  it('a radius beyond 2 km or not a number is a 400 naming radius; a half pair names its partner', async () => {
    for (const radius of ['2001', '-5', 'far', '1e9']) {
      const { status, body } = await get(`/features?x_coord=400000&y_coord=400000&radius=${radius}`);
      expect(status, radius).toBe(400);
      expect(body.error.code).toBe('invalid_parameter');
      expect(body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['radius']);
    }
    const half = await get('/features?latitude=51.47&radius=100');
    expect(half.status).toBe(400);
    expect(JSON.stringify(half.body)).toContain('longitude');
    const usage = (await get('/usage')).body;
    expect(usage.endpoints.find((e: { path?: string }) => e.path === '/features')?.credit_cost).toBe(10);
  });
});

// GET /addresses (the explorer's postcode look-up): the properties of a sample property's postcode, each what
// /properties answers for it, and every UPRN the refresh joined to that postcode.
describe('GET /addresses: the properties of a postcode', () => {
  it.each(COUNTRIES)(
    'lists every property of the %s sample postcode, with its address and location',
    async (country) => {
      const s = sample(country);
      const postcode = (await get(`/properties?uprn=${s.uprn}`)).body.admin_boundaries.postcode as string;
      // Any case, the space optional.
      const { status, body } = await get(`/addresses?postcode=${postcode.toLowerCase().replace(' ', '')}`);
      expect(status).toBe(200);
      const answer = AddressesResponseSchema.parse(body);
      expect(answer.postcode).toBe(postcode);
      const ctx = { config } as Parameters<typeof derivedPath>[0];
      const joined: number[] = [];
      for await (const row of queryParquet(
        `SELECT uprn FROM ${parquetPath(areaTableGlob(ctx, UPRN_POSTCODES_TABLE))} ` +
          `WHERE postcode = '${postcode}' ORDER BY uprn`,
      ))
        joined.push(Number(row.uprn));
      expect(answer.addresses.map((a) => Number(a.uprn))).toEqual(joined);
      expect(answer.total).toBe(joined.length);
      expect(joined).toContain(Number(s.uprn));
      // Each item is what /properties answers for its UPRN: the postcode, the certificate's address, the place.
      const res = await stack.request('/batch', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ endpoint: 'properties', uprns: answer.addresses.map((a) => a.uprn) }),
      });
      expect(res.status).toBe(200);
      const { results } = (await res.json()) as { results: { status: number; body: any }[] };
      results.forEach((r, i) => {
        const item = answer.addresses[i]!;
        const epc = r.body.energy.epcs?.epc;
        const lines = [epc?.address1, epc?.address2, epc?.address3].filter(Boolean).join(', ');
        expect(r.body.admin_boundaries.postcode).toBe(postcode);
        expect(item.address).toBe(epc ? (epc.address ?? (lines || null)) : null);
        const { admin_boundaries: _, ...location } = r.body.location;
        expect(item.location).toEqual(location);
      });
      expect(answer.addresses.filter((a) => a.address !== null).length).toBeGreaterThan(0);
    },
  );

  it('a malformed postcode is a 400 naming postcode; an unknown one a 404; 10 credits for an answer', async () => {
    for (const postcode of ['SW6', 'SW61PNX', '12345', '']) {
      const { status, body } = await get(`/addresses?postcode=${encodeURIComponent(postcode)}`);
      expect(status, postcode).toBe(400);
      expect(body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['postcode']);
    }
    const unknown = await get('/addresses?postcode=ZZ9%209ZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: 'No property with postcode ZZ9 9ZZ' });
    const usage = (await get('/usage')).body;
    expect(usage.endpoints.find((e: { path?: string }) => e.path === '/addresses')?.credit_cost).toBe(10);
  });
});

// The explorer page in chromium, on this file's refreshed sample and server (no refresh of its own).
explorerInBrowser(() => ({ url: stack.server.url, key: stack.key }));

// `pds export` (issue 19 item 2) on this file's refreshed sample: the real service's documented UPRNs, an
// unknown one, a value that is no UPRN and a repeat, joined to the block tables and read back as an analyst
// would (DuckDB, pyarrow when python3 is here), each flat column equal to the API's answer for that UPRN.
describe('pds export: a UPRN list joined to the block tables', () => {
  const DOCUMENTED = [34076006, 10014197137, 906178651] as const;
  const dir = mkdtempSync(join(tmpdir(), 'pds-export-'));
  const list = join(dir, 'portfolio.csv');
  const rows = [...DOCUMENTED.map(String), '999999999999', 'not-a-uprn', String(DOCUMENTED[0])];
  writeFileSync(list, `ref,UPRN\n${rows.map((u, i) => `loan-${i},${u}`).join('\n')}\n`);
  const exportTo = (format: ExportFormat, json = false) =>
    exportUprns({
      config,
      uprns: list,
      blocks: parseBlocks('flood_risk,energy,planning,area'),
      format,
      out: join(dir, `out.${format}`),
      json,
    });
  const read = async (sql: string) => {
    const out: Record<string, any>[] = [];
    for await (const row of queryParquet(sql)) out.push(row);
    return out;
  };
  /** The rivers-and-sea figure the export flattens: the highest of the country's river and coastal layers. */
  const riversSea = (flood: Record<string, any>) =>
    Math.max(
      ...[
        flood.england?.rivers_and_seas,
        flood.wales?.rivers,
        flood.wales?.coast,
        flood.scotland?.rivers,
        flood.scotland?.coast,
      ]
        .filter(Boolean)
        .map((l) => l.annual_flood_risk as number),
    );

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes Parquet that DuckDB reads: the list in order with its columns, flat columns equal to the answers', async () => {
    const summary = await exportTo('parquet', true);
    expect(summary).toMatchObject({
      rows: 6,
      matched: 4,
      unmatched: 2,
      invalid: 1,
      unmatchedExamples: ['999999999999', 'not-a-uprn'],
    });
    const out = await read(`SELECT * FROM read_parquet('${summary.out}')`);
    expect(out.map((r) => r.ref)).toEqual(rows.map((_, i) => `loan-${i}`));
    expect(out.map((r) => r.matched)).toEqual([true, true, true, false, false, true]);
    expect(out[4]!.uprn).toBeNull();
    expect(out[3]).toMatchObject({ uprn: 999999999999, latitude: null, flood_risk: null, epc_count: null });
    for (const [i, uprn] of DOCUMENTED.entries()) {
      const row = out[i]!;
      const property = (await get(`/properties?uprn=${uprn}`)).body;
      const flood = (await get(`/flood-risk?uprn=${uprn}`)).body;
      expect(row).toMatchObject({
        uprn,
        latitude: property.location.latitude,
        longitude: property.location.longitude,
        x_coord: property.location.x_coord,
        flood_rivers_sea_annual_risk: riversSea(flood),
        coast_distance_m: flood.nearest_coastal_point.distance,
        elevation_m: property.elevation.elevation_estimate,
        in_recorded_flood_outline: flood.recorded_flood_events.in_flood_event_boundary,
        energy_rating_current: property.energy.epcs.epc.energy_rating_current,
        energy_rating_potential: property.energy.epcs.epc.energy_rating_potential,
        in_conservation_area: property.planning.conservation_areas.in_conservation_area,
        local_authority_district_code: property.admin_boundaries.local_authority_district_code,
      });
      // The block as it is stored: what /flood-risk answers for the UPRN.
      for (const c of ['england', 'wales', 'scotland', 'recorded_flood_events'])
        expect(row.flood_risk[c]).toEqual(flood[c]);
    }
    expect(out[5]).toEqual({ ...out[0], ref: 'loan-5' });
  });

  it('writes the same rows as CSV and as GeoJSON points in EPSG:4326 (null geometry when unmatched)', async () => {
    const parquet = await read(`SELECT * FROM read_parquet('${join(dir, 'out.parquet')}')`);
    const csv = await exportTo('csv');
    const fromCsv = await read(`SELECT * FROM read_csv('${csv.out}', header = true)`);
    expect(fromCsv.map((r) => [r.ref, r.matched, r.flood_rivers_sea_annual_risk])).toEqual(
      parquet.map((r) => [r.ref, r.matched, r.flood_rivers_sea_annual_risk]),
    );
    const geojson = await exportTo('geojson');
    const collection = JSON.parse(readFileSync(geojson.out, 'utf8'));
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.map((f: any) => f.geometry?.coordinates ?? null)).toEqual(
      parquet.map((r) => (r.matched ? [r.longitude, r.latitude] : null)),
    );
    expect(collection.features[1].properties).toMatchObject({ ref: 'loan-1', uprn: DOCUMENTED[1] });
  });

  it('pyarrow reads the Parquet file too (skipped without python3)', async (t) => {
    if (!(await hasPython())) return t.skip('no python3 with venv on this machine');
    const python = await geoPython();
    const read = await runPythonJson(
      python,
      `import json, sys, pyarrow.parquet as pq
t = pq.read_table(sys.argv[1])
print(json.dumps({"rows": t.num_rows, "uprn": t.column("uprn").to_pylist(), "types": {f.name: str(f.type) for f in t.schema}}))`,
      [join(dir, 'out.parquet')],
    );
    expect(read).toMatchObject({
      rows: 6,
      uprn: [...DOCUMENTED, 999999999999, null, DOCUMENTED[0]],
      types: { uprn: 'int64', matched: 'bool', latitude: 'double', flood_rivers_sea_annual_risk: 'double' },
    });
  });

  it('pds export on the command line summarises the unmatched UPRNs', () => {
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'cli/main.ts',
        'export',
        '--uprns',
        list,
        '--out',
        join(dir, 'cli.parquet'),
        '--blocks',
        'flood_risk',
      ],
      { env: { ...process.env, PDS_DATA_DIR: config.dataDir }, encoding: 'utf8' },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('6 rows');
    expect(result.stderr).toContain('matched 4; unmatched 2 (1 not UPRNs)');
    expect(result.stderr).toContain('"999999999999", "not-a-uprn"');
    expect(() => parseBlocks('flood_risk,floods')).toThrow(/unknown block floods/);
  });
});

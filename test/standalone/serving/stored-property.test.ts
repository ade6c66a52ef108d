// The properties index stores each UPRN's blocks as the pieces the endpoints read (stored-property.ts), and
// every endpoint concatenates its answer from them. Each answer must be byte for byte what the presenters
// serialise from the whole document, whatever the day, for documents with and without each block, with
// blocks whose keys are out of order or unknown, and with values JSON escapes; and a document must hold
// each piece once and no piece no endpoint reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PropertyDocument } from '../../../schemas/index/properties';
import { openAccountStore } from '../../../serving/accounts/store';
import {
  falsy,
  json,
  jsonByteLength,
  contentId,
  isContentId,
  jsonBytes,
  jsonMembers,
  jsonObject,
  jsonText,
  MissingSharedPiece,
  orElse,
  type Json,
  propertySource,
  propertySourceOfDocument,
  StoredProperty,
  storedPropertyOf,
} from '../../../pipelines/indexing/stored-property';
import { presentEpcs, renderEpcs } from '../../../serving/routes/epcs';
import { statsGroupId } from '../../../pipelines/transforms/epc/stats-group-id';
import { presentProperty, renderProperty } from '../../../serving/routes/properties';
import { presentRetrofit, renderRetrofit } from '../../../serving/routes/retrofit';
import {
  fakeProperties,
  manualClock,
  SAMPLE_DOC,
  startApi,
  testDocument,
  type TestApi,
} from '../../helpers/api';

const jsonOrUndefined = (j: Json | undefined) => (j === undefined ? undefined : jsonText(j));

const certificate = {
  current_energy_rating: 'C',
  energy_efficiency_current: 72,
  co2_emissions_current: 2.1,
  total_floor_area: 74.5,
  address: 'Flat "2", 1 Gay St \\ é \u2028',
};
const certified = testDocument({
  ...SAMPLE_DOC,
  location: { lat: 51.37633991, lon: -2.36757139 },
  x_coord: 374512.74,
  y_coord: 164207.09,
  blocks: {
    epcs: {
      epc_country: 'England',
      latest_lodgement_date: '2016-03-14T00:00:00.000Z',
      epcs: [{ lmk_key: 'abc', postcode: 'BA1 2PH' }],
      epcs_enhanced: [certificate, { ...certificate, current_energy_rating: 'D' }, { n: [1, { m: '}]' }] }],
      epc_retrofit_recommendations: [{ improvement_item: 1 }],
      epc_stats: {
        postcode_stats: {
          postcode: 'BA1 2PH',
          avg_energy_efficiency_current: 68.25,
          avg_co2_emissions_current: 2.4,
        },
        country_stats: null,
      },
      // What compareEpc gives for the latest certificate and these groups (computed when serving).
      epc_compare: {
        relative_to_postcode: {
          energy_efficiency: 'better',
          carbon_footprint: 'lower',
          average_energy_efficiency_score: 68.25,
          average_carbon_footprint: 2.4,
        },
        relative_to_outcode: null,
        relative_to_local_authority: null,
        relative_to_region: null,
        relative_to_country: null,
        relative_to_similar_properties_local_authority: null,
        relative_to_similar_properties_country: null,
      },
      epc_estimate: null,
      unread_bookkeeping: 'never answered',
    },
    area: {
      admin_boundaries: { postcode: 'BA1 2PH', country_name: 'England' },
      area_attributes: {
        house_price_index: { average_price: 310000.5 },
        fuel_poverty: null,
        indices_of_deprivation: { decile: 7 },
        retrofit_grants: [{ name: 'Boiler Upgrade Scheme' }],
      },
      postcode_source: 'epc',
      postcode_distance: 12,
    },
    flood_risk: {
      england: { rivers_and_seas: null },
      scotland: null,
      wales: null,
      nearest_coastal_point: { distance: 1.5 },
      elevation: { elevation_estimate: 33.68 },
      flood_defences: null,
      recorded_flood_events: { events: [] },
    },
    location_layers: {
      admin_boundaries: { ward: 'unread' },
      planning: { conservation_areas: { in_conservation_area: true } },
      transportation: { nearest_airport: { name: 'Bristol Airport' } },
    },
    environment_layers: {
      environment: { radon: { radon_class: 3 } },
      social: { nhs_locations: { nearest_hospital: null }, defibrillators: [{ distance: 315.7 }] },
    },
    climate: { historical: { average_rainfall: { percentile: 3, value: 715.92 } } },
  },
});
const uncertified: PropertyDocument = { ...SAMPLE_DOC, uprn: 2, epc_count: 0, blocks: { epcs: null } };
// Enhanced certificates but no lodgement date stored: validity is null, as /epcs answers it.
const undated = testDocument({
  ...certified,
  uprn: 3,
  blocks: { ...certified.blocks, epcs: { ...certified.blocks.epcs, latest_lodgement_date: null } },
});
// Blocks in shapes the writers do not make today: members out of order (stored whole and read from
// there), unknown members of blocks sent whole, empty objects and arrays, a certificate that already has
// one of the validity keys, blocks that are no objects.
const odd = testDocument({
  ...SAMPLE_DOC,
  uprn: 4,
  blocks: {
    epcs: {
      latest_lodgement_date: '2024-10-31T00:00:00.000Z',
      epcs_enhanced: [{ epc_age: 'kept in place', rating: 'A' }],
      epc_stats: null,
      epcs: null,
    },
    area: { area_attributes: { retrofit_grants: null, house_price_index: 1, extra: true } },
    flood_risk: { elevation: null, wales: { zone: 2 }, england: {} },
    location_layers: {},
    environment_layers: { social: null },
    climate: { historical: {} },
  },
});
const sparse = testDocument({
  ...SAMPLE_DOC,
  uprn: 5,
  blocks: {
    epcs: { epc_country: 'Wales', epcs_enhanced: [{}], latest_lodgement_date: '2010-01-01T00:00:00.000Z' },
    area: null,
    flood_risk: { england: null, scotland: null, wales: null },
    environment_layers: { environment: null, social: { defibrillators: null } },
  },
});
const notObjects = testDocument({
  ...SAMPLE_DOC,
  uprn: 6,
  blocks: { epcs: { epcs_enhanced: null }, area: { area_attributes: 'n/a' }, flood_risk: [] },
});
const DOCS = [certified, uncertified, undated, odd, sparse, notObjects, SAMPLE_DOC];

const DAYS = [
  '2020-01-01T00:00:00.000Z',
  '2026-03-13T23:59:59.999Z',
  '2026-03-14T00:00:00.000Z',
  '2040-07-01T12:00:00.000Z',
];

describe('answers from the stored pieces', () => {
  it.each(DAYS)('equal the presenters serialised on %s', (day) => {
    const now = new Date(day);
    for (const doc of DOCS) {
      const stored = storedPropertyOf(doc);
      const shared = propertySourceOfDocument(doc).shared;
      expect(jsonText(renderProperty(stored, now))).toBe(JSON.stringify(presentProperty(doc, now)));
      expect(jsonText(renderEpcs(stored, now, shared))).toBe(
        JSON.stringify(presentEpcs(doc.blocks.epcs ?? null, now)),
      );
      expect(jsonText(renderRetrofit(stored, now))).toBe(JSON.stringify(presentRetrofit(doc, now)));
      const flood = doc.blocks.flood_risk;
      expect(jsonOrUndefined(stored.get('flood_risk'))).toBe(
        flood == null ? undefined : JSON.stringify(flood),
      );
    }
  });

  it('write in the day-dependent EPC fields: in date until ten years after lodgement', () => {
    const stored = storedPropertyOf(certified);
    const before = JSON.parse(jsonText(renderProperty(stored, new Date('2026-03-13T00:00:00.000Z'))));
    const after = JSON.parse(jsonText(renderProperty(stored, new Date('2026-03-15T00:00:00.000Z'))));
    expect(before.energy.epcs).toMatchObject({
      epc_in_date: true,
      epc_age: 10,
      epc_expiry: '2026-03-14T00:00:00.000Z',
      epc: { address: certificate.address },
    });
    expect(after.energy.epcs).toMatchObject({ epc_in_date: false, epc_age: 10 });
  });
});

describe('the stored document', () => {
  const { source, shared } = propertySourceOfDocument(certified);
  const doc = JSON.parse(source.toString()) as Record<string, any>;

  it('is JSON with the queried fields and the pieces; layout gives their byte ranges', () => {
    expect(doc).toMatchObject({
      uprn: certified.uprn,
      location: certified.location,
      x_coord: certified.x_coord,
      y_coord: certified.y_coord,
      postcode: certified.postcode,
      country: certified.country,
      epc_count: certified.epc_count,
    });
    expect(Object.keys(doc)[0]).toBe('layout');
    const bytes = Buffer.from(source);
    const base = bytes.indexOf('",') + 2;
    for (const entry of (doc.layout as string).split(',').filter((e) => !e.startsWith('+'))) {
      const [name, from, to] = entry.split(' ');
      const text = bytes.toString('utf8', base + Number(from), base + Number(to));
      if (name!.startsWith('@')) expect(Number(text)).toBeTypeOf('number');
      // `=name`: a piece stored by content, the document holding its id.
      else if (name!.startsWith('=')) expect(JSON.parse(text)).toEqual(doc.pieces[name!.slice(1)]);
      else expect(JSON.parse(text)).toEqual(doc.pieces[name!]);
    }
  });

  it('is the same document whether the blocks come as texts or as their UTF-8 bytes', () => {
    const input = {
      uprn: certified.uprn,
      x_coord: certified.x_coord,
      y_coord: certified.y_coord,
      latitude: certified.location.lat,
      longitude: certified.location.lon,
      postcode: certified.postcode,
      country: certified.country,
      epc_count: certified.epc_count,
    };
    const texts = Object.fromEntries(
      Object.entries(certified.blocks).map(([k, b]) => [k, JSON.stringify(b)]),
    );
    const bytes = Object.fromEntries(Object.entries(texts).map(([k, t]) => [k, new TextEncoder().encode(t)]));
    const fromBytes = propertySource({ ...input, blocks: bytes });
    expect(fromBytes.source.equals(source)).toBe(true);
    expect(propertySource({ ...input, blocks: texts }).source.equals(source)).toBe(true);
    expect(fromBytes.shared).toEqual(shared);
  });

  it('reads a piece stored by content once resolved, and names its id until then', () => {
    const bare = new StoredProperty(certified.uprn, source);
    expect(bare.refIds).toEqual([doc.pieces.climate]);
    expect(() => bare.get('climate')).toThrow(MissingSharedPiece);
    expect(jsonText(bare.resolve(shared).get('climate')!)).toBe(JSON.stringify(certified.blocks.climate));
  });

  it('holds each piece once, and none that no endpoint reads', () => {
    expect(Object.keys(doc.pieces).sort()).toEqual(
      [
        'epcs/epc_country',
        'epcs/latest_lodgement_date',
        'epcs/epcs',
        'epcs/epcs_enhanced/0',
        'epcs/epcs_enhanced/rest',
        'epcs/epc_retrofit_recommendations',
        'epcs/epc_stats/shared',
        'epcs/epc_estimate',
        'area/admin_boundaries',
        'area/area_attributes/house_price_index',
        'area/area_attributes/fuel_poverty',
        'area/area_attributes/retrofit_grants',
        'area/area_attributes/indices_of_deprivation',
        'flood_risk/england',
        'flood_risk/scotland',
        'flood_risk/wales',
        'flood_risk/nearest_coastal_point',
        'flood_risk/elevation',
        'flood_risk/flood_defences',
        'flood_risk/recorded_flood_events',
        'location_layers/planning',
        'location_layers/transportation',
        'environment_layers/environment',
        'environment_layers/social/nhs_locations',
        'environment_layers/social/defibrillators',
        'climate',
      ].sort(),
    );
    // The latest certificate is stored apart from the others, not also among them.
    expect(doc.pieces['epcs/epcs_enhanced/0']).toEqual(certificate);
    expect(doc.pieces['epcs/epcs_enhanced/rest']).toHaveLength(2);
    // The statistics of each group are shared pieces, stored once for every UPRN of the group under the
    // group's id (`postcode:BA1 2PH`): the document holds their ids, in order; the comparison with them is
    // computed when serving, not stored.
    const stats = certified.blocks.epcs!.epc_stats as Record<string, Record<string, unknown> | null>;
    expect(doc.pieces['epcs/epc_stats/shared']).toEqual(
      Object.entries(stats).map(([k, v]) => [k, v && statsGroupId(k, v)]),
    );
    expect(doc.pieces['epcs/epc_stats/shared'][0]).toEqual(['postcode_stats', 'postcode:BA1 2PH']);
    const statsTexts = [...shared].filter(([id]) => !isContentId(id)).map(([, text]) => text);
    expect(statsTexts).toEqual(Object.values(stats).flatMap((v) => (v ? [JSON.stringify(v)] : [])));
    expect(doc.pieces['epcs/epc_compare']).toBeUndefined();
    // What many UPRNs repeat word for word (the climate of a cell, an area's figures) is stored once by
    // content: the document holds the id of the text, a digest of its bytes.
    const climate = JSON.stringify(certified.blocks.climate);
    expect(doc.pieces.climate).toBe(contentId(Buffer.from(climate)));
    expect(shared.get(doc.pieces.climate)).toBe(climate);
    // A short one stays in the document (an id is ~30 bytes).
    const prices = certified.blocks.area!.area_attributes!.house_price_index;
    expect(JSON.stringify(prices).length).toBeLessThan(64);
    expect(doc.pieces['area/area_attributes/house_price_index']).toEqual(prices);
    expect(source.toString()).not.toContain(climate);
    expect(source).not.toContain('BA1 2PH","avg_');
    expect(source).not.toContain('unread_bookkeeping');
    expect(source).not.toContain('postcode_source');
    expect(source).not.toContain('"ward"');
  });

  it('keeps a block sent whole as it is when its members are out of order', () => {
    const pieces = JSON.parse(propertySourceOfDocument(odd).source.toString()).pieces as Record<
      string,
      unknown
    >;
    expect(pieces.flood_risk).toEqual(odd.blocks.flood_risk);
    expect(pieces['area/area_attributes']).toEqual(odd.blocks.area!.area_attributes);
  });

  it('shares a piece between documents: one text, one id', () => {
    const other = { ...certified, uprn: 99, blocks: { ...certified.blocks, area: null } };
    const a = propertySourceOfDocument(certified).shared;
    const b = propertySourceOfDocument(other).shared;
    expect([...b]).toEqual([...a]);
  });

  it('a shared piece the store does not hold is an error, not an answer without it', () => {
    expect(() => renderEpcs(storedPropertyOf(certified), new Date(), new Map())).toThrow(/shared piece/);
  });

  it('refuses a layout it cannot read', () => {
    expect(() => new StoredProperty(1, Buffer.from('{"uprn":1}'))).toThrow(/no layout/);
  });

  it('reads a malformed layout without hanging: entries cut short hold no more than their bytes', () => {
    for (const layout of ['climate', 'climate 3', 'climate 3,+', ',,']) {
      const stored = new StoredProperty(1, Buffer.from(`{"layout":"${layout}","pieces":{}}`));
      expect(stored.sourceLength === undefined || stored.sourceLength > 0).toBe(true);
    }
  });
});

describe('jsonMembers', () => {
  it('splits an object text into its members, strings with braces, quotes and escapes included', () => {
    const value = { a: '}{"\\', b: [1, { c: ']' }], 'd"e': null, f: -1.5e-7, g: true, h: {} };
    expect(jsonMembers(JSON.stringify(value))).toEqual(
      Object.entries(value).map(([k, v]) => [k, JSON.stringify(v)]),
    );
    expect(jsonMembers('{}')).toEqual([]);
  });
});

describe('answers in parts (Json)', () => {
  it('compose strings, stored bytes and numbers into the bytes JSON.stringify would send', () => {
    const piece = Buffer.from('{"name":"Tŷ “Caerdydd” 🏠"}');
    const answer = json`{"uprn":${7},"in_date":${true},"area":${[piece, '']},"note":${'"é"'}}`;
    const expected = JSON.stringify({
      uprn: 7,
      in_date: true,
      area: { name: 'Tŷ “Caerdydd” 🏠' },
      note: 'é',
    });
    expect(jsonByteLength(answer)).toBe(Buffer.byteLength(expected));
    expect(jsonBytes(answer).equals(Buffer.from(expected))).toBe(true);
    expect(jsonText(answer)).toBe(expected);
  });

  it('tell JSON null and falsy values apart from the rest, as stored bytes or strings', () => {
    for (const t of ['null', 'false', '0', '-0', '""']) {
      expect([falsy(t), falsy(Buffer.from(t))]).toEqual([true, true]);
    }
    for (const t of ['nul', '"0"', '[]', '{}', '0.5']) expect(falsy(Buffer.from(t))).toBe(false);
    expect(orElse(Buffer.from('null'), '[]')).toBe('[]');
    expect(jsonText(orElse(Buffer.from('[1]'), '[]'))).toBe('[1]');
    expect(
      jsonText(
        jsonObject([
          ['a', Buffer.from('1')],
          ['b', undefined],
          ['c', ['[', '2', ']']],
        ]),
      ),
    ).toBe('{"a":1,"c":[2]}');
  });
});

describe('the routes send the concatenated answers', () => {
  const clock = manualClock('2025-06-01T00:00:00.000Z');
  const accounts = openAccountStore(':memory:');
  const { key } = accounts.createKey('test');
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ accounts, properties: fakeProperties([certified]), now: clock.now });
  });
  afterAll(async () => {
    await api.close();
    accounts.close();
  });

  it.each([
    ['/properties', () => presentProperty(certified, clock.now())],
    ['/epcs', () => presentEpcs(certified.blocks.epcs ?? null, clock.now())],
    ['/retrofit', () => presentRetrofit(certified, clock.now())],
    ['/flood-risk', () => certified.blocks.flood_risk],
  ])('%s as JSON, validity for today', async (path, expected) => {
    const res = await fetch(`${api.url}${path}?uprn=${certified.uprn}`, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.text()).toBe(JSON.stringify(expected()));
  });

  it('answers 404 for a UPRN with no document', async () => {
    const { status, body } = await api.get('/properties?uprn=999', key);
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });
});

// GET /location answers every point of a 1 km cell from one fetch of the cell's candidates (kept in an LRU
// per concrete index). On a small real location feature index: answers from the cell cache equal answers
// fetched for the point alone, at points spread over cells, edges and corners; and once the alias moves to a
// new index (a refresh), the next answer after the alias lookup's TTL comes from the new index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@elastic/elasticsearch';
import {
  keyedDocument,
  LOCATION_FEATURE_INDEX_MAPPING,
  locationFeaturesAlias,
  pieceDocument,
  pointDocument,
} from '../../pipelines/enrich/location-documents';
import type { Geometry, Position } from '../../pipelines/geo/geometry';
import { toPieces } from '../../pipelines/geo/pieces';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { bulkIndex, createIndex, verifyAndSwapAlias } from '../../pipelines/indexing/versioned-index';
import type { FloodRiskBlock } from '../../schemas/api/flood-risk';
import type { FeaturesRepository } from '../../serving/repository/features';
import { locationRepository } from '../../serving/repository/location';
import { testConfig } from '../helpers/config';

const config = testConfig('location-cell-cache');
const es = createEsClient(config.esUrl);
const alias = locationFeaturesAlias(config);
const flood: FeaturesRepository = { floodRiskAt: async () => ({}) as FloodRiskBlock };

const square = (x0: number, y0: number, x1: number, y1: number): Geometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
      [x0, y0],
    ],
  ],
});
const pieces = (family: string, id: string, attrs: unknown, g: Geometry) =>
  toPieces(g).map((piece, i) => ({
    id: `${family}-${id}-${i}`,
    doc: pieceDocument(family, id, attrs, piece),
  }));
const point = (family: string, id: string, position: Position, attrs: unknown) => ({
  id: `${family}-${id}`,
  doc: pointDocument(family, { id, position, attrs }),
});

const nhs = (name: string, postcode: string) => ({
  name,
  address1: null,
  address2: null,
  address3: null,
  postcode,
  url: 'https://www.nhs.uk/services',
});

/** Around Bath: a local authority split by a boundary at x = 375,500 (mid-cell), region and country
 * around both; listed buildings, charge points, airports, a conservation area, greenspace, NHS sites, grid
 * cells, live postcodes (one far out in the country) and area rows. */
function documents(extraListed: boolean) {
  const admin = (level: string, code: string, g: Geometry) =>
    pieces('admin_boundaries', `${level}:${code}`, { level, code, name: `${level} ${code}` }, g);
  const docs = [
    ...admin('country', 'E92000001', square(360_000, 150_000, 390_000, 180_000)),
    ...admin('region', 'E12000009', square(360_000, 150_000, 390_000, 180_000)),
    ...admin('local_authority', 'E06000022', square(360_000, 150_000, 375_500, 180_000)),
    ...admin('local_authority', 'E06000024', square(375_500, 150_000, 390_000, 180_000)),
    ...pieces('conservation_areas', 'CA1', { name: 'Bath' }, square(374_200, 164_200, 374_900, 164_800)),
    ...pieces(
      'greenspace',
      'G1',
      { function: 'Public Park', name: 'Victoria Park' },
      square(373_000, 165_200, 373_600, 165_900),
    ),
    ...pieces(
      'greenspace',
      'G2',
      { function: 'Playing Field', name: 'Rec' },
      square(377_400, 163_000, 377_900, 163_400),
    ),
    point('listed_buildings', 'LB1', [375_050, 164_700], {
      name: 'Abbey',
      grade: 'I',
      date_listed: null,
      url: null,
    }),
    point('listed_buildings', 'LB2', [375_900, 165_400], {
      name: 'Pump Room',
      grade: 'II*',
      date_listed: null,
      url: null,
    }),
    ...(extraListed
      ? [
          point('listed_buildings', 'LB3', [375_400, 165_100], {
            name: 'New',
            grade: 'II',
            date_listed: null,
            url: null,
          }),
        ]
      : []),
    point('ev_charge_points', 'EV1', [375_600, 164_100], { name: 'Car park' }),
    point('airports', 'BRS', [350_000, 165_000], { name: 'Bristol' }),
    point('airports', 'EXT', [292_000, 92_000], { name: 'Exeter' }),
    point('hospital', 'H1', [373_500, 166_800], nhs('Royal United Hospital', 'BA1 3NG')),
    point('gp_practice', 'GP1', [376_100, 164_900], nhs('Widcombe Surgery', 'BA2 4BY')),
    point('defibrillators', 'D1', [375_200, 165_050], {
      location_name: 'Guildhall',
      availability: '24/7',
      access_type: 'public',
    }),
    ...(
      [
        ['BA1 1AA', [375_100, 165_100], 'E01014370'],
        ['BA1 1AB', [375_600, 165_600], 'E01014371'],
        ['BA2 4AA', [374_200, 164_100], 'E01014372'],
        ['BA3 9ZZ', [382_000, 172_500], 'E01014399'],
      ] as const
    ).flatMap(([postcode, position, lsoa]) => [
      point('postcodes', postcode, [...position], { lsoa, country: 'E92000001' }),
      {
        id: `fuel_poverty-${lsoa}`,
        doc: keyedDocument('fuel_poverty', `lsoa:${lsoa}`, {
          level: 'lsoa',
          code: lsoa,
          name: `Bath ${lsoa}`,
          household_count: 700,
          fuel_poor_household_count: 70,
          fuel_poor_household_percentage: 10,
        }),
      },
    ]),
    { id: 'radon', doc: keyedDocument('radon', '375000,165000', { class_max: 3 }) },
    {
      id: 'no2',
      doc: keyedDocument('air_quality', 'no2:375000,165000', {
        pollutant: 'no2',
        value: 21.5,
        percentile: 0.8,
      }),
    },
    {
      id: 'no2b',
      doc: keyedDocument('air_quality', 'no2:374000,164000', {
        pollutant: 'no2',
        value: 12,
        percentile: 0.4,
      }),
    },
  ];
  return docs;
}

async function build(client: Client, version: string, extraListed: boolean): Promise<void> {
  const index = `${alias}-${version}`;
  await createIndex(client, index, LOCATION_FEATURE_INDEX_MAPPING);
  const docs = documents(extraListed);
  const ids = new Map(docs.map((d) => [d.doc, d.id]));
  const result = await bulkIndex(client, index, [...ids.keys()], (d) => ids.get(d)!);
  expect(result.failed).toEqual([]);
  await verifyAndSwapAlias(client, alias, index, { expectedCount: docs.length });
}

beforeAll(async () => {
  await build(es, 'v1', false);
});

afterAll(async () => {
  await es.indices.delete({ index: `${alias}-*`, ignore_unavailable: true });
  await es.close();
});

const POINTS: Position[] = [
  [375_000, 165_000], // a cell corner
  [375_499.9, 165_500], // just west of the split, mid-cell
  [375_500.1, 165_500], // just east of it, same cell
  [375_999.99, 165_999.99], // the far corner of the same cell
  [375_250, 164_750],
  [374_100, 164_050],
  [373_300, 165_500], // inside the park
  [377_000, 163_900],
  [380_400, 170_900], // far from everything near
];

describe('GET /location cell cache', () => {
  it('answers every point as a per-point fetch does', async () => {
    const cached = locationRepository(es, alias, flood, { cells: 64 });
    const plain = locationRepository(es, alias, flood, { cells: 0 });
    for (const p of POINTS) {
      const [a, b] = [await cached.locationAt(p), await plain.locationAt(p)];
      expect(a).toEqual(b);
    }
    // The split really is mid-cell: two local authorities answered from the one cached cell.
    const west = await cached.locationAt(POINTS[1]!);
    const east = await cached.locationAt(POINTS[2]!);
    expect(west.admin_boundaries.local_authority_district_code).toBe('E06000022');
    expect(east.admin_boundaries.local_authority_district_code).toBe('E06000024');
    // The fuel poverty LSOA is the nearest postcode's: near the town from the first fetch, far out in the
    // country (2.3 km to the nearest) from the wider second one.
    const lsoaAt = async (p: Position) =>
      (await cached.locationAt(p)).social.fuel_poverty?.lower_layer_super_output_area
        ?.lower_layer_super_output_area_code;
    expect(await lsoaAt([375_250, 164_750])).toBe('E01014370');
    expect(await lsoaAt([375_999.99, 165_999.99])).toBe('E01014371');
    expect(await lsoaAt([380_400, 170_900])).toBe('E01014399');
  });

  it('answers from the new index once the alias has moved', async () => {
    const repo = locationRepository(es, alias, flood, { cells: 64, aliasTtlMs: 0 });
    const names = async () =>
      (
        (await repo.locationAt([375_300, 165_200])).planning.listed_buildings?.nearest_listed_buildings ?? []
      ).map((b) => (b as { name: string }).name);
    expect(await names()).not.toContain('New');
    await build(es, 'v2', true);
    expect(await names()).toContain('New');
  });
});

// The start-up warm-up (serving/warm-up.ts) finds the 1 km cells that hold properties from one aggregation
// of the properties index, the most populated first and then the cells around them, and has /location answer
// one point of each; a store it cannot read is logged, never thrown, and start-up goes on.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Position } from '../../pipelines/geo/geometry';
import { createEsClient } from '../../pipelines/indexing/es-client';
import type { LocationRepository } from '../../serving/repository/location';
import { populatedCells, warmLiveCaches } from '../../serving/warm-up';
import { testConfig } from '../helpers/config';

const config = testConfig('warm-up');
const es = createEsClient(config.esUrl);
const index = `${config.indexPrefix}-properties`;
// Three properties in the cell at (375 km, 165 km), one in the cell at (380 km, 170 km).
const DOCS: Position[] = [
  [375_100, 165_100],
  [375_900, 165_900],
  [375_500, 165_200],
  [380_250, 170_750],
];

beforeAll(async () => {
  await es.indices.create({
    index,
    mappings: {
      properties: {
        uprn: { type: 'long' },
        x_coord: { type: 'double', index: false },
        y_coord: { type: 'double', index: false },
      },
    },
  });
  await es.bulk({
    refresh: true,
    operations: DOCS.flatMap(([x, y], i) => [
      { index: { _index: index, _id: String(i + 1) } },
      { uprn: i + 1, x_coord: x, y_coord: y },
    ]),
  });
});
afterAll(async () => {
  await es.indices.delete({ index }, { ignore: [404] });
  await es.close();
});

it('lists the populated cells by how many properties they hold, then every cell around them', async () => {
  const cells = await populatedCells(es, index);
  expect(cells.slice(0, 2)).toEqual([
    [375_500, 165_500],
    [380_500, 170_500],
  ]);
  // The 3 × 3 blocks around both (their own cells again among them: the warm-up takes each cell once).
  expect(cells).toHaveLength(2 + 18);
  expect(cells).toContainEqual([374_500, 164_500]);
  expect(cells).toContainEqual([381_500, 171_500]);
});

it('has /location answer one point of each cell, and says so', async () => {
  const asked: Position[] = [];
  const location: LocationRepository = {
    locationAt: () => Promise.reject(new Error('not used')),
    warm: async (points) => (asked.push(...points), new Set(points.map((p) => p.join())).size),
  };
  const logs: { msg: string; fields?: object }[] = [];
  await warmLiveCaches({
    client: es,
    propertiesAlias: index,
    location,
    log: (msg, fields) => logs.push({ msg, fields }),
  });
  expect(asked[0]).toEqual([375_500, 165_500]);
  expect(logs).toEqual([
    { msg: 'warm-up: live caches loaded', fields: { cells: 18, ms: expect.any(Number) } },
  ]);
});

it('a failure (say the location features are not indexed) is logged and start-up goes on', async () => {
  const logs: string[] = [];
  await expect(
    warmLiveCaches({
      client: es,
      propertiesAlias: index,
      location: {
        locationAt: () => Promise.reject(new Error('not used')),
        warm: () => Promise.reject(new Error('Location features are not indexed yet; run a refresh')),
      },
      log: (msg) => logs.push(msg),
    }),
  ).resolves.toBeUndefined();
  expect(logs).toEqual(['warm-up: stopped; requests fill the caches instead']);
});

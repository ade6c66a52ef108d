// Live flood candidates against the real Elasticsearch: the pieces fetched for a point give the same block
// as the batch provider over the same pieces, including a piece far larger than the 2 km the cutter makes
// (the tile filter must still find it from a point 14 km from its centre), a point at sea in a coastal tile
// (no country), a hot tile's whole-tile provider, and answers from the caches after the alias moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landFeature, piecesOf, type FeatureInput } from '../../pipelines/enrich/build-pieces';
import { HOT_TILE, LiveFloodCandidates } from '../../pipelines/enrich/es-candidates';
import { MemoryCandidates } from '../../pipelines/enrich/memory-candidates';
import { featureDocument, fromStoredPiece, toStoredPiece } from '../../pipelines/enrich/piece-records';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { bulkIndex, createIndex, verifyAndSwapAlias } from '../../pipelines/indexing/versioned-index';
import type { Position } from '../../pipelines/geo/geometry';
import { toPieces } from '../../pipelines/geo/pieces';
import { tileOf } from '../../pipelines/geo/tiles';
import { floodRiskBlock } from '../../pipelines/transforms/flood/block';
import type { Family, PieceRecord } from '../../pipelines/transforms/flood/candidates';
import { FEATURE_INDEX_MAPPING } from '../../schemas/index/features';
import { square } from '../standalone/flood/fixtures';
import { testConfig } from '../helpers/config';

const config = testConfig('flood-live');
const es = createEsClient(config.esUrl);
const alias = `${config.indexPrefix}-features`;
// Near Bath; the sea (beyond the land's north edge, y = Y0 + 8000) is in the same tile as points south of it.
const X0 = 372_000;
const Y0 = 161_000;

// A 30 km square High zone kept as ONE piece (cut at 100 km), centred 14 km east of the test point.
const huge = toPieces(square(X0 + 14_000, Y0, 15_000), { maxSize: 100_000, maxVertices: 10_000 });
const rows = [
  ...huge.map((piece) =>
    toStoredPiece(
      'zones',
      'england.rivers_and_seas',
      'huge',
      'England',
      tileOf(X0 + 14_000, Y0),
      { label: 'High', band: 'High' },
      piece,
    ),
  ),
  ...piecesOf({
    family: 'contours',
    layer: 'contours',
    featureId: 'c10',
    country: null,
    attrs: { kind: 'contour', height: 10 },
    geometry: {
      type: 'LineString',
      coordinates: [
        [X0 - 3000, Y0 + 300],
        [X0 + 3000, Y0 + 300],
      ],
    },
  } satisfies FeatureInput),
  ...piecesOf({
    family: 'coast',
    layer: 'coast',
    featureId: 'hwl',
    country: null,
    attrs: { height: 2.5 },
    geometry: {
      type: 'LineString',
      coordinates: [
        [X0 - 30_000, Y0 + 8000],
        [X0 + 30_000, Y0 + 8000],
      ],
    },
  } satisfies FeatureInput),
  ...piecesOf(
    landFeature({
      code: 'E92000001',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [X0 - 30_000, Y0 - 30_000],
            [X0 + 30_000, Y0 - 30_000],
            [X0 + 30_000, Y0 + 8000],
            [X0 - 30_000, Y0 + 8000],
            [X0 - 30_000, Y0 - 30_000],
          ],
        ],
      },
    })!,
  ),
];
const memory = (): MemoryCandidates => {
  const families: Partial<Record<Family, PieceRecord[]>> = {};
  for (const row of rows) (families[row.family] ??= []).push(fromStoredPiece(row));
  return new MemoryCandidates(families);
};

async function build(version: string): Promise<void> {
  const index = `${alias}-${version}`;
  await createIndex(es, index, FEATURE_INDEX_MAPPING);
  const docs = rows.map(featureDocument);
  const ids = new Map(docs.map((d, n) => [d, String(n)]));
  await bulkIndex(es, index, docs, (d) => ids.get(d)!);
  await es.indices.refresh({ index });
  await verifyAndSwapAlias(es, alias, index, { expectedCount: docs.length, sampleIds: ['0'] });
}

beforeAll(async () => {
  await build('v1');
}, 60_000);

afterAll(async () => {
  await es.indices.delete({ index: `${alias}-*`, ignore_unavailable: true });
  await es.close();
});

describe('LiveFloodCandidates', () => {
  const live = new LiveFloodCandidates(es, alias);

  it('finds a piece of any size: inside a 30 km piece 14 km from its centre', async () => {
    expect(huge).toHaveLength(1);
    const p: Position = [X0, Y0];
    const block = floodRiskBlock(await live.at(p), p);
    expect(block.england!.rivers_and_seas.in_flood_risk_zone).toBe(true);
    expect(block).toEqual(floodRiskBlock(memory(), p));
  });

  it('a point at sea in a coastal tile answers null country blocks, like the batch provider', async () => {
    const sea: Position = [X0 + 500, Y0 + 8500];
    expect(tileOf(sea[0], sea[1])).toBe(tileOf(X0 + 500, Y0 + 7500));
    const block = floodRiskBlock(await live.at(sea), sea);
    expect([block.england, block.wales, block.scotland, block.flood_defences]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(block.nearest_coastal_point?.distance).toBe(500);
    expect(block).toEqual(floodRiskBlock(memory(), sea));
    const shore: Position = [X0 + 500, Y0 + 7500];
    expect(floodRiskBlock(await live.at(shore), shore).england).not.toBeNull();
  });

  it('a hot tile gets the whole-tile provider, which answers like the point-by-point one', async () => {
    const points: Position[] = Array.from({ length: HOT_TILE + 4 }, (_, k) => [X0 + 137 * k, Y0 + 211 * k]);
    const tile = tileOf(X0, Y0);
    expect(points.every((q) => tileOf(q[0], q[1]) === tile)).toBe(true);
    for (const q of points.slice(0, HOT_TILE)) await live.at(q);
    await live.tileLoad(tile);
    for (const q of points) expect(floodRiskBlock(await live.at(q), q)).toEqual(floodRiskBlock(memory(), q));
  });

  it('answers the same from its caches, and after the alias moves to a new index', async () => {
    const p: Position = [X0 - 2000, Y0 - 1000];
    const first = floodRiskBlock(await live.at(p), p);
    expect(floodRiskBlock(await live.at(p), p)).toEqual(first);
    await build('v2');
    // Point by point, and (past the alias check) hot tiles rebuilt from the new index.
    for (let k = 0; k < HOT_TILE + 2; k++) expect(floodRiskBlock(await live.at(p), p)).toEqual(first);
    expect(first).toEqual(floodRiskBlock(memory(), p));
  });
});

// The batch provider (tile indexes, the coast found by ranking boxes) and the stored piece round trip give
// the same answers as brute force over the same pieces.
import { describe, expect, it } from 'vitest';
import { landFeature, piecesOf, timestamp } from '../../../pipelines/enrich/build-pieces';
import { Lru } from '../../../pipelines/enrich/lru';
import { MemoryCandidates } from '../../../pipelines/enrich/memory-candidates';
import { fromStoredPiece } from '../../../pipelines/enrich/piece-records';
import { floodRiskBlock } from '../../../pipelines/transforms/flood/block';
import { nearestCoastalPoint } from '../../../pipelines/transforms/flood/elevation';
import { Rng } from '../../../pipelines/sample-data/rng';
import { line, listProvider, square, X0, Y0 } from './fixtures';

const coastRows = [
  ...piecesOf({
    family: 'coast',
    layer: 'coast',
    featureId: 'west',
    country: null,
    attrs: { height: 2.1 },
    geometry: line([X0 - 30_000, Y0 - 40_000], [X0 - 25_000, Y0], [X0 - 32_000, Y0 + 40_000]),
  }),
  ...piecesOf({
    family: 'coast',
    layer: 'coast',
    featureId: 'south',
    country: null,
    attrs: { height: 1.9 },
    geometry: line([X0 - 40_000, Y0 - 20_000], [X0 + 40_000, Y0 - 26_000]),
  }),
];
const zoneRows = [
  ...piecesOf({
    family: 'zones',
    layer: 'england.rivers_and_seas',
    featureId: 'z1',
    country: 'England',
    attrs: { label: 'High', band: 'High' },
    geometry: square(X0, Y0, 3000),
  }),
  ...piecesOf({
    family: 'zones',
    layer: 'wales.rivers',
    featureId: 'w1',
    country: 'Wales',
    attrs: { label: 'Low', band: 'Low' },
    geometry: square(X0 + 5000, Y0, 500),
  }),
];

describe('stored pieces', () => {
  it('cut large features (≤ 2 km a side) and survive the JSON round trip of Parquet and Elasticsearch', () => {
    expect(zoneRows.length).toBeGreaterThan(9);
    for (const r of zoneRows) expect(Math.max(r.maxx - r.minx, r.maxy - r.miny)).toBeLessThanOrEqual(2000);
    const back = fromStoredPiece(
      JSON.parse(JSON.stringify({ ...zoneRows[0]!, geometry: JSON.stringify(zoneRows[0]!.geometry) })),
    );
    expect(back.piece.polygons).toEqual(zoneRows[0]!.geometry.polygons);
    expect(back.bbox).toEqual({
      minX: zoneRows[0]!.minx,
      minY: zoneRows[0]!.miny,
      maxX: zoneRows[0]!.maxx,
      maxY: zoneRows[0]!.maxy,
    });
  });

  it('land comes from the country polygons of admin_boundaries (E92, W92, S92 codes only)', () => {
    const geometry = square(X0, Y0, 3000);
    expect(landFeature({ code: 'W92000004', geometry })).toMatchObject({
      family: 'land',
      layer: 'Wales',
      attrs: { country: 'Wales' },
    });
    expect(landFeature({ code: 'N92000002', geometry })).toBeNull();
  });

  it('timestamps get milliseconds and Z; junk is null', () => {
    expect(timestamp('1968-07-10')).toBe('1968-07-10T00:00:00.000Z');
    expect(timestamp('2000-11-01T10:00:00Z')).toBe('2000-11-01T10:00:00.000Z');
    expect(timestamp('')).toBeNull();
    expect(timestamp('not a date')).toBeNull();
  });
});

describe('MemoryCandidates', () => {
  it('agrees with brute force, with the coast found by ranking boxes', () => {
    const landRows = [
      ...piecesOf(landFeature({ code: 'E92000001', geometry: square(X0 - 6000, Y0, 6000) })!),
      ...piecesOf(landFeature({ code: 'W92000004', geometry: square(X0 + 6000, Y0, 6000) })!),
    ];
    const records = {
      coast: coastRows.map(fromStoredPiece),
      zones: zoneRows.map(fromStoredPiece),
      land: landRows.map(fromStoredPiece),
    };
    const memory = new MemoryCandidates(records);
    const brute = listProvider(records as never);
    const rng = new Rng(11);
    for (let i = 0; i < 200; i++) {
      const p: [number, number] = [X0 + rng.real(-9000, 9000), Y0 + rng.real(-9000, 9000)];
      expect(nearestCoastalPoint(memory, p)).toEqual(nearestCoastalPoint(brute, p));
      expect(floodRiskBlock(memory, p)).toEqual(floodRiskBlock(brute, p));
    }
  });
});

describe('Lru', () => {
  it('keeps the most recently used entries up to its capacity', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // now b is the least recently used
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual([1, undefined, 3, 2]);
    lru.delete('a');
    expect([lru.get('a'), lru.size]).toEqual([undefined, 1]);
  });
});

import { describe, expect, it } from 'vitest';
import { ASSET_NAMES } from '../../../pipelines/assets/define';
import { ASSETS } from '../../../pipelines/assets/graph';
import { checkGraph, planWaves, UnknownAssetError } from '../../../pipelines/orchestration/plan';

const graph = [
  { name: 'uprn', upstream: [] },
  { name: 'epc_raw', upstream: [] },
  { name: 'epc_enhanced', upstream: ['epc_raw'] },
  { name: 'index', upstream: ['uprn', 'epc_enhanced'] },
];

describe('planWaves', () => {
  it('orders the whole graph in dependency waves, independent assets together', () => {
    expect(planWaves(graph)).toEqual([['epc_raw', 'uprn'], ['epc_enhanced'], ['index']]);
  });

  it('plans only the selection, treating unselected upstreams as already materialised', () => {
    expect(planWaves(graph, ['index', 'epc_enhanced'])).toEqual([['epc_enhanced'], ['index']]);
  });

  it('rejects unknown asset names', () => {
    expect(() => planWaves(graph, ['nope'])).toThrow(UnknownAssetError);
  });

  it('rejects an upstream that names no asset, even when it is outside the selection', () => {
    const typo = [...graph, { name: 'blocks', upstream: ['epc_enhancd'] }];
    expect(() => planWaves(typo)).toThrow('asset blocks: upstream epc_enhancd is not an asset');
    expect(() => planWaves(typo, ['blocks'])).toThrow(UnknownAssetError);
  });

  it('reports a cycle instead of looping', () => {
    expect(() =>
      planWaves([
        { name: 'a', upstream: ['b'] },
        { name: 'b', upstream: ['a'] },
      ]),
    ).toThrow(/cycle/);
  });
});

describe('checkGraph', () => {
  it('accepts the declared asset graph', () => {
    expect(() => checkGraph(ASSETS, ASSET_NAMES)).not.toThrow();
    expect(ASSETS.map((a) => a.name).sort()).toEqual([...ASSET_NAMES].sort());
  });

  it('rejects an upstream that names no asset, rather than treating it as materialised', () => {
    expect(() => checkGraph([...graph, { name: 'blocks', upstream: ['epc_enhancd'] }])).toThrow(
      'asset blocks: upstream epc_enhancd is not an asset',
    );
  });

  it('rejects a listed asset name that no declaration uses', () => {
    expect(() => checkGraph(graph, ['uprn', 'epc_raw', 'epc_enhanced', 'index', 'flood'])).toThrow(
      'asset names never declared: flood',
    );
  });

  it('rejects an asset declared twice, and a cycle', () => {
    expect(() => checkGraph([...graph, { name: 'uprn', upstream: [] }])).toThrow(
      'asset uprn is declared twice',
    );
    expect(() =>
      checkGraph([
        { name: 'a', upstream: ['b'] },
        { name: 'b', upstream: ['a'] },
      ]),
    ).toThrow(/cycle/);
  });
});

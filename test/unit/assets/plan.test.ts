import { describe, expect, it } from 'vitest';
import { planWaves, UnknownAssetError } from '../../../pipelines/assets/plan';

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

  it('reports a cycle instead of looping', () => {
    expect(() =>
      planWaves([
        { name: 'a', upstream: ['b'] },
        { name: 'b', upstream: ['a'] },
      ]),
    ).toThrow(/cycle/);
  });
});

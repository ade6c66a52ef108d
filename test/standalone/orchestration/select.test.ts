import { describe, expect, it } from 'vitest';
import { UnknownAssetError } from '../../../pipelines/orchestration/plan';
import { resolveSelection, withMissingUpstreams } from '../../../pipelines/orchestration/select';

const graph = [
  { name: 'uprn', upstream: [] },
  { name: 'epc_raw', upstream: [] },
  { name: 'epc_enhanced', upstream: ['epc_raw'] },
  { name: 'blocks', upstream: ['epc_enhanced'] },
  { name: 'index', upstream: ['uprn', 'blocks'] },
];

describe('resolveSelection', () => {
  it('selects everything when empty', () => {
    expect(resolveSelection(graph, [])).toEqual(graph.map((a) => a.name));
  });

  it('`name` is the asset alone', () => {
    expect(resolveSelection(graph, ['blocks'])).toEqual(['blocks']);
  });

  it('`name+` adds everything downstream', () => {
    expect(resolveSelection(graph, ['epc_enhanced+'])).toEqual(['epc_enhanced', 'blocks', 'index']);
  });

  it('`+name` adds everything upstream', () => {
    expect(resolveSelection(graph, ['+blocks'])).toEqual(['epc_raw', 'epc_enhanced', 'blocks']);
  });

  it('combines comma-separated expressions', () => {
    expect(resolveSelection(graph, ['uprn,+epc_enhanced'])).toEqual(['uprn', 'epc_raw', 'epc_enhanced']);
  });

  it('rejects unknown names and malformed expressions', () => {
    expect(() => resolveSelection(graph, ['nope+'])).toThrow(UnknownAssetError);
    expect(() => resolveSelection(graph, ['++uprn'])).toThrow(UnknownAssetError);
  });
});

describe('withMissingUpstreams', () => {
  it('adds upstream assets that were never materialised, and only those', () => {
    const materialized = new Set(['uprn', 'epc_raw']);
    expect(withMissingUpstreams(graph, ['index'], (n) => materialized.has(n))).toEqual([
      'epc_enhanced',
      'blocks',
      'index',
    ]);
  });

  it('leaves a selection whose upstreams all exist as it is', () => {
    expect(withMissingUpstreams(graph, ['index'], () => true)).toEqual(['index']);
  });
});

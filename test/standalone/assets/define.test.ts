// Asset names are a type: a declaration whose upstream (or own name) is no asset does not compile. The
// `@ts-expect-error` lines are the test: typecheck fails if they compile. (That the graph which loads
// declares each name once, with no unknown upstream and no cycle: test/standalone/orchestration/plan.test.ts.)
import { describe, expect, it } from 'vitest';
import { defineAsset, type Asset } from '../../../pipelines/assets/define';

const declare = (name: Asset['name'], upstream: Asset['upstream']): Asset =>
  defineAsset({
    name,
    kind: 'derived',
    description: 'test',
    upstream,
    codeVersion: '1',
    owner: 'test',
    cadence: 'on demand',
    materialize: () => Promise.resolve({ rows: 0, outputs: [] }),
  });

describe('asset names', () => {
  it('types upstreams by the declared names', () => {
    expect(declare('epc_enhanced', ['epc_england_wales_raw']).upstream).toEqual(['epc_england_wales_raw']);
    // @ts-expect-error: a misspelt upstream names no asset
    declare('epc_enhanced', ['epc_england_wales_rw']);
    // @ts-expect-error: an asset outside the list of names
    declare('epc_enhanced_v2', []);
  });
});

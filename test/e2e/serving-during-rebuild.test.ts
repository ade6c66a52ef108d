// While a refresh rebuilds the index, the API keeps answering from the old one; it switches only when the
// new index has passed its checks (the alias moves in one atomic step).
import { beforeAll, describe, expect, it } from 'vitest';
import { propertiesAlias } from '../../pipelines/indexing/aliases';
import { aliasTargets } from '../../pipelines/indexing/versioned-index';
import type { RefreshProgress } from '../../workflows/types';
import { refreshedStack } from '../helpers/refreshed-stack';

// A client polling as fast as it can: the demo plan's credits, and no rate limit.
const stack = refreshedStack('rebuild', { scale: 0.3, plan: 'demo', serve: { rateLimit: false } });
const { config, es } = stack;
const statuses: number[] = [];
const targetsSeen = new Set<string>();
let indexBefore: string[];
let indexAfter: string[];
let rebuild: RefreshProgress;

beforeAll(async () => {
  const uprn = stack.manifest.samples.find((s) => s.country === 'England' && s.certificates > 0)!.uprn;
  indexBefore = await aliasTargets(es, propertiesAlias(config));

  // Rebuild everything while a client keeps asking; record each answer and the alias' target as we go.
  let done = false;
  const polling = (async () => {
    while (!done) {
      const res = await fetch(`${stack.server.url}/epcs?uprn=${uprn}`, {
        headers: { 'x-api-key': stack.key },
      });
      statuses.push(res.status);
      await res.arrayBuffer();
      (await aliasTargets(es, propertiesAlias(config))).forEach((t) => targetsSeen.add(t));
    }
  })();
  rebuild = await stack.refresh({ force: true });
  done = true;
  await polling;
  indexAfter = await aliasTargets(es, propertiesAlias(config));
}, 600_000);

describe('serving during a rebuild', () => {
  it('answered every request while the index was rebuilt', () => {
    expect(rebuild.assets.every((a) => a.state === 'done')).toBe(true);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('the alias only ever pointed at a complete index: the old one, then the new one', () => {
    expect(indexBefore).toHaveLength(1);
    expect(indexAfter).toHaveLength(1);
    expect(indexAfter[0]).not.toBe(indexBefore[0]);
    expect([...targetsSeen].sort()).toEqual([indexBefore[0], indexAfter[0]].sort());
  });
});

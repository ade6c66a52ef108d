// The workers of one `pds serve` share each key's rate-limit bucket through the accounts database: together
// they grant what one bucket holds, not that times the number of workers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openAccountStore } from '../../../serving/accounts/store';
import { startApi } from '../../helpers/api';
import { raceProcesses } from '../../helpers/processes';

const dir = mkdtempSync(join(tmpdir(), 'pds-rate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('four processes, 120 attempts against a burst of 50 (no refill to speak of): exactly 50 granted', async () => {
  const file = join(dir, 'processes.sqlite');
  const store = openAccountStore(file);
  const { record } = store.createKey('shared');
  store.close();
  const granted = await raceProcesses(join(import.meta.dirname, 'rate-worker.ts'), {
    file,
    keyId: record.id,
    attempts: 30,
  });
  expect(granted.reduce((a, b) => a + b, 0)).toBe(50);
  expect(granted.filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);
}, 60_000);

it('two servers on one accounts file draw on one bucket: the second refuses once the first spent it', async () => {
  const file = join(dir, 'servers.sqlite');
  const [a, b] = [openAccountStore(file), openAccountStore(file)];
  const { key } = a.createKey('caller');
  const rateLimit = { perSecond: 0.001, burst: 3 };
  const [one, two] = [
    await startApi({ accounts: a, rateLimit, sharedRateLimit: true }),
    await startApi({ accounts: b, rateLimit, sharedRateLimit: true }),
  ];
  try {
    const statuses = [];
    for (const api of [one, one, two, two])
      statuses.push((await api.request('GET', '/usage', { key })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await two.request('GET', '/usage', { key });
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  } finally {
    await one.close();
    await two.close();
    a.close();
    b.close();
  }
});

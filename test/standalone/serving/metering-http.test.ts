// Metering over HTTP, under concurrency: exactly as many answers as the balance pays for, a ledger that
// balances, one renewal at the period boundary, and a per-key rate limit.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAccountStore } from '../../../serving/accounts/store';
import { fakeProperties, manualClock, SAMPLE_DOC, startApi } from '../../helpers/api';

const dir = mkdtempSync(join(tmpdir(), 'pds-metering-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `n` requests at once, one socket each, on plain node:http. */
function burst(
  url: string,
  key: string,
  n: number,
): Promise<{ status: number; code?: string; retryAfter?: string }[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: n });
  const one = () =>
    new Promise<{ status: number; code?: string; retryAfter?: string }>((resolve, reject) => {
      const req = httpRequest(url, { agent, headers: { 'x-api-key': key } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            code: res.statusCode === 200 ? undefined : JSON.parse(text).error.code,
            retryAfter: res.headers['retry-after'] as string | undefined,
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  return Promise.all(Array.from({ length: n }, one)).finally(() => agent.destroy());
}

describe('charging under concurrency', () => {
  it('1,000 concurrent requests against a balance for 500: exactly 500 succeed and the ledger balances', async () => {
    const clock = manualClock('2026-03-01T00:00:00.000Z');
    const accounts = openAccountStore(join(dir, 'concurrent.sqlite'), clock.now);
    accounts.createPlan({ name: 'five-hundred', creditLimit: 5_000 });
    const { key, record } = accounts.createKey('busy', { plan: 'five-hundred' });
    const api = await startApi({ accounts, now: clock.now, properties: fakeProperties([SAMPLE_DOC], 5) });

    const answers = await burst(`${api.url}/epcs?uprn=${SAMPLE_DOC.uprn}`, key, 1_000);
    await api.close();

    expect(answers.filter((a) => a.status === 200)).toHaveLength(500);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(500);
    expect(new Set(refused.map((a) => `${a.status} ${a.code}`))).toEqual(new Set(['429 credits_exhausted']));
    expect(refused.every((a) => Number(a.retryAfter) > 0)).toBe(true);

    const ledger = accounts.ledger(record.id);
    const charged = ledger.filter((l) => l.state === 'charged');
    expect(charged).toHaveLength(500);
    expect(charged.reduce((sum, l) => sum + l.credits, 0)).toBe(5_000);
    expect(ledger.filter((l) => l.state === 'reserved')).toEqual([]);
    expect(accounts.usage(record.id, clock.now()).subscription).toMatchObject({
      credits_used: 5_000,
      credits_remaining: 0,
      request_count: 500,
    });
    accounts.close();
  }, 60_000);

  it('only successful answers are charged: a 404 costs nothing', async () => {
    const accounts = openAccountStore(':memory:');
    const { key, record } = accounts.createKey('careful');
    const api = await startApi({ accounts });
    expect((await api.get('/epcs?uprn=42', key)).status).toBe(404);
    expect((await api.get('/epcs?uprn=abc', key)).status).toBe(400);
    expect((await api.get(`/epcs?uprn=${SAMPLE_DOC.uprn}`, key)).status).toBe(200);
    await api.close();
    expect(accounts.usage(record.id).subscription).toMatchObject({ credits_used: 10, request_count: 1 });
  });

  it('concurrent requests at renews_at renew the subscription exactly once', async () => {
    const clock = manualClock('2026-01-15T12:00:00.000Z');
    const accounts = openAccountStore(join(dir, 'renewal.sqlite'), clock.now);
    accounts.createPlan({ name: 'tiny', creditLimit: 100 });
    const { key, record } = accounts.createKey('boundary', { plan: 'tiny' });
    const api = await startApi({ accounts, now: clock.now, properties: fakeProperties([SAMPLE_DOC], 2) });
    const url = `${api.url}/epcs?uprn=${SAMPLE_DOC.uprn}`;
    expect((await burst(url, key, 20)).filter((a) => a.status === 200)).toHaveLength(10);

    clock.set('2026-02-15T12:00:00.000Z');
    const atBoundary = await burst(url, key, 200);
    await api.close();
    expect(atBoundary.filter((a) => a.status === 200)).toHaveLength(10);
    expect(accounts.renewals(record.id)).toEqual([
      { periodStart: '2026-02-15T12:00:00.000Z', renewedAt: '2026-02-15T12:00:00.000Z' },
    ]);
    expect(accounts.usage(record.id, clock.now()).subscription).toMatchObject({
      last_renewed: '2026-02-15T12:00:00.000Z',
      renews_at: '2026-03-15T12:00:00.000Z',
      credits_used: 100,
    });
    accounts.close();
  }, 60_000);
});

describe('restart', () => {
  it('a server stopped and started again on the same accounts file has lost nothing', async () => {
    const file = join(dir, 'restart.sqlite');
    let accounts = openAccountStore(file);
    const { key, record } = accounts.createKey('loyal');
    let api = await startApi({ accounts });
    for (const uprn of [SAMPLE_DOC.uprn, 42, SAMPLE_DOC.uprn]) await api.get(`/epcs?uprn=${uprn}`, key);
    const usage = (await api.get('/usage', key)).body;
    const history = (await api.get('/requests', key)).body;
    await api.close();
    accounts.close();

    accounts = openAccountStore(file);
    api = await startApi({ accounts });
    const usageAfter = (await api.get('/usage', key)).body;
    const historyAfter = (await api.get('/requests?offset=1', key)).body;
    await api.close();
    expect(usage.subscription).toMatchObject({ credits_used: 20, request_count: 2 });
    // Since then: the /usage and /requests calls themselves (free, but requests all the same).
    expect(usageAfter.subscription).toEqual({ ...usage.subscription, request_count: 4 });
    const epcs = (u: any) => u.endpoints.find((e: any) => e.name === 'epcs');
    expect(epcs(usageAfter)).toEqual(epcs(usage));
    // The first answer after the restart is the /requests call made before it.
    expect(historyAfter.requests.slice(1)).toEqual(history.requests);
    const charged = accounts.ledger(record.id).filter((l) => l.state === 'charged');
    expect(charged.reduce((sum, l) => sum + l.credits, 0)).toBe(20);
    accounts.close();
  });
});

describe('rate limit', () => {
  it('past the burst a key gets 429 rate_limited with Retry-After; other keys are unaffected', async () => {
    const accounts = openAccountStore(':memory:');
    const a = accounts.createKey('a').key;
    const b = accounts.createKey('b').key;
    const api = await startApi({ accounts, rateLimit: { perSecond: 1, burst: 3 } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.get('/usage', a)).status);
    const limited = await api.get('/usage', a);
    const other = await api.get('/usage', b);
    await api.close();
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(other.status).toBe(200);
  });
});

// GET /explorer (docs/explorer.md): the page and every file it loads are served without a key and without
// metering, under a same-origin Content-Security-Policy; nothing else under /explorer is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountStore } from '../../../serving/accounts/store';
import { startApi, type TestApi } from '../../helpers/api';

const accounts = openAccountStore(':memory:');
const { key } = accounts.createKey('explorer');
let api: TestApi;

beforeAll(async () => {
  api = await startApi({ accounts });
});
afterAll(() => api.close());

/** The same-origin URLs a page or module loads: script src, stylesheet href, ES module imports. */
const loadedBy = (text: string, base: string): string[] => [
  ...[...text.matchAll(/<(?:script|link)[^>]*(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!),
  ...[...text.matchAll(/from '\.\/([^']+)'/g)].map((m) => base + m[1]!),
];

describe('GET /explorer', () => {
  it('serves the page without a key, under a CSP that allows only this origin and no inline script', async () => {
    const { status, headers, body } = await api.get('/explorer');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(body).toContain('<label for="api-key">API key</label>');
    const csp = headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves every file the page loads, and every module those import, with its type', async () => {
    const seen = new Set<string>();
    const queue = loadedBy((await api.get('/explorer')).body as string, '/explorer/');
    while (queue.length) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const { status, headers, body } = await api.get(path);
      expect({ path, status }).toEqual({ path, status: 200 });
      expect(headers.get('content-type')).toMatch(path.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      if (path.endsWith('.js') && !path.includes('/vendor/'))
        queue.push(...loadedBy(body as string, '/explorer/'));
    }
    expect([...seen]).toEqual(
      expect.arrayContaining([
        '/explorer/vendor/ol.js',
        '/explorer/vendor/ol.css',
        '/explorer/app.js',
        '/explorer/map.js',
        '/explorer/chart.js',
      ]),
    );
  });

  it('answers 404 for other paths under /explorer and 405 for other methods', async () => {
    expect((await api.get('/explorer/secret.ts')).status).toBe(404);
    expect((await api.get('/explorer/../package.json')).status).toBe(404);
    const post = await api.request('POST', '/explorer', { body: '' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });

  it('is not metered: its requests cost nothing and are not in the history, even with a key', async () => {
    await api.get('/explorer', key);
    await api.get('/explorer/app.js', key);
    const { status, body } = await api.get('/requests', key);
    expect(status).toBe(200);
    expect(body.requests.map((r: any) => r.path as string)).not.toContainEqual(
      expect.stringContaining('/explorer'),
    );
    const usage = await api.get('/usage', key);
    expect(usage.body.subscription.credits_used).toBe(0);
  });
});

// The explorer (/explorer, docs/explorer.md) in a real browser: Debian's chromium (installed by `pds stack
// up`) driven by playwright-core. It enters the key and the real service's documented UPRN of each country,
// and checks that every value on the cards is the API's own answer (each shown value names its answer and
// field), that the map drew /features' features on its canvas, that each UPRN's postcode lists what
// /addresses answers and picking the UPRN from that list shows the same cards, that a map click or Enter on
// the focused map answers /location, that a bad key or an unknown postcode shows the API's error message,
// and that the page fits a phone's width. It saves the README's screenshot (docs/img/explorer.png: the
// English postcode's list and its documented UPRN picked). Called from a test file that has refreshed the
// sample and serves it (properties-location.test.ts), so it costs no refresh of its own.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH } from '../../infra/stack/chromium';

const SCREENSHOT = join(import.meta.dirname, '../../docs/img/explorer.png');
// The real service's documented test UPRNs, which the sample holds (README).
const UPRNS = [
  ['England', '34076006'],
  ['Scotland', '906178651'],
  ['Wales', '10014197137'],
] as const;

/** The API under test: where it serves, and a key with credits. */
export interface ServedApi {
  url: string;
  key: string;
}

let served: ServedApi;
let browser: BrowserContext;
let page: Page;
let profile: string;

// The page and these calls share the key under the default rate limit: a 429 is waited out as it says.
const api = async (path: string, init: { key?: string; body?: unknown } = {}) => {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(served.url + path, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { 'x-api-key': init.key ?? served.key, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (res.status === 429 && attempt < 10) {
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
      continue;
    }
    return { status: res.status, body: (await res.json()) as any };
  }
};
const at = (obj: any, path: string): unknown =>
  path.split('.').reduce((o, k) => (o == null ? undefined : o[k]), obj) ?? null;

interface Shown {
  source: string;
  path: string;
  value: unknown;
  text: string;
}
const shownValues = (): Promise<Shown[]> =>
  page.$$eval('#cards [data-path]', (nodes: any[]) =>
    nodes.map((el) => {
      return {
        source: el.dataset.source!,
        path: el.dataset.path!,
        value: JSON.parse(el.dataset.value!),
        text: el.textContent!,
      };
    }),
  );

/** Non-blank pixels of the map's canvas: what OpenLayers drew. */
const drawnPixels = (): Promise<number> =>
  page.$eval('#map canvas', (c: any) => {
    const data: Uint8ClampedArray = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
    return n;
  });

const lookUp = async (text: string) => {
  await page.fill('#query', text);
  await page.press('#query', 'Enter');
};
const waitForStatus = (pattern: string) =>
  page.waitForFunction(
    (p) => {
      const s = (globalThis as any).document.getElementById('status');
      return s.dataset.kind !== undefined && s.dataset.kind !== 'info' && s.textContent!.includes(p);
    },
    pattern,
    { timeout: 30_000 },
  );

/**
 * The cards show the property's /properties answer and the energy model's answer to the inputs they name, and
 * the map drew /features around it: what a look-up of `uprn`, typed or picked from a postcode's list, shows.
 */
async function expectPropertyShown(country: string, uprn: string): Promise<void> {
  await waitForStatus(`UPRN ${uprn}`);
  expect(await page.getAttribute('#status', 'data-kind')).toBe('done');
  await page.waitForSelector('#card-energy');

  const property = await api(`/properties?uprn=${uprn}`);
  expect(property.status).toBe(200);
  const request = JSON.parse((await page.getAttribute('#card-energy', 'data-request'))!);
  const model = await api('/energy-model', { body: request });
  expect(model.status).toBe(200);
  const answers: Record<string, unknown> = { properties: property.body, 'energy-model': model.body };

  const shown = await shownValues();
  expect(shown.length).toBeGreaterThan(40);
  for (const s of shown)
    expect({ path: s.path, value: s.value }).toEqual({
      path: s.path,
      value: at(answers[s.source], s.path),
    });
  // The readable text is the value: the rating letters, the country, the UPRN as sent.
  const text = (path: string) => shown.find((s) => s.path === path)?.text;
  expect(text('energy.epcs.epc.energy_rating_current')).toBe(
    property.body.energy.epcs.epc.energy_rating_current,
  );
  expect(text('energy.epcs.epc.energy_rating_potential')).toBe(
    property.body.energy.epcs.epc.energy_rating_potential,
  );
  expect(text('admin_boundaries.country_name')).toBe(property.body.admin_boundaries.country_name);
  expect(text('uprn')).toBe(uprn);
  // The flood card has the property's own country's table (the other countries' blocks are null).
  const countries = await page.$$eval('#card-flood caption', (c) => c.map((x) => x.textContent));
  expect(countries).toEqual([country]);
  // The chart's bars are the model's months.
  const bars = await page.$$eval('#card-energy rect[data-series="space_heating_monthly"]', (r) =>
    r.map((x: any) => Number(x.dataset.value)),
  );
  expect(bars).toEqual(model.body.space_heating_monthly);

  // The map drew what GET /features answers around the property.
  const { latitude, longitude } = property.body.location;
  const features = await api(`/features?latitude=${latitude}&longitude=${longitude}&radius=400`);
  expect(features.status).toBe(200);
  expect(features.body.features.length).toBeGreaterThan(0);
  expect(Number(await page.getAttribute('#map', 'data-features'))).toBe(features.body.features.length);
  const layers = await page.$$eval('#legend li', (li) => li.map((x: any) => x.dataset.layer as string));
  expect(layers.sort()).toEqual(
    [...new Set(features.body.features.map((f: any) => f.properties.layer as string))].sort(),
  );
  await page.waitForSelector('#map[data-rendered-features]:not([data-rendered-features="0"])');
  // The marker alone is about 400 pixels; the sample's features cover 12,000 to 200,000 of the canvas.
  expect(await drawnPixels()).toBeGreaterThan(2_000);
}

/** The explorer's browser checks, against an API already serving a refreshed sample. */
export function explorerInBrowser(servedApi: () => ServedApi): void {
  describe('the explorer in chromium', () => {
    beforeAll(async () => {
      served = servedApi();
      profile = mkdtempSync(join(tmpdir(), 'pds-explorer-chromium-'));
      browser = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
        viewport: { width: 1280, height: 1000 },
      });
      page = browser.pages()[0] ?? (await browser.newPage());
      await page.goto(`${served.url}/explorer`);
    });

    afterAll(async () => {
      await browser?.close();
      if (profile) rmSync(profile, { recursive: true, force: true });
    });

    it('is served without a key, with the map library from node_modules', async () => {
      const res = await fetch(`${served.url}/explorer/vendor/ol.js`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('javascript');
      expect(await page.title()).toContain('Explorer');
      expect(await page.evaluate(() => typeof (globalThis as any).ol?.Map)).toBe('function');
    });

    it.each(UPRNS)('shows the API answers for the %s UPRN %s on its cards and map', async (country, uprn) => {
      await page.fill('#api-key', served.key);
      await lookUp(uprn);
      await expectPropertyShown(country, uprn);
    });

    it.each(UPRNS)(
      "lists the properties of the %s UPRN %s's postcode as /addresses does; picking it shows its answers",
      async (country, uprn) => {
        await page.fill('#api-key', served.key);
        const postcode = (await api(`/properties?uprn=${uprn}`)).body.admin_boundaries.postcode as string;
        // Typed as people do: England's in lower case without its space.
        const typed = country === 'England' ? postcode.toLowerCase().replace(' ', '') : postcode;
        await lookUp(typed);
        await waitForStatus(`in ${postcode}`);
        expect(await page.getAttribute('#status', 'data-kind')).toBe('done');
        const answer = await api(`/addresses?postcode=${encodeURIComponent(typed)}`);
        expect(answer.status).toBe(200);
        const listed = await page.$$eval('#address-list li > button', (b: any[]) =>
          b.map((x) => ({ uprn: x.dataset.uprn, text: x.textContent })),
        );
        expect(listed).toEqual(
          answer.body.addresses.map((a: { uprn: string; address: string | null }) => ({
            uprn: a.uprn,
            text: `${a.address ?? 'No address on record (no certificate)'} UPRN ${a.uprn}`,
          })),
        );
        expect(await page.textContent('#choices-title')).toBe(
          `Properties in ${postcode} (${answer.body.total})`,
        );
        // The list has the focus, on its first property; Down moves along it and Enter picks (England), or a
        // click does.
        expect(await page.evaluate(() => (globalThis as any).document.activeElement.dataset.uprn)).toBe(
          answer.body.addresses[0].uprn,
        );
        const index = listed.findIndex((l) => l.uprn === uprn);
        expect(index).toBeGreaterThanOrEqual(0);
        if (country === 'England') {
          for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
          await page.keyboard.press('Enter');
        } else await page.click(`#address-list button[data-uprn="${uprn}"]`);
        await expectPropertyShown(country, uprn);
        expect(await page.getAttribute(`#address-list button[data-uprn="${uprn}"]`, 'aria-current')).toBe(
          'true',
        );
        if (uprn === UPRNS[0][1]) {
          mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
          await page.screenshot({ path: SCREENSHOT, fullPage: true });
        }
      },
    );

    it("shows the API's own message for a postcode that holds no property", async () => {
      await page.fill('#api-key', served.key);
      const expected = await api('/addresses?postcode=ZZ9%209ZZ');
      expect(expected.status).toBe(404);
      await lookUp('zz9 9zz');
      await waitForStatus(expected.body.error.message);
      expect(await page.getAttribute('#status', 'data-kind')).toBe('error');
      expect(await page.textContent('#status')).toContain(expected.body.error.code);
      expect(await page.isHidden('#choices')).toBe(true);
      expect(await page.$$('#cards .card')).toHaveLength(0);
    });

    it('answers a click on the map, or Enter on the focused map, with GET /location at that point', async () => {
      const b = (await (await page.$('#map'))!.boundingBox())!;
      await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
      await waitForStatus('the point');
      expect(await page.getAttribute('#status', 'data-kind')).toBe('done');
      const point = JSON.parse((await page.getAttribute('#cards', 'data-point'))!);
      const location = await api(`/location?latitude=${point.latitude}&longitude=${point.longitude}`);
      expect(location.status).toBe(200);
      const shown = await shownValues();
      expect(shown.length).toBeGreaterThan(20);
      for (const s of shown) {
        expect(s.source).toBe('location');
        expect({ path: s.path, value: s.value }).toEqual({ path: s.path, value: at(location.body, s.path) });
      }
      // From the keyboard: arrows pan the focused map, Enter looks up its centre.
      await page.focus('#map');
      await page.keyboard.press('ArrowLeft');
      await page.waitForTimeout(1_000);
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (before) => (globalThis as any).document.getElementById('cards').dataset.point !== before,
        JSON.stringify(point),
      );
      await waitForStatus('the point');
      const panned = JSON.parse((await page.getAttribute('#cards', 'data-point'))!);
      expect(panned.longitude).toBeLessThan(point.longitude);
    });

    it("shows the API's own error message for a bad key, and keeps the key in sessionStorage only", async () => {
      const expected = await api('/properties?uprn=34076006', { key: 'pds_not_a_key' });
      expect(expected.status).toBe(403);
      await page.fill('#api-key', 'pds_not_a_key');
      await lookUp('34076006');
      await waitForStatus(expected.body.error.message);
      expect(await page.getAttribute('#status', 'data-kind')).toBe('error');
      expect(await page.textContent('#status')).toContain(expected.body.error.code);
      const storage = await page.evaluate(() => {
        const { sessionStorage, localStorage, document } = globalThis as any;
        return {
          session: Object.values(sessionStorage),
          local: Object.keys(localStorage).length,
          cookies: document.cookie,
        };
      });
      expect(storage).toEqual({ session: ['pds_not_a_key'], local: 0, cookies: '' });
    });

    it("fits a phone (375 px): nothing wider than the screen, a postcode's list included", async () => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.fill('#api-key', served.key);
      const width = () => page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth);
      await lookUp('34076006');
      await waitForStatus('UPRN 34076006');
      expect(await width()).toBeLessThanOrEqual(375);
      const postcode = (await api('/properties?uprn=34076006')).body.admin_boundaries.postcode as string;
      await lookUp(postcode);
      await waitForStatus(`in ${postcode}`);
      expect(await page.isVisible('#address-list button')).toBe(true);
      expect(await width()).toBeLessThanOrEqual(375);
    });
  });
}

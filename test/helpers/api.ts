// Starts the real Express app on 127.0.0.1:0 with an in-memory properties repository and a controllable
// clock: what the serving unit tests and the API benchmark share.
import { request as httpRequest } from 'node:http';
import type { PropertyBlockKey, PropertyDocument } from '../../schemas/index/properties';
import type { AccountStore, HistoryInput } from '../../serving/accounts/store';
import { createApp, type AppDeps } from '../../serving/app';
import { silentLogger } from '../../serving/log';
import type { PropertiesRepository } from '../../serving/repository/properties';
import { propertySourceOfDocument, StoredProperty } from '../../pipelines/indexing/stored-property';
import { listen, type RunningServer } from '../../serving/server';

/**
 * A document as tests write it: blocks holding only the members a test reads, or shapes the block writers
 * do not make (what they make is PropertyBlocksSchema). The renderers read whatever JSON a block holds.
 */
type TestDocument = Omit<PropertyDocument, 'blocks'> & {
  blocks: Partial<Record<PropertyBlockKey, object | null>>;
};
/** `doc` taken as the document it stands for. */
export const testDocument = (doc: TestDocument): PropertyDocument => doc as PropertyDocument;

export const SAMPLE_DOC: PropertyDocument = testDocument({
  uprn: 100023336956,
  location: { lat: 51.38, lon: -2.36 },
  x_coord: 375000,
  y_coord: 165000,
  postcode: 'BA1 1AA',
  country: 'England',
  epc_count: 1,
  blocks: {
    epcs: {
      epc_country: 'England',
      latest_lodgement_date: '2020-06-01T00:00:00.000Z',
      epcs: [{ lmk_key: 'abc', current_energy_rating: 'D' }],
      epcs_enhanced: [],
      epc_retrofit_recommendations: [],
    },
  },
});

/**
 * A repository holding `docs`, stored as the properties index stores them (their _source bytes);
 * `delayMs` keeps requests in flight so they overlap.
 */
export function fakeProperties(docs: PropertyDocument[] = [SAMPLE_DOC], delayMs = 0): PropertiesRepository {
  const byUprn = new Map<number, StoredProperty>();
  const shared = new Map<string, string>();
  for (const doc of docs) {
    const stored = propertySourceOfDocument(doc);
    byUprn.set(doc.uprn, new StoredProperty(doc.uprn, Buffer.from(stored.source)).resolve(stored.shared));
    for (const [id, text] of stored.shared) shared.set(id, text);
  }
  return {
    async getStored(uprn) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      return byUprn.get(uprn) ?? null;
    },
    async getShared(ids) {
      return new Map(ids.flatMap((id) => (shared.has(id) ? [[id, shared.get(id)!] as const] : [])));
    },
  };
}

/** A clock tests move by hand. */
export function manualClock(start: string) {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (iso: string) => void (t = new Date(iso).getTime()),
    advance: (ms: number) => void (t += ms),
  };
}

export interface TestApi extends RunningServer {
  get(path: string, key?: string, headers?: Record<string, string>): Promise<Answer>;
  request(
    method: string,
    path: string,
    init?: { key?: string; headers?: Record<string, string>; body?: string },
  ): Promise<Answer>;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

export async function startApi(deps: Partial<AppDeps> & { accounts: AccountStore }): Promise<TestApi> {
  const app = createApp({ properties: fakeProperties(), log: silentLogger, rateLimit: false, ...deps });
  const running = await listen(app, { port: 0, host: '127.0.0.1', graceMs: 2_000, log: deps.log });
  // node:http rather than fetch: fetch refuses a GET with a body, which the edge tests need to send.
  const request: TestApi['request'] = (method, path, init = {}) =>
    new Promise((resolve, reject) => {
      const req = httpRequest(
        running.url + path,
        {
          method,
          agent: false,
          headers: {
            ...(init.key ? { 'x-api-key': init.key } : {}),
            ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }),
            ...init.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: any = text;
            try {
              body = JSON.parse(text);
            } catch {
              // not JSON (the /docs page)
            }
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers))
              if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
            resolve({ status: res.statusCode!, headers, body });
          });
        },
      );
      req.on('error', reject);
      req.end(init.body);
    });
  return {
    ...running,
    request,
    get: (path, key, headers) => request('GET', path, { key, headers }),
  };
}

/** A history row as the store takes it: a GET of /epcs answered 200 now, with `fields` in place. */
export const historyRow = (requestId: string, fields: Partial<HistoryInput> = {}): HistoryInput => ({
  requestId,
  method: 'GET',
  path: '/epcs',
  queryParams: '{}',
  requestBody: null,
  requestHeaders: '{}',
  responseCode: 200,
  responseTimeMs: 1,
  responseBody: '{}',
  responseHeaders: '{}',
  createdAt: new Date().toISOString(),
  ...fields,
});

// One GET with node:http(s), following redirects. Not the global fetch: in the worker, the Elasticsearch
// client loads undici 6.29, which installs itself as the dispatcher behind the global fetch, and that version
// crashes the whole process (an uncatchable assertion, nodejs/undici#5360) when a server closes the
// connection while a body is paused by backpressure, which is exactly what writing a large download to disk
// does. node:http has no such shared state.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface HttpResponse {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  /** The body stream; destroy it if not read. */
  body: IncomingMessage;
  /** The URL that answered, after redirects. */
  url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Credentials meant for the publisher must not follow a redirect to another host (a signed storage URL). */
const CREDENTIALS = ['authorization', 'cookie', 'proxy-authorization'];

function getOnce(url: URL, headers: Record<string, string>, signal?: AbortSignal): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers, signal }, resolve);
    req.on('error', reject);
    req.end();
  });
}

export async function httpGet(
  location: string,
  headers: Record<string, string>,
  options: { signal?: AbortSignal; maxRedirects?: number } = {},
): Promise<HttpResponse> {
  let url = new URL(location);
  let current = { ...headers };
  for (let hop = 0; ; hop++) {
    const res = await getOnce(url, current, options.signal);
    const status = res.statusCode ?? 0;
    const next = res.headers.location;
    if (!REDIRECTS.has(status) || !next) {
      return { status, statusText: res.statusMessage ?? '', headers: res.headers, body: res, url: url.href };
    }
    res.resume();
    if (hop >= (options.maxRedirects ?? 10)) throw new Error(`GET ${location}: too many redirects`);
    const target = new URL(next, url);
    if (target.origin !== url.origin)
      current = Object.fromEntries(
        Object.entries(current).filter(([k]) => !CREDENTIALS.includes(k.toLowerCase())),
      );
    url = target;
  }
}

// The API as the page calls it: same origin, the key from the key field, kept in sessionStorage only (gone
// when the tab closes; never in localStorage, cookies or the URL). Every non-2xx answer is thrown as an
// ApiError carrying the API's own error code and message (schemas/errors.ts), which the page shows as is.
const KEY_ITEM = 'pds-explorer-api-key';

export const storedKey = () => sessionStorage.getItem(KEY_ITEM) ?? '';

export function storeKey(key) {
  if (key) sessionStorage.setItem(KEY_ITEM, key);
  else sessionStorage.removeItem(KEY_ITEM);
}

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, body) {
  const headers = { 'x-api-key': storedKey(), accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) {
    const error = json?.error;
    throw new ApiError(res.status, error?.code ?? 'http_error', error?.message ?? `HTTP ${res.status}`);
  }
  return json;
}

export const getJson = (path, params) => call('GET', `${path}?${new URLSearchParams(params)}`);
export const postJson = (path, body) => call('POST', path, body);

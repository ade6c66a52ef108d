// Alias paths (the real service's forms, e.g. GET /properties/{uprn} for GET /properties?uprn=): an alias is
// answered by rewriting its URL to the endpoint's own path, with each `{name}` segment as the query
// parameter `name`, so the one handler, validation, metering and error model serve both forms.
import { unescape } from 'node:querystring';

export interface AliasPath {
  /** The alias as declared, e.g. `/properties/{uprn}`. */
  template: string;
  /** The path parameters' names, in order. */
  params: string[];
  /** Matches a request path (trailing slashes removed); group i is parameter i's raw segment. */
  pattern: RegExp;
}

const PARAM = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** The names of a path's `{name}` segments, in order (none for a plain path). */
export function pathParams(template: string): string[] {
  return template
    .split('/')
    .map((segment) => PARAM.exec(segment)?.[1])
    .filter((name): name is string => name !== undefined);
}

export function compileAlias(template: string): AliasPath {
  const source = template
    .split('/')
    .map((segment) => (PARAM.test(segment) ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { template, params: pathParams(template), pattern: new RegExp(`^${source}$`) };
}

/** A path segment's value: percent-decoded, or as sent when it is not valid percent-encoding. */
function segmentValue(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A query string pair's key as the query parser reads it ('+' is a space there). */
const pairKey = (pair: string): string => {
  const eq = pair.indexOf('=');
  return unescape((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
};

/**
 * The URL `primary` answers for a request to `alias` (`path` matched its pattern; `search` is the query
 * string with its '?', or ''): the path parameters come first and replace query parameters of the same name,
 * so `/properties/1?uprn=2` asks for UPRN 1; the other query parameters follow as sent.
 */
export function primaryUrl(primary: string, alias: AliasPath, path: string, search: string): string {
  if (alias.params.length === 0) return primary + search;
  const segments = alias.pattern.exec(path);
  if (!segments) throw new Error(`${path} does not match ${alias.template}`);
  const fromPath = alias.params.map(
    (name, i) => `${name}=${encodeURIComponent(segmentValue(segments[i + 1]!))}`,
  );
  const kept = search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !alias.params.includes(pairKey(pair)));
  return `${primary}?${[...fromPath, ...kept].join('&')}`;
}

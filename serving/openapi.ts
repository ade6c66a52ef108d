// The OpenAPI 3.1 document, generated from the ENDPOINTS table and the error schema (zod 4's JSON Schema
// output is draft 2020-12, which is OpenAPI 3.1's schema dialect), and the /docs page rendered from it.
import { z } from 'zod';
import { ENDPOINTS, type EndpointDefinition } from '../schemas/api/endpoints';
import { ERROR_CODES, ErrorBodySchema, type ErrorCode } from '../schemas/errors';
import { REQUEST_ID_HEADER } from './http';
import { pathParams } from './path-aliases';

/** When each error code is returned; the docs page and the OpenAPI descriptions list them. */
export const ERROR_DESCRIPTIONS: Partial<Record<ErrorCode, string>> = {
  missing_api_key: 'No x-api-key header',
  invalid_api_key: 'The key is unknown or revoked',
  endpoint_not_in_plan: "The key's plan does not include this endpoint",
  invalid_parameter:
    'A parameter or body field is missing or malformed; details.issues[].field names each one',
  invalid_json: 'The request body is not valid JSON',
  malformed_request: 'The request is not valid HTTP/1.1 (the connection is then closed)',
  request_timeout: 'The request line and headers were not received in time (the connection is then closed)',
  headers_too_large: 'The URL and headers are over 16 KiB (the connection is then closed)',
  not_found: 'Unknown route, or the resource (for example a UPRN) does not exist',
  method_not_allowed: 'The path exists but not with this method; the Allow header lists the methods',
  payload_too_large: 'The request body is over 100 KiB',
  credits_exhausted:
    'Not enough credits left this period for the endpoint; Retry-After gives the seconds to renewal',
  quota_exhausted:
    "The plan's (or the endpoint's) request quota for this period is used up; Retry-After gives the seconds to renewal",
  rate_limited: 'Too many requests per second for this key; Retry-After gives the seconds to wait',
  service_unavailable: 'A data store is unavailable or not yet indexed; try again shortly',
  internal_error: 'An unexpected failure; the x-request-id header identifies it in the server logs',
};

export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    headers: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
}

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  security: Record<string, string[]>[];
  parameters: {
    name: string;
    in: 'query' | 'path';
    required: boolean;
    description?: string;
    /** An object parameter's members are sent as query parameters of their own names (form, exploded). */
    style?: 'form';
    explode?: true;
    schema: JsonSchema;
  }[];
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, unknown>;
  'x-credit-cost'?: number;
  'x-affects-usage-plan-quota'?: boolean;
}

/** An alias's operationId from its path: `/properties/{uprn}` → `properties-by-uprn`. */
const aliasOperationId = (path: string): string =>
  path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.+)\}$/, 'by-$1'))
    .join('-');

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ jsonSchema }) => uniformTuple(jsonSchema),
  }) as JsonSchema;
  return rest;
}

/**
 * A tuple whose members share one schema (a GeoJSON position: two numbers) as the array of that schema with
 * a fixed length, which says the same. Some OpenAPI tools (schemathesis 4.32) rewrite `prefixItems` into the
 * draft-4 `items: [...]` form and then refuse the document as OpenAPI 3.1.
 */
function uniformTuple(schema: JsonSchema): void {
  const prefix = schema.prefixItems;
  if (!Array.isArray(prefix) || prefix.length === 0 || schema.items !== false) return;
  const first = JSON.stringify(prefix[0]);
  if (!prefix.every((p) => JSON.stringify(p) === first)) return;
  delete schema.prefixItems;
  schema.items = prefix[0];
  schema.minItems = prefix.length;
  schema.maxItems = prefix.length;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  413: 'Payload too large',
  431: 'Request header fields too large',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
};

function errorResponses(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const status of Object.keys(STATUS_TEXT).map(Number)) {
    const codes = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => ERROR_CODES[c] === status);
    out[`E${status}`] = {
      description: `${STATUS_TEXT[status]}: ${codes.map((c) => `\`${c}\` (${ERROR_DESCRIPTIONS[c] ?? ''})`).join('; ')}`,
      headers: {
        [REQUEST_ID_HEADER]: { $ref: '#/components/headers/RequestId' },
        ...(status === 429 ? { 'retry-after': { $ref: '#/components/headers/RetryAfter' } } : {}),
        ...(status === 405
          ? { allow: { schema: { type: 'string' }, description: 'Methods the path accepts' } }
          : {}),
      },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return out;
}

/**
 * A query parameter's schema: a query string is text on the wire, so a parameter whose schema names its
 * logical type (number, integer) keeps only that, since a `pattern` applies to strings alone.
 */
function parameterSchema(schema: JsonSchema): JsonSchema & { description?: string } {
  const { pattern: _pattern, ...rest } = schema as { pattern?: string; type?: unknown };
  return rest.type !== undefined && rest.type !== 'string' ? rest : schema;
}

/**
 * Exactly one group of parameters (EndpointDefinition.queryGroups), as OpenAPI can say it: one object
 * parameter, sent form-exploded (each member a query parameter of its own name), whose schema is oneOf the
 * groups, each with every member required and nothing else.
 */
function groupsParameter(
  groups: readonly (readonly string[])[],
  properties: Record<string, JsonSchema>,
): Operation['parameters'][number] {
  const names = groups.map((g) => g.join(' and '));
  return {
    name: 'one_of',
    in: 'query',
    required: true,
    description: `Exactly one of: ${names.join('; or ')} (sent as query parameters of those names)`,
    style: 'form',
    explode: true,
    schema: {
      type: 'object',
      oneOf: groups.map((group, i) => ({
        title: names[i],
        type: 'object',
        properties: Object.fromEntries(group.map((name) => [name, parameterSchema(properties[name]!)])),
        required: [...group],
        additionalProperties: false,
      })),
    },
  };
}

/**
 * The operation of `e` at `path`: its own path, or one of its aliases, whose `{name}` segments are the query
 * parameters of those names moved into the path (required there).
 */
function operation(e: EndpointDefinition, path = e.path): Operation {
  const inPath = pathParams(path);
  const parameters: Operation['parameters'] = [];
  if (e.query) {
    const q = jsonSchema(e.query, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    const grouped = new Set(e.queryGroups?.flat());
    if (e.queryGroups) parameters.push(groupsParameter(e.queryGroups, q.properties ?? {}));
    for (const [name, schema] of Object.entries(q.properties ?? {})) {
      if (grouped.has(name)) continue;
      const { description, ...rest } = parameterSchema(schema);
      parameters.push({
        name,
        in: inPath.includes(name) ? 'path' : 'query',
        required: inPath.includes(name) || (q.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  const errors = ['400', '403', '404', '405', ...(e.body ? ['413'] : []), '429', '431', '500', '503'];
  const charge = e.meteredPerItem
    ? 'Each item found (status 200) costs what its single call costs, and counts toward the quotas as that ' +
      'call would; items not found or malformed cost nothing. The worst case (every well-formed UPRN found) ' +
      'is reserved before any work: an allowance too small for it is a 429 and nothing is read.'
    : e.creditCost > 0
      ? `Costs ${e.creditCost} credits per successful (2xx) answer; failed answers are not charged.`
      : 'Free: costs no credits.';
  const quota = e.meteredPerItem
    ? ''
    : e.affectsUsagePlanQuota
      ? ' Counts toward the plan quota.'
      : ' Does not count toward the plan quota (unless the plan says so).';
  const alias =
    path === e.path
      ? ''
      : ` The same operation as ${e.method} ${e.path}: the same answer, errors, credits and history.`;
  return {
    operationId: path === e.path ? e.name : aliasOperationId(path),
    summary: e.description,
    description: `${charge}${quota}${alias}`,
    security: [{ ApiKey: [] }],
    parameters,
    ...(e.body
      ? {
          requestBody: {
            required: true as const,
            content: { 'application/json': { schema: jsonSchema(e.body, 'input') } },
          },
        }
      : {}),
    responses: {
      '200': {
        description: 'Success',
        headers: { [REQUEST_ID_HEADER]: { $ref: '#/components/headers/RequestId' } },
        content: {
          'application/json': { schema: jsonSchema(e.response, 'output') },
          ...Object.fromEntries(
            Object.entries(e.alternateMedia ?? {}).map(([type, description]) => [
              type,
              { schema: { type: 'string', contentMediaType: type, description } },
            ]),
          ),
        },
      },
      ...Object.fromEntries(errors.map((s) => [s, { $ref: `#/components/responses/E${s}` }])),
    },
    'x-credit-cost': e.creditCost,
    'x-affects-usage-plan-quota': e.affectsUsagePlanQuota,
  };
}

export function buildOpenApi(endpoints: readonly EndpointDefinition[] = ENDPOINTS): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const e of endpoints)
    for (const path of [e.path, ...(e.aliases ?? [])])
      (paths[path] ??= {})[e.method.toLowerCase()] = operation(e, path);
  const publicOp = (operationId: string, summary: string, type: string): Operation => ({
    operationId,
    summary,
    description: 'Public: no API key needed, no credits.',
    security: [],
    parameters: [],
    responses: { '200': { description: 'Success', content: { [type]: { schema: { type: 'string' } } } } },
  });
  paths['/openapi.json'] = { get: publicOp('openapi', 'This OpenAPI 3.1 document', 'application/json') };
  paths['/docs'] = { get: publicOp('docs', 'Human-readable API documentation', 'text/html') };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Property, Energy and Location Data Service',
      version: '0.1.0',
      description:
        'Every request needs an x-api-key header. Only successful (2xx) answers are charged; each endpoint ' +
        'lists its credit cost. Every non-2xx answer is {"error": {"code", "message", "details"?}} and every ' +
        'answer carries an x-request-id header.',
    },
    paths,
    components: {
      schemas: { Error: jsonSchema(ErrorBodySchema, 'output') },
      responses: errorResponses(),
      headers: {
        RequestId: { description: 'Identifies the request in the server logs', schema: { type: 'string' } },
        RetryAfter: { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
      },
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
    },
  };
}

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const CSS = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
code,pre{font:13px/1.4 ui-monospace,monospace}pre{background:#f6f6f6;padding:.75rem;overflow:auto;max-height:30rem}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
h2{border-top:1px solid #ddd;padding-top:1rem}.m{font-weight:bold;color:#fff;background:#2a6;padding:0 .4rem;border-radius:3px}`;

/** A self-contained HTML page (no scripts, no external assets) describing every operation of the document. */
export function renderDocs(doc: OpenApiDocument): string {
  const parts: string[] = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(doc.info.title)}</title>`,
    `<style>${CSS}</style></head><body><h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>`,
    `<p>${esc(doc.info.description)}</p><p>Machine-readable contract: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>`,
    '<h2>Errors</h2><table><tr><th>status</th><th>code</th><th>when</th></tr>',
    ...(Object.keys(ERROR_CODES) as ErrorCode[]).map(
      (c) =>
        `<tr><td>${ERROR_CODES[c]}</td><td><code>${c}</code></td><td>${esc(ERROR_DESCRIPTIONS[c] ?? '')}</td></tr>`,
    ),
    '</table>',
  ];
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) {
      parts.push(
        `<h2 id="${esc(op.operationId)}"><span class="m">${method.toUpperCase()}</span> <code>${esc(path)}</code></h2>`,
      );
      parts.push(`<p>${esc(op.summary)}. ${esc(op.description)}</p>`);
      if (op.parameters.length) {
        parts.push(
          '<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th><th>meaning</th></tr>',
        );
        for (const p of op.parameters)
          parts.push(
            `<tr><td><code>${esc(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${esc(JSON.stringify(p.schema))}</code></td><td>${esc(p.description ?? '')}</td></tr>`,
          );
        parts.push('</table>');
      }
      if (op.requestBody)
        parts.push(
          `<details><summary>Request body (JSON Schema)</summary><pre>${esc(JSON.stringify(op.requestBody.content['application/json'].schema, null, 2))}</pre></details>`,
        );
      const ok = op.responses['200'] as { content: Record<string, { schema: JsonSchema }> };
      const [type, media] = Object.entries(ok.content)[0]!;
      parts.push(
        `<details><summary>200 response (${esc(type)}, JSON Schema)</summary><pre>${esc(JSON.stringify(media.schema, null, 2))}</pre></details>`,
      );
      const errs = Object.keys(op.responses).filter((s) => s !== '200');
      if (errs.length) parts.push(`<p>Errors: ${errs.join(', ')} (see the table above).</p>`);
    }
  parts.push('</body></html>');
  return parts.join('\n');
}

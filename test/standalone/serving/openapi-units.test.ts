// Spec 2.1 states every unit (metres, m², 0..1, degrees, GBP, years). A client reads them from the OpenAPI
// document, so every number the /epcs, /usage, /requests and /retrofit (location, epcs) answers carry must
// have a description there: on the field itself, or on the array that holds it.
import { describe, expect, it } from 'vitest';
import { buildOpenApi, type JsonSchema } from '../../../serving/openapi';

const doc = buildOpenApi();

/** Paths of numeric fields without a description, following properties, array items and anyOf branches. */
function undescribedNumbers(schema: JsonSchema, path: string, described = false): string[] {
  const s = schema as {
    type?: string | string[];
    description?: string;
    properties?: Record<string, JsonSchema>;
    items?: JsonSchema;
    anyOf?: JsonSchema[];
    additionalProperties?: JsonSchema | boolean;
  };
  const here = described || Boolean(s.description);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const out: string[] = [];
  if (!here && (types.includes('number') || types.includes('integer'))) out.push(path);
  for (const branch of s.anyOf ?? []) out.push(...undescribedNumbers(branch, path, here));
  for (const [k, v] of Object.entries(s.properties ?? {})) out.push(...undescribedNumbers(v, `${path}.${k}`));
  if (s.items) out.push(...undescribedNumbers(s.items, `${path}[]`, here));
  if (typeof s.additionalProperties === 'object')
    out.push(...undescribedNumbers(s.additionalProperties, `${path}.*`));
  return out;
}

const ok = (path: string) =>
  doc.paths[path]!.get!.responses['200'] as { content: { 'application/json': { schema: JsonSchema } } };

describe('OpenAPI units', () => {
  it.each(['/epcs', '/usage', '/requests'])('every number of %s is described', (path) => {
    expect(undescribedNumbers(ok(path).content['application/json'].schema, '$')).toEqual([]);
  });

  it('every number of /retrofit location and epcs is described', () => {
    const { properties } = ok('/retrofit').content['application/json'].schema as {
      properties: Record<string, JsonSchema>;
    };
    expect(undescribedNumbers(properties.location!, '$.location')).toEqual([]);
    expect(undescribedNumbers(properties.epcs!, '$.epcs')).toEqual([]);
  });

  it('epc_age states its unit, years', () => {
    const { properties } = ok('/epcs').content['application/json'].schema as {
      properties: Record<string, { description?: string }>;
    };
    expect(properties.epc_age!.description).toMatch(/\byears\b/);
  });

  it('finds an undescribed number (the check is not vacuous)', () => {
    expect(
      undescribedNumbers(
        { type: 'object', properties: { a: { type: 'number' }, b: { type: 'integer', description: 'm' } } },
        '$',
      ),
    ).toEqual(['$.a']);
  });
});

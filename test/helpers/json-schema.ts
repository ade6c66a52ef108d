// A small JSON Schema (2020-12) validator for the keywords zod's output uses, so tests can check real
// responses against the published OpenAPI document without a new dependency. Unknown keywords fail loudly.
type Schema = Record<string, any> | boolean;

const ANNOTATIONS = new Set([
  'description',
  'title',
  'default',
  'examples',
  'format',
  'deprecated',
  'readOnly',
  '$id',
]);
const KNOWN = new Set([
  ...ANNOTATIONS,
  '$ref',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'prefixItems',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
]);

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

export function validate(schema: Schema, value: unknown, root: Record<string, any>, path = '$'): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${path}: no value allowed`];
  const errors: string[] = [];
  for (const k of Object.keys(schema)) if (!KNOWN.has(k)) errors.push(`${path}: unsupported keyword ${k}`);
  if (schema.$ref) {
    const target = (schema.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce((o: any, p: string) => o?.[p], root);
    if (!target) return [`${path}: unresolved ${schema.$ref}`];
    errors.push(...validate(target, value, root, path));
  }
  const t = typeOf(value);
  if (schema.type) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    const ok = types.some((x) => x === t || (x === 'number' && t === 'integer'));
    if (!ok) return [...errors, `${path}: expected ${types.join('|')}, got ${t}`];
  }
  if (schema.enum && !schema.enum.some((e: unknown) => e === value)) errors.push(`${path}: not in enum`);
  if ('const' in schema && schema.const !== value)
    errors.push(`${path}: expected ${JSON.stringify(schema.const)}`);
  if (t === 'string') {
    const s = value as string;
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(s))
      errors.push(`${path}: does not match ${schema.pattern}`);
    if (schema.minLength !== undefined && s.length < schema.minLength) errors.push(`${path}: too short`);
    if (schema.maxLength !== undefined && s.length > schema.maxLength) errors.push(`${path}: too long`);
  }
  if (t === 'integer' || t === 'number') {
    const n = value as number;
    if (schema.minimum !== undefined && n < schema.minimum) errors.push(`${path}: below minimum`);
    if (schema.maximum !== undefined && n > schema.maximum) errors.push(`${path}: above maximum`);
    if (schema.exclusiveMinimum !== undefined && n <= schema.exclusiveMinimum)
      errors.push(`${path}: too small`);
    if (schema.exclusiveMaximum !== undefined && n >= schema.exclusiveMaximum)
      errors.push(`${path}: too large`);
  }
  if (t === 'object') {
    const o = value as Record<string, unknown>;
    for (const r of schema.required ?? []) if (!(r in o)) errors.push(`${path}.${r}: required`);
    const props: Record<string, Schema> = schema.properties ?? {};
    for (const [k, v] of Object.entries(o)) {
      if (schema.propertyNames) errors.push(...validate(schema.propertyNames, k, root, `${path}[key ${k}]`));
      if (k in props) errors.push(...validate(props[k]!, v, root, `${path}.${k}`));
      else if (schema.additionalProperties !== undefined)
        errors.push(...validate(schema.additionalProperties, v, root, `${path}.${k}`));
    }
  }
  if (t === 'array') {
    const a = value as unknown[];
    const prefix: Schema[] = schema.prefixItems ?? [];
    a.forEach((v, i) => {
      if (i < prefix.length) errors.push(...validate(prefix[i]!, v, root, `${path}[${i}]`));
      else if (schema.items !== undefined) errors.push(...validate(schema.items, v, root, `${path}[${i}]`));
    });
    if (schema.minItems !== undefined && a.length < schema.minItems) errors.push(`${path}: too few items`);
    if (schema.maxItems !== undefined && a.length > schema.maxItems) errors.push(`${path}: too many items`);
  }
  if (schema.allOf) for (const s of schema.allOf) errors.push(...validate(s, value, root, path));
  if (schema.anyOf && !schema.anyOf.some((s: Schema) => validate(s, value, root, path).length === 0))
    errors.push(`${path}: matches none of anyOf`);
  if (
    schema.oneOf &&
    schema.oneOf.filter((s: Schema) => validate(s, value, root, path).length === 0).length !== 1
  )
    errors.push(`${path}: does not match exactly one of oneOf`);
  if (schema.not && validate(schema.not, value, root, path).length === 0) errors.push(`${path}: matches not`);
  if (schema.if !== undefined) {
    const branch = validate(schema.if, value, root, path).length === 0 ? schema.then : schema.else;
    if (branch !== undefined) errors.push(...validate(branch, value, root, path));
  }
  return errors;
}

// The enhanced record declared field by field: each field names what it is computed from (one raw column, or
// other enhanced fields) and the pure rule that computes it. One declaration serves two evaluators:
// - evaluateFields (here): one record at a time (the API's records, `pds epc enhance` of a Scottish extract or
//   `--format jsonl`, the tests' oracle);
// - the columnar enhancer (transforms/epc/enhance-columnar.ts): DuckDB does the per-row work and each rule
//   runs once per distinct input, which is what makes the national file fast.
// A field read from several raw columns at once is a derived field over single-column fields, so that every
// dependency is visible to the columnar plan.
import type { ColumnType } from '../../../io/parquet';

/** A raw record: lower-case field names, string values (missing fields are treated as blank). */
export type RawRecord = Readonly<Record<string, string | undefined>>;

/**
 * For a column of (nearly) unique values (ids, addresses, timestamps): a SQL test for the values the rule
 * leaves as they are, or maps by a plain SQL expression, so that only the other values need the rule. Both
 * take the raw column's SQL expression (VARCHAR, never null).
 */
export interface SqlFastPath {
  when: (column: string) => string;
  then: (column: string) => string;
}

export interface RawFieldRule {
  readonly name: string;
  /** The raw column's spellings, in the order tried (HEAT_LOSS_CORRIDOOR, 2025+ names). */
  readonly from: readonly string[];
  readonly rule: (value: string | undefined) => unknown;
  readonly fast?: SqlFastPath;
  /** Type of a hidden field (others take their type from the enhanced schema). */
  readonly type?: ColumnType;
}

export interface DerivedFieldRule {
  readonly name: string;
  /** Enhanced (or hidden) fields declared before this one. */
  readonly inputs: readonly string[];
  readonly rule: (...values: never[]) => unknown;
  /** The same rule in SQL, over its inputs' SQL expressions (for inputs of unique values, e.g. costs). */
  readonly sql?: (...inputs: string[]) => string;
  readonly type?: ColumnType;
}

export type FieldRule = RawFieldRule | DerivedFieldRule;

export const isRawRule = (rule: FieldRule): rule is RawFieldRule => 'from' in rule;

/** A field from one raw column. */
export const fromRaw = (
  name: string,
  from: string | readonly string[],
  rule: (value: string | undefined) => unknown,
  options: { fast?: SqlFastPath; type?: ColumnType } = {},
): RawFieldRule => ({ name, from: typeof from === 'string' ? [from] : from, rule, ...options });

/** A field computed from fields declared before it. */
export function derived<A extends unknown[]>(
  name: string,
  inputs: { [K in keyof A]: string },
  rule: (...values: A) => unknown,
  options: { sql?: (...inputs: string[]) => string; type?: ColumnType } = {},
): DerivedFieldRule {
  return { name, inputs, rule: rule as DerivedFieldRule['rule'], ...options };
}

/** Hidden fields (intermediate values, not part of the enhanced record) start with an underscore. */
export const isHidden = (name: string): boolean => name.startsWith('_');

/** The first of several spellings present in the record (HEAT_LOSS_CORRIDOOR, 2025 names). */
export const pick = (raw: RawRecord, ...names: readonly string[]): string | undefined => {
  for (const name of names) if (raw[name] !== undefined) return raw[name];
  return undefined;
};

/** Every field's value for one raw record, hidden ones included, in declaration order. */
export function evaluateFields(rules: readonly FieldRule[], raw: RawRecord): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const r of rules) {
    values[r.name] = isRawRule(r)
      ? r.rule(pick(raw, ...r.from))
      : (r.rule as (...v: unknown[]) => unknown)(...r.inputs.map((i) => values[i]));
  }
  return values;
}

/** The rules needed to compute `names` (their inputs, transitively), in declaration order. */
export function rulesFor(rules: readonly FieldRule[], names: Iterable<string>): FieldRule[] {
  const byName = new Map(rules.map((r) => [r.name, r]));
  const needed = new Set<string>();
  const visit = (name: string): void => {
    if (needed.has(name)) return;
    const r = byName.get(name);
    if (!r) throw new Error(`enhancement: unknown field ${name}`);
    needed.add(name);
    if (!isRawRule(r)) r.inputs.forEach(visit);
  };
  for (const name of names) visit(name);
  return rules.filter((r) => needed.has(r.name));
}

/** The raw columns (first spellings' groups) each field depends on, transitively. */
export function rawDependencies(rules: readonly FieldRule[]): Map<string, readonly RawFieldRule[]> {
  const deps = new Map<string, readonly RawFieldRule[]>();
  for (const r of rules) {
    if (isRawRule(r)) deps.set(r.name, [r]);
    else deps.set(r.name, [...new Set(r.inputs.flatMap((i) => deps.get(i) ?? []))]);
  }
  return deps;
}

/**
 * Checks a declaration: unique names, inputs declared before use. Throws on a mistake (a programming error,
 * caught by the tests at load).
 */
export function checkRules(rules: readonly FieldRule[]): readonly FieldRule[] {
  const seen = new Set<string>();
  for (const r of rules) {
    if (seen.has(r.name)) throw new Error(`enhancement: field ${r.name} declared twice`);
    if (!isRawRule(r))
      for (const i of r.inputs)
        if (!seen.has(i)) throw new Error(`enhancement: ${r.name} reads ${i} before it is declared`);
    seen.add(r.name);
  }
  return rules;
}

/**
 * evaluateFields compiled for one declaration to straight-line code returning one object literal of the
 * visible fields, keys in alphabetical order (the spec's order, which the JSON of the enhanced record
 * follows): a fixed shape built at once is several times faster than ~100 keys added one by one. Names enter
 * the code only as JSON string literals.
 */
export function compileFieldEvaluator(rules: readonly FieldRule[]): (raw: RawRecord) => object {
  const index = new Map(rules.map((r, i) => [r.name, i]));
  const lines = rules.map((r, i) => {
    if (!isRawRule(r)) return `const v${i} = R[${i}](${r.inputs.map((n) => `v${index.get(n)}`).join(', ')});`;
    const value = r.from.reduceRight(
      (rest, name) => `(raw[${JSON.stringify(name)}] !== undefined ? raw[${JSON.stringify(name)}] : ${rest})`,
      'undefined',
    );
    return `const v${i} = R[${i}](${value});`;
  });
  const visible = rules
    .map((r, i) => [r.name, i] as const)
    .filter(([name]) => !isHidden(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const body = `${lines.join('\n')}\nreturn { ${visible.map(([name, i]) => `${JSON.stringify(name)}: v${i}`).join(', ')} };`;
  const run = new Function('R', 'raw', body) as (fns: readonly unknown[], raw: RawRecord) => object;
  const fns = rules.map((r) => r.rule);
  return (raw) => run(fns, raw);
}

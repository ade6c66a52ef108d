// EPC certificates → enhanced Parquet at national-file speed. Per-record enhancement in JavaScript costs
// ~50 µs a row; DuckDB does the per-row work here, and each TypeScript rule runs once per distinct raw value
// instead of once per row:
// 1. the rows are checked and staged (stage-certificates.ts: the loader's quarantine, each row's line; a
//    Scottish staged record's JSON is cut into one column per spelling its rules read);
// 2. one DuckDB pass over them collects each raw column's distinct values;
// 3. the rules of the fields computed from one column alone (enhance/field-rules.ts) run once per distinct
//    value, in TypeScript, into lists indexed by the value's code in an ENUM of those values;
// 4. a field computed from other fields of few values each (dwelling type, the cost factors) runs once per
//    combination of their values (a list indexed by the combination); one computed from fields of many
//    values (costs, totals, a Scottish UPRN) has a SQL twin of its rule;
// 5. columns of unique values (ids, addresses, timestamps) take SQL fast paths for the values their rules
//    leave alone (or map plainly), so only the other values go through the rules;
// 6. a second pass writes the Parquet file: casts, list lookups and arithmetic only, rows in file order, and
//    memory independent of the file's size (no table of rows is kept).
// The result is the per-record enhancer's, row for row, for either country's rules
// (test/standalone/transforms/epc/enhance-columnar.test.ts). One module (~800 lines) because the plan, the
// lookups and the SQL that reads them share one naming of columns and tables, and read best as the steps
// above, top to bottom.
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '../../io/duckdb';
import { RAW_EW_CERTIFICATE_FIELDS } from '../../../schemas/epc';
import {
  csvLineFor,
  duckdbMemoryLimit,
  fromStagedCsv,
  parquetCopyOptions,
  parquetPath,
  runsRelation,
  stagedCsvRelation,
  type ColumnSpec,
  type ColumnType,
} from '../../io/parquet';
import type { QuarantinedRow } from '../../io/quarantine';
import { planRawRecord } from '../../sources/epc/england-wales';
import { countryFromOnsCode, type EpcCountry } from './country';
import { ENGLAND_WALES_FIELD_RULES } from './enhance/england-wales';
import { SCOTLAND_FIELD_RULES } from './enhance/scotland';
import {
  derived,
  evaluateFields,
  fromRaw,
  isHidden,
  isRawRule,
  rawDependencies,
  rulesFor,
  type FieldRule,
  type RawFieldRule,
} from './enhance/field-rules';
import { jsonNumberSql } from '../../io/json-number-sql';
import { publishRuns } from '../../io/run-files';
import { parquetColumnsFor } from '../../io/parquet-columns';
import { EpcCertificateRowSchema } from '../../../schemas/property-block-tables';
import { enhancedFileColumns } from './enhance-files';
import { stageEnglandWalesCertificates } from './stage-certificates';

export interface ColumnarEnhanceOptions {
  /** Worker threads for staging (default: one per core). */
  workers?: number;
  /** DuckDB threads (default: one per core). */
  threads?: number;
  /** From the `domestic-<LA code>-<name>` folder, for a row whose LA code names no country. */
  folderCountry?: EpcCountry | null;
  onQuarantine?: (row: QuarantinedRow) => void;
  /** Called with each step's name as it starts (progress, benchmarks). */
  onStep?: (step: string) => void;
}

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/**
 * The enhanced record's rules plus the file record's country (certificateCountry, in rules): from its LA code,
 * the 2025+ `country` column, or its folder's LA (a staged table's `folder_local_authority` column, else the
 * folder the file is in). A staged table has no `country` column (the raw asset keeps only the known fields).
 */
function fileRules(folderCountry: EpcCountry | null): FieldRule[] {
  return [
    ...ENGLAND_WALES_FIELD_RULES,
    fromRaw('_country_of_la', 'local_authority', countryFromOnsCode, { type: 'VARCHAR' }),
    fromRaw('_country_column', 'country', countryFromOnsCode, { type: 'VARCHAR' }),
    fromRaw('_country_of_folder', 'folder_local_authority', countryFromOnsCode, { type: 'VARCHAR' }),
    derived(
      'country',
      ['_country_of_la', '_country_column', '_country_of_folder'],
      (la: EpcCountry | null, column: EpcCountry | null, folder: EpcCountry | null) =>
        la ?? column ?? folder ?? folderCountry,
      {
        sql: (la, column, folder) =>
          `coalesce(${la}, ${column}, ${folder}, ${folderCountry ? literal(folderCountry) : 'NULL'})`,
      },
    ),
  ];
}

/** Fields computed by distinct value: of one raw column (a code per value), or of a combination of fields. */
interface Lookup {
  table: string;
  /** The rules it runs. */
  fields: FieldRule[];
  /** One column: its index; a combination: the fields combined. */
  column?: number;
  inputs?: readonly string[];
}

/** The layout's keys and base, and how each field is computed. */
interface Plan extends Omit<ColumnLayout, 'columnOf'> {
  rules: FieldRule[];
  /** The enhanced record's visible fields, in its JSON's (alphabetical) order. */
  record: string[];
  types: Map<string, ColumnType>;
  /** Columns whose every field has a fast path: a value all of them take skips the lookup. */
  fast: Map<number, RawFieldRule[]>;
  single: Map<number, Lookup>;
  /** Combinations, and fields with a SQL twin, in declaration order. */
  derived: (Lookup | FieldRule)[];
  /** Fields of no column at all: their value. */
  constants: Map<string, unknown>;
  /** Fields whose values another field combines: they carry the index of their value (see ValueIndex). */
  indexed: Set<string>;
}

/** Where each raw field rule reads its value: a column of the rows relation (`c<i>`), or none. */
interface ColumnLayout {
  columnOf: (rule: RawFieldRule) => number | null;
  /** Raw key each used column is read under (the record's key for evaluating rules). */
  keyOf: Map<number, string>;
  /** Record of the known fields the rows lack ('' each), the base of every record evaluated. */
  base: Record<string, string>;
}

/** An England and Wales header: the loader's known fields and aliases (sources/epc/england-wales.ts). */
function englandWalesLayout(header: readonly string[]): ColumnLayout {
  const layout = planRawRecord(header, RAW_EW_CERTIFICATE_FIELDS);
  const index = new Map(layout.entries);
  const columnOf = (r: RawFieldRule): number | null => {
    for (const name of r.from) {
      const i = index.get(name);
      if (i !== undefined) return i === -1 ? null : i;
    }
    return null;
  };
  const base: Record<string, string> = {};
  for (const [key, i] of layout.entries) if (i === -1) base[key] = '';
  const keyOf = new Map<number, string>();
  for (const [key, i] of layout.entries) if (i !== -1 && !keyOf.has(i)) keyOf.set(i, key);
  return { columnOf, keyOf, base };
}

/** The visible fields of a record declared by `rules`, in alphabetical order (compileFieldEvaluator's object). */
const recordFields = (rules: readonly FieldRule[]): string[] =>
  rules
    .map((r) => r.name)
    .filter((n) => !isHidden(n))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

function planColumns(
  rules: FieldRule[],
  record: readonly FieldRule[],
  { columnOf, keyOf, base }: ColumnLayout,
): Plan {
  const types = new Map(enhancedFileColumns().map((c) => [c.name, c.type]));
  for (const r of rules) if (r.type) types.set(r.name, r.type);

  const deps = rawDependencies(rules);
  const columnsOf = (name: string): number[] => [
    ...new Set(deps.get(name)!.flatMap((r) => columnOf(r) ?? [])),
  ];
  const plan: Plan = {
    rules,
    record: recordFields(record),
    types,
    keyOf,
    base,
    fast: new Map(),
    single: new Map(),
    derived: [],
    constants: new Map(),
    indexed: new Set(),
  };
  for (const r of rules) {
    const cols = columnsOf(r.name);
    if (cols.length === 0) {
      plan.constants.set(r.name, evaluateFields(rulesFor(rules, [r.name]), base)[r.name]);
    } else if (!isRawRule(r) && r.sql) {
      // In SQL even when its inputs read one column between them: its inputs may be of unique values.
      plan.derived.push(r);
    } else if (cols.length === 1) {
      const column = cols[0]!;
      const lookup = plan.single.get(column);
      if (lookup) lookup.fields.push(r);
      else plan.single.set(column, { table: `column${column}`, column, fields: [r] });
    } else if (!isRawRule(r)) {
      plan.derived.push({ table: `combined${plan.derived.length}`, fields: [r], inputs: r.inputs });
      r.inputs.forEach((i) => plan.indexed.add(i));
    }
  }
  // Fast paths serve a column whose every field has one (and none is combined by another).
  for (const [column, lookup] of plan.single) {
    const fields = lookup.fields.filter(
      (f): f is RawFieldRule => isRawRule(f) && f.fast !== undefined && !plan.indexed.has(f.name),
    );
    if (fields.length === lookup.fields.length) plan.fast.set(column, fields);
  }
  const sqlFields = new Set(plan.derived.filter((d) => !('table' in d)).map((d) => (d as FieldRule).name));
  for (const name of plan.indexed)
    if (sqlFields.has(name)) throw new Error(`enhancement: ${name} is combined but computed in SQL`);
  return plan;
}

const rawCol = (column: number): string => ident(`c${column}`);
const codeCol = (column: number): string => ident(`k${column}`);
const fastCol = (column: number): string => ident(`p${column}`);
const enumType = (column: number): string => ident(`e${column}`);
/** The column holding the index of a field's value among its distinct values. */
const indexCol = (name: string): string => ident(`#${name}`);
const valueOf = (column: number): string => `coalesce(q.${rawCol(column)}, '')`;
/** Whether every fast path of a column leaves its value to SQL. */
const allFast = (fields: readonly RawFieldRule[], column: number): string =>
  `(${fields.map((f) => f.fast!.when(valueOf(column))).join(' AND ')})`;

/** Distinct values of a field, each with its index (values compared as their JSON). */
class ValueIndex {
  readonly values: unknown[] = [];
  private readonly byKey = new Map<string, number>();
  indexOf(value: unknown): number {
    const key = JSON.stringify(value) ?? 'undefined';
    let i = this.byKey.get(key);
    if (i === undefined) {
      i = this.values.length;
      this.byKey.set(key, i);
      this.values.push(value);
    }
    return i;
  }
}

/** A DuckDB instance for one run, with a scratch folder beside `outPath` (removed at the end). */
async function withEngine<T>(
  outPath: string,
  options: ColumnarEnhanceOptions,
  run: (db: DuckDBConnection, scratch: string) => Promise<T>,
): Promise<T> {
  const scratch = `${outPath}.scratch-${randomUUID()}`;
  await mkdir(`${scratch}/spill`, { recursive: true });
  await mkdir(dirname(outPath), { recursive: true });
  // In memory, spilling to the scratch folder beyond the memory limit. The Parquet writes hold one row group
  // a thread, sized by the row (io/parquet.ts, parquetCopyOptions): ~130 columns in 16,384-row groups fit
  // the general limit (122,880-row groups needed 2 GB).
  const instance = await DuckDBInstance.create(':memory:', {
    threads: String(options.threads ?? availableParallelism()),
    memory_limit: duckdbMemoryLimit(),
    temp_directory: `${scratch}/spill`,
  });
  const db = await instance.connect();
  try {
    await db.run('SET autoinstall_known_extensions = false');
    // The common-subplan optimizer compares the second pass's ~100 subplans pairwise: ~0.2-0.3 s a run of
    // rows for nothing to share.
    await db.run(`SET disabled_optimizers = 'common_subplan'`);
    return await run(db, scratch);
  } finally {
    db.closeSync();
    instance.closeSync();
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Steps 2-4 over `rows` (a relation with `source_line` and the raw columns `c0`, `c1`, … of the plan's
 * layout): the distinct values, then each lookup. Returns the value indexes for the second pass.
 */
async function lookups(
  db: DuckDBConnection,
  scratch: string,
  plan: Plan,
  rows: string,
  step: (name: string) => void,
  distinctPerQuery = Infinity,
): Promise<Map<string, ValueIndex>> {
  step('distinct');
  const columns = [...plan.single.keys()];
  const distinctSql = columns.map((c) => {
    const fast = plan.fast.get(c);
    const filter = fast ? ` FILTER (WHERE NOT ${allFast(fast, c)})` : '';
    return `list(DISTINCT ${valueOf(c)})${filter} AS ${ident(`d${c}`)}`;
  });
  const distinct: Record<string, unknown> = {};
  for (let i = 0; i < distinctSql.length; i += distinctPerQuery) {
    const select = distinctSql.slice(i, i + distinctPerQuery).join(', ');
    Object.assign(distinct, (await db.runAndReadAll(`SELECT ${select} FROM ${rows} q`)).getRowObjectsJS()[0]);
  }

  step('lookups');
  const loaded: LoadedLookup[] = [];
  const indexes = new Map<string, ValueIndex>();
  for (const name of plan.indexed) indexes.set(name, new ValueIndex());
  for (const [name, value] of plan.constants) indexes.get(name)?.indexOf(value);
  for (const [column, lookup] of plan.single) {
    // '' is always a value: the enum is never empty, and a blank cell needs no special case.
    const values = [...new Set(['', ...((distinct[`d${column}`] as string[] | null) ?? [])])];
    const key = plan.keyOf.get(column)!;
    const rules = rulesFor(
      plan.rules,
      lookup.fields.map((f) => f.name),
    );
    const evaluate = (i: number) => evaluateFields(rules, { ...plan.base, [key]: values[i]! });
    loaded.push(writeLookup(scratch, plan, lookup, indexes, values.length, evaluate, values));
  }
  for (const d of plan.derived) {
    if (!('table' in d)) continue;
    const rule = d.fields[0]! as Extract<FieldRule, { inputs: readonly string[] }>;
    const domains = rule.inputs.map((i) => indexes.get(i)!.values);
    const size = domains.reduce((n, v) => n * v.length, 1);
    if (size > 5_000_000)
      throw new Error(`enhancement: ${rule.name} combines ${size} values; give it a SQL twin`);
    const run = rule.rule as (...v: unknown[]) => unknown;
    loaded.push(
      writeLookup(scratch, plan, d, indexes, size, (i) => {
        // Mixed radix, the last input varying fastest: the index SQL computes from the inputs' indexes.
        const args = new Array<unknown>(domains.length);
        for (let j = domains.length - 1, rest = i; j >= 0; j--) {
          args[j] = domains[j]![rest % domains[j]!.length];
          rest = Math.floor(rest / domains[j]!.length);
        }
        return { [rule.name]: run(...args) };
      }),
    );
  }
  // Every lookup's lists in one row of one table: the second pass joins it once a level, not ~100 tables
  // (planning a query of ~100 cross joins cost ~0.3 s a run of rows).
  const tables = [...plan.single.values(), ...plan.derived.filter((d): d is Lookup => 'table' in d)];
  if (tables.length === 0) return indexes;
  // All in one call, and their enums checked in one query: ~100 lookups took ~500 calls (a partition
  // ~130 ms more, whatever its rows).
  await db.run(loaded.flatMap((l) => l.sql).join(';\n'));
  const checks = loaded.flatMap((l) => (l.check ? [l.check] : []));
  if (checks.length > 0) {
    const wrong = (
      await db.runAndReadAll(`${checks.map((c) => c.sql).join(' UNION ALL ')} LIMIT 1`)
    ).getRows()[0];
    if (wrong)
      throw new Error(`enhancement: enum codes of column ${String(wrong[0])} differ from the lookup's order`);
  }
  await db.run(
    [
      `CREATE TABLE ${LOOKUPS} AS SELECT * FROM ${tables.map((t) => ident(t.table)).join(' CROSS JOIN ')}`,
      ...[...tables.map((t) => ident(t.table)), ...checks.map((c) => c.entries)].map(
        (t) => `DROP TABLE ${t}`,
      ),
    ].join(';\n'),
  );
  return indexes;
}

/** The table of every lookup's lists (see lookups). */
const LOOKUPS = 'lookup_lists';

/**
 * Enhances one England and Wales certificates file into the Parquet file `outPath` (the columns of
 * enhancedFileColumns(), the records enhanceEpcFile yields, in file order). Returns the rows written and
 * quarantined.
 */
export async function enhanceEnglandWalesFileColumnar(
  file: string,
  outPath: string,
  options: ColumnarEnhanceOptions = {},
): Promise<{ rows: number; quarantined: number }> {
  const step = options.onStep ?? (() => undefined);
  return withEngine(outPath, options, async (db, scratch) => {
    step('stage');
    const staged = await stageEnglandWalesCertificates(file, `${scratch}/rows.csv`, {
      workers: options.workers,
      onQuarantine: options.onQuarantine,
    });
    const csvColumns = [
      `'source_line': 'BIGINT'`,
      ...staged.header.map((_, i) => `${literal(`c${i}`)}: 'VARCHAR'`),
    ];
    const rows =
      `read_csv(${literal(`${scratch}/rows.csv`)}, header = false, auto_detect = false, delim = ',', ` +
      `quote = '"', escape = '"', new_line = '\\n', max_line_size = 8388608, columns = {${csvColumns.join(', ')}})`;
    const plan = planColumns(
      fileRules(options.folderCountry ?? null),
      ENGLAND_WALES_FIELD_RULES,
      englandWalesLayout(staged.header),
    );
    const indexes = await lookups(db, scratch, plan, rows, step);

    step('write');
    const tmp = `${scratch}/out.parquet`;
    await db.run(
      `COPY (${finalSelect(plan, rows, literal(file), indexes)}) TO ${literal(tmp)} ` +
        `(${parquetCopyOptions(enhancedFileColumns())})`,
    );
    await rename(tmp, outPath);
    return { rows: staged.rows, quarantined: staged.quarantined };
  });
}

/** What enhanceStagedEnglandWalesColumnar writes. */
export interface StagedEnhanceOutputs {
  /** The analysts' table: `columns`, in the staged table's order. */
  enhanced: { path: string; columns: readonly ColumnSpec[] };
  /**
   * The per-certificate table (CERTIFICATE_TABLE_COLUMNS), each run's file ordered by UPRN and lodgement:
   * `raw` is the staged record (England and Wales: its columns, provenance and nulls left out; Scotland: its
   * JSON as staged), `enhanced` the enhanced record's JSON (the per-record enhancer's keys, in its order).
   */
  certificates: string;
}

/**
 * The per-certificate table's columns (its schema's): raw and enhanced record of each certificate as JSON
 * text, for the EPC blocks. As JSON, DuckDB parsed each record it built to check it: ~35 MB more at the
 * engine's largest step (a run of 8,192 Scottish certificates, 478–498 MB against 436–467) and ~6 % more of
 * its CPU for an England and Wales partition.
 */
export const CERTIFICATE_TABLE_COLUMNS: ColumnSpec[] = parquetColumnsFor(EpcCertificateRowSchema);

/** Staged columns that are provenance, not part of the published record. */
const PROVENANCE_COLUMNS = new Set(['folder_local_authority', 'source_file', 'source_line']);

/** A staged table as the second pass reads it. */
interface StagedRows {
  /** A Parquet file of source_file, source_line, the raw columns and the carried ones. */
  file: string;
  /** Its raw columns, in the order the plan numbers them (`c<i>`). */
  header: string[];
  /** Its columns carried into the raw rows as they are. */
  carried: string[];
  plan: Plan;
  /** The certificate's published record as JSON text, over a raw row `q`. */
  rawJson: string;
  /** The enhanced field naming the certificate. */
  certificateId: string;
}

/** Reads a country's staged partition into the rows the engine enhances (in `scratch` if it must copy). */
type StagedReader = (db: DuckDBConnection, staged: string, scratch: string) => Promise<StagedRows>;

/** England and Wales: a VARCHAR column per known field; the record's JSON is built from them in SQL. */
const englandWalesStaged: StagedReader = async (db, staged) => {
  const described = await db.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${literal(staged)})`);
  const header = described
    .getRowObjectsJS()
    .map((r) => String(r.column_name))
    .filter((n) => n !== 'source_file' && n !== 'source_line');
  // The published record as the per-record path saw it: the staged columns in order, nulls left out.
  const members = header
    .map((h, i) => [h, i] as const)
    .filter(([h]) => !PROVENANCE_COLUMNS.has(h))
    .map(
      ([h, i]) =>
        `CASE WHEN q.${rawCol(i)} IS NOT NULL THEN ${literal(`${JSON.stringify(h)}:`)} || to_json(q.${rawCol(i)})::VARCHAR END`,
    );
  return {
    file: staged,
    header,
    carried: [],
    plan: planColumns(fileRules(null), ENGLAND_WALES_FIELD_RULES, englandWalesLayout(header)),
    rawJson: `'{' || concat_ws(',', ${members.join(', ')}) || '}'`,
    certificateId: 'lmk_key',
  };
};

/**
 * Scotland: the staged record is JSON (extracts differ in their columns), the table in runs (`staged` names
 * it; io/run-files.ts). Each list of spellings the rules read becomes a column holding pick's value (the first
 * spelling the record has), all extracted in one parse of each record into a scratch file; the record's JSON is
 * the staged text as it is.
 */
const scotlandStaged: StagedReader = async (db, staged, scratch) => {
  const rules = [...SCOTLAND_FIELD_RULES, derived('country', [], () => 'Scotland')];
  const groups = [...new Map(rules.filter(isRawRule).map((r) => [r.from.join('|'), r.from])).entries()];
  const spellings = [...new Set(groups.flatMap(([, from]) => from))];
  const position = new Map(spellings.map((name, i) => [name, i + 1]));
  const extracted = groups.map(
    ([name, from]) => `coalesce(${from.map((f) => `v[${position.get(f)}]`).join(', ')}) AS ${ident(name)}`,
  );
  const paths = spellings.map((name) => literal(`$.${JSON.stringify(name)}`)).join(', ');
  const file = `${scratch}/staged.parquet`;
  const columns: ColumnSpec[] = [
    { name: 'source_file', type: 'VARCHAR' },
    { name: 'source_line', type: 'BIGINT' },
    { name: '#raw', type: 'VARCHAR', jsonText: true },
    ...groups.map(([name]) => ({ name, type: 'VARCHAR' as const })),
  ];
  // A local file written once and read a few times: LZ4 (~1 CPU-s less than zstd for 36,000 records).
  await db.run(
    `COPY (SELECT source_file, source_line, raw::VARCHAR AS "#raw", ${extracted.join(', ')} FROM ` +
      `(SELECT *, json_extract_string(raw, [${paths}]) AS v FROM ${runsRelation(staged) ?? parquetPath(staged)})) ` +
      `TO ${literal(file)} (${parquetCopyOptions(columns, 'lz4_raw')})`,
  );
  const index = new Map(groups.map(([name], i) => [name, i]));
  return {
    file,
    header: groups.map(([name]) => name),
    carried: ['#raw'],
    plan: planColumns(rules, SCOTLAND_FIELD_RULES, {
      columnOf: (r) => index.get(r.from.join('|')) ?? null,
      keyOf: new Map(groups.map(([, from], i) => [i, from[0]!])),
      base: {},
    }),
    rawJson: `q.${ident('#raw')}`,
    certificateId: 'building_reference_number',
  };
};

/** Options of the staged enhancers. */
export type StagedEnhanceOptions = Pick<ColumnarEnhanceOptions, 'threads' | 'onStep'> & {
  /** Staged rows written at once (default: all); more are written in runs, a file each (io/run-files.ts). */
  runRows?: number;
};

/** What a staged enhancer returns: the rows and the files written of each table (one per run). */
export interface StagedEnhanceResult {
  rows: number;
  files: { enhanced: string[]; certificates: string[] };
}

/**
 * Enhances a staged England and Wales certificates table (the refresh's epc_england_wales_raw partition: its
 * rows already checked and quarantined by the loader, one VARCHAR column per known field, '' for a field
 * the release lacks, plus folder_local_authority, source_file and source_line) in one columnar pass, into
 * the analysts' table and the per-certificate table.
 */
export const enhanceStagedEnglandWalesColumnar = (
  staged: string,
  outputs: StagedEnhanceOutputs,
  options: StagedEnhanceOptions = {},
): Promise<StagedEnhanceResult> => enhanceStaged(englandWalesStaged, staged, outputs, options);

/**
 * Enhances the staged Scottish certificates (epc_scotland_raw: each record as JSON, with its provenance) in
 * one columnar pass, into the analysts' table and the per-certificate table.
 */
export const enhanceStagedScotlandColumnar = (
  staged: string,
  outputs: StagedEnhanceOutputs,
  options: StagedEnhanceOptions = {},
): Promise<StagedEnhanceResult> => enhanceStaged(scotlandStaged, staged, outputs, options);

/**
 * Both tables are written from one materialised result of the second pass (per run of `runRows` staged
 * rows): the JSON of each record is built in SQL, as the certificates are copied (~60 MB less held by a run
 * of 8,192 than with the texts in the result, for the same CPU).
 */
async function enhanceStaged(
  read: StagedReader,
  staged: string,
  outputs: StagedEnhanceOutputs,
  options: StagedEnhanceOptions,
): Promise<StagedEnhanceResult> {
  const step = options.onStep ?? (() => undefined);
  return withEngine(outputs.enhanced.path, options, async (db, scratch) => {
    const { file, header, carried, plan, rawJson, certificateId } = await read(db, staged, scratch);
    const rowsOf = (relation: string, where = 'true') => {
      const columns = [...carried.map(ident), ...header.map((h, i) => `${ident(h)} AS ${rawCol(i)}`)];
      return `(SELECT source_line, source_file, ${columns.join(', ')} FROM ${relation} WHERE ${where})`;
    };
    const rows = rowsOf(`read_parquet(${literal(file)})`);
    // The distinct values a few columns a query: one query of all ~90 aggregates holds every one's hash table
    // at once, ~220 MB of the worker's memory whatever the partition's size (1,743 rows or 60,000); eight
    // a query hold ~70 MB for the same CPU, each reading only its columns of the staged file.
    const indexes = await lookups(db, scratch, plan, rows, step, 8);

    step('write');
    // In runs of staged rows, each materialised, copied and dropped in turn: the result and the sort by UPRN
    // of a whole city's certificates (raw and enhanced texts, ~11 KB a row) held over 1 GB at once.
    const total = Number(
      (await db.runAndReadAll(`SELECT count(*) FROM read_parquet(${literal(file)})`)).getColumns()[0]![0],
    );
    const runRows = options.runRows ?? Infinity;
    const runs = Math.max(1, Math.ceil(total / runRows));
    const built = { enhanced: [] as string[], certificates: [] as string[] };
    const copy = async (select: string, file: string, columns: readonly ColumnSpec[]) => {
      await db.run(`COPY (${select}) TO ${literal(file)} (${parquetCopyOptions(columns)})`);
      return file;
    };
    for (let run = 0; run < runs; run++) {
      const inRun =
        runs === 1
          ? rows
          : rowsOf(
              `read_parquet(${literal(file)}, file_row_number = true)`,
              `file_row_number >= ${run * runRows} AND file_row_number < ${(run + 1) * runRows}`,
            );
      await db.run(
        `CREATE OR REPLACE TABLE result AS ` +
          finalSelect(plan, inRun, 'q.source_file', indexes, [{ name: '#raw', sql: rawJson }]),
      );
      built.enhanced.push(
        await copy(
          `SELECT ${outputs.enhanced.columns.map((c) => ident(c.name)).join(', ')} FROM result`,
          `${scratch}/enhanced-${run}.parquet`,
          outputs.enhanced.columns,
        ),
      );
      built.certificates.push(
        await copy(
          `SELECT uprn, country, ${ident(certificateId)} AS certificate_id, ` +
            `coalesce(lodgement_datetime, lodgement_date) AS lodged_at, ` +
            `"#raw" AS raw, ${enhancedJsonSql(plan)} AS enhanced FROM result ORDER BY uprn, lodged_at`,
          `${scratch}/certificates-${run}.parquet`,
          CERTIFICATE_TABLE_COLUMNS,
        ),
      );
      await db.run('DROP TABLE result');
    }
    return {
      rows: total,
      files: {
        enhanced: await publishRuns(built.enhanced, outputs.enhanced.path),
        certificates: await publishRuns(built.certificates, outputs.certificates),
      },
    };
  });
}

/** A typed column's value as the JSON text JSON.stringify gives the per-record enhancer's value. */
function jsonValueSql(column: string, type: ColumnType): string {
  const c = ident(column);
  switch (type) {
    case 'VARCHAR':
      return `coalesce(to_json(${c})::VARCHAR, 'null')`;
    case 'BIGINT':
      return `coalesce(CAST(${c} AS VARCHAR), 'null')`;
    case 'DOUBLE':
      return jsonNumberSql(c);
    case 'BOOLEAN':
      return `CASE WHEN ${c} IS NULL THEN 'null' WHEN ${c} THEN 'true' ELSE 'false' END`;
    case 'TIMESTAMP':
      // Date.prototype.toJSON: 2013-12-08T15:45:08.000Z.
      return `CASE WHEN ${c} IS NULL THEN 'null' ELSE '"' || strftime(${c}, '%Y-%m-%dT%H:%M:%S.%gZ') || '"' END`;
    case 'JSON':
      return `coalesce(CAST(${c} AS VARCHAR), 'null')`;
    default:
      throw new Error(`enhancement: no JSON for a ${type} column (${column})`);
  }
}

/** The enhanced record's JSON: its visible fields in alphabetical order (compileFieldEvaluator's object). */
function enhancedJsonSql(plan: Plan): string {
  const items = plan.record.map((name) => {
    const type = plan.types.get(name);
    if (!type) throw new Error(`enhancement: ${name} has no column type`);
    return `${literal(`${JSON.stringify(name)}:`)}, ${jsonValueSql(name, type)}`;
  });
  // One concat of all the parts: a chain of || nests ~200 deep and copies the growing text at each step.
  return `concat('{', ${items.join(`, ',', `)}, '}')`;
}
/**
 * The statements that load a lookup (run together by `lookups`), and for a column's lookup the check of its
 * enum (a row when a code is wrong) and the entries table it reads, dropped once checked.
 */
interface LoadedLookup {
  sql: string[];
  check?: { sql: string; entries: string };
}

/**
 * A lookup: `count` entries, entry i's field values from `evaluate(i)`, written to a CSV file, and the statements
 * that load them as a one-row table of lists (index i + 1 in SQL), plus, for a field another combines, the list
 * of its values' indexes. A column's lookup also gets the ENUM of its `values`, whose codes are the entries'
 * indexes.
 */

function writeLookup(
  scratch: string,
  plan: Plan,
  lookup: Lookup,
  indexes: Map<string, ValueIndex>,
  count: number,
  evaluate: (i: number) => Record<string, unknown>,
  values?: string[],
): LoadedLookup {
  const fields: ColumnSpec[] = lookup.fields.map((f) => ({ name: f.name, type: plan.types.get(f.name)! }));
  const indexed = lookup.fields.filter((f) => indexes.has(f.name)).map((f) => f.name);
  const columns: ColumnSpec[] = [
    { name: 'i', type: 'BIGINT' },
    ...(values ? [{ name: 'v', type: 'VARCHAR' as const }] : []),
    ...fields,
    ...indexed.map((name) => ({ name: `#${name}`, type: 'BIGINT' as const })),
  ];
  const line = csvLineFor(columns);
  const path = `${scratch}/${lookup.table}.csv`;
  const fd = openSync(path, 'w');
  try {
    let pending: string[] = [];
    for (let i = 0; i < count; i++) {
      const row = evaluate(i);
      row.i = i;
      if (values) row.v = values[i];
      for (const name of indexed) row[`#${name}`] = indexes.get(name)!.indexOf(row[name]);
      pending.push(line(row));
      if (pending.length >= 10_000) {
        writeSync(fd, `${pending.join('\n')}\n`);
        pending = [];
      }
    }
    if (pending.length > 0) writeSync(fd, `${pending.join('\n')}\n`);
  } finally {
    closeSync(fd);
  }
  const entries = ident(`${lookup.table}_entries`);
  const sql = [
    `CREATE TABLE ${entries} AS SELECT ${columns.map((c) => `${fromStagedCsv(c)} AS ${ident(c.name)}`).join(', ')} ` +
      `FROM ${stagedCsvRelation(path, columns)}`,
  ];
  let check: LoadedLookup['check'];
  if (values && lookup.column !== undefined) {
    const type = enumType(lookup.column);
    sql.push(`CREATE TYPE ${type} AS ENUM (SELECT v FROM ${entries} ORDER BY i)`);
    check = { sql: `SELECT ${lookup.column} AS c FROM ${entries} WHERE enum_code(v::${type}) <> i`, entries };
  }
  const lists = [...fields.map((f) => f.name), ...indexed.map((n) => `#${n}`)].map(
    (n) => `list(${ident(n)} ORDER BY i) AS ${ident(n)}`,
  );
  sql.push(`CREATE TABLE ${ident(lookup.table)} AS SELECT ${lists.join(', ')} FROM ${entries}`);
  // A combination's entries (up to millions) go at once; a column's, its distinct values, once checked.
  if (!check) sql.push(`DROP TABLE ${entries}`);
  return { sql, ...(check ? { check } : {}) };
}

/** A column computed from the raw row (`q`) at level 0 and carried to the output as it is. */
interface Carried {
  name: string;
  sql: string;
}

/**
 * The second pass: every column of enhancedFileColumns(), in order, then the `carried` ones. Level 0 codes each
 * raw value, level 1 reads the columns' lookups, then each level adds the combinations and SQL twins whose
 * inputs are ready. `sourceFile` is the SQL of the source_file column (over the raw row `q`).
 */
function finalSelect(
  plan: Plan,
  rows: string,
  sourceFile: string,
  indexes: Map<string, ValueIndex>,
  carried: readonly Carried[] = [],
): string {
  const carry = [{ name: '#source_file', sql: sourceFile }, ...carried];
  const used = [...plan.single.keys()];
  const codes = used.map((c) => {
    const fast = plan.fast.get(c);
    if (!fast) return `enum_code(${valueOf(c)}::${enumType(c)}) AS ${codeCol(c)}`;
    return (
      `${allFast(fast, c)} AS ${fastCol(c)}, ` +
      `CASE WHEN ${fastCol(c)} THEN NULL ELSE enum_code(${valueOf(c)}::${enumType(c)}) END AS ${codeCol(c)}`
    );
  });
  const carriedSql = carry.map((c) => `${c.sql} AS ${ident(c.name)}`).join(', ');
  let query = `SELECT q.source_line, ${carriedSql}, ${used.map((c) => `q.${rawCol(c)}`).join(', ')}, ${codes.join(', ')} FROM ${rows} q`;

  const level1: string[] = [];
  const done = new Set<string>();
  for (const [column, lookup] of plan.single) {
    const fast = plan.fast.get(column);
    const t = 'l';
    for (const f of lookup.fields) {
      const looked = `${t}.${ident(f.name)}[q.${codeCol(column)} + 1]`;
      level1.push(
        `${fast ? `CASE WHEN q.${fastCol(column)} THEN ${(f as RawFieldRule).fast!.then(valueOf(column))} ELSE ${looked} END` : looked} AS ${ident(f.name)}`,
      );
      if (indexes.has(f.name))
        level1.push(`${t}.${indexCol(f.name)}[q.${codeCol(column)} + 1] AS ${indexCol(f.name)}`);
      done.add(f.name);
    }
  }
  for (const [name, value] of plan.constants) {
    level1.push(`${constantSql(value, plan.types.get(name)!)} AS ${ident(name)}`);
    if (indexes.has(name)) level1.push(`0 AS ${indexCol(name)}`);
    done.add(name);
  }
  const lookups = (ls: Lookup[]) => (ls.length > 0 ? ` CROSS JOIN ${LOOKUPS} l` : '');
  const carriedColumns = carry.map((c) => `q.${ident(c.name)}`).join(', ');
  query = `SELECT q.source_line, ${carriedColumns}, ${level1.join(', ')} FROM (${query}) q${lookups([...plan.single.values()])}`;

  let pending = plan.derived;
  while (pending.length > 0) {
    // A combination and a field with a SQL twin both name their inputs.
    const inputsOf = (d: Lookup | FieldRule) => (d as { inputs: readonly string[] }).inputs;
    const ready = pending.filter((d) => inputsOf(d).every((i) => done.has(i)));
    if (ready.length === 0)
      throw new Error(
        `enhancement: cannot order ${pending.map((d) => ('table' in d ? d.fields[0]!.name : d.name)).join(', ')}`,
      );
    const level: string[] = [];
    const tables: Lookup[] = [];
    for (const d of ready) {
      if ('table' in d) {
        const rule = d.fields[0]!;
        const index = d.inputs!.reduce(
          (acc, input, j) =>
            j === 0
              ? `q.${indexCol(input)}`
              : `(${acc}) * ${indexes.get(input)!.values.length} + q.${indexCol(input)}`,
          '',
        );
        const t = 'l';
        level.push(`${t}.${ident(rule.name)}[${index} + 1] AS ${ident(rule.name)}`);
        if (indexes.has(rule.name))
          level.push(`${t}.${indexCol(rule.name)}[${index} + 1] AS ${indexCol(rule.name)}`);
        tables.push(d);
        done.add(rule.name);
      } else {
        const rule = d as Extract<FieldRule, { inputs: readonly string[] }>;
        level.push(`${rule.sql!(...rule.inputs.map((i) => `q.${ident(i)}`))} AS ${ident(rule.name)}`);
        done.add(rule.name);
      }
    }
    query = `SELECT q.*, ${level.join(', ')} FROM (${query}) q${lookups(tables)}`;
    pending = pending.filter((d) => !ready.includes(d));
  }

  const output = enhancedFileColumns().map((c) => {
    if (c.name === 'source_file') return `${ident('#source_file')} AS source_file`;
    if (c.name === 'source_line') return 'source_line';
    if (!done.has(c.name) || isHidden(c.name)) return `CAST(NULL AS ${c.type}) AS ${ident(c.name)}`;
    return `CAST(${ident(c.name)} AS ${c.type}) AS ${ident(c.name)}`;
  });
  for (const c of carried) output.push(ident(c.name));
  return `SELECT ${output.join(', ')} FROM (${query})`;
}

function constantSql(value: unknown, type: ColumnType): string {
  if (value === null || value === undefined) return `CAST(NULL AS ${type})`;
  if (type === 'JSON') return `${literal(JSON.stringify(value))}::JSON`;
  if (type === 'TIMESTAMP') return `CAST(${literal(String(value).replace('Z', ''))} AS TIMESTAMP)`;
  if (typeof value === 'string') return `CAST(${literal(value)} AS ${type})`;
  return `CAST(${String(value)} AS ${type})`;
}

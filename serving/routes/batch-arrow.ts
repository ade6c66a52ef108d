// The Arrow IPC stream answer of POST /batch: one row per item, the flat fields of each answer as columns.
// Columns: uprn (as asked, text), status, error_code and error_message (null for a 200), then the endpoint's
// flat fields, read off its zod response schema (the one in schemas/api/endpoints.ts, so the columns follow
// the documented answer): every top-level member whose type is a scalar, and every scalar member of a
// top-level object, named `parent.member`. Strings and enums are Utf8, numbers (integers too) Float64,
// booleans Bool; every data column is nullable (an error row, a null block). Arrays and deeper objects are
// left to the JSON answer.
import type { Writable } from 'node:stream';
import {
  Bool,
  Field,
  Float64,
  Int32,
  makeData,
  RecordBatch,
  RecordBatchStreamWriter,
  Schema,
  Struct,
  Utf8,
  vectorFromArray,
  type DataType,
} from 'apache-arrow';
import { z } from 'zod';
import type { BatchEndpoint } from '../../schemas/api/batch';
import { EpcsResponseSchema } from '../../schemas/api/epcs';
import { FloodRiskResponseSchema } from '../../schemas/api/flood-risk';
import { PropertyResponseSchema } from '../../schemas/api/properties';
import { RetrofitResponseSchema } from '../../schemas/api/retrofit';

type Kind = 'utf8' | 'float64' | 'bool';

export interface FlatColumn {
  name: string;
  path: readonly string[];
  kind: Kind;
}

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
};

/** The schema's alternatives other than null. */
function nonNull(s: JsonSchema): JsonSchema[] {
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.flatMap(nonNull);
  if (Array.isArray(s.type)) return s.type.filter((t) => t !== 'null').map((type) => ({ ...s, type }));
  return s.type === 'null' ? [] : [s];
}

function scalarKind(s: JsonSchema): Kind | null {
  const kinds = new Set(
    nonNull(s).map((a): Kind | null => {
      if (a.type === 'string') return 'utf8';
      if (a.type === 'number' || a.type === 'integer') return 'float64';
      if (a.type === 'boolean') return 'bool';
      const values = a.enum ?? (a.const === undefined ? undefined : [a.const]);
      if (values?.every((v) => typeof v === 'string')) return 'utf8';
      return null;
    }),
  );
  return kinds.size === 1 && !kinds.has(null) ? [...kinds][0]! : null;
}

function objectProperties(s: JsonSchema): Record<string, JsonSchema> | null {
  const alternatives = nonNull(s);
  return alternatives.length === 1 && alternatives[0]!.type === 'object'
    ? (alternatives[0]!.properties ?? null)
    : null;
}

/** The columns a batch item carries whatever its endpoint. */
export const FIXED_COLUMNS = ['uprn', 'status', 'error_code', 'error_message'] as const;

/** The flat fields of an answer of this schema, in the schema's order. */
export function flatColumns(schema: z.ZodType): FlatColumn[] {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const out: FlatColumn[] = [];
  for (const [name, member] of Object.entries(json.properties ?? {})) {
    if ((FIXED_COLUMNS as readonly string[]).includes(name)) continue;
    const kind = scalarKind(member);
    if (kind) {
      out.push({ name, path: [name], kind });
      continue;
    }
    for (const [child, inner] of Object.entries(objectProperties(member) ?? {})) {
      const k = scalarKind(inner);
      if (k) out.push({ name: `${name}.${child}`, path: [name, child], kind: k });
    }
  }
  return out;
}

const RESPONSES: Record<BatchEndpoint, z.ZodType> = {
  properties: PropertyResponseSchema,
  epcs: EpcsResponseSchema,
  'flood-risk': FloodRiskResponseSchema,
  retrofit: RetrofitResponseSchema,
};

const columnsByEndpoint = new Map<BatchEndpoint, FlatColumn[]>();
/** The flat columns of an endpoint's answers (computed once). */
export function endpointColumns(endpoint: BatchEndpoint): FlatColumn[] {
  let columns = columnsByEndpoint.get(endpoint);
  if (!columns) columnsByEndpoint.set(endpoint, (columns = flatColumns(RESPONSES[endpoint])));
  return columns;
}

const arrowType = (kind: Kind): DataType =>
  kind === 'utf8' ? new Utf8() : kind === 'bool' ? new Bool() : new Float64();

/** One row: the item's uprn and status, its error (or null), its answer parsed (or null). */
export interface ArrowRow {
  uprn: string;
  status: number;
  error: { code: string; message: string } | null;
  body: unknown;
}

/** Rows per record batch: each is written as soon as it is full. */
export const ROWS_PER_BATCH = 256;

/** Writes rows as an Arrow IPC stream to `out`, a record batch at a time. */
export class ArrowBatchWriter {
  private readonly schema: Schema;
  private readonly writer = new RecordBatchStreamWriter();
  private rows: ArrowRow[] = [];
  private written = 0;
  readonly done: Promise<void>;

  constructor(
    private readonly columns: FlatColumn[],
    out: Writable,
  ) {
    this.schema = new Schema([
      new Field('uprn', new Utf8(), false),
      new Field('status', new Int32(), false),
      new Field('error_code', new Utf8(), true),
      new Field('error_message', new Utf8(), true),
      ...columns.map((c) => new Field(c.name, arrowType(c.kind), true)),
    ]);
    this.writer.reset(undefined, this.schema);
    const stream = this.writer.toNodeStream();
    this.done = new Promise((resolve, reject) => {
      stream.on('error', reject);
      stream.on('end', resolve);
    });
    stream.pipe(out, { end: false });
  }

  add(row: ArrowRow): void {
    this.rows.push(row);
    if (this.rows.length >= ROWS_PER_BATCH) this.flush();
  }

  /** Writes the last rows (an empty batch when there were none) and ends the stream. */
  async finish(): Promise<void> {
    if (this.rows.length || this.written === 0) this.flush();
    this.writer.finish();
    await this.done;
  }

  private flush(): void {
    const rows = this.rows;
    this.rows = [];
    const vectors = [
      vectorFromArray(
        rows.map((r) => r.uprn),
        new Utf8(),
      ),
      vectorFromArray(
        rows.map((r) => r.status),
        new Int32(),
      ),
      vectorFromArray(
        rows.map((r) => r.error?.code ?? null),
        new Utf8(),
      ),
      vectorFromArray(
        rows.map((r) => r.error?.message ?? null),
        new Utf8(),
      ),
      ...this.columns.map((c) =>
        vectorFromArray(
          rows.map((r) => cell(valueAt(r.body, c.path), c.kind)),
          arrowType(c.kind),
        ),
      ),
    ];
    const data = makeData({
      type: new Struct(this.schema.fields),
      length: rows.length,
      nullCount: 0,
      children: vectors.map((v) => v.data[0]!),
    });
    this.writer.write(new RecordBatch(this.schema, data));
    this.written += rows.length || 1;
  }
}

function valueAt(body: unknown, path: readonly string[]): unknown {
  let v = body;
  for (const key of path) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** A value as its column's type holds it; anything else (absent, an unexpected type) is null. */
function cell(v: unknown, kind: Kind): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (kind === 'utf8')
    return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (kind === 'float64') return typeof v === 'number' ? v : null;
  return typeof v === 'boolean' ? v : null;
}

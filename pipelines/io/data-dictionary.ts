// The data dictionary: one Markdown section per Parquet table, one row per column (field, type, unit,
// meaning), generated from the tables' zod schemas, which are also what the tables are written from.
import type { z } from 'zod';
import { DATA_CONTRACT_VERSION } from '../../schemas/data-contract';
import { GEOPARQUET_VERSION, geoParquetPlan } from './geoparquet';
import { variantsOf, type JsonNode, type NestedType } from './nested-type';
import { parquetColumnsFor } from './parquet-columns';

export interface DictionaryTable {
  name: string;
  /** staged, derived or quarantine (the folder under the data directory's parquet/). */
  layer: string;
  schema: z.ZodObject;
  /** Where the table lives, when not `parquet/<layer>/<name>.parquet`. */
  path?: string;
}

// Units as the schemas' descriptions spell them, most specific first.
const UNITS: readonly [RegExp, string][] = [
  [/kg per m² per year/, 'kg CO2/m²/yr'],
  [/kWh per m² per year/, 'kWh/m²/yr'],
  [/tonnes( CO2)? per year/, 't CO2/yr'],
  [/kWh per year/, 'kWh/yr'],
  [/GBP per year/, 'GBP/yr'],
  [/\bGBP\b/, 'GBP'],
  [/W\/m²K/, 'W/m²K'],
  [/\bm²/, 'm²'],
  [/metres|\(m, BNG\)|, m\b/, 'm'],
  [/0-100|percentage|Percentage/, '%'],
  [/\byears\b/, 'years'],
  [/SAP score|\(SAP\)/, 'SAP points'],
  [/G = 1 … A = 7/, 'band number (G=1…A=7)'],
  [/ISO 8601/, 'UTC timestamp'],
  [/WGS84 degrees/, 'degrees'],
];

export function unitOf(description: string): string {
  for (const [pattern, unit] of UNITS) if (pattern.test(description)) return unit;
  return '';
}

/** A node's description, or that of the first of its variants that has one. */
const descriptionOf = (node: JsonNode): string =>
  node.description ?? node.anyOf?.map((a) => a.description).find((d) => d !== undefined) ?? '';

/** A nested type as the dictionary names it: scalars by type, the containers by kind. */
function typeLabel(type: NestedType): string {
  switch (type.kind) {
    case 'scalar':
      return type.type;
    case 'struct':
      return 'STRUCT';
    case 'list':
      return `LIST of ${typeLabel(type.items)}`;
    case 'map':
      return `MAP(VARCHAR, ${typeLabel(type.values)})`;
  }
}

/**
 * One row per member of a nested column, depth first (`block.england.rivers_and_seas.flood_risk_description`;
 * a list's items as `[]`), each with its type and its schema's description.
 */
function nestedRows(
  path: string,
  type: NestedType,
  node: JsonNode,
  row: (name: string, type: string, description: string) => string,
): string[] {
  const variants = variantsOf(node);
  if (type.kind === 'list') {
    const items = variants.find((v) => v.items)?.items ?? {};
    return type.items.kind === 'scalar' ? [] : nestedRows(`${path}[]`, type.items, items, row);
  }
  if (type.kind !== 'struct') return [];
  return type.fields.flatMap((field) => {
    const child = variants.map((v) => v.properties?.[field.name]).find((c) => c !== undefined) ?? {};
    const name = `${path}.${field.name}`;
    return [
      row(name, typeLabel(field.type), descriptionOf(child)),
      ...nestedRows(name, field.type, child, row),
    ];
  });
}

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The Markdown of one table. */
export function tableSection(table: DictionaryTable, toJsonSchema: (s: z.ZodObject) => unknown): string {
  const json = toJsonSchema(table.schema) as {
    description?: string;
    properties: Record<string, JsonNode>;
  };
  const columns = parquetColumnsFor(table.schema);
  const byName = new Map(columns.map((c) => [c.name, c]));
  const row = (name: string, type: string, description: string): string =>
    `| \`${name}\` | ${type} | ${cell(unitOf(description))} | ${cell(description)} |`;
  // A typed nested column (schemas/nested-column.ts) is listed with every member under it.
  const rows = Object.entries(json.properties).flatMap(([name, property]) => {
    const column = byName.get(name);
    if (column?.nested)
      return [
        row(name, typeLabel(column.nested), descriptionOf(property)),
        ...nestedRows(name, column.nested, property, row),
      ];
    return [row(name, column?.type ?? 'JSON', descriptionOf(property))];
  });
  // The columns the writer adds to a spatial table for GeoParquet (pipelines/io/geoparquet.ts).
  const geo = geoParquetPlan(columns);
  for (const extra of geo?.extraColumns ?? []) rows.push(row(extra.name, extra.type, extra.description));
  return [
    `### ${table.name}`,
    '',
    `\`${table.path ?? `parquet/${table.layer}/${table.name}.parquet`}\`${json.description ? `: ${cell(json.description)}` : ''}${geo ? ` (GeoParquet ${GEOPARQUET_VERSION}: geometry column \`${geo.column}\`, EPSG:27700)` : ''}`,
    '',
    '| field | type | unit | meaning |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

export function dataDictionaryMarkdown(
  tables: readonly DictionaryTable[],
  toJsonSchema: (s: z.ZodObject) => unknown,
): string {
  const sorted = [...tables].sort((a, b) => a.layer.localeCompare(b.layer) || a.name.localeCompare(b.name));
  return [
    '# Data dictionary',
    '',
    '<!-- Generated by `npx pds data-dictionary` from the zod schemas; do not edit by hand. -->',
    '',
    `Contract version **${DATA_CONTRACT_VERSION}**: the table and column names below are versioned; a breaking`,
    'change bumps the major version and is listed in the [changelog](analysts.md#changelog).',
    '',
    'Every Parquet table the pipeline writes under the data directory (`.pds/data/parquet/` by default), one',
    'section per table: column, Parquet type, unit (where the schema states one) and meaning. Timestamps are UTC.',
    'The per-UPRN blocks are typed nested columns (STRUCT, LIST, MAP), listed member by member',
    "(`block.england.rivers_and_seas.flood_risk_description`; `[]` is a list's item); the few JSON columns left hold",
    'intermediate values as JSON text. Read them with DuckDB, pandas or pyarrow, e.g.',
    "`SELECT * FROM read_parquet('.pds/data/parquet/derived/epc_stats.parquet')`.",
    '',
    '| table | layer | columns |',
    '|---|---|---|',
    ...sorted.map((t) => `| [${t.name}](#${t.name}) | ${t.layer} | ${Object.keys(t.schema.shape).length} |`),
    '',
    ...sorted.map((t) => tableSection(t, toJsonSchema)),
  ].join('\n');
}

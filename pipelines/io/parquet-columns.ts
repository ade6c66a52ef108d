// Parquet column types derived from a zod object schema, so a table's layout follows its schema (the
// single source) instead of a hand-kept list.
import { z } from 'zod';
import type { ColumnSpec, ColumnType } from './parquet';
import { columnScalarOf, typeOf, type JsonNode as NestedNode, type NestedType } from './nested-type';

interface JsonSchemaNode extends NestedNode {
  anyOf?: JsonSchemaNode[];
  /** schemas/feature-columns.ts pointColumns: a point table's easting or northing (GeoParquet points). */
  pointAxis?: 'x' | 'y';
  /** schemas/nested-column.ts nestedColumn: stored as typed STRUCT/LIST/MAP columns (io/nested-type.ts). */
  nested?: boolean;
  /** `application/json` on a string: JSON kept as text (ColumnSpec.jsonText). */
  contentMediaType?: string;
}

function columnType(node: JsonSchemaNode): ColumnType {
  // Byte columns (WKB geometry) are declared with `.meta({ format: 'binary' })`: zod has no JSON type for them.
  if ((node.anyOf ?? [node]).some((v) => v.format === 'binary')) return 'BLOB';
  return columnScalarOf(node) ?? 'JSON';
}

export function parquetColumnsFor(schema: z.ZodObject): ColumnSpec[] {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as {
    properties: Record<string, JsonSchemaNode>;
  };
  return Object.entries(json.properties).map(([name, node]) =>
    node.nested
      ? { name, type: 'JSON', nested: typeOf(node) }
      : {
          name,
          type: columnType(node),
          ...(node.pointAxis ? { point: node.pointAxis } : {}),
          ...(node.contentMediaType === 'application/json' ? { jsonText: true } : {}),
        },
  );
}

/** The nested type of a table's typed nested column (schemas/nested-column.ts), e.g. a block table's `block`. */
export function nestedColumnType(schema: z.ZodObject, name: string): NestedType {
  const nested = parquetColumnsFor(schema).find((c) => c.name === name)?.nested;
  if (!nested) throw new Error(`column ${name} is not a nested column of its schema`);
  return nested;
}

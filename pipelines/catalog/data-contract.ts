// The names the analysts' contract versions (schemas/data-contract.ts): every dictionary table's columns,
// including the GeoParquet columns a spatial table's writer adds and every member of a typed nested column
// (`uprn_flood_blocks.block.england.rivers_and_seas.in_flood_risk_zone`), as `table.column`, sorted.
import { createHash } from 'node:crypto';
import { geoParquetPlan } from '../io/geoparquet';
import { nestedMembers } from '../io/nested-type';
import { parquetColumnsFor } from '../io/parquet-columns';
import { dictionaryTables } from './dictionary-tables';

export function contractNames(): string[] {
  return dictionaryTables()
    .flatMap((table) => {
      const columns = parquetColumnsFor(table.schema);
      const extra = geoParquetPlan(columns)?.extraColumns ?? [];
      const members = columns.flatMap((c) =>
        c.nested ? nestedMembers(`${table.name}.${c.name}`, c.nested).map((m) => m.path) : [],
      );
      return [...[...columns, ...extra].map((c) => `${table.name}.${c.name}`), ...members];
    })
    .sort();
}

export const contractNamesSha256 = (names: readonly string[] = contractNames()): string =>
  createHash('sha256').update(names.join('\n')).digest('hex');

// Every row of a DuckDB query over Parquet files, for assertions on what an asset wrote.
import { queryParquet } from '../../pipelines/io/parquet';

export async function rows(sql: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for await (const row of queryParquet(sql)) out.push(row);
  return out;
}

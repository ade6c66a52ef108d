// An epc_latest table for a test from a query of the columns the test cares about: the table's other columns
// as nulls, and each row's digest as epc_latest's build writes it.
import type { AssetContext } from '../../pipelines/orchestration/definition';
import { EPC_LATEST_TABLE } from '../../pipelines/assets/epc/epc-stats';
import { EPC_LATEST_COLUMNS, withRowDigestSql } from '../../pipelines/assets/epc/epc-latest-sql';
import { copyQueryToParquet, queryRows } from '../../pipelines/io/parquet';
import { derivedPath } from '../../pipelines/orchestration/ingest';

export async function writeEpcLatestTable(ctx: AssetContext, select: string): Promise<void> {
  const given = new Set((await queryRows(`DESCRIBE ${select}`)).map((r) => String(r.column_name)));
  const nulls = EPC_LATEST_COLUMNS.filter((c) => c.name !== 'row_digest' && !given.has(c.name)).map(
    (c) => `, NULL::${c.type} AS ${c.name}`,
  );
  await copyQueryToParquet(
    withRowDigestSql(`SELECT *${nulls.join('')} FROM (${select})`),
    derivedPath(ctx, EPC_LATEST_TABLE),
  );
}

// One EPC block per UPRN, from the per-certificate table joined with the recommendations. DuckDB sorts by
// UPRN out of core; rows are grouped as they stream, so memory holds one UPRN at a time.
import { parquetPath, queryParquet, writeParquet } from '../io/parquet';
import { buildEpcBlock, type UprnCertificate } from '../transforms/epc/uprn-block';
import { defineAsset } from './definition';
import { EPC_CERTIFICATES_TABLE } from './epc-enhanced';
import { EW_RECOMMENDATION_TABLE, ewStagedGlob } from './epc-raw';
import { derivedPath } from './ingest';

export const UPRN_EPC_BLOCKS_TABLE = 'uprn_epc_blocks';

interface CertificateRow {
  uprn: number;
  country: UprnCertificate['country'];
  lodged_at: string | null;
  raw: UprnCertificate['raw'];
  enhanced: UprnCertificate['enhanced'];
  recommendations: UprnCertificate['recommendations'];
}

async function* blocksByUprn(sql: string): AsyncGenerator<Record<string, unknown>> {
  let uprn: number | undefined;
  let group: UprnCertificate[] = [];
  const emit = () => {
    const block = buildEpcBlock(group)!;
    return { uprn, country: block.epc_country, epc_count: block.epcs.length, block };
  };
  for await (const row of queryParquet(sql) as AsyncGenerator<CertificateRow>) {
    if (uprn !== undefined && row.uprn !== uprn) yield emit();
    if (row.uprn !== uprn) group = [];
    uprn = row.uprn;
    group.push(row);
  }
  if (uprn !== undefined) yield emit();
}

export const uprnEpcBlocks = defineAsset({
  name: 'uprn_epc_blocks',
  kind: 'derived',
  description: 'Per UPRN: its certificates latest first, raw and enhanced, and retrofit recommendations',
  upstream: ['epc_enhanced', 'epc_england_wales_raw'],
  codeVersion: '1',
  owner: 'epc',
  cadence: 'monthly',
  async materialize(ctx) {
    const sql = `
      WITH recs AS (
        SELECT lmk_key, to_json(list(struct_pack(improvement_item, improvement_summary_text,
               improvement_descr_text, improvement_id, indicative_cost))) AS recommendations
        FROM ${parquetPath(ewStagedGlob(ctx, EW_RECOMMENDATION_TABLE))} GROUP BY lmk_key)
      SELECT c.uprn, c.country, c.lodged_at, c.raw, c.enhanced, r.recommendations
      FROM ${parquetPath(derivedPath(ctx, EPC_CERTIFICATES_TABLE))} c
      LEFT JOIN recs r ON c.country <> 'Scotland' AND r.lmk_key = c.certificate_id
      WHERE c.uprn IS NOT NULL
      ORDER BY c.uprn`;
    const written = await writeParquet(
      derivedPath(ctx, UPRN_EPC_BLOCKS_TABLE),
      [
        { name: 'uprn', type: 'BIGINT' },
        { name: 'country', type: 'VARCHAR' },
        { name: 'epc_count', type: 'BIGINT' },
        { name: 'block', type: 'JSON' },
      ],
      blocksByUprn(sql),
    );
    return { rows: written.rows, outputs: [written.path] };
  },
});

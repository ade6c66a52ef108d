// Enhanced EPCs: every raw certificate through the pure enhancement rules. Writes the typed analyst
// tables (one column per enhanced field, types from the zod schemas) and a per-certificate table that
// carries raw and enhanced records together for building the per-UPRN documents.
import { EnhancedEpcSchema, EnhancedScottishEpcSchema } from '../../schemas/epc';
import { ParquetTableWriter, parquetPath, queryParquet, type ColumnSpec } from '../io/parquet';
import { parquetColumnsFor } from '../io/parquet-columns';
import { enhanceEnglandWales, enhanceScotland } from '../transforms/epc/enhance';
import { countryFromOnsCode, type EpcCountry } from '../transforms/epc/country';
import { defineAsset, type AssetContext } from './definition';
import { EW_CERTIFICATE_TABLE, SCOTLAND_CERTIFICATE_TABLE, ewStagedGlob } from './epc-raw';
import { derivedPath, stagedPath } from './ingest';

export const EPC_CERTIFICATES_TABLE = 'epc_certificates';

const CERTIFICATE_COLUMNS: ColumnSpec[] = [
  { name: 'uprn', type: 'BIGINT' },
  { name: 'country', type: 'VARCHAR' },
  { name: 'certificate_id', type: 'VARCHAR' },
  { name: 'lodged_at', type: 'TIMESTAMP' },
  { name: 'raw', type: 'JSON' },
  { name: 'enhanced', type: 'JSON' },
];
const COUNTRY: ColumnSpec = { name: 'country', type: 'VARCHAR' };
const PROVENANCE_FIELDS = new Set(['folder_local_authority', 'source_file', 'source_line']);

/** The raw record as published: provenance columns dropped, columns the file did not have (null) left out. */
function publishedRecord(row: Record<string, unknown>): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const [key, value] of Object.entries(row))
    if (value !== null && !PROVENANCE_FIELDS.has(key)) raw[key] = String(value);
  return raw;
}

async function enhanceEnglandWalesTable(
  ctx: AssetContext,
  certificates: ParquetTableWriter,
): Promise<number> {
  const analyst = await ParquetTableWriter.open(
    derivedPath(ctx, 'epc_enhanced_england_wales'),
    [...parquetColumnsFor(EnhancedEpcSchema), COUNTRY],
    { staging: 'csv' },
  );
  for await (const row of queryParquet(
    `SELECT * FROM ${parquetPath(ewStagedGlob(ctx, EW_CERTIFICATE_TABLE))}`,
  )) {
    const raw = publishedRecord(row);
    const enhanced = enhanceEnglandWales(raw as never);
    const country: EpcCountry | null =
      countryFromOnsCode(raw.local_authority) ??
      countryFromOnsCode(row.folder_local_authority as string | null);
    certificates.append({
      uprn: enhanced.uprn,
      country,
      certificate_id: enhanced.lmk_key,
      lodged_at: enhanced.lodgement_datetime ?? enhanced.lodgement_date,
      raw,
      enhanced,
    });
    // append serialises the row at once, so the record can take the analyst table's country column now:
    // assigned, not spread (a spread copy of ~130 keys becomes a slow dictionary object).
    analyst.append(Object.assign(enhanced, { country }));
    if (analyst.rowCount % 50_000 === 0) ctx.heartbeat({ enhanced: analyst.rowCount });
  }
  return (await analyst.close()).rows;
}

async function enhanceScotlandTable(ctx: AssetContext, certificates: ParquetTableWriter): Promise<number> {
  const analyst = await ParquetTableWriter.open(
    derivedPath(ctx, 'epc_enhanced_scotland'),
    [...parquetColumnsFor(EnhancedScottishEpcSchema), COUNTRY],
    { staging: 'csv' },
  );
  for await (const row of queryParquet(
    `SELECT raw FROM ${parquetPath(stagedPath(ctx, SCOTLAND_CERTIFICATE_TABLE))}`,
  )) {
    const raw = row.raw as Record<string, string>;
    const enhanced = enhanceScotland(raw);
    certificates.append({
      uprn: enhanced.uprn,
      country: 'Scotland',
      certificate_id: enhanced.building_reference_number,
      lodged_at: enhanced.lodgement_date,
      raw,
      enhanced,
    });
    analyst.append(Object.assign(enhanced, { country: 'Scotland' }));
  }
  return (await analyst.close()).rows;
}

export const epcEnhanced = defineAsset({
  name: 'epc_enhanced',
  kind: 'derived',
  description: 'EPCs cleaned and typed by the enhancement rules (spec 2.10), England and Wales and Scotland',
  upstream: ['epc_england_wales_raw', 'epc_scotland_raw'],
  codeVersion: '3',
  owner: 'epc',
  cadence: 'monthly',
  async materialize(ctx) {
    const certificates = await ParquetTableWriter.open(
      derivedPath(ctx, EPC_CERTIFICATES_TABLE),
      CERTIFICATE_COLUMNS,
      { staging: 'csv' },
    );
    try {
      const englandWales = await enhanceEnglandWalesTable(ctx, certificates);
      const scotland = await enhanceScotlandTable(ctx, certificates);
      const written = await certificates.close({ orderBy: ['uprn', 'lodged_at'] });
      return {
        rows: englandWales + scotland,
        outputs: [
          derivedPath(ctx, 'epc_enhanced_england_wales'),
          derivedPath(ctx, 'epc_enhanced_scotland'),
          written.path,
        ],
        metrics: { england_wales: englandWales, scotland },
      };
    } catch (error) {
      await certificates.abort();
      throw error;
    }
  },
});

// Enhance any EPC file in a supported published format (England and Wales legacy or 2025+ certificates,
// Scottish extracts), detected from its header: the loaders and rules the refresh uses, for analysts'
// own downloads (`pds epc enhance`) and the benchmark.
import {
  EnhancedEpcSchema,
  EnhancedScottishEpcSchema,
  type EnhancedEpc,
  type EnhancedScottishEpc,
  type RawEwCertificate,
} from '../../../schemas/epc';
import type { ColumnSpec } from '../../io/parquet';
import { parquetColumnsFor } from '../../io/parquet-columns';
import type { QuarantinedRow } from '../../io/quarantine';
import { detectEpcFileFormat } from '../../sources/epc/detect-format';
import { basename, dirname } from 'node:path';
import { parseLocalAuthorityFolder, readEnglandWalesCertificates } from '../../sources/epc/england-wales';
import { readScottishEpc } from '../../sources/epc/scotland';
import { countryFromOnsCode, type EpcCountry } from './country';
import { enhanceEnglandWales, enhanceScotland } from './enhance';

export type EnhancedFileRecord = (EnhancedEpc | EnhancedScottishEpc) & {
  country: EpcCountry | null;
  source_file: string;
  source_line: number;
};

export type EnhanceEvent = { ok: true; record: EnhancedFileRecord } | { ok: false; row: QuarantinedRow };

/** Parquet columns for enhanced records of either scheme: England and Wales fields, then Scottish-only ones. */
export function enhancedFileColumns(): ColumnSpec[] {
  const columns = parquetColumnsFor(EnhancedEpcSchema);
  const names = new Set(columns.map((c) => c.name));
  for (const c of parquetColumnsFor(EnhancedScottishEpcSchema)) if (!names.has(c.name)) columns.push(c);
  return [
    ...columns,
    { name: 'country', type: 'VARCHAR' },
    { name: 'source_file', type: 'VARCHAR' },
    { name: 'source_line', type: 'BIGINT' },
  ];
}

/**
 * The country of a file's `domestic-<LA code>-<name>` folder, if it is in one: the country of its rows whose
 * (legacy, non-ONS) LA code names none.
 */
export const folderCountryOf = (file: string): EpcCountry | null =>
  countryFromOnsCode(parseLocalAuthorityFolder(basename(dirname(file)))?.code);

/** An England and Wales certificate's country: from its LA code, the 2025+ `country` column, or its folder. */
export const certificateCountry = (
  raw: RawEwCertificate,
  folderCountry: EpcCountry | null,
): EpcCountry | null =>
  countryFromOnsCode(raw.local_authority) ?? countryFromOnsCode(raw.country) ?? folderCountry;

/** Streams the enhanced records (and quarantined rows) of one file; throws for a format it cannot enhance. */
export async function* enhanceEpcFile(file: string): AsyncGenerator<EnhanceEvent> {
  const format = await detectEpcFileFormat(file);
  if (format === 'ew-recommendations')
    throw new Error(`${file}: a recommendations file has no certificates to enhance`);
  if (format === 'scotland') {
    for await (const row of readScottishEpc(file)) {
      if (!row.ok) yield row;
      else
        yield {
          ok: true,
          record: Object.assign(enhanceScotland(row.record), {
            country: 'Scotland' as const,
            source_file: file,
            source_line: row.line,
          }),
        };
    }
    return;
  }
  const folderCountry = folderCountryOf(file);
  for await (const row of readEnglandWalesCertificates(file)) {
    if (!row.ok) {
      yield row;
      continue;
    }
    const enhanced = enhanceEnglandWales(row.record);
    const country = certificateCountry(row.record, folderCountry);
    // Assigned, not spread: a spread copy of ~130 keys becomes a slow dictionary object for the writer.
    yield {
      ok: true,
      record: Object.assign(enhanced, { country, source_file: file, source_line: row.line }),
    };
  }
}

// `pds epc enhance --format parquet`: any EPC certificate files (formats detected from their headers) into one
// enhanced Parquet file.
import { rm } from 'node:fs/promises';
import { ParquetTableWriter, copyQueryToParquet, parquetFiles } from '../../io/parquet';
import type { QuarantinedRow } from '../../io/quarantine';
import { detectEpcFileFormat } from '../../sources/epc/detect-format';
import { enhanceEnglandWalesFileColumnar } from './enhance-columnar';
import { enhanceEpcFile, enhancedFileColumns, folderCountryOf } from './enhance-files';

/**
 * `--format parquet`: England and Wales certificate files through the columnar engine (DuckDB, rules once per
 * distinct value), Scottish extracts (small) through the per-record one, one part per file, then the parts
 * joined in the order given. Returns the rows written.
 */
export async function enhanceFilesToParquet(
  files: string[],
  out: string,
  reject: (row: QuarantinedRow) => void,
): Promise<number> {
  const parts = files.map((_, i) => (files.length === 1 ? out : `${out}.part-${i}.parquet`));
  let rows = 0;
  try {
    for (const [i, file] of files.entries()) {
      const format = await detectEpcFileFormat(file);
      if (format === 'ew-legacy' || format === 'ew-2025') {
        const result = await enhanceEnglandWalesFileColumnar(file, parts[i]!, {
          folderCountry: folderCountryOf(file),
          onQuarantine: reject,
        });
        rows += result.rows;
        continue;
      }
      const writer = await ParquetTableWriter.open(parts[i]!, enhancedFileColumns(), { staging: 'csv' });
      try {
        for await (const e of enhanceEpcFile(file)) {
          if (e.ok) writer.append(e.record);
          else reject(e.row);
        }
      } catch (error) {
        await writer.abort();
        throw error;
      }
      rows += (await writer.close()).rows;
    }
    if (files.length > 1) await copyQueryToParquet(`SELECT * FROM ${parquetFiles(parts)}`, out);
    return rows;
  } finally {
    if (files.length > 1) await Promise.all(parts.map((p) => rm(p, { force: true })));
  }
}

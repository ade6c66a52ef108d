import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ParquetTableWriter, parquetPath, queryParquet } from '../../../../pipelines/io/parquet';
import type { QuarantinedRow } from '../../../../pipelines/io/quarantine';
import { enhanceEpcFile, enhancedFileColumns } from '../../../../pipelines/transforms/epc/enhance-files';
import { enhanceEnglandWalesFileInParallel } from '../../../../pipelines/transforms/epc/enhance-parallel';
import { LEGACY_HEADER, SOUTH_HAMS_FLAT, legacyRow } from '../../sources/epc-fixtures';

const dir = mkdtempSync(join(tmpdir(), 'pds-epc-parallel-'));

// A file whose rows span lines (quoted addresses with line breaks, CRLF endings) and break in every way
// the loader quarantines, so that small pieces begin inside quoted fields and next to broken rows.
function messyFile(): string {
  const lines = [`\uFEFF${LEGACY_HEADER}`];
  for (let i = 0; i < 240; i++) {
    const row = legacyRow({
      ...SOUTH_HAMS_FLAT,
      LMK_KEY: `lmk${i}`,
      ADDRESS1: i % 7 === 0 ? `Flat ${i},\nThe "Old" Mill\r\nSecond line` : `${i} Fore Street`,
      UPRN: String(100040209834 + i),
      CURRENT_ENERGY_EFFICIENCY: String(20 + (i % 70)),
      LODGEMENT_DATE: `20${10 + (i % 14)}-0${1 + (i % 9)}-1${i % 10}`,
    });
    if (i % 31 === 5) lines.push(row.replace('Fore Street', 'Fore "Street'));
    else if (i % 37 === 6) lines.push(`${row},extra`);
    else if (i % 41 === 7) lines.push(row.replace(`lmk${i}`, ''));
    else if (i % 43 === 8) lines.push(row.replace(/20\d\d-0\d-1\d/, '2019-02-30'));
    else lines.push(i % 3 === 0 ? `${row}\r` : row);
  }
  const file = join(dir, 'certificates.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const collect = async (path: string) => {
  const rows: Record<string, unknown>[] = [];
  for await (const row of queryParquet(`SELECT * FROM ${parquetPath(path)}`)) rows.push(row);
  return rows;
};

describe('enhanceEnglandWalesFileInParallel', () => {
  it('writes the rows and quarantine of the one-thread reader, however the file is cut', async () => {
    const file = messyFile();
    const sequentialPath = join(dir, 'sequential.parquet');
    const sequential = await ParquetTableWriter.open(sequentialPath, enhancedFileColumns(), {
      staging: 'csv',
    });
    const expectedQuarantine: QuarantinedRow[] = [];
    for await (const e of enhanceEpcFile(file)) {
      if (e.ok) sequential.append(e.record);
      else expectedQuarantine.push(e.row);
    }
    await sequential.close();
    const expected = await collect(sequentialPath);
    expect(expected.length).toBeGreaterThan(200);
    expect(new Set(expectedQuarantine.map((q) => q.reason)).size).toBeGreaterThanOrEqual(4);

    for (const [workers, pieceBytes] of [
      [2, 1500],
      [0, 777],
    ]) {
      const path = join(dir, `parallel-${workers}-${pieceBytes}.parquet`);
      const writer = await ParquetTableWriter.open(path, enhancedFileColumns(), { staging: 'csv' });
      const quarantine: QuarantinedRow[] = [];
      const result = await enhanceEnglandWalesFileInParallel(file, writer, {
        workers,
        pieceBytes,
        onQuarantine: (row) => quarantine.push(row),
      });
      await writer.close();
      expect(result).toEqual({ rows: expected.length, quarantined: expectedQuarantine.length });
      expect(quarantine).toEqual(expectedQuarantine);
      expect(await collect(path)).toEqual(expected);
    }
  }, 120_000);

  it('takes a file of a header alone, with or without its line end, and refuses an empty one', async () => {
    for (const text of [LEGACY_HEADER, `${LEGACY_HEADER}\r\n`]) {
      const file = join(dir, 'header-only.csv');
      writeFileSync(file, text);
      const writer = await ParquetTableWriter.open(join(dir, 'empty.parquet'), enhancedFileColumns(), {
        staging: 'csv',
      });
      expect(await enhanceEnglandWalesFileInParallel(file, writer, { workers: 0 })).toEqual({
        rows: 0,
        quarantined: 0,
      });
      expect((await writer.close()).rows).toBe(0);
    }
    const empty = join(dir, 'empty.csv');
    writeFileSync(empty, '');
    const writer = await ParquetTableWriter.open(join(dir, 'none.parquet'), enhancedFileColumns(), {
      staging: 'csv',
    });
    await expect(enhanceEnglandWalesFileInParallel(empty, writer, { workers: 0 })).rejects.toThrow(
      'no header row',
    );
    await writer.abort();
  });
});

// DEFRA LAQM background pollution maps (reference environment-hazards.md section 1): one CSV per local
// authority × pollutant × year (`E09000025-no2-2021.csv`), a few preamble lines before the header row that
// starts `Local_Auth_Code,`, then one row per 1 km square with `x`, `y` = the BNG centre of the square and the
// total as `Total_<POLLUTANT>_<YY>` (`Total_NO2_21`, `Total_PM2.5_25`, `Total_NOx_21`, …) followed by the
// sector breakdown, which we do not stage. The header is found by scanning, not by a fixed skip, because the
// preamble length differs between pollutants and years. Non-numeric totals (seen in NO2 files) are
// quarantined with the file and line.
import { readCsvBatches, type CsvRow } from '../../io/csv-reader';
import { DataError } from '../../io/errors';
import { accepted, quarantined, type SourceRow } from '../../io/quarantine';
import type { AirQualityCellRecord, Pollutant } from '../../../schemas/environment-features';
import { cleanHeaderCell } from '../common/header';

export const AIR_QUALITY_DATASET = 'defra-background-air';
export type AirQualityCellRow = Omit<AirQualityCellRecord, 'source_file'>;

/** The pollutant part of `Total_<POLLUTANT>_<YY>` → our key. */
const POLLUTANT_NAMES: Record<string, Pollutant> = {
  benzene: 'benzene',
  no2: 'no2',
  nox: 'nox',
  pm10: 'pm10',
  'pm2.5': 'pm2.5',
  pm25: 'pm2.5',
  so2: 'so2',
};

/** `Total_PM2.5_21` → { pollutant: 'pm2.5', year: 2021 }; null for any other cell. */
export function totalColumn(cell: string): { pollutant: Pollutant; year: number } | null {
  const m = /^total_(.+)_(\d{2})$/i.exec(cleanHeaderCell(cell));
  if (!m) return null;
  const pollutant = POLLUTANT_NAMES[m[1]!.toLowerCase()];
  return pollutant ? { pollutant, year: 2000 + Number(m[2]) } : null;
}

/** The 1 km cell (south-west corner) of a position: centres and any point inside map to the same cell. */
export const cellOf = (v: number): number => Math.floor(v / 1000) * 1000;

export async function* readAirQualityCsv(file: string): AsyncGenerator<SourceRow<AirQualityCellRow>> {
  let header: { la: number; x: number; y: number; total: number; pollutant: Pollutant; year: number } | null =
    null;
  let width = 0;
  const reject = (row: CsvRow, reason: string): SourceRow<never> =>
    quarantined({ dataset: AIR_QUALITY_DATASET, file, line: row.line, reason, raw: row.raw });
  for await (const batch of readCsvBatches(file)) {
    for (const row of batch) {
      if (!header) {
        // Preamble lines (title, units, notes) are skipped, whatever their shape, until the header row.
        if (!row.ok || cleanHeaderCell(row.fields[0] ?? '').toLowerCase() !== 'local_auth_code') continue;
        const cells = row.fields.map((c) => cleanHeaderCell(c).toLowerCase());
        const totalAt = row.fields.findIndex((c) => totalColumn(c) !== null);
        const x = cells.indexOf('x');
        const y = cells.indexOf('y');
        if (totalAt < 0 || x < 0 || y < 0)
          throw new DataError(
            `${file}: header on line ${row.line} lacks x, y or a Total_<pollutant>_<YY> column`,
          );
        header = { la: 0, x, y, total: totalAt, ...totalColumn(row.fields[totalAt]!)! };
        width = row.fields.length;
        continue;
      }
      if (!row.ok) {
        yield reject(row, row.reason);
        continue;
      }
      if (row.fields.every((f) => f.trim() === '')) continue;
      if (row.fields.length !== width) {
        yield reject(row, `expected ${width} columns, found ${row.fields.length}`);
        continue;
      }
      const x = Number(row.fields[header.x]);
      const y = Number(row.fields[header.y]);
      const valueText = (row.fields[header.total] ?? '').trim();
      const value = valueText === '' ? NaN : Number(valueText);
      if (!Number.isFinite(x) || !Number.isFinite(y)) {
        yield reject(row, 'x or y not a number');
        continue;
      }
      if (x < 0 || x >= 700_000 || y < 0 || y >= 1_300_000) {
        yield reject(row, 'outside the British National Grid');
        continue;
      }
      if (!Number.isFinite(value) || value < 0) {
        yield reject(row, `total "${valueText}" is not a concentration`);
        continue;
      }
      const la = (row.fields[header.la] ?? '').trim();
      yield accepted(file, row.line, {
        pollutant: header.pollutant,
        year: header.year,
        local_authority_code: la === '' ? null : la,
        cell_x: cellOf(x),
        cell_y: cellOf(y),
        value,
      });
    }
  }
  if (!header) throw new DataError(`${file}: no header row starting Local_Auth_Code`);
}

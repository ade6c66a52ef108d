// Scottish domestic EPC extracts: two header rows (machine names such as OSG_REFERENCE_NUMBER, and friendly
// names such as OSG_UPRN / "Date of Assessment"), in either order depending on the extract, and Latin-1
// artefacts (`ï»¿` before the first cell, `mÂ²`). Records are keyed by the lower-case machine names with the
// string values as published.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { RawScottishEpc } from '../../../schemas/epc';
import { sniffEncoding, type CsvEncoding } from '../../io/csv-reader';
import { DataError } from '../../io/errors';
import type { SourceRow } from '../../io/quarantine';
import { cleanHeaderCell } from '../common/header';
import { openCsvTable, toSourceRow } from '../common/table';
import { compileRawRecordBuilder, type RawRecordPlan } from './england-wales';

export const SCOTLAND_DATASET = 'epc-scotland';

export interface ScottishHeader {
  /** Machine names as published (cleaned of BOM debris), e.g. OSG_REFERENCE_NUMBER. */
  machine: string[];
  /** Friendly names, e.g. OSG_UPRN, "Total floor area (m²)"; null if the file has only one header row. */
  friendly: string[] | null;
  /** Rows of the file that are headers (1 or 2); data starts after them. */
  headerRows: 1 | 2;
}

const MACHINE_NAME = /^[A-Z0-9]+(?:_[A-Z0-9]+)*$/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** Share of non-empty cells that look like UPPER_SNAKE_CASE machine names. */
export function machineNameShare(cells: readonly string[]): number {
  const names = cells.map(cleanHeaderCell).filter((c) => c !== '');
  return names.length === 0 ? 0 : names.filter((c) => MACHINE_NAME.test(c)).length / names.length;
}

// A data row has numbers in it (ratings, areas, counts); a friendly-name header row has none.
const looksLikeData = (cells: readonly string[]): boolean =>
  cells.filter((c) => NUMBER.test(c.trim())).length >= 3;

/**
 * Which of the first two rows holds the machine names, and whether the other is a friendly header or
 * already data. Some friendly names are machine names too (WALL_DESCRIPTION), so the row with the larger
 * share of UPPER_SNAKE_CASE cells is the machine row.
 */
export function classifyScottishHeader(
  row1: readonly string[],
  row2: readonly string[] | undefined,
): ScottishHeader {
  const share1 = machineNameShare(row1);
  const share2 = row2 ? machineNameShare(row2) : 0;
  const clean = (cells: readonly string[]) => cells.map(cleanHeaderCell);
  if (row2 && share2 > share1 && share2 >= 0.5) {
    return { machine: clean(row2), friendly: clean(row1), headerRows: 2 };
  }
  if (share1 >= 0.5) {
    if (row2 && !looksLikeData(row2)) return { machine: clean(row1), friendly: clean(row2), headerRows: 2 };
    return { machine: clean(row1), friendly: null, headerRows: 1 };
  }
  throw new DataError(
    `no machine-name header row (UPPER_SNAKE_CASE names such as OSG_REFERENCE_NUMBER) in the first two rows`,
  );
}

function scottishPlan(machine: readonly string[]): RawRecordPlan {
  const entries: [string, number][] = [];
  const seen = new Set<string>();
  machine.forEach((name, i) => {
    const key = name.toLowerCase();
    if (key !== '' && !seen.has(key)) {
      seen.add(key);
      entries.push([key, i]);
    }
  });
  return { entries, missing: [] };
}

export interface ScotlandReadOptions {
  /** 'auto' (default) checks whether the file is valid UTF-8 and otherwise reads it as Windows-1252. */
  encoding?: CsvEncoding | 'auto';
  /** Called once with the header, before the first row (e.g. to record friendly names for the dictionary). */
  onHeader?: (header: ScottishHeader) => void;
}

/** Stream a Scottish EPC CSV as raw records; bad rows are quarantined, a header without machine names throws. */
export async function* readScottishEpc(
  file: string,
  options: ScotlandReadOptions = {},
): AsyncGenerator<SourceRow<RawScottishEpc>> {
  const encoding =
    options.encoding === undefined || options.encoding === 'auto'
      ? await sniffEncoding(file)
      : options.encoding;
  const table = await openCsvTable(file, { headerRows: 1, encoding });
  const first = table.headers[0]!.fields;
  const context = { dataset: SCOTLAND_DATASET, file, width: first.length };

  let header: ScottishHeader | undefined;
  let build: ((fields: readonly string[]) => Record<string, string>) | undefined;
  const map = (fields: string[]) => build!(fields) as RawScottishEpc;

  for await (const batch of table.batches) {
    for (const row of batch) {
      if (header === undefined) {
        // The second row decides the layout: a second header row, or already data.
        const second = row.ok ? row.fields : undefined;
        try {
          header = classifyScottishHeader(first, second);
        } catch (error) {
          throw new DataError(`${file}: ${(error as Error).message}`);
        }
        build = compileRawRecordBuilder(scottishPlan(header.machine));
        options.onHeader?.(header);
        if (header.headerRows === 2 && row.ok) continue;
      }
      yield toSourceRow(row, context, map);
    }
  }
  if (header === undefined) {
    const only = classifyScottishHeader(first, undefined);
    options.onHeader?.(only);
  }
}

/** The data CSVs of an unpacked Scottish extract (the separate `Header.csv` is skipped). */
export async function findScottishEpcFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir);
  return names
    .filter((n) => n.toLowerCase().endsWith('.csv') && n.toLowerCase() !== 'header.csv')
    .sort()
    .map((n) => join(dir, n));
}

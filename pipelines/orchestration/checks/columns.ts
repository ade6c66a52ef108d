// Schema drift of a source file: its header against the columns the loader knows, by name. Loaders match
// columns by name, so an added or reordered column is only worth a warning; a missing (or renamed) one
// means a field we publish would silently go blank, so it blocks.
import { open } from 'node:fs/promises';
import { decodeBytes, detectEncoding, parseCsv } from '../../io/csv-reader';
import { cleanHeaderCell } from '../../sources/common/header';
import type { AssetCheck, CheckOutcome } from './check';

export interface ColumnDrift {
  missing: string[];
  added: string[];
  /** A known column missing where the header has an unknown one at the same position. */
  renamed: { from: string; to: string }[];
  /** The known columns present are not in the known order. */
  reordered: boolean;
}

/**
 * Compares a header with the known columns (case-insensitive; names reported as the header spells them).
 * `aliases` maps other published spellings (lower case) to a known column's lower-case name.
 */
export function columnDrift(
  known: readonly string[],
  header: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): ColumnDrift {
  const key = (s: string) => cleanHeaderCell(s).toLowerCase();
  const knownKeys = known.map(key);
  const headerKeys = header.map((h) => aliases[key(h)] ?? key(h));
  const inHeader = new Set(headerKeys);
  const isKnown = new Set(knownKeys);
  const renamed: ColumnDrift['renamed'] = [];
  const missing: string[] = [];
  knownKeys.forEach((k, i) => {
    if (inHeader.has(k)) return;
    const there = headerKeys[i];
    if (there !== undefined && !isKnown.has(there))
      renamed.push({ from: known[i]!, to: cleanHeaderCell(header[i]!) });
    else missing.push(known[i]!);
  });
  const renamedTo = new Set(renamed.map((r) => key(r.to)));
  const added = header
    .filter((h, i) => !isKnown.has(headerKeys[i]!) && !renamedTo.has(key(h)) && cleanHeaderCell(h) !== '')
    .map(cleanHeaderCell);
  const order = headerKeys.filter((k) => isKnown.has(k));
  const expectedOrder = knownKeys.filter((k) => inHeader.has(k));
  return { missing, added, renamed, reordered: order.some((k, i) => k !== expectedOrder[i]) };
}

/** The header row of a CSV file (the first 64 KB is plenty for any published header). */
export async function readCsvHeader(path: string): Promise<string[]> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const bytes = buffer.subarray(0, bytesRead);
    const text = decodeBytes(bytes, detectEncoding(bytes));
    const end = text.search(/\r?\n/);
    const [row] = parseCsv(end === -1 ? text : text.slice(0, end));
    return row?.ok ? row.fields : [];
  } finally {
    await handle.close();
  }
}

function describeDrift(d: ColumnDrift): string {
  const parts = [
    d.renamed.length ? `renamed ${d.renamed.map((r) => `${r.from} → ${r.to}`).join(', ')}` : '',
    d.missing.length ? `missing ${d.missing.join(', ')}` : '',
    d.added.length ? `added ${d.added.join(', ')}` : '',
    d.reordered ? 'known columns reordered' : '',
  ].filter(Boolean);
  return parts.join('; ') || 'no drift';
}

/** One published layout of a source: its columns in order, those some releases lack, other spellings. */
export interface KnownFormat {
  columns: readonly string[];
  optional?: readonly string[];
  aliases?: Readonly<Record<string, string>>;
}

/** The columns of `format` a header lacks (missing or renamed), less the optional ones. */
function requiredAbsent(format: KnownFormat, drift: ColumnDrift): string[] {
  const optional = new Set((format.optional ?? []).map((c) => c.toLowerCase()));
  return [...drift.missing, ...drift.renamed.map((r) => r.from)].filter(
    (c) => !optional.has(c.toLowerCase()),
  );
}

/**
 * The header of every CSV source a build read, against the published formats the loader reads (a dataset
 * may have several: the EPC register's legacy and 2025+ layouts); each file is judged against the format it
 * matches best. Columns in `optional` may be absent (older releases lack them). `filesOf`
 * picks the files of this dataset among the build's sources (default: every .csv).
 */
export const sourceColumns = (
  known: readonly string[] | readonly KnownFormat[],
  options: {
    optional?: readonly string[];
    filesOf?: (sources: readonly string[]) => string[];
    /** Default `source_columns`; another name when an asset reads files of two formats. */
    name?: string;
  } = {},
): AssetCheck => {
  const formats: readonly KnownFormat[] =
    typeof known[0] === 'string'
      ? [{ columns: known as readonly string[], ...(options.optional ? { optional: options.optional } : {}) }]
      : (known as readonly KnownFormat[]);
  return {
    name: options.name ?? 'source_columns',
    severity: 'blocking',
    // Before the build: a loader may refuse a drifted header outright, and the report should name columns.
    level: 'source',
    description: `source header has the published columns the loader reads (${formats.map((f) => f.columns.length).join(' or ')})`,
    async run({ sources }): Promise<CheckOutcome> {
      const files = options.filesOf
        ? options.filesOf(sources)
        : sources.filter((f) => f.toLowerCase().endsWith('.csv'));
      let warning: CheckOutcome | undefined;
      for (const file of files) {
        const header = await readCsvHeader(file);
        const judged = formats.map((format) => {
          const drift = columnDrift(format.columns, header, format.aliases);
          return { format, drift, required: requiredAbsent(format, drift) };
        });
        const { format, drift, required } = judged.reduce((best, j) =>
          j.required.length < best.required.length ? j : best,
        );
        const known = format.columns;
        // Optional columns absent make an older release of the same layout, not drift.
        const optional = new Set((format.optional ?? []).map((c) => c.toLowerCase()));
        const drifted = { ...drift, missing: drift.missing.filter((c) => !optional.has(c.toLowerCase())) };
        const measured = `${file.split('/').slice(-2).join('/')}: ${describeDrift(drifted)}`;
        if (required.length)
          return {
            passed: false,
            measured,
            expected: `every published column (${known.length}) by name`,
            where: `${file} line 1`,
          };
        if (!warning && describeDrift(drifted) !== 'no drift')
          warning = {
            passed: false,
            severity: 'warning',
            measured,
            expected: 'the published columns in the published order',
            where: `${file} line 1`,
          };
      }
      return (
        warning ?? {
          passed: true,
          measured: `${files.length} file(s), no drift`,
          expected: 'the published columns',
        }
      );
    },
  };
};

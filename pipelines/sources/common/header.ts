// Header cells are matched by name, case-insensitively, never by position: published releases add, drop
// and reorder columns.
import { DataError } from '../../io/errors';

// BOM forms seen on first header cells: the real BOM, its Latin-1 reading (`ï»¿`, as in the Scottish
// extracts) and that reading encoded once more.
const BOM_PREFIX = /^(?:\uFEFF|\u00EF\u00BB\u00BF|\u00C3\u00AF\u00C2\u00BB\u00C2\u00BF)+/;

/** A header cell without BOM debris, surrounding spaces or the `Â` of a double-encoded `²`/`³`. */
export function cleanHeaderCell(cell: string): string {
  return cell
    .replace(BOM_PREFIX, '')
    .replace(/\u00C2([\u00B2\u00B3])/g, '$1')
    .trim();
}

/** Lower-case name → column index (first occurrence wins). */
export function headerIndex(cells: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  cells.forEach((cell, i) => {
    const name = cleanHeaderCell(cell).toLowerCase();
    if (name !== '' && !index.has(name)) index.set(name, i);
  });
  return index;
}

/** Indices of required columns; a clear error naming the missing ones when any is absent. */
export function requireColumns<K extends string>(
  index: Map<string, number>,
  required: readonly K[],
  file: string,
  what: string,
): Record<K, number> {
  const found = {} as Record<K, number>;
  const missing: string[] = [];
  for (const name of required) {
    const i = index.get(name.toLowerCase());
    if (i === undefined) missing.push(name);
    else found[name] = i;
  }
  if (missing.length > 0) {
    throw new DataError(
      `${file}: not a ${what} file: missing column(s) ${missing.join(', ')}; header has ${[...index.keys()]
        .slice(0, 12)
        .join(', ')}${index.size > 12 ? ', ...' : ''}`,
    );
  }
  return found;
}

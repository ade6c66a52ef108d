// Partition selections for backfills (`pds refresh --partitions`): a comma-separated list of items, each
//   KEY        exactly that key                        E09000001, ST71, certificates-2023
//   FROM..TO   keys from FROM to TO inclusive, in sort order; TO also covers keys that start with it, so
//              ST70..ST79 takes ST70 … ST79 and ST7950 but not ST80
//   PREFIX*    every key starting with PREFIX          ST7*, E09*
// Keys compare as plain strings (code-point order), the order `pds assets show` lists them in.

export class PartitionSelectionError extends Error {}

type Item =
  | { kind: 'key'; key: string }
  | { kind: 'range'; from: string; to: string }
  | { kind: 'prefix'; prefix: string };

export interface PartitionSelection {
  /** The text it was parsed from (for messages and the workflow input). */
  text: string;
  matches(key: string): boolean;
}

function parseItem(raw: string): Item {
  const item = raw.trim();
  const range = /^([^.]*)\.\.([^.]*)$/.exec(item);
  if (range) {
    const [from, to] = [range[1]!.trim(), range[2]!.trim()];
    if (!from || !to) throw new PartitionSelectionError(`partition range needs both ends: ${item}`);
    if (from > to) throw new PartitionSelectionError(`partition range is backwards: ${item}`);
    return { kind: 'range', from, to };
  }
  if (item.endsWith('*')) {
    const prefix = item.slice(0, -1);
    if (!prefix || prefix.includes('*')) throw new PartitionSelectionError(`bad partition pattern: ${item}`);
    return { kind: 'prefix', prefix };
  }
  if (item.includes('*') || item.includes('..'))
    throw new PartitionSelectionError(`bad partition key: ${item}`);
  return { kind: 'key', key: item };
}

const itemMatches = (item: Item, key: string): boolean =>
  item.kind === 'key'
    ? key === item.key
    : item.kind === 'prefix'
      ? key.startsWith(item.prefix)
      : key >= item.from && (key <= item.to || key.startsWith(item.to));

/** Parses a selection; empty text (or only commas) is an error, since "no partitions" is never meant. */
export function parsePartitionSelection(text: string): PartitionSelection {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(parseItem);
  if (items.length === 0) throw new PartitionSelectionError('empty partition selection');
  return { text, matches: (key) => items.some((item) => itemMatches(item, key)) };
}

/** Distinct keys in sort order. */
export const sortedKeys = (keys: Iterable<string>): string[] =>
  [...new Set(keys)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Splits work into batches for activities: at most `maxPerBatch` partitions each, and at least `lanes` batches
 * when there are that many partitions, so small partitions share one activity's fixed cost while the
 * configured concurrency still has work for every lane.
 */
export function batchPartitions<T>(items: readonly T[], lanes: number, maxPerBatch: number): T[][] {
  if (items.length === 0) return [];
  const count = Math.max(Math.ceil(items.length / maxPerBatch), Math.min(lanes, items.length));
  const size = Math.ceil(items.length / count);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// Shared step of the categorical rules: clean the text, then compare in lower case with single spaces and
// the register's "backwards compatibility" suffix removed.
import { cleanText, firstPart } from '../values/text';

const BACKWARDS_COMPATIBILITY = /\s*-\s*this is for backwards compatibility only and should not be used\.?$/i;

/** Lower-case comparison key of a categorical value's first meaningful part, or null. */
export function categoryKey(value: string | null | undefined): string | null {
  const text = firstPart(cleanText(value));
  if (text === null) return null;
  const key = text.replace(BACKWARDS_COMPATIBILITY, '').replace(/\s+/g, ' ').trim().toLowerCase();
  return key === '' ? null : key;
}

/** Look a value up in a table keyed by categoryKey. */
export function lookup<T>(table: ReadonlyMap<string, T>, value: string | null | undefined): T | null {
  const key = categoryKey(value);
  return key === null ? null : (table.get(key) ?? null);
}

// Free-text cleaning: mojibake, special characters, stray whitespace, trailing commas and separators.
import { fixMojibake } from './mojibake';
import { isNullLike, NULL_MARKERS } from './nulls';
import type { SqlFastPath } from '../field-rules';

/** Control characters, the Unicode replacement character and zero-width characters carry no meaning. */
export function removeSpecialCharacters(text: string): string {
  return (
    text
      .replace(/[\t\n\r\u00A0]/g, ' ')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD\u200B-\u200D\u2060\uFEFF]/g, '')
  );
}

/** Trim, collapse runs of spaces, and drop trailing commas and empty ` | ` parts (`Poor |`, `Flat 1,`). */
export function tidyWhitespace(text: string): string {
  return text
    .replace(/ {2,}/g, ' ')
    .replace(/[\s,|]+$/, '')
    .replace(/^[\s,|]+/, '')
    .replace(/\s*\|\s*/g, ' | ');
}

/**
 * `Room heaters, (null)` → `Room heaters`: a missing part filled in with the literal `(null)`; and the
 * register's `*** INVALID INPUT Code : 57 ***` slot inside a description (`Pitched, *** INVALID INPUT Code :
 * 57 *** loft insulation` → `Pitched, loft insulation`): the part it stands for is unknown.
 */
export function removeNullFragments(text: string): string {
  return text.replace(/,?\s*\(null\)/gi, '').replace(/\s*\*{3}[^*]*\*{3}/g, '');
}

// Text that no rule below would change: printable ASCII without `&`, double spaces, or leading and trailing
// spaces or commas, and none of the patterns the rules rewrite. Most values are like this and skip the rules.
const PLAIN = /^[!-%'-+\--~](?:[!-%'-~]| (?! ))*(?<=[!-%'-+\--~])$|^[!-%'-+\--~]$/;
const REWRITTEN = /[|?]|\(null\)|\/\s*m|\*\*\*/i;

const sqlString = (text: string): string => `'${text.replaceAll("'", "''")}'`;

// PLAIN for SQL, widened to what Scottish free text is made of: `£` (which no repair touches) and parts joined
// by ` | ` as tidyWhitespace writes them. RE2 has no lookaround, so: a first character, characters each after
// at most one space or a ` | `, and a last one. `C`: printable ASCII but `&` and `|`, or `£`; `E`: `C` but `,`.
const C = "[!-%'-{}~£]";
const E = "[!-%'-+\\--{}~£]";
const SEPARATOR = '(?: | \\| )';
/** The markers a value or each of its ` | ` parts may be wholly (nulls.ts: isNullLike). */
const nullLikeSql = (part: string): string =>
  `(lower(${part}) IN (${[...NULL_MARKERS].map(sqlString).join(', ')}) ` +
  `OR regexp_full_match(${part}, ${sqlString('SAP05:[A-Za-z-]+|%%[A-Z_]+%%')}))`;

/**
 * cleanText's shortcut in SQL, for columns of unique values (addresses, ids, Scottish improvements): a plain
 * value that is not null-like is its own answer. The columnar enhancer's tests check it agrees with cleanText.
 */
export const PLAIN_TEXT_SQL: SqlFastPath = {
  when: (c) =>
    `(regexp_full_match(${c}, ${sqlString(`${E}(?:${SEPARATOR}?${C})*${SEPARATOR}?${E}|${E}`)}) ` +
    `AND NOT regexp_matches(${c}, ${sqlString('(?i)[?]|\\(null\\)|/\\s*m|\\*\\*\\*')}) ` +
    `AND NOT CASE WHEN contains(${c}, '|') ` +
    `THEN list_bool_and(list_transform(string_split(${c}, '|'), lambda p: ${nullLikeSql('trim(p)')})) ` +
    `ELSE length(${c}) <= 40 AND ${nullLikeSql(c)} END)`,
  then: (c) => c,
};

/** Clean a free-text value; null when nothing meaningful is left. */
export function cleanText(value: string | null | undefined): string | null {
  if (isNullLike(value)) return null;
  if (PLAIN.test(value!) && !REWRITTEN.test(value!)) return value!;
  return cleanTextFully(value!);
}

/** cleanText without the shortcut for plain text (the shortcut must give the same answer). */
export function cleanTextFully(value: string): string | null {
  if (isNullLike(value)) return null;
  const text = tidyWhitespace(removeNullFragments(removeSpecialCharacters(fixMojibake(value))));
  return isNullLike(text) ? null : text;
}

/** The parts of a ` | `-joined value that carry data (`N/A | Good` → [`Good`]). */
export function meaningfulParts(value: string | null): string[] {
  if (value === null) return [];
  return value
    .split('|')
    .map((p) => p.trim())
    .filter((p) => !isNullLike(p));
}

/** The first meaningful part: English of an `English|Welsh` E&W cell, main element of a Scottish one. */
export function firstPart(value: string | null): string | null {
  return meaningfulParts(value)[0] ?? null;
}

/** `England and Wales: 1930-1949` → `1930-1949`: the country is known from the dataset. */
export function removeCountryPrefix(text: string): string {
  return text.replace(/^(?:England and Wales|England|Wales|Scotland|Northern Ireland)\s*:\s*/i, '');
}

// Floor level. Published as words (`Ground`, `ground floor`, `1st`, `mid floor`), two-digit codes (`00`,
// `01`), plain or decimal numbers (`0`, `1.0`, `-1`) and `20+`. Standard form: the register's own words —
// `Basement`, `Ground`, an ordinal (`1st`, `2nd`, `3rd`, `4th`, ..., `21st`), `21st or above`,
// `20th or above` (for `20+`), `Mid floor`, `Top floor`.
import { categoryKey } from './normalise';
import { memoise } from '../values/memo';

/** 1 → `1st`, 2 → `2nd`, 11 → `11th`, 22 → `22nd`. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const WORDS = new Map<string, string>([
  ['basement', 'Basement'],
  ['ground', 'Ground'],
  ['ground floor', 'Ground'],
  ['mid floor', 'Mid floor'],
  ['top floor', 'Top floor'],
  ['21st or above', '21st or above'],
  ['20+', '20th or above'],
]);

function toFloorLevelRule(value: string | null | undefined): string | null {
  const key = categoryKey(value);
  if (key === null) return null;
  const word = WORDS.get(key);
  if (word !== undefined) return word;
  const ord = /^(\d{1,3})(?:st|nd|rd|th)$/.exec(key);
  if (ord) return Number(ord[1]) === 0 ? 'Ground' : ordinal(Number(ord[1]));
  if (/^-?\d{1,3}(?:\.0+)?$/.test(key)) {
    const n = Number(key);
    if (n < 0) return 'Basement';
    return n === 0 ? 'Ground' : ordinal(n);
  }
  return null;
}

export const toFloorLevel = memoise(toFloorLevelRule);

// Numbers from text. Counts are published as `4.0`; costs carry spurious decimals and sometimes `£` or
// thousands separators.
import type { SqlFastPath } from '../field-rules';
import { nullIfMissing } from './nulls';

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** A decimal number (`£1,234.50` → 1234.5), or null. */
const SIMPLE = /^-?\d+(?:\.\d+)?$/;

export function toNumber(value: string | null | undefined): number | null {
  if (value !== null && value !== undefined && SIMPLE.test(value)) return Number(value); // the common case
  const text = nullIfMissing(value);
  if (text === null) return null;
  const plain = text.replace(/^£\s*/, '').replace(/(\d),(?=\d{3}(?:\D|$))/g, '$1');
  if (!DECIMAL.test(plain)) return null;
  const n = Number(plain);
  return Number.isFinite(n) ? n : null;
}

/** An integer: `4.0` → 4; `4.5` or text → null. */
export function toInteger(value: string | null | undefined): number | null {
  const n = toNumber(value);
  if (n === null) return null;
  const r = Math.round(n);
  return Math.abs(n - r) < 1e-9 ? r : null;
}

/** A count: a non-negative integer, else null. */
export function toCount(value: string | null | undefined): number | null {
  const n = toInteger(value);
  return n !== null && n >= 0 ? n : null;
}

/** A percentage 0..100 rounded to an integer, else null (out of range is an entry error, not a value). */
export function toPercentage(value: string | null | undefined): number | null {
  const n = toNumber(value);
  if (n === null || n < 0 || n > 100) return null;
  return Math.round(n);
}

/** A positive measurement (floor area, room height): zero or negative is an entry error. */
export function toPositive(value: string | null | undefined): number | null {
  const n = toNumber(value);
  return n !== null && n > 0 ? n : null;
}

/** A non-negative measurement (corridor length may truly be 0). */
export function toNonNegative(value: string | null | undefined): number | null {
  const n = toNumber(value);
  return n !== null && n >= 0 ? n : null;
}

/** GBP amount rounded to pence (published costs carry float noise such as 123.00000001). */
export function toMoney(value: string | null | undefined): number | null {
  const n = toNumber(value);
  return n === null ? null : roundTo(n, 2);
}

/** A UPRN: a positive integer of at most 12 digits. */
export function toUprn(value: string | null | undefined): number | null {
  const n = toInteger(value);
  return n !== null && n > 0 && n < 1e12 ? n : null;
}

/** toUprn's answer in SQL for plain digits without a leading zero: their number. */
export const UPRN_SQL: SqlFastPath = {
  when: (c) => `regexp_full_match(${c}, '[1-9][0-9]{0,11}')`,
  then: (c) => `CAST(${c} AS BIGINT)`,
};

// Identifiers: postcodes and ONS area codes.
import { nullIfMissing } from './nulls';
import type { SqlFastPath } from '../field-rules';

const POSTCODE = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][A-Z]{2})$/;

/** Upper case with one space before the inward code (`tq95rp` → `TQ9 5RP`); other text only trimmed/upper-cased. */
export function normalisePostcode(value: string | null | undefined): string | null {
  const text = nullIfMissing(value)?.toUpperCase();
  if (text === undefined) return null;
  const m = POSTCODE.exec(text.replace(/\s+/g, ''));
  return m ? `${m[1]} ${m[2]}` : text;
}

/** normalisePostcode's answer in SQL for a postcode already in the normal form: itself. */
export const POSTCODE_SQL: SqlFastPath = {
  when: (c) => `regexp_full_match(${c}, '[A-Z]{1,2}[0-9][A-Z0-9]? [0-9][A-Z]{2}')`,
  then: (c) => c,
};

/** An ONS GSS code (E07000044); legacy register codes such as `00EM` or `16UD` cannot be joined, so null. */
export function toOnsCode(value: string | null | undefined): string | null {
  const text = nullIfMissing(value)?.toUpperCase();
  return text !== undefined && /^[EWSNLMK]\d{8}$/.test(text) ? text : null;
}

// Null-like markers. The register back-fills and placeholders mean "no data", not a value (ODC glossary:
// INVALID! = out of range, NO DATA!/NODATA! = not mandatory at lodgement, not recorded = added later).

export const NULL_MARKERS: ReadonlySet<string> = new Set([
  '',
  'no data!',
  'nodata!',
  'no data',
  'invalid!',
  'n/a',
  'not recorded',
  'null',
  '(null)',
  'not applicable',
]);

// Placeholder descriptions and template slots: `SAP05:Walls`, `%%MAINHEATCONTROL%%`,
// `*** INVALID INPUT Code : 57 ***`.
export const PLACEHOLDER = /^(?:SAP05:[A-Za-z-]+|%%[A-Z_]+%%|\*{3}.*\*{3})$/;

/** Whether a value means "no data"; multi-part values (`N/A | N/A`) are null-like when every part is. */
export function isNullLike(value: string | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (!value.includes('|')) {
    // Markers are short; a long value cannot be one (the common case for text).
    return value.length <= 40 && isNullLikePart(value);
  }
  return value.split('|').every(isNullLikePart);
}

function isNullLikePart(part: string): boolean {
  const t = part.trim();
  return NULL_MARKERS.has(t.toLowerCase()) || PLACEHOLDER.test(t);
}

/** The trimmed value, or null when it is missing or null-like. */
export function nullIfMissing(value: string | null | undefined): string | null {
  return isNullLike(value) ? null : value!.trim();
}

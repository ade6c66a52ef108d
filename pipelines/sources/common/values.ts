// Strict parsing of numeric cells: Number('') is 0 and Number(' 1e3 ') is 1000, so a regex gate comes first.

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A decimal number, or undefined when the text is not one. Surrounding spaces are allowed. */
export function parseDecimalCell(text: string): number | undefined {
  const t = text.trim();
  return DECIMAL.test(t) ? Number(t) : undefined;
}

/** A cell that is blank (null) or a decimal number; undefined when it is neither. */
export function parseOptionalDecimalCell(text: string): number | null | undefined {
  return text.trim() === '' ? null : parseDecimalCell(text);
}

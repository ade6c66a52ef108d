// Where a JSON value ends in UTF-8 bytes, found without parsing it: the index cuts the blocks' texts into
// pieces with it (stored-property.ts) and the API walks an `_mget` response as it arrives (serving/repository/
// mget.ts). JSON's structure is ASCII and no byte of a multi-byte character is below 0x80, so the ends fall
// where they would in the text. Both return -1 when the bytes stop before the value does: a text cut short
// to the one, a response still arriving to the other.

/**
 * The end (exclusive) of the string literal opening at `i`, or -1. Each quote is found by Buffer's indexOf
 * (memchr), then counted as the end unless an odd run of backslashes escapes it: most of a block's bytes are
 * in strings (~86 % of an EPC block's, 17 bytes a string on average), and this scans them ~1.7 times as fast
 * as a loop over every byte.
 */
export function stringEnd(b: Buffer, i: number): number {
  for (let from = i + 1; ;) {
    const quote = b.indexOf(34, from);
    if (quote < 0) return -1;
    let k = quote - 1;
    while (b[k] === 92) k--;
    if ((quote - 1 - k) % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** JSON's white space. */
export const isSpace = (c: number | undefined): boolean => c === 32 || c === 10 || c === 13 || c === 9;

/**
 * The end (exclusive) of the JSON value starting at `i`, or -1. A number, `true`, `false` or `null` ends at
 * the `,`, `}`, `]` or white space after it, so one at the very end of the bytes is not known to be whole.
 */
export function valueEnd(b: Buffer, i: number): number {
  const n = b.length;
  const c = b[i];
  if (c === 34) return stringEnd(b, i);
  if (c === 123 || c === 91) {
    let depth = 0;
    for (let j = i; j < n; j++) {
      const d = b[j]!;
      if (d === 34) {
        j = stringEnd(b, j) - 1;
        if (j < 0) return -1;
      } else if (d === 123 || d === 91) depth++;
      else if ((d === 125 || d === 93) && --depth === 0) return j + 1;
    }
    return -1;
  }
  let j = i;
  while (j < n && b[j] !== 44 && b[j] !== 125 && b[j] !== 93 && !isSpace(b[j])) j++;
  return j < n ? j : -1;
}

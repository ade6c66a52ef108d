// The byte-level fast path of certificate staging (stage-certificates.ts): recognises a "simple" row of a
// certificates file without building a string per field, and tells whether the loader would accept it.
//
// A row is simple when CsvParser would read it in the obvious way and toSourceRow would accept it: every
// field unquoted without `"` or CR, or quoted (opening quote at the field's start, `""` escapes, any bytes
// inside, closing quote followed by `,`, LF, CRLF or the end of the file), exactly `width` fields, a
// non-blank LMK_KEY and a LODGEMENT_DATE that isImpossibleDate does not reject. Anything else (broken
// quoting, a wrong column count, a CR on its own, a row the piece ends inside, a quarantined value) is not
// simple, and CsvParser and the loader decide it (stage-certificates-worker.ts): the scanner only has to be
// right when it says yes.
import { isImpossibleDate } from '../../sources/epc/england-wales';

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * Line breaks allowed inside one simple row's quoted fields; a row with more goes to CsvParser, whose
 * maxRowLines (10,000) decides it. Any bound at or below maxRowLines keeps the two in agreement.
 */
const MAX_ROW_LINES = 100;

// The bytes a field's scan stops at: , " LF CR.
const SPECIAL = new Uint8Array(256);
for (const b of [COMMA, QUOTE, LF, CR]) SPECIAL[b] = 1;

export interface RowScanner {
  /**
   * Scans the row starting at `pos` (a line start) of `buf`, whose text ends at `n` (`last`: the file ends
   * there too) and which holds a `"` at `n` (a sentinel: the loops need no bounds checks). Returns where
   * the next row starts, or -1 when the row is not simple. On success `end` is where the row's text ends
   * (its terminator excluded; `end === pos` for a blank line, which CsvParser skips) and `lines` the
   * physical lines it spans.
   */
  scan(buf: Buffer, pos: number, n: number, last: boolean): number;
  end: number;
  lines: number;
}

/**
 * A scanner for rows of `width` fields, checking the cells at `lmkIndex` and `dateIndex` (-1: no date
 * checked, as for recommendations).
 */
export function rowScanner(width: number, lmkIndex: number, dateIndex: number): RowScanner {
  const impossibleDate = impossibleDateCell();
  const scanner: RowScanner = {
    end: 0,
    lines: 0,
    scan(buf, pos, n, last) {
      let b = buf[pos]!;
      // A blank line (LF, CRLF, or a lone CR ending the file) is no row.
      if (b === LF || (b === CR && (pos + 1 < n ? buf[pos + 1] === LF : last))) {
        scanner.end = pos;
        scanner.lines = 1;
        return b === LF ? pos + 1 : Math.min(pos + 2, n);
      }
      let j = pos;
      let start = pos;
      let field = 0;
      let breaks = 0;
      let lmkStart = -1;
      let lmkEnd = -1;
      let dateStart = -1;
      let dateEnd = -1;
      for (;;) {
        if (b === QUOTE && j < n) {
          // Quoted field: to the quote not followed by another (a pair is an escaped quote).
          for (;;) {
            b = buf[++j]!;
            // Most bytes are above '"' (and LF): one comparison each.
            while (b > QUOTE) b = buf[++j]!;
            if (b === QUOTE) {
              if (j >= n) return -1; // the sentinel: no closing quote before the end
              if (j + 1 < n && buf[j + 1] === QUOTE) {
                j++;
                continue;
              }
              b = buf[++j]!;
              break;
            }
            if (b === LF && ++breaks > MAX_ROW_LINES) return -1;
          }
        } else {
          // Most bytes are above ',' and need no look-up.
          while (b > COMMA || SPECIAL[b] === 0) b = buf[++j]!;
        }
        // j is the byte after the field, b its value: a quote here (before the end) is in an unquoted field
        // or right after a closing one, both broken.
        if (field === lmkIndex) {
          lmkStart = start;
          lmkEnd = j;
        } else if (field === dateIndex) {
          dateStart = start;
          dateEnd = j;
        }
        if (b === COMMA && j < n) {
          if (++field >= width) return -1;
          start = ++j;
          b = buf[j]!;
          continue;
        }
        break;
      }
      const end = j;
      let next: number;
      if (j >= n) {
        if (!last) return -1;
        next = n;
      } else if (b === LF) {
        next = j + 1;
      } else if (b === CR && (j + 1 < n ? buf[j + 1] === LF : last)) {
        // CR: the row's end only right before its LF, or as the file's last byte.
        next = Math.min(j + 2, n);
      } else {
        return -1;
      }
      if (field + 1 !== width) return -1;
      if (isBlank(buf, lmkStart, lmkEnd)) return -1;
      if (dateIndex >= 0 && impossibleDate(buf, dateStart, dateEnd)) return -1;
      scanner.end = end;
      scanner.lines = breaks + 1;
      return next;
    },
  };
  return scanner;
}

const isDigit = (b: number): boolean => b >= 48 && b <= 57;

/**
 * isImpossibleDate of a cell, remembered by its day: the verdict on a cell starting YYYY-MM-DD depends on
 * those ten characters only (the rest is ignored, and there is nothing to trim before them).
 */
function impossibleDateCell(): (buf: Buffer, start: number, end: number) => boolean {
  const byDay = new Map<number, boolean>();
  return (buf, start, end) => {
    const s = start < end && buf[start] === QUOTE ? start + 1 : start;
    if (s + 10 > end) return start < end && isImpossibleDate(cellText(buf, start, end));
    let day = 0;
    for (let k = s; k < s + 10; k++) {
      const b = buf[k]!;
      if (k === s + 4 || k === s + 7) {
        if (b !== 45) return isImpossibleDate(cellText(buf, start, end));
      } else if (isDigit(b)) {
        day = day * 10 + b - 48;
      } else {
        return isImpossibleDate(cellText(buf, start, end));
      }
    }
    let known = byDay.get(day);
    if (known === undefined) {
      known = isImpossibleDate(buf.toString('latin1', s, s + 10));
      byDay.set(day, known);
    }
    return known;
  };
}

/** A cell's value (a quoted cell unquoted and unescaped), as CsvParser gives it. */
function cellText(buf: Buffer, start: number, end: number): string {
  if (start < end && buf[start] === QUOTE)
    return buf.toString('utf8', start + 1, end - 1).replaceAll('""', '"');
  return buf.toString('utf8', start, end);
}

/** Whether a cell's value is empty after String#trim (decoded only when it holds non-ASCII bytes). */
function isBlank(buf: Buffer, start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const b = buf[k]!;
    if (b >= 0x80) return cellText(buf, start, end).trim() === '';
    // A quoted cell's own quotes are not in its value; any other quote (escaped) is.
    if (b === QUOTE && (k === start || k === end - 1)) continue;
    if (b !== 32 && (b < 9 || b > 13)) return false;
  }
  return true;
}

// Text damaged on its way through Windows tools: UTF-8 read as Windows-1252 (`mÂ²`, `Ã©`), `²` lost to `?`
// or written as an HTML entity (`W/m?K`, `W/m&#0178;K`), and HTML entities in Scottish text (`&amp;`).

// Windows-1252 characters for bytes 0x80-0x9F (so a UTF-8 sequence read as Windows-1252 can be re-read).
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

function byteOf(ch: string): number {
  const code = ch.charCodeAt(0);
  if (code <= 0xff) return code;
  const i = CP1252_HIGH.indexOf(ch);
  return i === -1 ? -1 : 0x80 + i;
}

const CONTINUATION = `[\\u0080-\\u00BF${CP1252_HIGH}]`;
// A UTF-8 lead byte (as a Latin-1 character) followed by the right number of continuation bytes.
const DOUBLE_ENCODED = new RegExp(
  `[\\u00C2-\\u00DF]${CONTINUATION}|[\\u00E0-\\u00EF]${CONTINUATION}{2}|[\\u00F0-\\u00F4]${CONTINUATION}{3}`,
  'g',
);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Re-read UTF-8 that was decoded as Windows-1252: `mÂ²` → `m²`, `CafÃ©` → `Café`. Valid text is unchanged. */
export function repairDoubleEncoding(text: string): string {
  if (!/[\u00C2-\u00F4]/.test(text)) return text;
  return text.replace(DOUBLE_ENCODED, (seq) => {
    const bytes = [...seq].map(byteOf);
    if (bytes.includes(-1)) return seq;
    try {
      return utf8.decode(new Uint8Array(bytes));
    } catch {
      return seq;
    }
  });
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  sup2: '²',
  sup3: '³',
  pound: '£',
  deg: '°',
};

/** Decode HTML entities: `&amp;` → `&`, `&#0178;` → `²`, `&#xB2;` → `²`. Unknown entities are left. */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z][a-z0-9]{1,7}));/gi,
    (entity, dec, hex, name) => {
      if (dec !== undefined || hex !== undefined) {
        const code = dec !== undefined ? Number(dec) : parseInt(hex as string, 16);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return NAMED_ENTITIES[(name as string).toLowerCase()] ?? entity;
    },
  );
}

/** The U-value unit in its many spellings → `W/m²K` (`W/m?K`, `W/m2K`, `W/m^2K`, `W/m²K`). */
export function fixUnitSymbols(text: string): string {
  return text.replace(/W\s*\/\s*m(?:\?|2|\^2|²)\s*K/g, 'W/m²K');
}

/** All of the above, in the order the damage happened (entities and double encoding before units). */
export function fixMojibake(text: string): string {
  return fixUnitSymbols(repairDoubleEncoding(decodeHtmlEntities(text)));
}

// A small XLSX (Office Open XML spreadsheet) reader and writer: the publishers we load (DESNZ fuel poverty,
// sub-national energy consumption) ship workbooks, and no xlsx package is available here. An .xlsx is a zip
// (fflate) of XML parts; we need only the cell values, so the reader resolves sheet names through
// xl/workbook.xml and its relationships, reads xl/sharedStrings.xml, and turns each <row>/<c> of a sheet into
// text cells placed by their A1 reference (Excel omits empty cells, so positions come from `r`, not order).
// Styles, formulas and dates-as-serials are not interpreted: every cell is returned as the text it holds.
import { readFile } from 'node:fs/promises';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { DataError } from './errors';

export interface XlsxRow {
  /** 1-based sheet row number (as Excel shows it). */
  row: number;
  /** Cell texts by 0-based column; missing cells are ''. */
  cells: string[];
}

export interface XlsxSheet {
  name: string;
  rows: XlsxRow[];
}

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;

/** XML text → string: the five named entities, numeric references and OOXML's `_xHHHH_` escapes. */
export function decodeXmlText(text: string): string {
  return text
    .replace(ENTITY, (_, e: string) => {
      switch (e) {
        case 'amp':
          return '&';
        case 'lt':
          return '<';
        case 'gt':
          return '>';
        case 'quot':
          return '"';
        case 'apos':
          return "'";
        default:
          return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
      }
    })
    .replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const escapeXml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(
      // XML 1.0 cannot hold these control characters; OOXML escapes them as _xHHHH_.
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g,
      (c) => `_x${c.charCodeAt(0).toString(16).padStart(4, '0')}_`,
    );

/** Attribute value from an element's start tag text. */
function attribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(tag);
  return m ? decodeXmlText(m[1]!) : undefined;
}

/** All <t> texts inside a fragment, concatenated (rich-text runs), skipping phonetic <rPh> runs. */
function textRuns(fragment: string): string {
  const plain = fragment.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  let out = '';
  for (const m of plain.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g))
    out += decodeXmlText(m[1] ?? '');
  return out;
}

/** 'A' → 0, 'Z' → 25, 'AA' → 26. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

function parseSharedStrings(xml: string | undefined): string[] {
  if (!xml) return [];
  return [...xml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => textRuns(m[1] ?? ''));
}

function parseSheetXml(xml: string, shared: readonly string[], name: string): XlsxRow[] {
  const rows: XlsxRow[] = [];
  let implicitRow = 0;
  for (const rm of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const r = attribute(rm[1]!, 'r');
    const rowNumber = r === undefined ? implicitRow + 1 : Number(r);
    implicitRow = rowNumber;
    const cells: string[] = [];
    let implicitCol = -1;
    for (const cm of (rm[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const tag = cm[1]!;
      const ref = attribute(tag, 'r');
      const col = ref ? columnIndex(/^[A-Z]+/i.exec(ref)![0]) : implicitCol + 1;
      implicitCol = col;
      const body = cm[2] ?? '';
      const type = attribute(tag, 't') ?? 'n';
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let text: string;
      if (type === 's') {
        const i = Number(v);
        if (!Number.isInteger(i) || i < 0 || i >= shared.length)
          throw new DataError(`sheet "${name}" cell ${ref ?? '?'}: shared string ${v} out of range`);
        text = shared[i]!;
      } else if (type === 'inlineStr') text = textRuns(/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '');
      else if (type === 'b') text = v === '1' ? 'TRUE' : v === '0' ? 'FALSE' : '';
      else text = v === undefined ? '' : decodeXmlText(v);
      while (cells.length < col) cells.push('');
      cells[col] = text;
    }
    rows.push({ row: rowNumber, cells });
  }
  return rows;
}

/** Resolves a relationship target against xl/ (targets are relative to the workbook part or absolute). */
function partPath(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = `xl/${target}`.split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.') out.push(p);
  }
  return out.join('/');
}

export class XlsxWorkbook {
  private readonly shared: string[];
  /** Sheet name → part path, in workbook order. */
  readonly sheetParts: ReadonlyMap<string, string>;

  private constructor(
    private readonly files: Record<string, Uint8Array>,
    readonly source: string,
  ) {
    const text = (path: string): string | undefined => (files[path] ? strFromU8(files[path]) : undefined);
    const workbook = text('xl/workbook.xml');
    if (!workbook) throw new DataError(`${source}: not an XLSX workbook (no xl/workbook.xml)`);
    const rels = new Map<string, string>();
    for (const m of (text('xl/_rels/workbook.xml.rels') ?? '').matchAll(/<Relationship\b([^>]*)\/?>/g)) {
      const id = attribute(m[1]!, 'Id');
      const target = attribute(m[1]!, 'Target');
      if (id && target) rels.set(id, partPath(target));
    }
    const sheets = new Map<string, string>();
    for (const m of workbook.matchAll(/<sheet\b([^>]*)\/?>/g)) {
      const name = attribute(m[1]!, 'name');
      const rid = attribute(m[1]!, 'r:id');
      const part = rid ? rels.get(rid) : undefined;
      if (name !== undefined && part) sheets.set(name, part);
    }
    this.sheetParts = sheets;
    this.shared = parseSharedStrings(text('xl/sharedStrings.xml'));
  }

  static fromBytes(bytes: Uint8Array, source = 'workbook'): XlsxWorkbook {
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(bytes);
    } catch (error) {
      throw new DataError(`${source}: not an XLSX file (not a zip: ${(error as Error).message})`);
    }
    return new XlsxWorkbook(files, source);
  }

  static async open(path: string): Promise<XlsxWorkbook> {
    return XlsxWorkbook.fromBytes(new Uint8Array(await readFile(path)), path);
  }

  get sheetNames(): string[] {
    return [...this.sheetParts.keys()];
  }

  sheet(name: string): XlsxSheet {
    const part = this.sheetParts.get(name);
    const bytes = part ? this.files[part] : undefined;
    if (!bytes)
      throw new DataError(`${this.source}: no sheet "${name}" (sheets: ${this.sheetNames.join(', ')})`);
    return { name, rows: parseSheetXml(strFromU8(bytes), this.shared, name) };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Writer (for the sample-data generator and test fixtures): strings go to the shared-string table, as Excel
// writes them; numbers are plain <v> cells; null leaves the cell out, as Excel does for blank cells.

export type XlsxCellValue = string | number | null;

export interface XlsxSheetInput {
  name: string;
  rows: XlsxCellValue[][];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

export function writeXlsx(sheets: readonly XlsxSheetInput[]): Uint8Array {
  const shared: string[] = [];
  const sharedIndex = new Map<string, number>();
  const stringRef = (s: string): number => {
    let i = sharedIndex.get(s);
    if (i === undefined) {
      i = shared.length;
      shared.push(s);
      sharedIndex.set(s, i);
    }
    return i;
  };
  const files: Record<string, Uint8Array> = {};
  sheets.forEach((sheet, s) => {
    const rows = sheet.rows.map((cells, r) => {
      const xml = cells
        .map((value, c) => {
          if (value === null || value === '') return '';
          const ref = `${columnLetters(c)}${r + 1}`;
          if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
          return `<c r="${ref}" t="s"><v>${stringRef(value)}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${xml}</row>`;
    });
    files[`xl/worksheets/sheet${s + 1}.xml`] = strToU8(
      `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheetData>${rows.join('')}</sheetData></worksheet>`,
    );
  });
  files['xl/sharedStrings.xml'] = strToU8(
    `${XML_HEAD}<sst xmlns="${NS_MAIN}" count="${shared.length}" uniqueCount="${shared.length}">${shared
      .map((t) => `<si><t xml:space="preserve">${escapeXml(t)}</t></si>`)
      .join('')}</sst>`,
  );
  files['xl/workbook.xml'] = strToU8(
    `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheets>${sheets
      .map((sh, i) => `<sheet name="${escapeXml(sh.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`,
  );
  const sheetRels = sheets.map(
    (_, i) =>
      `<Relationship Id="rId${i + 1}" Type="${NS_REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  );
  files['xl/_rels/workbook.xml.rels'] = strToU8(
    `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">${sheetRels.join('')}<Relationship Id="rId${
      sheets.length + 1
    }" Type="${NS_REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  files['_rels/.rels'] = strToU8(
    `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  const ct = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  files['[Content_Types].xml'] = strToU8(
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${ct}.sheet.main+xml"/>${sheets
      .map(
        (_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${ct}.worksheet+xml"/>`,
      )
      .join('')}<Override PartName="/xl/sharedStrings.xml" ContentType="${ct}.sharedStrings+xml"/></Types>`,
  );
  // A fixed timestamp keeps generated workbooks byte-identical between runs (the generator is deterministic).
  return zipSync(files, { level: 6, mtime: new Date('2025-01-01T00:00:00Z') });
}

/** Index (in `sheet.rows`) of the first of the top `scan` rows that `isHeader` accepts, or -1. */
export function findHeaderRow(sheet: XlsxSheet, isHeader: (cells: string[]) => boolean, scan = 30): number {
  return sheet.rows.slice(0, scan).findIndex((r) => isHeader(r.cells));
}

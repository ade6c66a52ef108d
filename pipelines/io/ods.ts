// A small OpenDocument spreadsheet (.ods) reader and writer: the Welsh Government publishes WIMD as ODS
// (wales-scotland.md 3.1). An .ods is a zip whose `content.xml` holds every sheet as <table:table
// table:name="…"> of <table:table-row>s of <table:table-cell>s. Like io/xlsx, only cell values are read, as
// text: a cell's `office:value` for numbers (the full value, not the formatted text), `office:date-value` for
// dates, `office:boolean-value` for booleans, else its <text:p> paragraphs joined by newlines (with
// <text:s text:c="n"/> as n spaces). Runs are compressed: `table:number-columns-repeated` and
// `table:number-rows-repeated` repeat a cell or row (LibreOffice pads sheets with one empty cell repeated to
// column 1024 and one empty row repeated to row 1,048,576); repeated empty cells and rows advance the
// position without being materialised. The rows returned have the XlsxSheet shape, so header finding and
// loaders serve both formats.
import { readFile } from 'node:fs/promises';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { DataError } from './errors';
import { decodeXmlText, type XlsxCellValue, type XlsxRow, type XlsxSheet } from './xlsx';

function attribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(tag);
  return m ? decodeXmlText(m[1]!) : undefined;
}

/** The text of a cell body: paragraphs joined by newlines; <text:s/>, <text:tab/>, <text:line-break/>. */
function cellText(body: string): string {
  const paragraphs = [...body.matchAll(/<text:(?:p|h)\b[^>]*?(?:\/>|>([\s\S]*?)<\/text:(?:p|h)>)/g)].map(
    (m) =>
      decodeXmlText(
        (m[1] ?? '')
          .replace(/<text:s\b([^>]*?)\/>/g, (_, a: string) => ' '.repeat(Number(attribute(a, 'text:c') ?? 1)))
          .replace(/<text:tab\b[^>]*\/>/g, '\t')
          .replace(/<text:line-break\b[^>]*\/>/g, '\n')
          .replace(/<[^>]+>/g, ''),
      ),
  );
  return paragraphs.join('\n');
}

function cellValue(tag: string, body: string): string {
  const type = attribute(tag, 'office:value-type') ?? attribute(tag, 'calcext:value-type');
  if (type === 'float' || type === 'percentage' || type === 'currency')
    return attribute(tag, 'office:value') ?? cellText(body);
  if (type === 'date') return attribute(tag, 'office:date-value') ?? cellText(body);
  if (type === 'time') return attribute(tag, 'office:time-value') ?? cellText(body);
  if (type === 'boolean') {
    const b = attribute(tag, 'office:boolean-value');
    return b === 'true' ? 'TRUE' : b === 'false' ? 'FALSE' : cellText(body);
  }
  return cellText(body);
}

const CELL = /<table:(?:covered-)?table-cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/table:(?:covered-)?table-cell>)/g;
const ROW = /<table:table-row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-row>)/g;

function parseTable(xml: string, name: string): XlsxSheet {
  const rows: XlsxRow[] = [];
  let rowNumber = 0;
  for (const rm of xml.matchAll(ROW)) {
    const rowRepeat = Number(attribute(rm[1]!, 'table:number-rows-repeated') ?? 1);
    const cells: string[] = [];
    let col = 0;
    for (const cm of (rm[2] ?? '').matchAll(CELL)) {
      const repeat = Number(attribute(cm[1]!, 'table:number-columns-repeated') ?? 1);
      const text = cellValue(cm[1]!, cm[2] ?? '');
      if (text !== '') {
        // A repeated non-empty cell is written out (rare: a run of equal values).
        for (let k = 0; k < repeat; k++) {
          while (cells.length < col) cells.push('');
          cells[col++] = text;
        }
      } else col += repeat;
    }
    const empty = cells.length === 0;
    // Repeated rows are materialised only when they hold values (padding rows are empty).
    for (let k = 0; k < (empty ? 1 : rowRepeat); k++) {
      rowNumber++;
      if (!empty) rows.push({ row: rowNumber, cells: [...cells] });
    }
    if (empty) rowNumber += rowRepeat - 1;
  }
  return { name, rows };
}

export class OdsWorkbook {
  private readonly tables: Map<string, string>;

  private constructor(
    content: string,
    readonly source: string,
  ) {
    this.tables = new Map();
    for (const m of content.matchAll(/<table:table\b([^>]*)>([\s\S]*?)<\/table:table>/g)) {
      const name = attribute(m[1]!, 'table:name');
      if (name !== undefined) this.tables.set(name, m[2]!);
    }
  }

  static fromBytes(bytes: Uint8Array, source = 'workbook'): OdsWorkbook {
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(bytes, { filter: (f) => f.name === 'content.xml' || f.name === 'mimetype' });
    } catch (error) {
      throw new DataError(`${source}: not an ODS file (not a zip: ${(error as Error).message})`);
    }
    const mimetype = files.mimetype ? strFromU8(files.mimetype).trim() : undefined;
    if (!files['content.xml'] || (mimetype && mimetype !== 'application/vnd.oasis.opendocument.spreadsheet'))
      throw new DataError(`${source}: not an OpenDocument spreadsheet (mimetype ${mimetype ?? 'missing'})`);
    return new OdsWorkbook(strFromU8(files['content.xml']), source);
  }

  static async open(path: string): Promise<OdsWorkbook> {
    return OdsWorkbook.fromBytes(new Uint8Array(await readFile(path)), path);
  }

  get sheetNames(): string[] {
    return [...this.tables.keys()];
  }

  sheet(name: string): XlsxSheet {
    const xml = this.tables.get(name);
    if (xml === undefined)
      throw new DataError(`${this.source}: no sheet "${name}" (sheets: ${this.sheetNames.join(', ')})`);
    return parseTable(xml, name);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Writer (sample data and fixtures): numbers as float cells with office:value, strings as string cells, null
// as an empty cell; runs of empty cells and a padding row compressed with the repeat attributes, as
// LibreOffice writes them. `mimetype` is the first entry, stored uncompressed (the ODF packaging rule).

const esc = (t: string): string =>
  t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A string cell's paragraph: runs of two or more spaces as <text:s text:c/> (ODF collapses plain spaces). */
function paragraph(text: string): string {
  return `<text:p>${esc(text)
    .replace(/^ /, '<text:s/>')
    .replace(/ {2,}/g, (s) => ` <text:s text:c="${s.length - 1}"/>`)
    .replace(/ $/, '<text:s/>')}</text:p>`;
}

export function writeOds(sheets: readonly { name: string; rows: XlsxCellValue[][] }[]): Uint8Array {
  const tables = sheets.map((sheet) => {
    const width = Math.max(1, ...sheet.rows.map((r) => r.length));
    const rows = sheet.rows.map((cells) => {
      let xml = '';
      let blanks = 0;
      const flush = () => {
        if (blanks > 1) xml += `<table:table-cell table:number-columns-repeated="${blanks}"/>`;
        else if (blanks === 1) xml += '<table:table-cell/>';
        blanks = 0;
      };
      for (const v of cells) {
        if (v === null || v === '') {
          blanks++;
          continue;
        }
        flush();
        xml +=
          typeof v === 'number'
            ? `<table:table-cell office:value-type="float" office:value="${v}" calcext:value-type="float"><text:p>${v}</text:p></table:table-cell>`
            : `<table:table-cell office:value-type="string" calcext:value-type="string">${paragraph(v)}</table:table-cell>`;
      }
      blanks += 1024 - cells.length;
      flush();
      return `<table:table-row table:style-name="ro1">${xml}</table:table-row>`;
    });
    const padding = `<table:table-row table:style-name="ro1" table:number-rows-repeated="${
      1048576 - sheet.rows.length
    }"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>`;
    return `<table:table table:name="${esc(sheet.name)}" table:style-name="ta1"><table:table-column table:number-columns-repeated="${width}"/>${rows.join('')}${padding}</table:table>`;
  });
  const content =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
    'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" office:version="1.3">' +
    `<office:body><office:spreadsheet>${tables.join('')}</office:spreadsheet></office:body></office:document-content>`;
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">' +
    '<manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>' +
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>';
  const mtime = new Date('2025-01-01T00:00:00Z');
  return zipSync(
    {
      mimetype: [strToU8('application/vnd.oasis.opendocument.spreadsheet'), { level: 0 }],
      'content.xml': strToU8(content),
      'META-INF/manifest.xml': strToU8(manifest),
    },
    { level: 6, mtime },
  );
}

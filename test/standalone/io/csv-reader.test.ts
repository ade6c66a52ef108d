import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectEncoding, parseCsv, readCsv, type CsvRow } from '../../../pipelines/io/csv-reader';

const fields = (rows: CsvRow[]) => rows.map((r) => (r.ok ? r.fields : { malformed: r.reason, line: r.line }));

async function collect(source: string | AsyncIterable<Uint8Array>, options = {}): Promise<CsvRow[]> {
  const rows: CsvRow[] = [];
  for await (const row of readCsv(source, options)) rows.push(row);
  return rows;
}

/** Feed bytes in tiny chunks so every row boundary falls inside a chunk at least once. */
async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('parseCsv', () => {
  it('splits plain rows and numbers lines from 1', () => {
    const rows = parseCsv('UPRN,X_COORDINATE\n1,470000.00\n2,470001.00\n');
    expect(fields(rows)).toEqual([
      ['UPRN', 'X_COORDINATE'],
      ['1', '470000.00'],
      ['2', '470001.00'],
    ]);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 3]);
  });

  it('handles CRLF and a last line without a terminator', () => {
    expect(fields(parseCsv('a,b\r\n1,2\r\n3,4'))).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('strips a UTF-8 BOM and its Latin-1 mojibake form', () => {
    expect(fields(parseCsv('\uFEFFUPRN,X\n'))).toEqual([['UPRN', 'X']]);
    expect(fields(parseCsv('ï»¿OSG_REFERENCE_NUMBER,POSTCODE\n'))).toEqual([
      ['OSG_REFERENCE_NUMBER', 'POSTCODE'],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and newlines', () => {
    const text =
      'LMK_KEY,ADDRESS1,WALLS_DESCRIPTION\n' +
      '123,"Flat 2, 10 High Street","Cavity wall, as built, insulated (assumed)"\n' +
      '124,"The ""Old"" Mill","Line one\nline two"\n' +
      '125,x,y\n';
    const rows = parseCsv(text);
    expect(fields(rows)).toEqual([
      ['LMK_KEY', 'ADDRESS1', 'WALLS_DESCRIPTION'],
      ['123', 'Flat 2, 10 High Street', 'Cavity wall, as built, insulated (assumed)'],
      ['124', 'The "Old" Mill', 'Line one\nline two'],
      ['125', 'x', 'y'],
    ]);
    // The row after a two-line row starts on physical line 5.
    expect(rows.map((r) => r.line)).toEqual([1, 2, 3, 5]);
    expect(rows[2]!.raw).toBe('124,"The ""Old"" Mill","Line one\nline two"');
  });

  it('keeps empty fields, quoted and unquoted, and an empty last field', () => {
    expect(fields(parseCsv('a,"",c,\n'))).toEqual([['a', '', 'c', '']]);
  });

  it('skips blank lines but keeps counting them', () => {
    const rows = parseCsv('a,b\n\n1,2\r\n\r\n3,4\n');
    expect(rows.map((r) => r.line)).toEqual([1, 3, 5]);
  });

  it('reports a quote inside an unquoted field and carries on', () => {
    const rows = parseCsv('a,b\n1,12" pipe\n2,ok\n');
    expect(fields(rows)).toEqual([
      ['a', 'b'],
      { malformed: 'quote inside an unquoted field', line: 2 },
      ['2', 'ok'],
    ]);
    expect(rows[1]!.raw).toBe('1,12" pipe');
  });

  it('reports text after a closing quote', () => {
    const rows = parseCsv('"abc"def,1\n2,3\n');
    expect(fields(rows)).toEqual([
      { malformed: 'unexpected character after closing quote', line: 1 },
      ['2', '3'],
    ]);
  });

  it('reports an unterminated quote at end of file and recovers the lines after it', () => {
    const rows = parseCsv('a,b\n1,"never closed\n2,3\n');
    expect(fields(rows)).toEqual([
      ['a', 'b'],
      { malformed: 'unterminated quoted field', line: 2 },
      ['2', '3'],
    ]);
  });

  it('gives up on a quoted field longer than maxRowLines', () => {
    const rows = parseCsv('1,"open\n2\n3\n4\n5,"x"\n', { maxRowLines: 2 });
    expect(rows[0]).toMatchObject({ ok: false, line: 1, reason: 'unterminated quoted field' });
    expect(fields(rows.slice(1))).toEqual([['2'], ['3'], ['4'], ['5', 'x']]);
  });
});

describe('readCsv', () => {
  const text = '\uFEFFa,b,c\r\n1,"x, y","multi\r\nline ""q"""\r\n2,£3,"m²"\r\n3,,\r\n"4","5","6"';
  const expected = [
    ['a', 'b', 'c'],
    ['1', 'x, y', 'multi\r\nline "q"'],
    ['2', '£3', 'm²'],
    ['3', '', ''],
    ['4', '5', '6'],
  ];

  it('gives the same rows whatever the chunk boundaries (including inside multi-byte characters)', async () => {
    const bytes = Buffer.from(text, 'utf8');
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const rows = await collect(chunked(bytes, size));
      expect(fields(rows), `chunk size ${size}`).toEqual(expected);
      expect(rows.map((r) => r.line)).toEqual([1, 2, 4, 5, 6]);
    }
  });

  it('reads a file from disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'csv-'));
    const path = join(dir, 'f.csv');
    await writeFile(path, text, 'utf8');
    expect(fields(await collect(path))).toEqual(expected);
  });

  it('decodes latin1 as Windows-1252', async () => {
    // 0xA3 = £ in Latin-1; 0x80 = € in Windows-1252; 0xB2 = ².
    const bytes = Buffer.from([0x61, 0x2c, 0xa3, 0x80, 0x0a, 0x6d, 0xb2, 0x2c, 0x31, 0x0a]);
    expect(fields(await collect(chunked(bytes, 3), { encoding: 'latin1' }))).toEqual([
      ['a', '£€'],
      ['m²', '1'],
    ]);
  });
});

describe('detectEncoding', () => {
  it('tells UTF-8 from Windows-1252 bytes', () => {
    expect(detectEncoding(Buffer.from('Total floor area (m²)', 'utf8'))).toBe('utf8');
    expect(detectEncoding(Buffer.from([0x6d, 0xb2]))).toBe('latin1');
    // A multi-byte character cut at the end of the sample is still UTF-8.
    expect(detectEncoding(Buffer.from('m²', 'utf8').subarray(0, 2))).toBe('utf8');
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv, readCsv, type CsvEncoding, type CsvRecord } from '../../../../pipelines/io/csv-reader';
import { csvText, queryParquet } from '../../../../pipelines/io/parquet';
import type { QuarantinedRow } from '../../../../pipelines/io/quarantine';
import {
  readEnglandWalesCertificates,
  readEnglandWalesRecommendations,
} from '../../../../pipelines/sources/epc/england-wales';
import {
  stageEnglandWalesCertificates,
  stageEnglandWalesRecommendations,
} from '../../../../pipelines/transforms/epc/stage-certificates';
import { LEGACY_HEADER, SOUTH_HAMS_FLAT, legacyRow } from '../../sources/epc-fixtures';

const dir = mkdtempSync(join(tmpdir(), 'pds-epc-stage-'));

// Rows spanning lines (quoted addresses with line breaks, CRLF endings), broken in every way the loader
// quarantines or CsvParser reads oddly, blank lines, a BOM, and a last line without its LF.
function messyFile(): string {
  const lines = [`\uFEFF${LEGACY_HEADER}`];
  for (let i = 0; i < 240; i++) {
    const row = legacyRow({
      ...SOUTH_HAMS_FLAT,
      LMK_KEY: `lmk${i}`,
      ADDRESS1: i % 7 === 0 ? `Flat ${i},\nThe "Old" Mill\r\nSecond line` : `${i} Fore Street`,
      ADDRESS2: i % 11 === 0 ? 'Cr\u00e8me \u2013 Caf\u00e9' : '',
      LODGEMENT_DATE: `20${10 + (i % 14)}-0${1 + (i % 9)}-1${i % 10}`,
    });
    if (i % 31 === 5) lines.push(row.replace('Fore Street', 'Fore "Street'));
    else if (i % 37 === 6) lines.push(`${row},extra`);
    else if (i % 41 === 7) lines.push(row.replace(`lmk${i}`, i % 2 ? '' : '"  "'));
    else if (i % 43 === 8) lines.push(row.replace(/20\d\d-0\d-1\d/, i % 2 ? '2019-02-30' : '"2019-02-30 x"'));
    else if (i % 47 === 9) lines.push(row.replace('Fore Street', 'Fore\rStreet'));
    else if (i % 53 === 10) lines.push(`${row}\r\r`);
    else if (i % 59 === 11) lines.push(row.replace(`lmk${i}`, `"lmk""${i}"`), '', '\r');
    else if (i % 61 === 12) lines.push(row.replace(`lmk${i}`, `"lmk${i}"x`));
    else lines.push(i % 3 === 0 ? `${row}\r` : row);
  }
  const file = join(dir, 'certificates.csv');
  writeFileSync(file, lines.join('\n'));
  return file;
}

interface Staged {
  text: string;
  quarantine: QuarantinedRow[];
  rows: number;
}

type Kind = 'certificates' | 'recommendations';

/** What staging must write: the loader's accepted rows with CsvParser's text of each, and its quarantine. */
async function expected(
  file: string,
  encoding: CsvEncoding = 'utf8',
  kind: Kind = 'certificates',
): Promise<Staged> {
  const records = new Map<number, CsvRecord>();
  for await (const row of readCsv(file, { encoding })) if (row.ok) records.set(row.line, row);
  const lines: string[] = [];
  const quarantine: QuarantinedRow[] = [];
  const read = kind === 'certificates' ? readEnglandWalesCertificates : readEnglandWalesRecommendations;
  for await (const row of read(file, { encoding })) {
    if (!row.ok) {
      quarantine.push(row.row);
      continue;
    }
    // A row with a CR outside its quoted fields is staged as its fields, the others as their text.
    const { raw, fields } = records.get(row.line)!;
    const bareCr = raw.replace(/"(?:[^"]|"")*"/g, '').includes('\r');
    lines.push(`${row.line},${bareCr ? fields.map(csvText).join(',') : raw}\n`);
  }
  return { text: lines.join(''), quarantine, rows: lines.length };
}

async function stage(
  file: string,
  options: { workers: number; pieceBytes: number; encoding?: CsvEncoding },
  kind: Kind = 'certificates',
): Promise<Staged> {
  const staging = join(dir, `staged-${options.workers}-${options.pieceBytes}.csv`);
  const quarantine: QuarantinedRow[] = [];
  const run = kind === 'certificates' ? stageEnglandWalesCertificates : stageEnglandWalesRecommendations;
  const result = await run(file, staging, {
    ...options,
    onQuarantine: (row) => quarantine.push(row),
  });
  expect(result.quarantined).toBe(quarantine.length);
  return { text: readFileSync(staging, 'utf8'), quarantine, rows: result.rows };
}

describe('stageEnglandWalesCertificates', () => {
  it('stages the rows, lines and quarantine of the loader, however the file is cut', async () => {
    const file = messyFile();
    const want = await expected(file);
    expect(want.rows).toBeGreaterThan(200);
    expect(new Set(want.quarantine.map((q) => q.reason)).size).toBeGreaterThanOrEqual(5);
    // The staging file read back: per line, the row's source line and then its fields.
    const records = new Map<number, CsvRecord>();
    for await (const row of readCsv(file)) if (row.ok) records.set(row.line, row);
    const back = parseCsv(want.text);
    expect(back).toHaveLength(want.rows);
    for (const row of back) {
      expect(row.ok).toBe(true);
      const [line, ...fields] = (row as CsvRecord).fields;
      expect(fields).toEqual(records.get(Number(line))!.fields);
    }

    for (const [workers, pieceBytes] of [
      [0, 64],
      [0, 777],
      [2, 64],
      [2, 1500],
      [1, 4 << 20],
    ] as const) {
      const got = await stage(file, { workers, pieceBytes });
      expect(got.text, `workers ${workers}, pieces of ${pieceBytes} bytes`).toBe(want.text);
      expect(got.quarantine).toEqual(want.quarantine);
      expect(got.rows).toBe(want.rows);
    }
  }, 120_000);

  it('agrees with the loader on random rows of quotes, commas, line breaks and spaces', async () => {
    // Seeded PRNG (mulberry32): the same rows every run.
    let seed = 20261122;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const chars = ['a', ',', '"', '\n', '\r', ' '];
    const cells = [
      'a',
      '',
      ' ',
      '"a,\n"',
      '"a""a"',
      '"\r\n"',
      '""',
      '2019-02-30',
      '"2019-02-28"',
      ' 2019-02-29',
    ];
    // Many small files, so that files end in every way too.
    let rows = 0;
    let quarantined = 0;
    for (let f = 0; f < 40; f++) {
      const lines: string[] = [];
      for (let i = 0; i < 75; i++) {
        // Half the rows are cells of the right kind (mostly four of them), half any characters at all.
        lines.push(
          random() < 0.5
            ? Array.from({ length: random() < 0.8 ? 4 : 3 }, () => pick(cells)).join(',')
            : Array.from({ length: Math.floor(random() * 12) }, () => pick(chars)).join(''),
        );
      }
      // The same rows as certificates and as recommendations (no date check there).
      const file = join(dir, 'random.csv');
      for (const [kind, header] of [
        ['certificates', 'LMK_KEY,POSTCODE,CURRENT_ENERGY_RATING,LODGEMENT_DATE'],
        ['recommendations', 'LMK_KEY,IMPROVEMENT_ITEM,INDICATIVE_COST,IMPROVEMENT_ID'],
      ] as const) {
        writeFileSync(file, `${header}\n${lines.join('\n')}`);
        const want = await expected(file, 'utf8', kind);
        rows += want.rows;
        quarantined += want.quarantine.length;
        for (const [workers, pieceBytes] of [
          [0, 64],
          [0, 500],
          ...(f % 10 === 0 ? [[1, 200] as const] : []),
        ] as const) {
          const got = await stage(file, { workers, pieceBytes }, kind);
          expect(got.text).toBe(want.text);
          expect(got.quarantine).toEqual(want.quarantine);
        }
      }
    }
    expect(rows).toBeGreaterThan(600);
    expect(quarantined).toBeGreaterThan(600);
  }, 120_000);

  it('decodes a latin1 file to UTF-8', async () => {
    const file = join(dir, 'latin1.csv');
    const rows = [
      'LMK_KEY,POSTCODE,CURRENT_ENERGY_RATING,LODGEMENT_DATE',
      'k1,"Caf\xe9, \x93x\x94",D,2019-05-31',
    ];
    writeFileSync(file, Buffer.from(`${rows.join('\r\n')}\r\n`, 'latin1'));
    const got = await stage(file, { workers: 0, pieceBytes: 64, encoding: 'latin1' });
    expect(got.text).toBe('2,k1,"Caf\u00e9, \u201cx\u201d",D,2019-05-31\n');
    expect(got).toEqual(await expected(file, 'latin1'));
  });

  it('replaces bytes that are not UTF-8 as the loader does', async () => {
    const file = join(dir, 'invalid-utf8.csv');
    const header = Buffer.from('LMK_KEY,POSTCODE,CURRENT_ENERGY_RATING,LODGEMENT_DATE\n');
    const row = (lmk: string, postcode: Buffer) =>
      Buffer.concat([Buffer.from(`${lmk},"`), postcode, Buffer.from('",D,2019-05-31\n')]);
    const bad = Buffer.from([0x54, 0xff, 0xc3, 0x51, 0xe2, 0x82]); // a stray byte, cut sequences
    writeFileSync(file, Buffer.concat([header, row('k1', bad), row('k2', Buffer.from('Caf\u00e9'))]));
    const got = await stage(file, { workers: 0, pieceBytes: 64 });
    expect(got.text).toBe('2,k1,"T\ufffd\ufffdQ\ufffd",D,2019-05-31\n3,k2,"Caf\u00e9",D,2019-05-31\n');
    expect(got).toEqual(await expected(file));
  });

  it('is read back by DuckDB with the same fields as CsvParser (unquoted empty cells as NULL)', async () => {
    const file = join(dir, 'duckdb.csv');
    const rows = [
      'LMK_KEY,POSTCODE,CURRENT_ENERGY_RATING,LODGEMENT_DATE',
      'k1,"Flat 1,\r\nThe ""Mill""",,2019-05-31',
      'k2,"",D,"2019-05-31"\r',
      'k3,Fore\rStreet, ,2019-05-31', // a CR outside quotes: staged as its fields
      '"k4\n",x,y,',
    ];
    writeFileSync(file, rows.join('\n'));
    const staging = join(dir, 'duckdb-staged.csv');
    const result = await stageEnglandWalesCertificates(file, staging, { workers: 0 });
    expect(result).toEqual({
      header: ['LMK_KEY', 'POSTCODE', 'CURRENT_ENERGY_RATING', 'LODGEMENT_DATE'],
      rows: 4,
      quarantined: 0,
      longestLine: 'k1,"Flat 1,\r\nThe ""Mill""",,2019-05-31'.length,
    });
    const columns = ['source_line', ...result.header]
      .map((c, i) => `'${c}': '${i === 0 ? 'BIGINT' : 'VARCHAR'}'`)
      .join(', ');
    const got: Record<string, unknown>[] = [];
    for await (const row of queryParquet(
      `SELECT * FROM read_csv('${staging}', header = false, auto_detect = false, delim = ',', quote = '"', ` +
        `escape = '"', new_line = '\\n', nullstr = '', allow_quoted_nulls = false, ` +
        `max_line_size = 8388608, columns = {${columns}})`,
    )) {
      got.push(row);
    }
    expect(got).toEqual([
      {
        source_line: 2,
        LMK_KEY: 'k1',
        POSTCODE: 'Flat 1,\r\nThe "Mill"',
        CURRENT_ENERGY_RATING: null,
        LODGEMENT_DATE: '2019-05-31',
      },
      {
        source_line: 4,
        LMK_KEY: 'k2',
        POSTCODE: '',
        CURRENT_ENERGY_RATING: 'D',
        LODGEMENT_DATE: '2019-05-31',
      },
      {
        source_line: 5,
        LMK_KEY: 'k3',
        POSTCODE: 'Fore\rStreet',
        CURRENT_ENERGY_RATING: ' ',
        LODGEMENT_DATE: '2019-05-31',
      },
      { source_line: 6, LMK_KEY: 'k4\n', POSTCODE: 'x', CURRENT_ENERGY_RATING: 'y', LODGEMENT_DATE: null },
    ]);
    const parsed = parseCsv(rows.join('\n')).slice(1) as CsvRecord[];
    expect(
      got.map((r) =>
        Object.values(r)
          .slice(1)
          .map((v) => v ?? ''),
      ),
    ).toEqual(parsed.map((r) => r.fields));
  });

  it('refuses an empty file, a malformed header and a file of another format', async () => {
    const cases: [string, string][] = [
      ['', 'no header row'],
      ['"LMK_KEY,POSTCODE\n', 'header row is malformed'],
      ['OSG_REFERENCE_NUMBER,CURRENT_ENERGY_RATING\n', 'expected an EPC file of format'],
      ['LMK_KEY,CURRENT_ENERGY_RATING\n', 'missing column(s) POSTCODE, LODGEMENT_DATE'],
    ];
    for (const [text, error] of cases) {
      const file = join(dir, 'bad.csv');
      writeFileSync(file, text);
      await expect(
        stageEnglandWalesCertificates(file, join(dir, 'bad-staged.csv'), { workers: 0 }),
      ).rejects.toThrow(error);
    }
    // Recommendations: a certificates file, or one without IMPROVEMENT_ITEM, is refused.
    for (const [text, error] of [
      [`${LEGACY_HEADER}\n`, 'expected an EPC file of format ew-recommendations'],
      ['LMK_KEY,IMPROVEMENT_ITEM\n', ''],
    ] as const) {
      const file = join(dir, 'bad.csv');
      writeFileSync(file, text);
      const staging = stageEnglandWalesRecommendations(file, join(dir, 'bad-staged.csv'), { workers: 0 });
      if (error) await expect(staging).rejects.toThrow(error);
      else await expect(staging).resolves.toMatchObject({ rows: 0 });
    }
    const file = join(dir, 'header-only.csv');
    writeFileSync(file, `${LEGACY_HEADER}\r\n`);
    const result = await stageEnglandWalesCertificates(file, join(dir, 'empty-staged.csv'), { workers: 1 });
    expect(result).toMatchObject({ rows: 0, quarantined: 0 });
    expect(readFileSync(join(dir, 'empty-staged.csv'), 'utf8')).toBe('');
  });
});

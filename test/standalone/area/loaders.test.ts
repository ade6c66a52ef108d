// The area dataset loaders on files in the publishers' layouts: XLSX title rows and footnote-marked headers,
// CSV preambles, thousands separators, both HPI date forms; bad rows quarantined with file, line and reason.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceRow } from '../../../pipelines/io/quarantine';
import { columnIndex, columnLetters, writeXlsx, XlsxWorkbook } from '../../../pipelines/io/xlsx';
import { IOD_FILE7_HEADER } from '../../../pipelines/sample-data/area-datasets/deprivation';
import { HPI_HEADER } from '../../../pipelines/sample-data/area-datasets/hpi';
import { readDeprivation } from '../../../pipelines/sources/deprivation';
import { readEnergyUsage } from '../../../pipelines/sources/energy-usage';
import { normaliseFuelPovertyHeader, readFuelPoverty } from '../../../pipelines/sources/fuel-poverty';
import { parseHpiDate, readHpi } from '../../../pipelines/sources/hpi';
import { readRuralUrban } from '../../../pipelines/sources/rural-urban';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pds-area-loaders-'));
});

async function collect<T>(rows: AsyncIterable<SourceRow<T>>) {
  const ok: T[] = [];
  const bad: { line: number; reason: string; file: string }[] = [];
  for await (const r of rows) {
    if (r.ok) ok.push(r.record);
    else bad.push({ line: r.row.line, reason: r.row.reason, file: r.row.file });
  }
  return { ok, bad };
}

async function file(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

describe('XLSX reader', () => {
  it('reads back what the writer wrote: shared strings, numbers, gaps, XML specials', () => {
    const bytes = writeXlsx([{ name: 'A & B', rows: [['Title <1>'], [], ['x', null, 3.5, 'Q"uote']] }]);
    const wb = XlsxWorkbook.fromBytes(bytes);
    expect(wb.sheetNames).toEqual(['A & B']);
    expect(wb.sheet('A & B').rows).toEqual([
      { row: 1, cells: ['Title <1>'] },
      { row: 2, cells: [] },
      { row: 3, cells: ['x', '', '3.5', 'Q"uote'] },
    ]);
  });

  it('reads inline strings, rich-text runs, booleans, absolute relationship targets and skipped rows', () => {
    const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const files = {
      'xl/workbook.xml': strToU8(
        `<workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Table 3" sheetId="1" r:id="rId7"/></sheets></workbook>`,
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        `<Relationships><Relationship Id="rId7" Type="${rel}/worksheet" Target="/xl/worksheets/data.xml"/></Relationships>`,
      ),
      'xl/sharedStrings.xml': strToU8(
        `<sst><si><r><t>LSOA </t></r><r><rPr/><t>Code</t></r></si><si><t>caf&#233;_x000D_</t></si></sst>`,
      ),
      'xl/worksheets/data.xml': strToU8(
        `<worksheet><sheetData><row r="3"><c r="B3" t="s"><v>0</v></c><c r="C3" t="inlineStr"><is><t>inline</t></is></c><c r="D3" t="b"><v>1</v></c></row><row r="5"><c r="A5" t="s"><v>1</v></c><c r="AA5"><v>12</v></c></row></sheetData></worksheet>`,
      ),
    };
    const sheet = XlsxWorkbook.fromBytes(zipSync(files)).sheet('Table 3');
    expect(sheet.rows[0]).toEqual({ row: 3, cells: ['', 'LSOA Code', 'inline', 'TRUE'] });
    expect(sheet.rows[1]!.row).toBe(5);
    expect(sheet.rows[1]!.cells[0]).toBe('café\r');
    expect(sheet.rows[1]!.cells[26]).toBe('12');
    expect(columnIndex('AA')).toBe(26);
    expect(columnLetters(26)).toBe('AA');
  });

  it('names the sheets it has when asked for one it has not, and rejects a non-zip', () => {
    const wb = XlsxWorkbook.fromBytes(writeXlsx([{ name: 'Cover', rows: [] }]));
    expect(() => wb.sheet('Table 3')).toThrow(/no sheet "Table 3" \(sheets: Cover\)/);
    expect(() => XlsxWorkbook.fromBytes(strToU8('a,b\n1,2'), 'x.xlsx')).toThrow(/x\.xlsx: not an XLSX file/);
  });
});

describe('UK HPI full file', () => {
  it('accepts dd/mm/yyyy and ISO dates only when they are real dates', () => {
    expect(parseHpiDate('01/11/2025')).toBe('2025-11-01');
    expect(parseHpiDate('2004-01-01')).toBe('2004-01-01');
    expect(parseHpiDate('31/02/2025')).toBeNull();
    expect(parseHpiDate('Nov 2025')).toBeNull();
  });

  it('maps the 54 columns by name: quoted names with commas, blanks as null; bad rows quarantined', async () => {
    expect(HPI_HEADER).toHaveLength(54);
    // The published example row (socioeconomic.md 1), a Belfast row with a quoted comma, an ISO-dated
    // row, and two bad rows.
    const example =
      '01/11/2025,Yorkshire and The Humber,E12000003,209467,109.3,108,1.5,3.8,206882,,348889,107,1.3,3.3,216132,110.4,1.2,4.5,169378,111.1,1.8,4.5,129914,104.5,2.1,0.6,205997,108.2,1.4,3.1,,210996,109.8,1.5,4.2,,181461,110.2,1.5,4.2,249005,108.2,1.5,3.4,,,,,,,,,,';
    const blanks = ','.repeat(44); // the 44 columns after SalesVolume, blank
    const path = await file(
      'UK-HPI-full-file-2025-11.csv',
      [
        HPI_HEADER.join(','),
        example,
        `01/10/2025,"Belfast, East",N09000003,180000,150.1,,,,,12${blanks}`,
        `2004-01-01,England,E92000001,120000,60.1,,,,,${blanks}`,
        `13/2025,England,E92000001,1,1,,,,,${blanks}`,
        `01/10/2025,England,E92000001,lots,1,,,,,${blanks}`,
      ].join('\n'),
    );
    const { ok, bad } = await collect(readHpi(path));
    expect(ok).toHaveLength(3);
    expect(ok[0]).toMatchObject({
      date: '2025-11-01',
      region_name: 'Yorkshire and The Humber',
      area_code: 'E12000003',
      average_price: 209467,
      house_price_index: 109.3,
      house_price_index_seasonally_adjusted: 108,
      percentage_change_1_month: 1.5,
      percentage_change_12_months: 3.8,
      average_price_seasonally_adjusted: 206882,
      sales_volume: null,
      average_price_detached: 348889,
      percentage_change_12_months_flat: 0.6,
      sales_volume_cash: null,
      average_price_first_time_buyer: 181461,
      average_price_former_owner_occupier: 249005,
      average_price_new: null,
      sales_volume_existing: null,
    });
    expect(ok[1]).toMatchObject({ region_name: 'Belfast, East', area_code: 'N09000003', sales_volume: 12 });
    expect(ok[2]!.date).toBe('2004-01-01');
    expect(bad.map((b) => [b.line, b.reason])).toEqual([
      [5, 'Date is not dd/mm/yyyy or yyyy-mm-dd: "13/2025"'],
      [6, 'AveragePrice is not a number: "lots"'],
    ]);
  });
});

describe('sub-regional fuel poverty workbook', () => {
  it('strips footnote markers from headers', () => {
    expect(normaliseFuelPovertyHeader('Number of households1')).toBe('number of households');
    expect(normaliseFuelPovertyHeader('Number of households in fuel poverty [note 3]')).toBe(
      'number of households in fuel poverty',
    );
    expect(normaliseFuelPovertyHeader('Proportion of households fuel poor (%)')).toBe(
      'proportion of households fuel poor (%)',
    );
  });

  it('finds the LSOA and area tables below their title rows, skips notes and quarantines bad rows', async () => {
    const header = [
      'Number of households1',
      'Number of households in fuel poverty1',
      'Proportion of households fuel poor (%)',
    ];
    const bytes = writeXlsx([
      {
        name: 'Contents',
        rows: [['Sub-regional fuel poverty 2023'], ['Table 2', 'Areas'], ['Table 3', 'LSOAs']],
      },
      {
        name: 'Table 2',
        rows: [
          ['Table 2: fuel poverty by area'],
          [],
          ['Area Codes', 'Area name', '', '', ...header],
          ['E92000001', 'England', null, null, 24870000, 2810000, 11.3],
          ['E12000009', null, 'South West', null, 2470000, 265000, 10.7],
          ['E06000022', null, null, 'Bath and North East Somerset', 82400, 8900, 10.8],
        ],
      },
      {
        name: 'Table 3',
        rows: [
          ['Table 3: fuel poverty by LSOA, England, 2023'],
          ['Households in thousands'],
          ['LSOA Code', 'LSOA Name', 'LA Code', 'LA Name', 'Region', ...header],
          [
            'E01014370',
            'Bath and North East Somerset 001A',
            'E06000022',
            'Bath and North East Somerset',
            'South West',
            '1,204',
            151,
            12.5,
          ],
          [
            'E01014371',
            'Bath and North East Somerset 001B',
            'E06000022',
            'Bath and North East Somerset',
            'South West',
            700,
            'many',
            9,
          ],
          ['Total', null, null, null, null, 1904, 200, 10.5],
          [],
          ['Notes:'],
          ['1. Estimates are modelled.'],
        ],
      },
    ]);
    const path = await file('sub-regional-fuel-poverty-2025-tables.xlsx', bytes);
    const { ok, bad } = await collect(readFuelPoverty(path));
    expect(ok.map((r) => [r.level, r.code, r.name])).toEqual([
      ['lsoa', 'E01014370', 'Bath and North East Somerset 001A'],
      ['country', 'E92000001', 'England'],
      ['region', 'E12000009', 'South West'],
      ['local_authority', 'E06000022', 'Bath and North East Somerset'],
    ]);
    expect(ok[0]).toMatchObject({
      local_authority_district_code: 'E06000022',
      region_name: 'South West',
      household_count: 1204,
      fuel_poor_household_count: 151,
      fuel_poor_household_percentage: 12.5,
    });
    expect(bad).toEqual([
      { file: path, line: 5, reason: 'sheet "Table 3": household counts or proportion not numeric' },
      { file: path, line: 6, reason: 'sheet "Table 3": not a GSS area code: "Total"' },
    ]);
  });

  it('names the sheets when no LSOA table is found', async () => {
    const path = await file('wrong.xlsx', writeXlsx([{ name: 'Cover', rows: [['nothing here']] }]));
    await expect(collect(readFuelPoverty(path))).rejects.toThrow(/no LSOA fuel poverty table.*sheets: Cover/);
  });
});

describe('DESNZ LSOA / MSOA domestic consumption', () => {
  it('reads an older per-year CSV with a row above the header, long column names and thousands separators', async () => {
    const path = await file(
      'LSOA_ELEC_2018.csv',
      [
        'Lower Layer Super Output Area (LSOA) electricity consumption 2018,,,,,,,,,',
        'Local Authority Name,Local Authority Code,Middle Layer Super Output Area (MSOA) Name,Middle Layer Super Output Area (MSOA) Code,Lower Layer Super Output Area (LSOA) Name,Lower Layer Super Output Area (LSOA) Code,Total number of domestic electricity meters,Total domestic electricity consumption (kWh),Mean domestic electricity consumption (kWh per meter),Median domestic electricity consumption (kWh per meter)',
        'Cardiff,W06000015,Cardiff 001,W02000001,Cardiff 001A,W01001700,712,"2,512,123","3,528.3"," 3,101.0 "',
        'Cardiff,W06000015,Cardiff 001,W02000001,Cardiff 001B,W01001701,650,..,..,..',
        'Cardiff,W06000015,Cardiff 001,W02000001,Cardiff 001C,W01001702,six,1,1,1',
        'Unallocated,Unallocated,,,,,12,"40,000",,',
      ].join('\r\n'),
    );
    const { ok, bad } = await collect(readEnergyUsage(path));
    expect(ok).toEqual([
      {
        level: 'lsoa',
        area_code: 'W01001700',
        fuel: 'electricity',
        year: 2018,
        meter_count: 712,
        total_consumption_kwh: 2512123,
        mean_consumption_kwh: 3528.3,
        median_consumption_kwh: 3101,
      },
      expect.objectContaining({ area_code: 'W01001701', meter_count: 650, mean_consumption_kwh: null }),
    ]);
    expect(bad.map((b) => [b.line, b.reason])).toEqual([
      [5, 'meter count or consumption not numeric'],
      [6, 'unallocated consumption (no area)'],
    ]);
  });

  it('reads every year sheet of a workbook, skipping cover and notes sheets, fuel from the file name', async () => {
    const header = [
      'Local authority code',
      'MSOA code',
      'Number of meters',
      'Total consumption (kWh)',
      'Mean consumption (kWh per meter)',
      'Median consumption (kWh per meter)',
    ];
    const year = (y: number, mean: number) => ({
      name: String(y),
      rows: [
        [`MSOA domestic gas consumption, ${y}`],
        ['Source: DESNZ'],
        header,
        ['S12000030', 'S02001900', 3100, 3100 * mean, mean, mean * 0.85],
      ],
    });
    const path = await file(
      'MSOA_domestic_gas_2010-2024.xlsx',
      writeXlsx([
        { name: 'Cover sheet', rows: [['MSOA gas']] },
        { name: 'Notes', rows: [['Note 1', 'weather corrected']] },
        year(2023, 11000),
        year(2024, 10500),
      ]),
    );
    const { ok, bad } = await collect(readEnergyUsage(path));
    expect(bad).toEqual([]);
    expect(ok.map((r) => [r.level, r.area_code, r.fuel, r.year, r.mean_consumption_kwh])).toEqual([
      ['msoa', 'S02001900', 'gas', 2023, 11000],
      ['msoa', 'S02001900', 'gas', 2024, 10500],
    ]);
  });
});

describe('IoD2019 File 7', () => {
  it('maps all 57 columns by name, trailing spaces and all; bad deciles are quarantined', async () => {
    expect(IOD_FILE7_HEADER).toHaveLength(57);
    const header = IOD_FILE7_HEADER.map((h, i) => (i === 5 ? `${h} ` : h)); // a trailing space, as seen
    const values = (imdDecile: string) => [
      'E01014370',
      'Bath and North East Somerset 001A',
      'E06000022',
      'Bath and North East Somerset',
      ...Array.from({ length: 16 }, (_, d) => [
        String(10.5 + d),
        String(1000 + d),
        d === 0 ? imdDecile : '1',
      ]).flat(),
      '1,650',
      '300',
      '950',
      '400',
      '1000',
    ];
    const path = await file(
      'File_7.csv',
      [
        header.map((h) => `"${h}"`).join(','),
        values('1')
          .map((v) => `"${v}"`)
          .join(','),
        values('11')
          .map((v) => `"${v}"`)
          .join(','),
      ].join('\r\n'),
    );
    const { ok, bad } = await collect(readDeprivation(path));
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({
      lsoa_code: 'E01014370',
      local_authority_district_code: 'E06000022',
      index_of_multiple_deprivation_score: 10.5,
      index_of_multiple_deprivation_rank: 1000,
      index_of_multiple_deprivation_decile: 1,
      income_score: 11.5,
      outdoors_sub_domain_rank: 1015,
      total_population: 1650,
      working_age_population: 1000,
    });
    expect(bad).toEqual([
      expect.objectContaining({
        line: 3,
        reason:
          'Index of Multiple Deprivation (IMD) Decile (where 1 is most deprived 10% of LSOAs) is not a decile 1..10: "11"',
      }),
    ]);
  });
});

describe('2011 rural-urban classification of output areas', () => {
  it('reads OA11CD/RUC11CD/RUC11 with a BOM and an FID column, derives the 2-fold class', async () => {
    const path = await file(
      'RUC11_OA11_EW.csv',
      '\uFEFFOA11CD,RUC11CD,RUC11,FID\r\nE00072700,C1,Urban city and town,1\r\nW00008800,E2,Rural village in a sparse setting,2\r\nE00072701,Z9,Nowhere,3\r\n',
    );
    const { ok, bad } = await collect(readRuralUrban(path));
    expect(ok).toEqual([
      {
        output_area_code: 'E00072700',
        rural_urban_classification_code: 'C1',
        rural_urban_classification_10_fold: 'Urban city and town',
        rural_urban_classification_2_fold: 'Urban',
      },
      {
        output_area_code: 'W00008800',
        rural_urban_classification_code: 'E2',
        rural_urban_classification_10_fold: 'Rural village in a sparse setting',
        rural_urban_classification_2_fold: 'Rural',
      },
    ]);
    expect(bad).toEqual([{ file: path, line: 4, reason: 'RUC11CD is not a 2011 OA class (A1..F2): "Z9"' }]);
  });
});

// Area datasets for the sample region, each in its publisher's layout (reference/datasets/socioeconomic.md):
//   hpi/UK-HPI-full-file-2025-09.csv            54 columns, dd/mm/yyyy dates, quoted names with commas,
//                                                blank SalesVolume and New/Old cells in recent months
//   fuel-poverty/sub-regional-fuel-poverty-2025-tables.xlsx
//                                                cover sheet, `Table 2` (areas, hierarchy over unnamed name
//                                                columns) and `Table 3` (LSOAs): title rows, header on row 3,
//                                                footnote markers glued to headers, notes rows below (England)
//   energy-usage/{LSOA,MSOA}_domestic_{elec,gas}_2010-2024.xlsx
//                                                cover and notes sheets, one sheet per year with title rows
//                                                above the header and an `Unallocated` row at the bottom
//   deprivation/File_7_-_All_IoD2019_Scores__Ranks__Deciles_and_Population_Denominators_3.csv
//                                                57 columns (England LSOAs)
//   rural-urban/RUC11_OA11_EW.csv                 OA11CD,RUC11CD,RUC11,FID with a BOM (England and Wales)
//   lsoa-lookup/LSOA_(2011)_to_LSOA_(2021)_…csv   the ONS 2011→2021 LSOA lookup (../lsoa-lookup.ts); IoD2019
//                                                is written for the 2011 LSOAs it gives
// Codes are the sample's own (the same output areas, LSOAs and MSOAs as ONSPD); values are synthetic but
// coherent (IMD ranks match ONSPD's imd column, percentage changes follow from the prices).
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeOds } from '../../io/ods';
import { writeXlsx, type XlsxCellValue } from '../../io/xlsx';
import type { AddressBook } from '../addresses';
import { REGION_NAMES, type SampleArea } from '../areas';
import { BufferedFileWriter, csvRow, type WrittenFile } from '../csv-writer';
import { hashSeed, Rng } from '../rng';
import { dataZone2011, sampleRuc2011 } from '../census-2011';
import { sampleLsoaPairs, sampleLsoas2011, writeLsoaLookup } from '../lsoa-lookup';

export interface AreaDatasetFile {
  dataset: string;
  format: string;
  file: WrittenFile;
  headerRows: number;
}

interface AreaCodes {
  area: SampleArea;
  oas: string[];
  /** LSOA code → its MSOA, its IMD rank (ONSPD) and name. */
  lsoas: { code: string; msoa: string; imd: number; name: string }[];
  msoas: { code: string; name: string }[];
}

export function codesOf(book: AddressBook): AreaCodes {
  const oas = new Set<string>();
  const lsoas = new Map<string, { code: string; msoa: string; imd: number; name: string }>();
  const msoas = new Map<string, { code: string; name: string }>();
  for (const unit of book.postcodes) {
    if (unit.oa) oas.add(unit.oa);
    if (unit.msoa && !msoas.has(unit.msoa))
      msoas.set(unit.msoa, {
        code: unit.msoa,
        name: `${book.area.localAuthority.name} ${String(msoas.size + 1).padStart(3, '0')}`,
      });
    if (unit.lsoa && !lsoas.has(unit.lsoa)) {
      const msoaName = msoas.get(unit.msoa)?.name ?? book.area.localAuthority.name;
      const letter = String.fromCharCode(
        65 + ([...lsoas.values()].filter((l) => l.msoa === unit.msoa).length % 26),
      );
      lsoas.set(unit.lsoa, { code: unit.lsoa, msoa: unit.msoa, imd: unit.imd, name: `${msoaName}${letter}` });
    }
  }
  const byCode = <T extends { code: string }>(a: T, b: T) => a.code.localeCompare(b.code);
  return {
    area: book.area,
    oas: [...oas].sort(),
    lsoas: [...lsoas.values()].sort(byCode),
    msoas: [...msoas.values()].sort(byCode),
  };
}

async function writeBytes(path: string, bytes: Uint8Array, rows: number): Promise<WrittenFile> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
  return { path, bytes: bytes.length, rows, sha256: createHash('sha256').update(bytes).digest('hex') };
}

const round = (v: number, dp: number) => Math.round(v * 10 ** dp) / 10 ** dp;

// ---------------------------------------------------------------------------------------------- UK HPI
export const HPI_HEADER = [
  'Date',
  'RegionName',
  'AreaCode',
  'AveragePrice',
  'Index',
  'IndexSA',
  '1m%Change',
  '12m%Change',
  'AveragePriceSA',
  'SalesVolume',
  'DetachedPrice',
  'DetachedIndex',
  'Detached1m%Change',
  'Detached12m%Change',
  'SemiDetachedPrice',
  'SemiDetachedIndex',
  'SemiDetached1m%Change',
  'SemiDetached12m%Change',
  'TerracedPrice',
  'TerracedIndex',
  'Terraced1m%Change',
  'Terraced12m%Change',
  'FlatPrice',
  'FlatIndex',
  'Flat1m%Change',
  'Flat12m%Change',
  'CashPrice',
  'CashIndex',
  'Cash1m%Change',
  'Cash12m%Change',
  'CashSalesVolume',
  'MortgagePrice',
  'MortgageIndex',
  'Mortgage1m%Change',
  'Mortgage12m%Change',
  'MortgageSalesVolume',
  'FTBPrice',
  'FTBIndex',
  'FTB1m%Change',
  'FTB12m%Change',
  'FOOPrice',
  'FOOIndex',
  'FOO1m%Change',
  'FOO12m%Change',
  'NewPrice',
  'NewIndex',
  'New1m%Change',
  'New12m%Change',
  'NewSalesVolume',
  'OldPrice',
  'OldIndex',
  'Old1m%Change',
  'Old12m%Change',
  'OldSalesVolume',
] as const;

/** Areas of the sample HPI file: [code, name, average price in the last month, monthly sales]. */
const HPI_AREAS: readonly [string, string, number, number][] = [
  ['K02000001', 'United Kingdom', 271_000, 80_000],
  ['E92000001', 'England', 292_000, 65_000],
  ['W92000004', 'Wales', 210_000, 3_800],
  ['S92000003', 'Scotland', 192_000, 8_500],
  ['E12000007', 'London', 562_000, 6_100],
  ['E12000009', 'South West', 301_000, 7_200],
  ['E06000022', 'Bath and North East Somerset', 425_000, 260],
  ['E06000023', 'Bristol, City of', 340_000, 520],
  ['E06000024', 'North Somerset', 318_000, 290],
  ['W06000015', 'Cardiff', 262_000, 330],
  ['W06000014', 'Vale of Glamorgan', 298_000, 150],
  ['E09000013', 'Hammersmith and Fulham', 735_000, 160],
  ['E09000020', 'Kensington and Chelsea', 1_250_000, 140],
  ['S12000030', 'Stirling', 236_000, 120],
  ['S12000036', 'City of Edinburgh', 318_000, 620],
  ['S12000014', 'Falkirk', 158_000, 210],
];
const HPI_MONTHS = 36;
/** Latest month: September 2025 (file UK-HPI-full-file-2025-09 has figures to that month). */
const HPI_LAST = { year: 2025, month: 9 };

async function writeHpi(outDir: string, seed: number): Promise<AreaDatasetFile> {
  const out = await BufferedFileWriter.open(join(outDir, 'hpi', 'UK-HPI-full-file-2025-09.csv'), '\n');
  out.line(HPI_HEADER.join(','));
  const segments = [
    ['Detached', 1.55],
    ['SemiDetached', 1.02],
    ['Terraced', 0.86],
    ['Flat', 0.7],
    ['Cash', 0.97],
    ['Mortgage', 1.02],
    ['FTB', 0.83],
    ['FOO', 1.15],
    ['New', 1.2],
    ['Old', 0.98],
  ] as const;
  const withVolume = new Set(['Cash', 'Mortgage', 'New', 'Old']);
  const rows: string[][] = [];
  for (const [code, name, lastPrice, sales] of HPI_AREAS) {
    const rng = new Rng(hashSeed(seed, 'hpi', code));
    // Monthly price series ending at lastPrice: ~3 % a year plus noise; the index is 100 in January 2015.
    const series: number[] = [];
    let p = lastPrice;
    for (let i = 0; i < HPI_MONTHS + 12; i++) {
      series.unshift(p);
      p = p / (1 + 0.0025 + rng.normal(0, 0.004));
    }
    const base = lastPrice / 1.55;
    for (let m = 12; m < series.length; m++) {
      const monthsBack = series.length - 1 - m;
      const d = new Date(Date.UTC(HPI_LAST.year, HPI_LAST.month - 1 - monthsBack, 1));
      const date = `01/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
      const price = series[m]!;
      const pct = (a: number, b: number) => String(round((a / b - 1) * 100, 1));
      const recent = monthsBack < 2; // the two latest months: no sales volumes, no new/old split yet
      const cells: string[] = [
        date,
        name,
        code,
        String(Math.round(price)),
        String(round((price / base) * 100, 1)),
        String(round((price / base) * 100 * 0.995, 1)),
        pct(price, series[m - 1]!),
        pct(price, series[m - 12]!),
        String(Math.round(price * 0.995)),
        recent ? '' : String(Math.round(sales * (0.8 + rng.next() * 0.4))),
      ];
      for (const [stem, factor] of segments) {
        const blank = recent && (stem === 'New' || stem === 'Old');
        const sp = price * factor;
        cells.push(
          blank ? '' : String(Math.round(sp)),
          blank ? '' : String(round((sp / (base * factor)) * 100, 1)),
          blank ? '' : pct(sp, series[m - 1]! * factor),
          blank ? '' : pct(sp, series[m - 12]! * factor),
        );
        if (withVolume.has(stem))
          cells.push(recent ? '' : String(Math.round((sales / 2) * (0.8 + rng.next() * 0.4))));
      }
      rows.push(cells);
    }
  }
  for (const r of rows) await out.row(csvRow(r));
  return {
    dataset: 'hpi',
    format: 'csv (UK HPI full file, 54 columns, dd/mm/yyyy)',
    file: await out.close(),
    headerRows: 1,
  };
}

// ------------------------------------------------------------------------------------------ fuel poverty
const FP_TITLE_LSOA =
  'Table 3: Number and proportion of households in fuel poverty by Lower Layer Super Output Area (LSOA), England, 2023';
const FP_TITLE_AREAS =
  'Table 2: Number and proportion of households in fuel poverty by region, county and local authority, England, 2023';

async function writeFuelPoverty(
  outDir: string,
  seed: number,
  england: AreaCodes[],
): Promise<AreaDatasetFile> {
  const rng = new Rng(hashSeed(seed, 'fuel-poverty'));
  const lsoaRows: XlsxCellValue[][] = [];
  for (const codes of england) {
    const la = codes.area.localAuthority;
    const region = REGION_NAMES.find((r) => r.code === codes.area.regionCode)?.name ?? null;
    for (const l of codes.lsoas) {
      const households = rng.int(560, 900);
      // More deprived LSOAs (low IMD rank) have more fuel poor households.
      const share = 0.05 + 0.15 * (1 - l.imd / 32844) + rng.real(-0.02, 0.02);
      const poor = Math.round(households * share);
      lsoaRows.push([
        l.code,
        l.name,
        la.code,
        la.name,
        region,
        households,
        poor,
        round((poor / households) * 100, 1),
      ]);
    }
  }
  const area = (
    code: string,
    names: [string | null, string | null, string | null],
    households: number,
    poor: number,
  ): XlsxCellValue[] => [
    code,
    names[0],
    names[1],
    names[2],
    households,
    poor,
    round((poor / households) * 100, 1),
  ];
  const areaRows: XlsxCellValue[][] = [
    area('E92000001', ['England', null, null], 24_870_000, 2_810_000),
    area('E12000007', [null, 'London', null], 3_530_000, 378_000),
    area('E09000013', [null, null, 'Hammersmith and Fulham'], 84_700, 8_600),
    area('E12000009', [null, 'South West', null], 2_470_000, 265_000),
    area('E06000022', [null, null, 'Bath and North East Somerset'], 82_400, 8_900),
    area('E06000023', [null, null, 'Bristol, City of'], 203_000, 24_600),
    area('E06000024', [null, null, 'North Somerset'], 95_100, 8_700),
  ];
  const notes: XlsxCellValue[][] = [
    [],
    ['Notes:'],
    [
      '1. Household numbers are rounded estimates; LSOA figures do not sum exactly to local authority totals.',
    ],
    [
      'Source: Department for Energy Security and Net Zero, Sub-regional fuel poverty statistics 2023 (LILEE).',
    ],
  ];
  const header = (first: string[]): XlsxCellValue[] => [
    ...first,
    'Number of households1',
    'Number of households in fuel poverty1',
    'Proportion of households fuel poor (%)',
  ];
  const bytes = writeXlsx([
    {
      name: 'Cover',
      rows: [
        ['Sub-regional fuel poverty in England, 2023 data (2025 report)'],
        [],
        ['This workbook contains Tables 2 and 3.'],
      ],
    },
    {
      name: 'Table 2',
      rows: [[FP_TITLE_AREAS], [], header(['Area Codes', 'Area name', '', '']), ...areaRows, ...notes],
    },
    {
      name: 'Table 3',
      rows: [
        [FP_TITLE_LSOA],
        [],
        header(['LSOA Code', 'LSOA Name', 'LA Code', 'LA Name', 'Region']),
        ...lsoaRows,
        ...notes,
      ],
    },
  ]);
  const file = await writeBytes(
    join(outDir, 'fuel-poverty', 'sub-regional-fuel-poverty-2025-tables.xlsx'),
    bytes,
    lsoaRows.length + areaRows.length,
  );
  return {
    dataset: 'fuel-poverty',
    format:
      'xlsx (DESNZ sub-regional fuel poverty: Table 2 areas, Table 3 LSOAs; title rows, header on row 3)',
    file,
    headerRows: 3,
  };
}

// ------------------------------------------------------------------------------------------ energy use
const ENERGY_YEARS = [2022, 2023, 2024];

async function writeEnergyUsage(outDir: string, seed: number, all: AreaCodes[]): Promise<AreaDatasetFile[]> {
  const files: AreaDatasetFile[] = [];
  for (const level of ['LSOA', 'MSOA'] as const) {
    for (const fuel of ['elec', 'gas'] as const) {
      const fuelName = fuel === 'elec' ? 'electricity' : 'gas';
      const sheets = [
        {
          name: 'Cover sheet',
          rows: [
            [`${level} domestic ${fuelName} consumption, 2010 to 2024`],
            [],
            ['Department for Energy Security and Net Zero'],
          ] as XlsxCellValue[][],
        },
        {
          name: 'Notes',
          rows: [
            ['Notes'],
            [
              'Note 1',
              fuel === 'gas'
                ? 'Gas consumption is weather corrected.'
                : 'Electricity consumption is not weather corrected.',
            ],
            ['Note 2', 'Meters that could not be allocated to an area are shown as Unallocated.'],
          ] as XlsxCellValue[][],
        },
      ];
      let dataRows = 0;
      for (const year of ENERGY_YEARS) {
        const rng = new Rng(hashSeed(seed, 'energy', level, fuel, year));
        const header: XlsxCellValue[] = [
          'Local authority code',
          'Local authority',
          'MSOA code',
          'Middle layer super output area',
          ...(level === 'LSOA' ? ['LSOA code', 'Lower layer super output area'] : []),
          'Number of meters',
          'Total consumption (kWh)',
          'Mean consumption (kWh per meter)',
          'Median consumption (kWh per meter)',
        ];
        const rows: XlsxCellValue[][] = [
          [`${level} domestic ${fuelName} consumption, ${year}`],
          [
            'This worksheet contains one table. Some cells refer to notes which can be found on the Notes worksheet.',
          ],
          ['Source: DESNZ sub-national consumption statistics'],
          header,
        ];
        // Scotland's gas network covers most of Stirling too; typical per-meter use differs by country.
        for (const codes of all) {
          const la = codes.area.localAuthority;
          const units =
            level === 'LSOA'
              ? codes.lsoas.map((l) => ({ code: l.code, name: l.name, msoa: l.msoa }))
              : codes.msoas.map((m) => ({ code: m.code, name: m.name, msoa: m.code }));
          for (const u of units) {
            const msoaName = codes.msoas.find((m) => m.code === u.msoa)?.name ?? '';
            const meters =
              (level === 'LSOA' ? rng.int(550, 900) : rng.int(3_000, 5_500)) -
              (fuel === 'gas' ? rng.int(20, 120) : 0);
            const mean =
              fuel === 'elec'
                ? rng.real(2_900, 4_200) - (year - 2022) * 60
                : rng.real(9_500, 14_000) - (year - 2022) * 250;
            const median = mean * rng.real(0.8, 0.9);
            rows.push([
              la.code,
              la.name,
              u.msoa,
              msoaName,
              ...(level === 'LSOA' ? [u.code, u.name] : []),
              meters,
              Math.round(meters * mean),
              round(mean, 1),
              round(median, 1),
            ]);
            dataRows++;
          }
        }
        rows.push([
          'Unallocated',
          null,
          null,
          null,
          ...(level === 'LSOA' ? [null, null] : []),
          rng.int(10, 60),
          rng.int(50_000, 200_000),
          null,
          null,
        ]);
        sheets.push({ name: String(year), rows });
      }
      const name = `${level}_domestic_${fuel}_2010-2024.xlsx`;
      const file = await writeBytes(join(outDir, 'energy-usage', name), writeXlsx(sheets), dataRows);
      files.push({
        dataset: 'energy-usage',
        format: `xlsx (DESNZ ${level} domestic ${fuelName}, one sheet per year, title rows above the header)`,
        file,
        headerRows: 4,
      });
    }
  }
  return files;
}

// ----------------------------------------------------------------------------------------- deprivation
const IOD_FILE = 'File_7_-_All_IoD2019_Scores__Ranks__Deciles_and_Population_Denominators_3.csv';
const RANK = ' Rank (where 1 is most deprived)';
const DECILE = ' Decile (where 1 is most deprived 10% of LSOAs)';
/** [score column, rank/decile stem, score range] per domain, in File 7 order. */
const IOD_COLUMNS: readonly [string, string, [number, number]][] = [
  ['Index of Multiple Deprivation (IMD) Score', 'Index of Multiple Deprivation (IMD)', [0.5, 90]],
  ['Income Score (rate)', 'Income', [0, 0.6]],
  ['Employment Score (rate)', 'Employment', [0, 0.5]],
  ['Education, Skills and Training Score', 'Education, Skills and Training', [0, 100]],
  ['Health Deprivation and Disability Score', 'Health Deprivation and Disability', [-3.5, 3.5]],
  ['Crime Score', 'Crime', [-3.5, 3.5]],
  ['Barriers to Housing and Services Score', 'Barriers to Housing and Services', [0, 70]],
  ['Living Environment Score', 'Living Environment', [0, 90]],
  [
    'Income Deprivation Affecting Children Index (IDACI) Score (rate)',
    'Income Deprivation Affecting Children Index (IDACI)',
    [0, 0.7],
  ],
  [
    'Income Deprivation Affecting Older People (IDAOPI) Score (rate)',
    'Income Deprivation Affecting Older People (IDAOPI)',
    [0, 0.8],
  ],
  ['Children and Young People Sub-domain Score', 'Children and Young People Sub-domain', [-3, 3]],
  ['Adult Skills Sub-domain Score', 'Adult Skills Sub-domain', [-3, 3]],
  ['Geographical Barriers Sub-domain Score', 'Geographical Barriers Sub-domain', [-3, 3]],
  ['Wider Barriers Sub-domain Score', 'Wider Barriers Sub-domain', [-3, 3]],
  ['Indoors Sub-domain Score', 'Indoors Sub-domain', [-3, 3]],
  ['Outdoors Sub-domain Score', 'Outdoors Sub-domain', [-3, 3]],
];
export const IOD_FILE7_HEADER: readonly string[] = [
  'LSOA code (2011)',
  'LSOA name (2011)',
  'Local Authority District code (2019)',
  'Local Authority District name (2019)',
  ...IOD_COLUMNS.flatMap(([score, stem]) => [score, `${stem}${RANK}`, `${stem}${DECILE}`]),
  'Total population: mid 2015 (excluding prisoners)',
  'Dependent Children aged 0-15: mid 2015 (excluding prisoners)',
  'Population aged 16-59: mid 2015 (excluding prisoners)',
  'Older population aged 60 and over: mid 2015 (excluding prisoners)',
  'Working age population 18-59/64: for use with Employment Deprivation Domain (excluding prisoners)',
];
const LSOAS_ENGLAND = 32844;
const decileOf = (rank: number) => Math.min(10, Math.ceil((rank / LSOAS_ENGLAND) * 10));

async function writeDeprivation(
  outDir: string,
  seed: number,
  england: AreaCodes[],
): Promise<AreaDatasetFile> {
  const out = await BufferedFileWriter.open(join(outDir, 'deprivation', IOD_FILE), '\r\n');
  out.line(IOD_FILE7_HEADER.map((h) => csvRow([h])).join(','));
  for (const codes of england) {
    for (const l of codes.lsoas) {
      const rng = new Rng(hashSeed(seed, 'iod', l.code));
      const cells: string[] = [
        l.code,
        l.name,
        codes.area.localAuthority.code,
        codes.area.localAuthority.name,
      ];
      IOD_COLUMNS.forEach(([, , [lo, hi]], i) => {
        // The IMD rank is ONSPD's; domain ranks scatter around it. Higher score = more deprived.
        const rank =
          i === 0 ? l.imd : Math.max(1, Math.min(LSOAS_ENGLAND, Math.round(l.imd + rng.normal(0, 6000))));
        const score = lo + (hi - lo) * (1 - rank / LSOAS_ENGLAND) * rng.real(0.85, 1);
        cells.push(String(round(score, 3)), String(rank), String(decileOf(rank)));
      });
      const total = rng.int(1200, 2400);
      const children = Math.round(total * rng.real(0.12, 0.22));
      const older = Math.round(total * rng.real(0.15, 0.3));
      cells.push(
        String(total),
        String(children),
        String(total - children - older),
        String(older),
        String(Math.round((total - children - older) * 1.05)),
      );
      await out.row(csvRow(cells));
    }
  }
  return {
    dataset: 'deprivation',
    format: 'csv (IoD2019 File 7, 57 columns)',
    file: await out.close(),
    headerRows: 1,
  };
}

// ---------------------------------------------------------------------------------------- rural-urban
const RUC_LABELS: Readonly<Record<string, string>> = {
  C1: 'Urban city and town',
  D1: 'Rural town and fringe',
  E1: 'Rural village',
};

async function writeRuralUrban(
  outDir: string,
  seed: number,
  englandWales: AreaCodes[],
): Promise<AreaDatasetFile> {
  const out = await BufferedFileWriter.open(join(outDir, 'rural-urban', 'RUC11_OA11_EW.csv'), '\r\n');
  out.raw('\uFEFF');
  out.line('OA11CD,RUC11CD,RUC11,FID');
  let fid = 1;
  for (const codes of englandWales) {
    for (const oa of codes.oas) {
      const code = sampleRuc2011(seed, oa);
      await out.row(csvRow([oa, code, RUC_LABELS[code]!, String(fid++)]));
    }
  }
  return {
    dataset: 'rural-urban',
    format: 'csv (ONS RUC2011 of output areas, BOM)',
    file: await out.close(),
    headerRows: 1,
  };
}

// ------------------------------------------------------------------- Wales and Scotland (docs/nations.md)
// WIMD 2019 ranks workbook as the Welsh Government publishes it (ODS; wales-scotland.md 3.1): a notes sheet,
// `WIMD_2019_ranks` with two title rows above the header (trailing spaces on header cells, an empty trailing
// header column) and `Deciles_quintiles_quartiles` (one title row, a blank row, the header). One row per
// 2011 LSOA of the sample's Welsh lookup; the overall rank is ONSPD's imd20ind of the LSOA (coherent with
// ONSPD), domain ranks scatter around it; deciles, quintiles and quartiles follow from the rank.
export const WIMD_2019_FILE =
  'welsh-index-multiple-deprivation-2019-index-and-domain-ranks-by-small-area.ods';
export const WIMD_RANKS_HEADER = [
  'LSOA code',
  'LSOA name (Eng)',
  'Local Authority name (Eng)',
  'WIMD 2019 ',
  'Income',
  'Employment',
  'Health',
  'Education',
  'Access to Services ',
  'Housing',
  'Community Safety',
  'Physical Environment ',
  ' ',
];
const WIMD_AREAS = 1909;
const SIMD_AREAS = 6976;
/** Decile / quintile / quartile of a rank out of n (equal bands; the sample's own, as the ranks are). */
const band = (rank: number, n: number, parts: number) => Math.min(parts, Math.ceil((rank / n) * parts));
const scatter = (rng: Rng, rank: number, n: number, sd: number) =>
  Math.max(1, Math.min(n, Math.round(rank + rng.normal(0, sd))));

async function writeWimd(outDir: string, seed: number, wales: AreaCodes[]): Promise<AreaDatasetFile> {
  const ranks: XlsxCellValue[][] = [
    ['Welsh Index of Multiple Deprivation (WIMD) 2019'],
    ['Index and domain ranks by small area (1 = most deprived)'],
    WIMD_RANKS_HEADER,
  ];
  const deciles: XlsxCellValue[][] = [
    ['WIMD 2019: LSOA overall rank, decile, quintile and quartile'],
    [],
    [
      'LSOA code',
      'LSOA name (Eng)',
      'Local Authority name (Eng)',
      'WIMD 2019 overall rank',
      'WIMD 2019 overall decile',
      'WIMD 2019 overall quintile',
      'WIMD 2019 overall quartile',
    ],
  ];
  for (const codes of wales)
    for (const l of codes.lsoas) {
      const rng = new Rng(hashSeed(seed, 'wimd', l.code));
      const rank = Math.min(l.imd, WIMD_AREAS);
      const la = codes.area.localAuthority.name;
      ranks.push([
        l.code,
        l.name,
        la,
        rank,
        ...Array.from({ length: 8 }, () => scatter(rng, rank, WIMD_AREAS, 300)),
      ]);
      deciles.push([
        l.code,
        l.name,
        la,
        rank,
        band(rank, WIMD_AREAS, 10),
        band(rank, WIMD_AREAS, 5),
        band(rank, WIMD_AREAS, 4),
      ]);
    }
  const bytes = writeOds([
    {
      name: 'Notes',
      rows: [
        ['Welsh Index of Multiple Deprivation 2019'],
        [],
        ['Rank 1 is the most deprived of 1,909 LSOAs.'],
      ],
    },
    { name: 'WIMD_2019_ranks', rows: ranks },
    { name: 'Deciles_quintiles_quartiles', rows: deciles },
  ]);
  return {
    dataset: 'wimd',
    format: 'ods (WIMD 2019 ranks workbook: WIMD_2019_ranks with title rows, Deciles_quintiles_quartiles)',
    file: await writeBytes(join(outDir, 'wimd', WIMD_2019_FILE), bytes, ranks.length - 3),
    headerRows: 3,
  };
}

// SIMD 2020v2 (wales-scotland.md 3.2): the ranks workbook (a notes sheet, then `SIMD 2020v2 ranks`, 13
// columns, no deciles) and the data-zone lookup (`SIMD 2020v2 DZ lookup data`, with vigintile, decile and
// quintile). One row per 2011 Data Zone of the sample's Scottish postcodes (census-2011.ts); the overall rank
// is ONSPD's imd20ind of the postcode's data zone; deciles by the official unweighted bands.
export const SIMD_RANKS_FILE = 'SIMD+2020v2+-+ranks.xlsx';
export const SIMD_LOOKUP_FILE = 'SIMD+2020v2+-+datazone+lookup+-+updated+2025.xlsx';
const SIMD_DOMAIN_COLUMNS = [
  'SIMD2020v2_Income_Domain_Rank',
  'SIMD2020_Employment_Domain_Rank',
  'SIMD2020_Health_Domain_Rank',
  'SIMD2020_Education_Domain_Rank',
  'SIMD2020_Access_Domain_Rank',
  'SIMD2020_Crime_Domain_Rank',
  'SIMD2020_Housing_Domain_Rank',
];
const SIMD_DECILE_BOUNDS = [697, 1395, 2092, 2790, 3488, 4185, 4883, 5580, 6278, 6976];

async function writeSimd(
  outDir: string,
  seed: number,
  scotland: AreaCodes[],
  books: readonly AddressBook[],
): Promise<AreaDatasetFile[]> {
  const zones = new Map<string, { dz: string; imd: number; iz: string; la: AreaCodes['area'] }>();
  for (const book of books.filter((b) => b.area.country === 'Scotland'))
    for (const unit of book.postcodes) {
      const dz = dataZone2011(unit.lsoa);
      if (!zones.has(dz)) zones.set(dz, { dz, imd: unit.imd, iz: unit.msoa, la: book.area });
    }
  const rows = [...zones.values()].sort((a, b) => a.dz.localeCompare(b.dz));
  const ranks: XlsxCellValue[][] = [
    [
      'Data_Zone',
      'Intermediate_Zone',
      'Council_area',
      'Total_population',
      'Working_Age_population',
      'SIMD2020v2_Rank',
      ...SIMD_DOMAIN_COLUMNS,
    ],
  ];
  const lookup: XlsxCellValue[][] = [
    [
      'DZ',
      'DZname',
      'IZcode',
      'IZname',
      'LAcode',
      'LAname',
      'Population',
      'Working_Age_Population',
      'SIMD2020v2_Rank',
      'SIMD2020v2_Vigintile',
      'SIMD2020v2_Decile',
      'SIMD2020v2_Quintile',
      ...SIMD_DOMAIN_COLUMNS,
    ],
  ];
  rows.forEach((z, i) => {
    const rng = new Rng(hashSeed(seed, 'simd', z.dz));
    const rank = Math.min(z.imd, SIMD_AREAS);
    const population = rng.int(500, 1000);
    const working = Math.round(population * rng.real(0.55, 0.7));
    // Domain ranks of tied zones end in .5 in the published file.
    const domains = SIMD_DOMAIN_COLUMNS.map(
      (_, d) =>
        Math.min(SIMD_AREAS - 1, scatter(rng, rank, SIMD_AREAS, 900)) + (d === 5 && i % 3 === 0 ? 0.5 : 0),
    );
    const la = z.la.localAuthority;
    const izName = `${la.name} ${z.iz.slice(-3)}`;
    ranks.push([z.dz, izName, la.name, population, working, rank, ...domains]);
    lookup.push([
      z.dz,
      `${izName} - ${String(i + 1).padStart(2, '0')}`,
      z.iz,
      izName,
      la.code,
      la.name,
      population,
      working,
      rank,
      band(rank, SIMD_AREAS, 20),
      SIMD_DECILE_BOUNDS.findIndex((u) => rank <= u) + 1,
      band(rank, SIMD_AREAS, 5),
      ...domains,
    ]);
  });
  const notes = (what: string): XlsxCellValue[][] => [
    [`Scottish Index of Multiple Deprivation 2020v2 - ${what}`],
    [],
    ['Rank 1 is the most deprived of 6,976 data zones. Income and employment domains revised in v2.'],
  ];
  return [
    {
      dataset: 'simd',
      format: 'xlsx (SIMD 2020v2 ranks: notes sheet, then "SIMD 2020v2 ranks", no deciles)',
      file: await writeBytes(
        join(outDir, 'simd', SIMD_RANKS_FILE),
        writeXlsx([
          { name: 'Notes', rows: notes('ranks') },
          { name: 'SIMD 2020v2 ranks', rows: ranks },
        ]),
        rows.length,
      ),
      headerRows: 1,
    },
    {
      dataset: 'simd',
      format: 'xlsx (SIMD 2020v2 data zone lookup: "SIMD 2020v2 DZ lookup data" with deciles)',
      file: await writeBytes(
        join(outDir, 'simd', SIMD_LOOKUP_FILE),
        writeXlsx([
          { name: 'Notes', rows: notes('data zone look-up') },
          { name: 'SIMD 2020v2 DZ lookup data', rows: lookup },
        ]),
        rows.length,
      ),
      headerRows: 1,
    },
  ];
}

// Scottish Postcode Directory, release 2026_2 (wales-scotland.md 3.4): SmallUser.csv, Latin-1, every value
// quoted text, the full published header. The sample fills what the service reads (postcode, dates, grid,
// data zones, urban-rural classes, settlement) and the council area; other geographies are blank. The
// urban-rural 8-fold class is the postcode's ONSPD ruc11ind class (1-8 in Scotland), the 6-fold its collapse;
// settlement codes are the sample's own (invented S20 codes: urban postcodes in one settlement, small-town
// ones in another). One split postcode (A and B parts) and one deleted postcode exercise the pitfalls.
export const SPD_HEADER = [
  'Postcode',
  'PostcodeDistrict',
  'PostcodeSector',
  'DateOfIntroduction',
  'DateOfDeletion',
  'GridReferenceEasting',
  'GridReferenceNorthing',
  'Latitude',
  'Longitude',
  'SplitIndicator',
  'CouncilArea2019Code',
  'UKParliamentaryConstituency2024Code',
  'ScottishParliamentaryRegion2026Code',
  'ScottishParliamentaryConstituency2026Code',
  'ElectoralWard2022Code',
  'HealthBoardArea2019Code',
  'HealthBoardArea2006Code',
  'HealthBoardArea1995Code',
  'IntegrationAuthority2019Code',
  'OutputArea2022Code',
  'OutputArea2011Code',
  'OutputArea2001Code',
  'OutputArea1991Code',
  'DataZone2022Code',
  'DataZone2011Code',
  'DataZone2001Code',
  'IntermediateZone2022Code',
  'IntermediateZone2011Code',
  'IntermediateZone2001Code',
  'CensusHouseholdCount2022',
  'CensusPopulationCount2022',
  'CensusHouseholdCount2011',
  'CensusPopulationCount2011',
  'CensusHouseholdCount2001',
  'CensusPopulationCount2001',
  'CensusHouseholdCount1991',
  'CensusPopulationCount1991',
  'ScottishIndexOfMultipleDeprivation2020Rank',
  'LAU2025Level1Code',
  'ITL2025Level2Code',
  'ITL2025Level3Code',
  'Locality2020Code',
  'Locality2022Code',
  'Locality2001Code',
  'Locality1991Code',
  'Settlement2020Code',
  'Settlement2022Code',
  'Settlement2001Code',
  'CivilParish1930Code',
  'EnterpriseRegion2008Code',
  'IslandCode',
  'LocalGovernmentDistrict1995Code',
  'LocalGovernmentDistrict1991Code',
  'NationalPark2010Code',
  'RegistrationDistrict2007Code',
  'ROACommunityPlanningPartnership2006Code',
  'ROALocal2006Code',
  'StrategicDevelopmentPlanningArea2013Code',
  'TravelToWorkArea2011Code',
  'UrbanRural6Fold2022Code',
  'UrbanRural8Fold2022Code',
  'GridLinkIndicator',
  'GridLinkPositionalAccuracy',
  'NeverDigitised',
];
const SG_SIX_OF_EIGHT = [0, 1, 2, 3, 4, 4, 5, 6, 6];
const SAMPLE_SETTLEMENTS = { urban: 'S20000451', town: 'S20000452' };

async function writeScottishPostcodes(
  outDir: string,
  books: readonly AddressBook[],
): Promise<AreaDatasetFile> {
  // Every value the sample writes is ASCII, so these bytes are the same in Latin-1 (the loader reads Latin-1).
  const out = await BufferedFileWriter.open(join(outDir, 'scottish-postcodes', 'SmallUser.csv'), '\r\n');
  out.line(SPD_HEADER.map((h) => `"${h}"`).join(','));
  const rows: string[][] = [];
  for (const book of books.filter((b) => b.area.country === 'Scotland')) {
    book.postcodes.forEach((unit, i) => {
      const eight = Number(unit.ruc) || 2;
      const cells: Record<string, string> = {
        Postcode: unit.pcds,
        PostcodeDistrict: unit.pcds.split(' ')[0]!,
        PostcodeSector: unit.pcds.slice(0, -2),
        DateOfIntroduction: `${unit.dointr.slice(0, 4)}-${unit.dointr.slice(4, 6)}-01`,
        DateOfDeletion: unit.doterm ? `${unit.doterm.slice(0, 4)}-${unit.doterm.slice(4, 6)}-01` : '',
        GridReferenceEasting: unit.noGrid ? '' : String(unit.x),
        GridReferenceNorthing: unit.noGrid ? '' : String(unit.y),
        SplitIndicator: '',
        CouncilArea2019Code: book.area.localAuthority.code,
        OutputArea2022Code: unit.oa,
        DataZone2022Code: unit.lsoa,
        DataZone2011Code: dataZone2011(unit.lsoa),
        IntermediateZone2022Code: unit.msoa,
        ScottishIndexOfMultipleDeprivation2020Rank: String(unit.imd),
        Settlement2022Code: eight <= 2 ? SAMPLE_SETTLEMENTS.urban : eight <= 5 ? SAMPLE_SETTLEMENTS.town : '',
        UrbanRural6Fold2022Code: String(SG_SIX_OF_EIGHT[eight]),
        UrbanRural8Fold2022Code: String(eight),
      };
      // The first postcode is split at a boundary: its A part (the one read) and a B part in another class.
      if (i === 0) {
        rows.push(SPD_HEADER.map((h) => (h === 'SplitIndicator' ? 'A' : (cells[h] ?? ''))));
        cells.SplitIndicator = 'B';
        cells.UrbanRural8Fold2022Code = '6';
        cells.UrbanRural6Fold2022Code = '5';
      }
      rows.push(SPD_HEADER.map((h) => cells[h] ?? ''));
    });
  }
  for (const r of rows) await out.row(r.map((v) => `"${v}"`).join(','));
  return {
    dataset: 'scottish-postcodes',
    format: 'csv (NRS Scottish Postcode Directory 2026_2 SmallUser.csv, Latin-1, all text)',
    file: await out.close(),
    headerRows: 1,
  };
}

/** Writes every area dataset for the sample areas' address books. */
export async function writeAreaDatasets(
  books: readonly AddressBook[],
  outDir: string,
  seed: number,
): Promise<AreaDatasetFile[]> {
  const all = books.map(codesOf);
  const england = all.filter((c) => c.area.country === 'England');
  const englandWales = all.filter((c) => c.area.country !== 'Scotland');
  // IoD2019 is keyed by 2011 LSOAs: those of the sample's 2011→2021 lookup (lsoa-lookup.ts), which changes a
  // few of each area's LSOAs (split, merged, redrawn).
  const lsoas2011 = new Map(
    englandWales.map((c, i) => [c.area.id, sampleLsoas2011(sampleLsoaPairs(c.area, i, c.lsoas))]),
  );
  return [
    await writeHpi(outDir, seed),
    await writeFuelPoverty(outDir, seed, england),
    ...(await writeEnergyUsage(outDir, seed, all)),
    await writeDeprivation(
      outDir,
      seed,
      england.map((c) => ({ ...c, lsoas: lsoas2011.get(c.area.id)! })),
    ),
    {
      dataset: 'lsoa-lookup',
      format: 'csv (ONS LSOA 2011 to 2021 to LAD 2022 lookup, BOM, CRLF)',
      file: await writeLsoaLookup(outDir, englandWales),
      headerRows: 1,
    },
    await writeRuralUrban(outDir, seed, englandWales),
    // Wales and Scotland (docs/nations.md): WIMD on the Welsh 2011 LSOAs, SIMD on the 2011 Data Zones.
    await writeWimd(
      outDir,
      seed,
      all.filter((c) => c.area.country === 'Wales').map((c) => ({ ...c, lsoas: lsoas2011.get(c.area.id)! })),
    ),
    ...(await writeSimd(
      outDir,
      seed,
      all.filter((c) => c.area.country === 'Scotland'),
      books,
    )),
    await writeScottishPostcodes(outDir, books),
  ];
}

// DESNZ sub-regional fuel poverty tables (fuel-poverty/sub-regional-fuel-poverty-2025-tables.xlsx): a cover
// sheet, `Table 2` (areas, hierarchy over unnamed name columns) and `Table 3` (LSOAs, England): title rows,
// header on row 3, footnote markers glued to headers, notes rows below. More deprived LSOAs (ONSPD IMD rank)
// have more fuel poor households.
import { join } from 'node:path';
import { writeXlsx, type XlsxCellValue } from '../../io/xlsx';
import { REGION_NAMES } from '../areas';
import { readDataTable } from '../data-table';
import { hashSeed, Rng } from '../rng';
import type { AreaCodes } from './area-codes';
import { round, writeBytes, type AreaDatasetFile } from './dataset-file';

const FP_TITLE_LSOA =
  'Table 3: Number and proportion of households in fuel poverty by Lower Layer Super Output Area (LSOA), England, 2023';
const FP_TITLE_AREAS =
  'Table 2: Number and proportion of households in fuel poverty by region, county and local authority, England, 2023';

export async function writeFuelPoverty(
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
  // The national, regional and local authority rows (fuel-poverty-areas.csv): a name in one of three columns.
  const areaRows: XlsxCellValue[][] = readDataTable(new URL('./fuel-poverty-areas.csv', import.meta.url)).map(
    (r) =>
      area(
        r.code!,
        [r.country || null, r.region || null, r.local_authority || null],
        Number(r.households),
        Number(r.fuel_poor),
      ),
  );
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

// SIMD 2020v2 (wales-scotland.md 3.2): the ranks workbook (a notes sheet, then `SIMD 2020v2 ranks`, 13
// columns, no deciles) and the data-zone lookup (`SIMD 2020v2 DZ lookup data`, with vigintile, decile and
// quintile). One row per 2011 Data Zone of the sample's Scottish postcodes (census-2011.ts); the overall rank
// is ONSPD's imd20ind of the postcode's data zone; deciles by the official unweighted bands.
import { join } from 'node:path';
import { writeXlsx, type XlsxCellValue } from '../../io/xlsx';
import type { AddressBook } from '../addresses';
import { dataZone2011 } from '../census-2011';
import { hashSeed, Rng } from '../rng';
import type { AreaCodes } from './area-codes';
import { writeBytes, type AreaDatasetFile } from './dataset-file';
import { band, scatter } from './ranks';

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
const SIMD_AREAS = 6976;

export async function writeSimd(
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

// WIMD 2019 ranks workbook as the Welsh Government publishes it (ODS; wales-scotland.md 3.1): a notes sheet,
// `WIMD_2019_ranks` with two title rows above the header (trailing spaces on header cells, an empty trailing
// header column) and `Deciles_quintiles_quartiles` (one title row, a blank row, the header). One row per
// 2011 LSOA of the sample's Welsh lookup; the overall rank is ONSPD's imd20ind of the LSOA (coherent with
// ONSPD), domain ranks scatter around it; deciles, quintiles and quartiles follow from the rank.
import { join } from 'node:path';
import { writeOds } from '../../io/ods';
import type { XlsxCellValue } from '../../io/xlsx';
import { hashSeed, Rng } from '../rng';
import type { AreaCodes } from './area-codes';
import { writeBytes, type AreaDatasetFile } from './dataset-file';
import { band, scatter } from './ranks';

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

export async function writeWimd(outDir: string, seed: number, wales: AreaCodes[]): Promise<AreaDatasetFile> {
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

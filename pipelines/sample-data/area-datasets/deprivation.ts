// English Indices of Deprivation 2019, File 7 (deprivation/File_7_-_All_IoD2019_…csv): 57 columns, one row
// per 2011 LSOA of England. The IMD rank is ONSPD's; domain ranks scatter around it.
import { join } from 'node:path';
import { BufferedFileWriter, csvRow } from '../csv-writer';
import { hashSeed, Rng } from '../rng';
import type { AreaCodes } from './area-codes';
import { round, type AreaDatasetFile } from './dataset-file';

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

export async function writeDeprivation(
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

// Area datasets for the sample region, each in its publisher's layout (reference/datasets/socioeconomic.md,
// docs/nations.md), one writer per dataset as pipelines/sources/ has one loader per dataset:
//   hpi                 hpi.ts                  UK HPI full file CSV (areas in hpi-areas.csv)
//   fuel-poverty        fuel-poverty.ts         DESNZ sub-regional fuel poverty workbook, England (areas in
//                                               fuel-poverty-areas.csv)
//   energy-usage        energy-usage.ts         DESNZ LSOA/MSOA domestic electricity and gas workbooks
//   deprivation         deprivation.ts          IoD2019 File 7 CSV, England's 2011 LSOAs
//   lsoa-lookup         ../lsoa-lookup.ts       ONS LSOA 2011→2021 lookup; IoD2019 and WIMD are written for
//                                               the 2011 LSOAs it gives
//   rural-urban         rural-urban.ts          ONS RUC2011 of output areas, England and Wales
//   wimd                wimd.ts                 WIMD 2019 ranks workbook (ODS), Wales
//   simd                simd.ts                 SIMD 2020v2 ranks and data zone lookup workbooks, Scotland
//   scottish-postcodes  scottish-postcodes.ts   NRS Scottish Postcode Directory SmallUser.csv
// Codes are the sample's own (the same output areas, LSOAs and MSOAs as ONSPD: area-codes.ts); values are
// synthetic but coherent (IMD ranks match ONSPD's imd column, percentage changes follow from the prices).
import type { AddressBook } from '../addresses';
import { sampleLsoaPairs, sampleLsoas2011, writeLsoaLookup } from '../lsoa-lookup';
import { codesOf } from './area-codes';
import type { AreaDatasetFile } from './dataset-file';
import { writeDeprivation } from './deprivation';
import { writeEnergyUsage } from './energy-usage';
import { writeFuelPoverty } from './fuel-poverty';
import { writeHpi } from './hpi';
import { writeRuralUrban } from './rural-urban';
import { writeScottishPostcodes } from './scottish-postcodes';
import { writeSimd } from './simd';
import { writeWimd } from './wimd';

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

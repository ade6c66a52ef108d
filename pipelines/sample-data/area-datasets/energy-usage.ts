// DESNZ sub-national domestic energy use (energy-usage/{LSOA,MSOA}_domestic_{elec,gas}_2010-2024.xlsx):
// cover and notes sheets, one sheet per year with title rows above the header and an `Unallocated` row at
// the bottom.
import { join } from 'node:path';
import { writeXlsx, type XlsxCellValue } from '../../io/xlsx';
import { hashSeed, Rng } from '../rng';
import type { AreaCodes } from './area-codes';
import { round, writeBytes, type AreaDatasetFile } from './dataset-file';

const ENERGY_YEARS = [2022, 2023, 2024];

export async function writeEnergyUsage(
  outDir: string,
  seed: number,
  all: AreaCodes[],
): Promise<AreaDatasetFile[]> {
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

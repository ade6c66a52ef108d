// ONS 2011 rural-urban classification of output areas (rural-urban/RUC11_OA11_EW.csv): OA11CD,RUC11CD,RUC11,FID
// with a BOM, England and Wales; the class of an output area is census-2011.ts's.
import { join } from 'node:path';
import { sampleRuc2011 } from '../census-2011';
import { BufferedFileWriter, csvRow } from '../csv-writer';
import type { AreaCodes } from './area-codes';
import type { AreaDatasetFile } from './dataset-file';

const RUC_LABELS: Readonly<Record<string, string>> = {
  C1: 'Urban city and town',
  D1: 'Rural town and fringe',
  E1: 'Rural village',
};

export async function writeRuralUrban(
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

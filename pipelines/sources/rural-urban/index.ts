// ONS 2011 Rural-Urban Classification of Output Areas in England and Wales (CSV from the Open Geography
// Portal): OA11CD, RUC11CD, RUC11, sometimes an FID/ObjectId column (socioeconomic.md 7). The 10-fold label
// is published; the 2-fold (Urban/Rural) follows from the code letter (A-C urban, D-F rural).
import type { SourceRow } from '../../io/quarantine';
import { headerIndex, requireColumns } from '../common/header';
import { openCsvTable, reject, toSourceRow, type Rejection } from '../common/table';

export const RURAL_URBAN_DATASET = 'rural-urban';

/** The ten OA classes of the 2011 classification. */
export const RUC11_CLASSES: Readonly<Record<string, string>> = {
  A1: 'Urban major conurbation',
  B1: 'Urban minor conurbation',
  C1: 'Urban city and town',
  C2: 'Urban city and town in a sparse setting',
  D1: 'Rural town and fringe',
  D2: 'Rural town and fringe in a sparse setting',
  E1: 'Rural village',
  E2: 'Rural village in a sparse setting',
  F1: 'Rural hamlet and isolated dwellings',
  F2: 'Rural hamlet and isolated dwellings in a sparse setting',
};

export interface RuralUrbanRecord {
  output_area_code: string;
  rural_urban_classification_code: string;
  rural_urban_classification_10_fold: string;
  rural_urban_classification_2_fold: 'Urban' | 'Rural';
}

export const twoFold = (code: string): 'Urban' | 'Rural' => ('ABC'.includes(code[0]!) ? 'Urban' : 'Rural');

const OA = /^[EW]00[0-9]{6}$/;

export function ruralUrbanRowParser(
  header: readonly string[],
  file: string,
): (fields: string[]) => RuralUrbanRecord | Rejection {
  const c = requireColumns(
    headerIndex(header),
    ['OA11CD', 'RUC11CD', 'RUC11'],
    file,
    '2011 rural-urban classification (output areas)',
  );
  return (fields) => {
    const oa = (fields[c.OA11CD] ?? '').trim();
    const code = (fields[c.RUC11CD] ?? '').trim().toUpperCase();
    const label = (fields[c.RUC11] ?? '').trim();
    if (!OA.test(oa)) return reject(`OA11CD is not an England or Wales output area code: "${oa}"`);
    const known = RUC11_CLASSES[code];
    if (!known) return reject(`RUC11CD is not a 2011 OA class (A1..F2): "${code}"`);
    return {
      output_area_code: oa,
      rural_urban_classification_code: code,
      // The published label wins (it is the source); the code's label stands in when the cell is blank.
      rural_urban_classification_10_fold: label || known,
      rural_urban_classification_2_fold: twoFold(code),
    };
  };
}

export async function* readRuralUrban(file: string): AsyncGenerator<SourceRow<RuralUrbanRecord>> {
  const table = await openCsvTable(file, { headerRows: 1 });
  const header = table.headers[0]!.fields;
  const map = ruralUrbanRowParser(header, file);
  const context = { dataset: RURAL_URBAN_DATASET, file, width: header.length };
  for await (const batch of table.batches) for (const row of batch) yield toSourceRow(row, context, map);
}

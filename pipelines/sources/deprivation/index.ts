// English Indices of Deprivation 2019, File 7 (all ranks, scores, deciles and population denominators per
// 2011 LSOA; 57 columns; socioeconomic.md 6). Columns are found by name prefix (`<Domain> Score`,
// `<Domain> Rank`, `<Domain> Decile`), which also tolerates the trailing spaces and the `(rate)` suffixes of
// some domains. England only: Wales (WIMD) and Scotland (SIMD) publish their own indices, not loaded here.
import type { SourceRow } from '../../io/quarantine';
import { cleanHeaderCell, headerIndex, requireColumns } from '../common/header';
import { openCsvTable, reject, toSourceRow, type Rejection } from '../common/table';
import { parseOptionalDecimalCell } from '../common/values';

export const DEPRIVATION_DATASET = 'deprivation';

/** Output domain key → the domain's name at the start of its File 7 column names. */
export const IOD_DOMAINS = [
  ['index_of_multiple_deprivation', 'Index of Multiple Deprivation (IMD)'],
  ['income', 'Income'],
  ['employment', 'Employment'],
  ['education_skills_and_training', 'Education, Skills and Training'],
  ['health_deprivation_and_disability', 'Health Deprivation and Disability'],
  ['crime', 'Crime'],
  ['barriers_to_housing_and_services', 'Barriers to Housing and Services'],
  ['living_environment', 'Living Environment'],
  ['income_deprivation_affecting_children', 'Income Deprivation Affecting Children Index (IDACI)'],
  ['income_deprivation_affecting_older_people', 'Income Deprivation Affecting Older People (IDAOPI)'],
  ['children_and_young_people_sub_domain', 'Children and Young People Sub-domain'],
  ['adult_skills_sub_domain', 'Adult Skills Sub-domain'],
  ['geographical_barriers_sub_domain', 'Geographical Barriers Sub-domain'],
  ['wider_barriers_sub_domain', 'Wider Barriers Sub-domain'],
  ['indoors_sub_domain', 'Indoors Sub-domain'],
  ['outdoors_sub_domain', 'Outdoors Sub-domain'],
] as const;

export const IOD_POPULATIONS = [
  ['total_population', 'Total population'],
  ['dependent_children_0_15_population', 'Dependent Children aged 0-15'],
  ['aged_16_59_population', 'Population aged 16-59'],
  ['aged_60_and_over_population', 'Older population aged 60 and over'],
  ['working_age_population', 'Working age population'],
] as const;

export type DeprivationRecord = {
  lsoa_code: string;
  lsoa_name: string;
  local_authority_district_code: string;
  local_authority_district_name: string;
} & Record<string, string | number | null>;

const LSOA = /^E01[0-9]{6}$/;

function columnByPrefix(header: readonly string[], prefix: string, file: string): number {
  const p = prefix.toLowerCase();
  const i = header.findIndex((h) => cleanHeaderCell(h).toLowerCase().startsWith(p));
  if (i === -1) throw new Error(`${file}: not an IoD2019 File 7: no column starting "${prefix}"`);
  return i;
}

export function deprivationRowParser(
  header: readonly string[],
  file: string,
): (fields: string[]) => DeprivationRecord | Rejection {
  const index = headerIndex(header);
  const ids = requireColumns(
    index,
    [
      'LSOA code (2011)',
      'LSOA name (2011)',
      'Local Authority District code (2019)',
      'Local Authority District name (2019)',
    ],
    file,
    'IoD2019 File 7',
  );
  const numeric: [string, number, 'score' | 'rank' | 'decile' | 'population'][] = [];
  for (const [key, name] of IOD_DOMAINS) {
    numeric.push([`${key}_score`, columnByPrefix(header, `${name} Score`, file), 'score']);
    numeric.push([`${key}_rank`, columnByPrefix(header, `${name} Rank`, file), 'rank']);
    numeric.push([`${key}_decile`, columnByPrefix(header, `${name} Decile`, file), 'decile']);
  }
  for (const [key, name] of IOD_POPULATIONS)
    numeric.push([key, columnByPrefix(header, name, file), 'population']);
  return (fields) => {
    const lsoa = (fields[ids['LSOA code (2011)']] ?? '').trim();
    if (!LSOA.test(lsoa)) return reject(`LSOA code (2011) is not an English LSOA code: "${lsoa}"`);
    const record: DeprivationRecord = {
      lsoa_code: lsoa,
      lsoa_name: (fields[ids['LSOA name (2011)']] ?? '').trim(),
      local_authority_district_code: (fields[ids['Local Authority District code (2019)']] ?? '').trim(),
      local_authority_district_name: (fields[ids['Local Authority District name (2019)']] ?? '').trim(),
    };
    for (const [field, i, kind] of numeric) {
      const value = parseOptionalDecimalCell((fields[i] ?? '').replace(/,/g, ''));
      if (value === undefined)
        return reject(`${cleanHeaderCell(header[i]!)} is not a number: "${fields[i]}"`);
      if (kind === 'decile' && value !== null && !(Number.isInteger(value) && value >= 1 && value <= 10))
        return reject(`${cleanHeaderCell(header[i]!)} is not a decile 1..10: "${fields[i]}"`);
      if ((kind === 'rank' || kind === 'population') && value !== null && !Number.isInteger(value))
        return reject(`${cleanHeaderCell(header[i]!)} is not an integer: "${fields[i]}"`);
      record[field] = value;
    }
    return record;
  };
}

export async function* readDeprivation(file: string): AsyncGenerator<SourceRow<DeprivationRecord>> {
  const table = await openCsvTable(file, { headerRows: 1 });
  const header = table.headers[0]!.fields;
  const map = deprivationRowParser(header, file);
  const context = { dataset: DEPRIVATION_DATASET, file, width: header.length };
  for await (const batch of table.batches) for (const row of batch) yield toSourceRow(row, context, map);
}

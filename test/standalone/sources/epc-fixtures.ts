// Small EPC fixtures in the published layouts (epc.md 1.1, 1.2, 2, 3).
import { RAW_EW_CERTIFICATE_COLUMNS, type RawEwCertificateColumn } from '../../../schemas/epc';

export const LEGACY_HEADER = RAW_EW_CERTIFICATE_COLUMNS.join(',');

/** A legacy certificates.csv row from column → value (others blank); values with commas/quotes are quoted. */
export function legacyRow(
  values: Partial<Record<RawEwCertificateColumn, string>>,
  columns: readonly RawEwCertificateColumn[] = RAW_EW_CERTIFICATE_COLUMNS,
): string {
  return columns
    .map((c) => {
      const v = values[c] ?? '';
      return /[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
    })
    .join(',');
}

export const SOUTH_HAMS_FLAT = {
  LMK_KEY: '89931970062019053113040836250130',
  ADDRESS1: 'Flat 2, 10 Fore Street',
  POSTCODE: 'TQ9 5RP',
  BUILDING_REFERENCE_NUMBER: '10003212345',
  CURRENT_ENERGY_RATING: 'D',
  POTENTIAL_ENERGY_RATING: 'B',
  CURRENT_ENERGY_EFFICIENCY: '61',
  PROPERTY_TYPE: 'Flat',
  BUILT_FORM: 'Semi-Detached',
  INSPECTION_DATE: '2019-05-31',
  LOCAL_AUTHORITY: 'E07000044',
  LODGEMENT_DATE: '2019-05-31',
  TRANSACTION_TYPE: 'marketed sale',
  WALLS_DESCRIPTION: 'Cavity wall, as built, insulated (assumed)',
  FLOOR_LEVEL: 'ground floor',
  HEAT_LOSS_CORRIDOR: 'NO DATA!',
  CONSTRUCTION_AGE_BAND: 'England and Wales: 1930-1949',
  LODGEMENT_DATETIME: '2019-05-31 13:04:08',
  TENURE: 'rental (social)',
  UPRN: '100040209834',
  UPRN_SOURCE: 'Address Matched',
  REPORT_TYPE: '2',
} as Record<string, string>;

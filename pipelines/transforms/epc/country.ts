export type EpcCountry = 'England' | 'Wales' | 'Scotland';

/** The country of an ONS area code (E…, W…, S…), or null for legacy non-ONS codes such as `00EM`. */
export function countryFromOnsCode(code: string | null | undefined): EpcCountry | null {
  switch (code?.trim().charAt(0)) {
    case 'E':
      return 'England';
    case 'W':
      return 'Wales';
    case 'S':
      return 'Scotland';
    default:
      return null;
  }
}

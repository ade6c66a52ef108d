// The real-coordinate sample areas: Bath (England), Cardiff (Wales) and Stirling (Scotland), the three main
// ones, and two small ones where the real service's documentation sends new users (issue #15 item 4): Fulham
// in the London Borough of Hammersmith and Fulham (England, London region) and Trinity/Newhaven in the City
// of Edinburgh (Scotland), holding the documented UPRNs 34076006 and 906178651 near the documented points
// 51.47,-0.19 and 55.98,-3.19; Cardiff holds the third documented UPRN, 10014197137, near 51.45,-3.19.
//
// Real facts used here: the local authority, region and country codes and names (ONS GSS codes E06000022,
// W06000015, S12000030, E12000009, E92000001, W92000004, S92000003), the pseudo codes ONSPD uses where a
// geography does not apply (E99999999, W99999999, S99999999; reference/datasets/postcodes-uprn.md section 2),
// E09000013, S12000036, E12000007, the health, police and European electoral regions of each), the postcode
// districts of each place (BA1/BA2, CF10/CF11/CF14/CF24, FK7/FK8/FK9, SW6/W6, EH5/EH6), rough BNG centres and real
// street, locality and ward names. Sub-authority codes (wards, output areas, constituencies, TTWA, ICB and the
// like) are well-formed for each country (E05/W05/S13 wards, E00/W00/S00 output areas, ...) but their numbers
// are synthetic: no real code list is available offline.
import { BATH } from './areas/bath';
import { CARDIFF } from './areas/cardiff';
import { EDINBURGH } from './areas/edinburgh';
import { FULHAM } from './areas/fulham';
import type { NamedCode, SampleArea, SampleCountry } from './areas/sample-area';
import { STIRLING } from './areas/stirling';

export type { NamedCode, SampleArea, SampleCountry } from './areas/sample-area';

/** The three main areas first, then the two small ones (one file each under areas/). */
export const SAMPLE_AREAS: readonly SampleArea[] = [BATH, CARDIFF, STIRLING, FULHAM, EDINBURGH];

/** The main sample area of a country (the first of SAMPLE_AREAS there: Bath, Cardiff, Stirling). */
export function sampleAreaFor(country: SampleCountry): SampleArea {
  const area = SAMPLE_AREAS.find((a) => a.country === country);
  if (!area) throw new Error(`no sample area for ${country}`);
  return area;
}

/** Country and region names for the ONSPD Documents lookups. */
export const COUNTRY_NAMES: readonly NamedCode[] = [
  { code: 'E92000001', name: 'England', nameWelsh: 'Lloegr' },
  { code: 'W92000004', name: 'Wales', nameWelsh: 'Cymru' },
  { code: 'S92000003', name: 'Scotland', nameWelsh: 'Yr Alban' },
  { code: 'N92000002', name: 'Northern Ireland', nameWelsh: 'Gogledd Iwerddon' },
  { code: 'L93000001', name: 'Channel Islands', nameWelsh: 'Ynysoedd y Sianel' },
  { code: 'M83000003', name: 'Isle of Man', nameWelsh: 'Ynys Manaw' },
];

export const REGION_NAMES: readonly NamedCode[] = [
  { code: 'E12000001', name: 'North East' },
  { code: 'E12000002', name: 'North West' },
  { code: 'E12000003', name: 'Yorkshire and The Humber' },
  { code: 'E12000004', name: 'East Midlands' },
  { code: 'E12000005', name: 'West Midlands' },
  { code: 'E12000006', name: 'East of England' },
  { code: 'E12000007', name: 'London' },
  { code: 'E12000008', name: 'South East' },
  { code: 'E12000009', name: 'South West' },
  { code: 'W99999999', name: '(pseudo) Wales' },
  { code: 'S99999999', name: '(pseudo) Scotland' },
  { code: 'N99999999', name: '(pseudo) Northern Ireland' },
  { code: 'L99999999', name: '(pseudo) Channel Islands' },
  { code: 'M99999999', name: '(pseudo) Isle of Man' },
];

/** A few real neighbouring authorities, so the LA lookup is more than our own rows. */
export const NEIGHBOUR_AUTHORITIES: readonly NamedCode[] = [
  { code: 'E06000023', name: 'Bristol, City of' },
  { code: 'E06000024', name: 'North Somerset' },
  { code: 'E06000025', name: 'South Gloucestershire' },
  { code: 'W06000014', name: 'Vale of Glamorgan', nameWelsh: 'Bro Morgannwg' },
  { code: 'W06000016', name: 'Rhondda Cynon Taf', nameWelsh: 'Rhondda Cynon Taf' },
  { code: 'S12000005', name: 'Clackmannanshire' },
  { code: 'S12000014', name: 'Falkirk' },
  { code: 'E09000020', name: 'Kensington and Chelsea' },
  { code: 'E09000032', name: 'Wandsworth' },
  { code: 'S12000019', name: 'Midlothian' },
  { code: 'S12000040', name: 'West Lothian' },
];

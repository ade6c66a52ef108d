// Which of the price cap's 14 regions (electricity distribution areas, GSP groups `_A` … `_P`) a postcode or a
// SAP climate region name is in (reference/datasets/energy-prices.md §3.1, §6.7, §7.4). The exact answer is a
// point in NESO's DNO licence-area polygons, which we do not load; a postcode's area (its letters), with the
// districts that lie across a boundary listed, gives the region of nearly every address. The table is our
// condensation of a public postcode-district → GSP group table (third party, [verified-3p] at best): each
// area takes the region of most of its districts, and the districts in another region are listed. A postcode
// outside GB's 14 regions (Northern Ireland `BT`, Isle of Man, Channel Islands) or unknown has no region:
// callers use the GB average. Pure, no I/O: the area block (pipelines) and the energy model (serving) share it.
import { GB_AVERAGE_REGION } from '../../../schemas/energy-prices';

/** Area → [region of most districts, [first district, last district, region] exceptions]. */
// prettier-ignore
const AREAS: Readonly<Record<string, readonly [string, ...(readonly [number, number, string])[]]>> = {
  AB: ['_P'], AL: ['_A'], B: ['_E', [77, 79, '_B']], BA: ['_H', [1, 6, '_L'], [16, 16, '_L']],
  BB: ['_G', [8, 8, '_M']], BD: ['_M', [24, 24, '_G']], BH: ['_H'], BL: ['_G'], BN: ['_J', [17, 18, '_H']],
  BR: ['_J', [1, 1, '_C'], [3, 3, '_C'], [7, 7, '_C']], BS: ['_L'], CA: ['_G'], CB: ['_A'], CF: ['_K'],
  CH: ['_D'], CM: ['_A'], CO: ['_A'], CR: ['_J', [5, 5, '_C']], CT: ['_J'], CV: ['_B', [36, 37, '_E']],
  CW: ['_D', [12, 12, '_E']], DA: ['_C', [1, 1, '_J'], [3, 4, '_J'], [9, 13, '_J']], DD: ['_P'], DE: ['_B'],
  DG: ['_N'], DH: ['_F'], DL: ['_F'], DN: ['_M', [20, 22, '_B']], DT: ['_H', [6, 8, '_L']], DY: ['_E'],
  E: ['_C', [4, 4, '_A']], EC: ['_C'], EH: ['_N'], EN: ['_A'], EX: ['_L'], FK: ['_N', [15, 21, '_P']],
  FY: ['_G'], G: ['_N', [83, 84, '_P']], GL: ['_E'],
  GU: ['_H', [1, 2, '_J'], [4, 6, '_J'], [21, 23, '_J'], [25, 25, '_J']], HA: ['_A'], HD: ['_M'], HG: ['_F'],
  HP: ['_A', [9, 15, '_H']], HR: ['_E', [5, 5, '_K']], HS: ['_P'], HU: ['_M'], HX: ['_M'],
  IG: ['_C', [10, 10, '_A']], IP: ['_A'], IV: ['_P'], KA: ['_N', [27, 28, '_P']], KT: ['_J', [2, 4, '_C']],
  KW: ['_P'], KY: ['_N', [13, 13, '_P']], L: ['_D', [40, 40, '_G']], LA: ['_G'], LD: ['_K'], LE: ['_B'],
  LL: ['_D'], LN: ['_B', [7, 7, '_M']], LS: ['_M'], LU: ['_A'], M: ['_G'], ME: ['_J'],
  MK: ['_B', [40, 42, '_A'], [44, 45, '_A']], ML: ['_N'], N: ['_A', [1, 1, '_C'], [5, 5, '_C'], [7, 7, '_C'],
  [16, 16, '_C'], [19, 19, '_C']], NE: ['_F'], NG: ['_B'], NN: ['_B'], NP: ['_K'], NR: ['_A'],
  NW: ['_C', [2, 2, '_A'], [4, 4, '_A'], [7, 7, '_A'], [9, 9, '_A'], [11, 11, '_A']], OL: ['_G', [14, 14, '_M']],
  OX: ['_H', [7, 7, '_E'], [15, 16, '_E'], [17, 17, '_B']], PA: ['_P', [1, 19, '_N']],
  PE: ['_A', [5, 6, '_B'], [8, 12, '_B'], [20, 29, '_B'], [99, 99, '_B']], PH: ['_P'], PL: ['_L'], PO: ['_H'],
  PR: ['_G', [8, 9, '_D']], RG: ['_H'], RH: ['_J', [14, 14, '_H']],
  RM: ['_A'], S: ['_M', [20, 20, '_B'], [25, 26, '_B'], [40, 45, '_B'], [49, 49, '_B'], [80, 81, '_B'], [96, 99, '_B']],
  SA: ['_K'], SE: ['_C'], SG: ['_A'], SK: ['_G'], SL: ['_H'], SM: ['_J'], SN: ['_H'], SO: ['_H'], SP: ['_H'],
  SR: ['_F'], SS: ['_A'], ST: ['_E'], SW: ['_C'],
  SY: ['_D', [1, 9, '_E'], [15, 15, '_E'], [25, 25, '_K'], [99, 99, '_E']], TA: ['_L'], TD: ['_N'], TF: ['_E'],
  TN: ['_J'], TQ: ['_L'], TR: ['_L'], TS: ['_F'], TW: ['_H', [9, 10, '_J'], [20, 20, '_J']], UB: ['_H'],
  W: ['_C', [3, 5, '_H'], [7, 7, '_H'], [13, 13, '_H']], WA: ['_D', [3, 3, '_G'], [12, 15, '_G']], WC: ['_C'],
  WD: ['_A'], WF: ['_M'], WN: ['_G'], WR: ['_E'], WS: ['_E'], WV: ['_E'], YO: ['_F', [15, 16, '_M']],
  ZE: ['_P'],
};

const OUTWARD = /^\s*([A-Za-z]{1,2})([0-9][0-9A-Za-z]?)/;

/** The price region (`_A` … `_P`) of a postcode (full, or its outward code); null outside GB's 14 or unknown. */
export function priceRegionOfPostcode(postcode: string | null | undefined): string | null {
  if (!postcode) return null;
  const m = OUTWARD.exec(postcode);
  if (!m) return null;
  return priceRegionOfDistrict(m[1]!.toUpperCase(), Number.parseInt(m[2]!, 10));
}

/** The price region of a postcode area and district number (`PL`, 26); null when the area is not in GB's 14. */
export function priceRegionOfDistrict(area: string, district: number): string | null {
  const row = AREAS[area];
  if (!row) return null;
  const [fallback, ...exceptions] = row;
  for (const [from, to, region] of exceptions) if (district >= from && district <= to) return region;
  return fallback;
}

/**
 * A SAP climate region name (the energy model's `location` without a postcode) → the price region it lies
 * in, where one region holds (nearly) all of it; regions that straddle two or more price regions (Severn,
 * Borders, Wales, East Scotland) and Northern Ireland (no GB price cap, §6.6) take the GB average. Our
 * judgement from the two maps, not a published crosswalk (§6.7: only an approximate map is possible).
 */
export const PRICE_REGION_OF_CLIMATE_REGION: Readonly<Record<string, string>> = {
  Thames: '_C',
  'SE England': '_J',
  'South England': '_H',
  'SW England': '_L',
  Severn: GB_AVERAGE_REGION,
  Midlands: '_E',
  'West Pennines': '_G',
  'NW England': '_G',
  'SW Scotland': '_N',
  Borders: GB_AVERAGE_REGION,
  'NE England': '_F',
  'East Pennines': '_M',
  'East Anglia': '_A',
  Wales: GB_AVERAGE_REGION,
  'West Scotland': '_N',
  'East Scotland': GB_AVERAGE_REGION,
  'NE Scotland': '_P',
  Highlands: '_P',
  'Western Isles': '_P',
  Orkney: '_P',
  Shetland: '_P',
  'N Ireland': GB_AVERAGE_REGION,
};

// UK postcode → SAP climate region (SAP 2012 postcode table as transcribed in reference/energy/climate.md,
// "Postcode → region"). A district row beats the bare area; an area we know with a district not listed
// takes the area's region; areas outside the table (Isle of Man, Channel Islands) take the UK average.
import { POSTCODE_PATTERN, type RegionName } from '../../../schemas/api/energy-model';
import { REGION_NAME_OF, REGION_NUMBERS, UK_AVERAGE_REGION } from './regions';

/** Area → [default region, [first district, last district, region] exceptions]. */
// prettier-ignore
const AREAS: Readonly<Record<string, readonly [number, ...(readonly [number, number, number])[]]>> = {
  AB: [16], AL: [1], B: [6], BA: [5], BB: [7], BD: [11, [23, 24, 10]], BH: [3], BL: [7], BN: [2], BR: [2],
  BS: [5], BT: [21], CA: [8], CB: [12], CF: [5], CH: [7], CM: [12, [21, 23, 1]], CO: [12], CR: [1], CT: [2],
  CV: [6], CW: [7], DA: [2], DD: [15], DE: [6], DG: [8], DH: [10, [4, 5, 9]], DL: [10], DN: [11], DT: [3],
  DY: [6], E: [1], EC: [1], EH: [15, [43, 46, 9]], EN: [1, [9, 9, 12]], EX: [4], FK: [14], FY: [7], G: [14],
  GL: [5],
  GU: [1, [11, 12, 3], [14, 14, 3], [28, 29, 2], [30, 35, 3], [46, 46, 3], [51, 52, 3]],
  HA: [1], HD: [11], HG: [10], HP: [1], HR: [6], HS: [18], HU: [11], HX: [11], IG: [12], IP: [12],
  IV: [17, [30, 32, 16], [36, 36, 16]], KA: [14], KT: [1], KW: [17, [15, 17, 19]], KY: [15], L: [7],
  LA: [7, [7, 23, 8]], LD: [13], LE: [6], LL: [7, [23, 27, 13], [30, 78, 13]], LN: [11], LS: [11, [24, 24, 10]],
  LU: [1], M: [7], ME: [2], MK: [1], ML: [14], N: [1], NE: [9], NG: [11], NN: [6], NP: [5, [8, 8, 13]],
  NR: [12], NW: [1], OL: [7], OX: [1], PA: [14], PE: [12, [9, 12, 11], [20, 25, 11]],
  // PH30–44 follows HeatMyHome (MHEP has 30–40); the reference could not settle which SAP prints.
  PH: [15, [19, 25, 17], [26, 26, 16], [30, 44, 17], [49, 50, 14]],
  PL: [4], PO: [3, [18, 22, 2]], PR: [7], RG: [1, [21, 29, 3]], RH: [1, [10, 20, 2]], RM: [12],
  S: [11, [18, 18, 6], [32, 33, 6], [40, 45, 6]],
  SA: [5, [14, 20, 13], [31, 48, 13], [61, 73, 13]], SE: [1], SG: [1],
  SK: [7, [13, 13, 6], [17, 17, 6], [22, 23, 6]], SL: [1], SM: [1], SN: [5, [7, 7, 1]], SO: [3],
  SP: [5, [6, 11, 3]], SR: [9, [7, 8, 10]], SS: [12], ST: [6], SW: [1], SY: [6, [14, 14, 7], [15, 25, 13]],
  TA: [5], TD: [9], TF: [6], TN: [2], TQ: [4], TR: [4], TS: [10], TW: [1], UB: [1], W: [1], WA: [7],
  WC: [1], WD: [1], WF: [11], WN: [7], WR: [6], WS: [6], WV: [6], YO: [10, [15, 16, 11], [25, 25, 11]],
  ZE: [20],
};

/** Crown dependencies: real postcodes with no SAP region. */
const OUTSIDE_TABLE = new Set(['IM', 'GY', 'JE']);

export interface PostcodeRegion {
  region: number;
  /** The region's name among the spec's 22; null for the UK average, which has none. */
  name: RegionName | null;
  /** The postcode in upper case with one space before the inward code. */
  postcode: string;
}

/** The SAP region of a postcode, or null when it is not a postcode of a known UK area. */
export function regionForPostcode(text: string): PostcodeRegion | null {
  const match = POSTCODE_PATTERN.exec(text.trim());
  if (!match) return null;
  const area = match[1]!.toUpperCase();
  const districtPart = match[2]!.toUpperCase();
  const inward = match[3]?.trim().toUpperCase();
  const postcode = inward ? `${area}${districtPart} ${inward}` : `${area}${districtPart}`;
  if (OUTSIDE_TABLE.has(area)) return { region: UK_AVERAGE_REGION, name: null, postcode };
  const row = AREAS[area];
  if (!row) return null;
  // "W1A", "EC1A": the district number is the leading digits.
  const district = Number.parseInt(districtPart, 10);
  const [fallback, ...exceptions] = row;
  const region = exceptions.find(([from, to]) => district >= from && district <= to)?.[2] ?? fallback;
  return { region, name: nameOf(area, region), postcode };
}

/** SAP region 8 is "North West England / South West Scotland": DG is the one Scottish area in it. */
function nameOf(area: string, region: number): RegionName {
  return region === REGION_NUMBERS['SW Scotland'] && area === 'DG' ? 'SW Scotland' : REGION_NAME_OF[region]!;
}

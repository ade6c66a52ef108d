// What a sample area is: its codes, centre, postcode districts, wards and UPRN ranges (../areas.ts lists them).

export type SampleCountry = 'England' | 'Wales' | 'Scotland';

export interface Point {
  x: number;
  y: number;
}

export interface NamedCode {
  code: string;
  name: string;
  /** Welsh name, where ONS publishes one. */
  nameWelsh?: string;
}

export interface Ward extends NamedCode {
  /** Rough BNG centre; a postcode belongs to the ward with the nearest centre. */
  centre: Point;
}

export interface PostcodeDistrict {
  /** Outward code, e.g. "BA1". */
  outward: string;
  /** Sector digits in use (the first character of the inward code). */
  sectors: readonly number[];
  centre: Point;
  /** Radius (m) within which this district's streets start. */
  radius: number;
  /** Share of the area's addresses (weights, need not sum to 1). */
  weight: number;
  localities: readonly string[];
  streets: readonly string[];
  constituency: NamedCode;
  /**
   * Weights over build eras (indexes into BUILD_ERAS in dwellings.ts): [pre-1900, 1900-29, 1930-49, 1950-66,
   * 1967-75, 1976-82, 1983-90, 1991-95, 1996-2002, 2003-06, 2007-11, 2012+].
   */
  eraWeights: readonly number[];
}

/** Codes that are the same for every postcode in the area (ONSPD columns). */
export interface AreaOnspdCodes {
  county: string;
  countyElectoralDivision: string;
  nhsRegion: string;
  ttwa: string;
  itl: string;
  nationalPark: string;
  subIcbLocation: string;
  builtUpArea: string;
  lep1: string;
  lep2: string;
  policeForceArea: string;
  icb: string;
  /** Former strategic health authority / local health board / health board (ONSPD hlth19cd). */
  healthArea: string;
  /** European Electoral Region (ONSPD eer20cd; E15 England regions, W08000001, S15000001). */
  europeanElectoralRegion: string;
  /** Civil parish or unparished area (England), community (Wales) (ONSPD parncp25cd). */
  parish: string;
  /** Cancer Alliance (ONSPD cal24cd; England only). */
  cancerAlliance: string;
  /** Primary care organisation (ONSPD pco19cd). */
  primaryCareOrganisation: string;
  /** Rural-urban classification values to draw from. */
  ruralUrban: readonly string[];
  /** Output area, LSOA (Scottish Data Zone), MSOA (Intermediate Zone) and workplace zone code prefixes and bases. */
  oaPrefix: string;
  oaBase: number;
  lsoaPrefix: string;
  lsoaBase: number;
  msoaPrefix: string;
  msoaBase: number;
  wzPrefix: string;
  wzBase: number;
  /** IMD ranks run 1..imdMax within each country (the number of LSOAs / Data Zones). */
  imdMax: number;
}

/**
 * A UPRN the real service's documentation tells new users to try: the generator gives it to the address
 * nearest `near` (BNG) with two certificates (one in Scotland), so it answers everywhere the documentation sends
 * people (`/properties`, `/epcs`, `/retrofit`, `/flood-risk`).
 */
export interface DocumentedUprn {
  uprn: number;
  near: Point;
  /** The documented point (WGS84) it stands for. */
  latitude: number;
  longitude: number;
}

export interface SampleArea {
  id: 'bath' | 'cardiff' | 'stirling' | 'london' | 'edinburgh';
  name: string;
  country: SampleCountry;
  countryCode: string;
  /** Region code; Wales and Scotland have the ONSPD pseudo code. */
  regionCode: string;
  localAuthority: NamedCode;
  /** Legacy (pre-2009 ONS) LA code that a few old EPC rows still carry. */
  legacyLaCode: string;
  /** BNG metres (EPSG:27700). */
  centre: Point;
  postTown: string;
  districts: readonly PostcodeDistrict[];
  wards: readonly Ward[];
  /** UPRN ranges: most addresses count up from `uprnBase`, a few newer ones from `uprnNewBase`. */
  uprnBase: number;
  uprnNewBase: number;
  /** Share of the generator's UPRNs per area this area gets (1 for the three main areas). */
  uprnShare: number;
  /** The real service's documented test UPRNs that live here. */
  documentedUprns: readonly DocumentedUprn[];
  onspd: AreaOnspdCodes;
}

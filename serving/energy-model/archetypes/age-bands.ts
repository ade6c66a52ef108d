// Age bands: the API's two lists onto SAP bands A–L, a construction year onto its band, and the as-built
// fabric of each band (RdSAP 2012 = SAP 2012 Appendix S, England & Wales; reference/energy/bredem.md §12).
import { bandsContaining, type AgeBand } from '../../../schemas/api/energy-model';

/** Index 0..11 = SAP band A..L. '2012-2021' and '2022 onwards' both fall in L (no later table was found). */
export const BAND_INDEX: Readonly<Record<AgeBand, number>> = {
  'before 1900': 0,
  '1900-1929': 1,
  '1930-1949': 2,
  '1950-1966': 3,
  '1967-1975': 4,
  '1976-1982': 5,
  '1983-1990': 6,
  '1991-1995': 7,
  '1996-2002': 8,
  '2003-2006': 9,
  '2007-2011': 10,
  '2012 onwards': 11,
  '2012-2021': 11,
  '2022 onwards': 11,
};

/** The band a construction year falls in (the schema's table); after 2011 the finer split, not "2012 onwards". */
export function bandForYear(year: number): AgeBand {
  return bandsContaining(year).at(-1)!;
}

// Walls, W/m²K, bands A..L (RdSAP 2012 Table S6). Bands A–B are taken as solid brick, C onward as cavity.
// Solid brick before 1967 (A–D) is 1.7, not Table S6's 2.1: RdSAP 10 now assumes 1.7 for solid walls built
// before 1976 (RICS Built Environment Journal, "Historic buildings' energy performance measurement"),
// because heat-flux measurements found 2.1 far too high — mean 1.3 ± 0.4 over 58 solid walls (Li et al.
// 2015, Building Research & Information 43(2) 238–252; BRE 2014 "In-situ measurements of wall U-values in
// English housing"), 16 % less stock space heating. We take the official 1.7, not the measured mean.
export const WALL_SOLID_BRICK = [1.7, 1.7, 1.7, 1.7, 1.7, 1.0, 0.6, 0.6, 0.45, 0.35, 0.3, 0.28];
export const WALL_CAVITY_UNFILLED = [2.1, 1.6, 1.6, 1.6, 1.6, 1.0, 0.6, 0.45, 0.45, 0.3, 0.25, 0.22];
export const WALL_CAVITY_FILLED = [0.5, 0.5, 0.5, 0.5, 0.5, 0.4, 0.35, 0.45, 0.45, 0.3, 0.25, 0.22];
export const WALL_PLUS_50MM = [0.6, 0.6, 0.6, 0.6, 0.55, 0.45, 0.35, 0.3, 0.3, 0.21, 0.19, 0.17];
export const WALL_PLUS_100MM = [0.35, 0.35, 0.35, 0.35, 0.35, 0.32, 0.24, 0.24, 0.21, 0.19, 0.17, 0.14];
export const isCavityEra = (band: number): boolean => band >= 2;

/** Roof as built by band: Table S10 (the flat-roof column, the only by-band roof series found). */
export const ROOF_AS_BUILT = [2.3, 2.3, 2.3, 2.3, 1.5, 0.68, 0.4, 0.35, 0.35, 0.25, 0.25, 0.18];
/** Pitched roof with loft insulation, Table S9: 50 mm 0.68, 100 mm 0.40, 270 mm 0.16, 400 mm 0.11. */
export const LOFT = { mm50: 0.68, mm100: 0.4, mm270: 0.16, mm400: 0.11 } as const;

/** Ground-floor insulation as built, m²K/W (λ 0.035): none to I, then 50, 75, 100 mm (assumed, after S11/S12). */
export const FLOOR_INSULATION_AS_BUILT = [
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0.05 / 0.035,
  0.075 / 0.035,
  0.1 / 0.035,
];

/** Doors, Table S15A: 3.0 for A–J, 2.0 for K, 1.8 for L. */
export const DOOR_U = [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 1.8];

/** Glazing: U (SAP Table 6e, wood/uPVC), g⊥ and g_L (Table 6b). "Mixed" is half single, half double. */
export const GLAZING = {
  single: { u: 4.8, g: 0.85, gL: 0.9 },
  mixed: { u: 3.95, g: 0.805, gL: 0.85 },
  doubleAir: { u: 3.1, g: 0.76, gL: 0.8 },
  doubleLowEHard: { u: 2.7, g: 0.72, gL: 0.8 },
  doubleLowESoft: { u: 2.6, g: 0.63, gL: 0.8 },
  tripleLowESoft: { u: 2.0, g: 0.57, gL: 0.7 },
} as const;
export type Glazing = (typeof GLAZING)[keyof typeof GLAZING];

/** As-built glazing by band: single to H (1995), double from I, low-E from J (Part L 2002), triple-grade from L. */
export const GLAZING_AS_BUILT: readonly Glazing[] = [
  ...Array<Glazing>(8).fill(GLAZING.single),
  GLAZING.doubleAir,
  GLAZING.doubleLowEHard,
  GLAZING.doubleLowESoft,
  GLAZING.tripleLowESoft,
];

/** Storey height, m: taller rooms before 1930 (assumed). */
export const storeyHeightForBand = (band: number): number => (band <= 1 ? 2.8 : 2.5);

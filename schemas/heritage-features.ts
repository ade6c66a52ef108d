// Staged heritage layers of Wales (Cadw and the local planning authorities, published on DataMapWales) and
// Scotland (Historic Environment Scotland), and the Great Britain tables the planning block reads: one row per
// designation of any of the three listing systems (NHLE, Cadw, HES), cross-border duplicates once
// (docs/nations.md). Geometry and point columns as schemas/planning-features.ts. These zod schemas are the
// single source of the Parquet layouts (parquetColumnsFor) and the data dictionary.
import { z } from 'zod';
import { bboxColumns, pointColumns, sourceFile, wkbGeometry } from './feature-columns';

const timestamp = (what: string) => z.iso.datetime().nullable().describe(`${what} (ISO timestamp, UTC)`);

/** The listing systems of Great Britain, each with its own grades. */
export const LISTING_SYSTEMS = ['NHLE', 'Cadw', 'HES'] as const;
export const ListingSystem = z
  .enum(LISTING_SYSTEMS)
  .describe(
    'Listing system: NHLE (Historic England, England), Cadw (Wales), HES (Historic Environment Scotland)',
  );
export type ListingSystem = z.infer<typeof ListingSystem>;

/** Native grades: England and Wales grade under the same Act (I, II*, II); Scotland categorises (A, B, C). */
export const LISTING_GRADES = ['I', 'II*', 'II', 'A', 'B', 'C'] as const;
export const ListingGrade = z
  .enum(LISTING_GRADES)
  .describe('The grade as its listing system gives it: I, II*, II (NHLE, Cadw) or category A, B, C (HES)');
export type ListingGrade = z.infer<typeof ListingGrade>;

export const ListingTier = z
  .enum(['top', 'standard'])
  .describe('top: I, II* or A; standard: II, B or C (docs/nations.md: a grouping, not an equivalence)');
export type ListingTier = z.infer<typeof ListingTier>;

// ---------------------------------------------------------------------------------------------------------
// Wales
// ---------------------------------------------------------------------------------------------------------

export const CadwListedBuildingRecord = z.object({
  feature_id: z.string().describe('Cadw `RecordNumber` (the Cadw reference; overlaps NHLE numbers)'),
  name: z.string().nullable().describe('`Name`, trailing spaces trimmed'),
  name_welsh: z.string().nullable().describe('`Name_cy`'),
  grade: z.enum(['I', 'II*', 'II']).describe('`Grade` (I, II*, II), whitespace stripped'),
  broad_class: z.string().nullable().describe('`BroadClass`'),
  community: z.string().nullable().describe('`Community` (the Welsh community)'),
  unitary_authority: z.string().nullable().describe('`UnitaryAuthority` (a name, not a code)'),
  date_listed: timestamp('`DesignationDate` (ISO-Zulu text, or a bare year read as 1 January)'),
  url: z
    .string()
    .nullable()
    .describe('`Report` (Cadw full report), else the report URL built from RecordNumber'),
  ...pointColumns,
  source_file: sourceFile,
});
export type CadwListedBuildingRecord = z.infer<typeof CadwListedBuildingRecord>;

export const WalesConservationAreaRecord = z.object({
  feature_id: z
    .string()
    .describe('The WFS feature id (`conservation_areas_wales.<n>`), else `<file>#<feature number>`'),
  name: z.string().nullable().describe('`sitename`'),
  source_file: sourceFile,
  geometry: wkbGeometry('Conservation area boundary'),
  ...bboxColumns,
});
export type WalesConservationAreaRecord = z.infer<typeof WalesConservationAreaRecord>;

export const CadwWorldHeritageSiteRecord = z.object({
  feature_id: z.string().describe('The WFS feature id, else `<file>#<feature number>`'),
  name: z.string().nullable().describe('`Name`'),
  source_file: sourceFile,
  geometry: wkbGeometry('Site boundary'),
  ...bboxColumns,
});
export type CadwWorldHeritageSiteRecord = z.infer<typeof CadwWorldHeritageSiteRecord>;

// ---------------------------------------------------------------------------------------------------------
// Scotland
// ---------------------------------------------------------------------------------------------------------

export const HesListedBuildingRecord = z.object({
  feature_id: z.string().describe('`DES_REF` (LB + number); one row per designation, its first point'),
  name: z.string().nullable().describe('`DES_TITLE` (else `ENT_TITLE`)'),
  category: z.enum(['A', 'B', 'C']).describe('`CATEGORY` (A, B, C; legacy `C(S)` read as C)'),
  date_listed: timestamp('`DESIGNATED` (else `CREATED`): dBase date or epoch milliseconds'),
  local_authority: z.string().nullable().describe('`LOCAL_AUTH` (council name)'),
  url: z.string().nullable().describe('`LINK`, else the HES portal page built from DES_REF'),
  ...pointColumns,
  source_file: sourceFile,
});
export type HesListedBuildingRecord = z.infer<typeof HesListedBuildingRecord>;

export const HesConservationAreaRecord = z.object({
  feature_id: z.string().describe('`DES_REF`'),
  name: z.string().nullable().describe('`DES_TITLE`'),
  designation_date: timestamp('`DESIGNATED`'),
  local_authority: z.string().nullable().describe('`LOCAL_AUTH` when the layer carries it'),
  url: z.string().nullable().describe('`LINK`'),
  source_file: sourceFile,
  geometry: wkbGeometry('Conservation area boundary'),
  ...bboxColumns,
});
export type HesConservationAreaRecord = z.infer<typeof HesConservationAreaRecord>;

export const HesWorldHeritageSiteRecord = z.object({
  feature_id: z.string().describe('`DES_REF`'),
  name: z
    .string()
    .nullable()
    .describe('`DES_TITLE` without its " World Heritage Site Boundary" suffix (buffer zones are not staged)'),
  inscription_date: timestamp('`DESIGNATED` (else `CREATED`)'),
  url: z.string().nullable().describe('`LINK`'),
  source_file: sourceFile,
  geometry: wkbGeometry('Site boundary (several parts for multi-part sites)'),
  ...bboxColumns,
});
export type HesWorldHeritageSiteRecord = z.infer<typeof HesWorldHeritageSiteRecord>;

// ---------------------------------------------------------------------------------------------------------
// Great Britain (derived: the three systems' staged tables in one, duplicates once)
// ---------------------------------------------------------------------------------------------------------

const publisher = z
  .enum(['NHLE', 'planning.data.gov.uk', 'DataMapWales', 'Cadw', 'HES'])
  .describe('Whose table the row comes from');

export const GbListedBuildingRecord = z.object({
  feature_id: z.string().describe('`<listing system>:<its own id>` (ids collide across systems)'),
  listing_system: ListingSystem,
  listing_grade: ListingGrade,
  listing_tier: ListingTier,
  name: z.string().nullable().describe('Name as the listing system gives it'),
  date_listed: timestamp('Listing date'),
  url: z.string().nullable().describe('The listing record page'),
  ...pointColumns,
});
export type GbListedBuildingRecord = z.infer<typeof GbListedBuildingRecord>;

export const GbConservationAreaRecord = z.object({
  feature_id: z.string().describe('`<publisher>:<its own id>`'),
  publisher,
  name: z.string().nullable().describe('Conservation area name'),
  designation_date: timestamp('Designation date (null where the publisher gives none: Wales)'),
  geometry: wkbGeometry('Conservation area boundary'),
  ...bboxColumns,
});
export type GbConservationAreaRecord = z.infer<typeof GbConservationAreaRecord>;

export const GbWorldHeritageSiteRecord = z.object({
  feature_id: z.string().describe('`<publisher>:<its own id>`'),
  publisher,
  name: z.string().nullable().describe('Site name'),
  inscription_date: timestamp('Inscription date (NHLE InscrDate, HES DESIGNATED; null for Cadw)'),
  notes: z.string().nullable().describe('NHLE `Notes` (null elsewhere)'),
  url: z.string().nullable().describe('The designation record page'),
  geometry: wkbGeometry('Site boundary'),
  ...bboxColumns,
});
export type GbWorldHeritageSiteRecord = z.infer<typeof GbWorldHeritageSiteRecord>;

/** The staged tables of the Welsh and Scottish heritage layers (table name → schema). */
export const HERITAGE_STAGED_TABLES = {
  cadw_listed_buildings: CadwListedBuildingRecord,
  wales_conservation_areas: WalesConservationAreaRecord,
  cadw_world_heritage_sites: CadwWorldHeritageSiteRecord,
  hes_listed_buildings: HesListedBuildingRecord,
  hes_conservation_areas: HesConservationAreaRecord,
  hes_world_heritage_sites: HesWorldHeritageSiteRecord,
} as const;
export type HeritageStagedTable = keyof typeof HERITAGE_STAGED_TABLES;

/** The derived Great Britain tables the planning block reads (table name → schema). */
export const GB_HERITAGE_TABLES = {
  gb_listed_buildings: GbListedBuildingRecord,
  gb_conservation_areas: GbConservationAreaRecord,
  gb_world_heritage_sites: GbWorldHeritageSiteRecord,
} as const;
export type GbHeritageTable = keyof typeof GB_HERITAGE_TABLES;

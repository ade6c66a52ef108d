// Row schemas of the derived tables the per-UPRN `properties` documents are assembled from (one row per UPRN,
// the prebuilt block as JSON), and of the intermediate tables they are built through (EPC certificates with
// raw and enhanced records, flood pieces). The assets write these columns; the schemas are what the data
// dictionary describes, and a test checks each table's Parquet columns against them. The blocks' own fields
// are the API schemas (schemas/api/*.ts) and the spec's sections named below.
import { z } from 'zod';
import { RawEwRecommendationRowSchema } from './epc';

const uprn = z.number().int().describe('Unique Property Reference Number');
const tile = z.string().describe('10 km British National Grid tile of the UPRN, e.g. ST17 (the partition)');

const tiledBlockRow = (block: string, what: string) =>
  z
    .object({
      uprn,
      tile,
      block: z.unknown().describe(block),
    })
    .describe(what);

export const UprnFloodBlockRowSchema = tiledBlockRow(
  'The flood_risk block (spec 2.6): zones, recorded outlines, defences, elevation, distance to the coast',
  'Per UPRN: the flood_risk block of the properties document (one file per 10 km tile)',
);

export const UprnLocationBlockRowSchema = tiledBlockRow(
  'admin_boundaries, planning (conservation areas, listed buildings, World Heritage Sites, national parks) and transportation (EV charge points, low emission zones, nearest airport) blocks (spec 2.7)',
  'Per UPRN: the planning, transportation and admin boundary blocks by point in polygon (one file per 10 km tile)',
);

export const UprnEnvironmentBlockRowSchema = tiledBlockRow(
  'Environment (air quality with UK percentiles, greenspace, landslides, radon, subsidence) and social point blocks (NHS nearest hospital, dentist, GP; defibrillators within 1 km) (spec 2.7)',
  'Per UPRN: the environment_layers block of the properties document (one file per 10 km tile)',
);

export const EpcCertificateRowSchema = z
  .object({
    uprn: z.number().int().nullable().describe('UPRN of the certificate; null when the release has none'),
    country: z.string().describe('England, Wales or Scotland'),
    certificate_id: z.string().describe('LMK key (England and Wales) or report reference number (Scotland)'),
    lodged_at: z.iso.datetime().nullable().describe('Lodgement date and time, ISO 8601 UTC'),
    raw: z.unknown().describe('The raw record as published (provenance columns and absent columns left out)'),
    enhanced: z.unknown().describe('The enhanced record (spec 2.10 rules; docs/epc.md)'),
  })
  .describe('Every certificate with its raw and enhanced records, for building the per-UPRN EPC blocks');

export const FloodPieceRowSchema = z
  .object({
    family: z
      .string()
      .describe('zones, outlines, defence_areas, contours, coast or land (one file per family)'),
    layer: z.string().describe('Source layer, e.g. england.rivers_and_seas'),
    feature_id: z.string().describe('Id of the source feature the piece was cut from'),
    country: z.string().nullable().describe('Country of the source layer'),
    tile: z.string().describe('Home 10 km BNG tile of the piece (rows are sorted by it)'),
    attrs: z.unknown().describe('The feature’s attributes the blocks report (e.g. zone, probability, dates)'),
    geometry: z.unknown().describe('The piece’s geometry as JSON, British National Grid metres'),
    minx: z.number().describe('Bounding box: minimum easting (m, BNG)'),
    miny: z.number().describe('Bounding box: minimum northing (m, BNG)'),
    maxx: z.number().describe('Bounding box: maximum easting (m, BNG)'),
    maxy: z.number().describe('Bounding box: maximum northing (m, BNG)'),
  })
  .describe(
    'Staged flood, terrain, coast and land (country polygon) features cut into small pieces with bbox columns, read by the flood blocks and the live feature index',
  );

/** Table name → layer, row schema and (when not parquet/<layer>/<name>.parquet) where it lives. */
export const PROPERTY_BLOCK_TABLES = {
  uprn_flood_blocks: {
    layer: 'derived',
    schema: UprnFloodBlockRowSchema,
    path: 'parquet/derived/uprn_flood_blocks/<tile>.parquet',
  },
  uprn_location_blocks: {
    layer: 'derived',
    schema: UprnLocationBlockRowSchema,
    path: 'parquet/derived/uprn_location_blocks/<tile>.parquet',
  },
  uprn_environment_blocks: {
    layer: 'derived',
    schema: UprnEnvironmentBlockRowSchema,
    path: 'parquet/derived/uprn_environment_blocks/<tile>.parquet',
  },
  epc_certificates: {
    layer: 'derived',
    schema: EpcCertificateRowSchema,
    path: 'parquet/derived/epc_certificates/<folder or scotland>.parquet',
  },
  // epc_by_tile: the same rows split by the 10 km tile of their UPRN, one file per source partition.
  epc_certificates_by_tile: {
    layer: 'derived',
    schema: EpcCertificateRowSchema.extend({
      cert_digest: z
        .string()
        .describe(
          'MD5 of the certificate’s raw and enhanced texts: what the EPC blocks’ input digests read instead of the texts',
        ),
      recs_digest: z
        .string()
        .nullable()
        .describe(
          'MD5 of the certificate’s recommendations (England and Wales; null without any): what the EPC blocks’ input digests read instead of them',
        ),
    }),
    path: 'parquet/derived/epc_certificates_by_tile/<tile>/<folder or scotland>.parquet',
  },
  epc_recommendations_by_tile: {
    layer: 'derived',
    schema: RawEwRecommendationRowSchema,
    path: 'parquet/derived/epc_recommendations_by_tile/<tile>/<folder>.parquet',
  },
  flood_pieces: {
    layer: 'derived',
    schema: FloodPieceRowSchema,
    path: 'parquet/derived/flood_pieces/<family>.parquet',
  },
} as const;

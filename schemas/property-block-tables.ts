// Row schemas of the derived tables the per-UPRN `properties` documents are assembled from (one row per UPRN,
// the prebuilt block as JSON), and of the intermediate tables they are built through (EPC certificates with
// raw and enhanced records, flood pieces). The assets write these columns; the schemas are what the data
// dictionary describes, and a test checks each table's Parquet columns against them. The blocks' own fields
// are the API schemas (schemas/api/*.ts) and the spec's sections named below.
import { z } from 'zod';
import { TabledEpcBlockSchema } from './api/epcs';
import { FloodRiskBlockSchema } from './api/flood-risk';
import { RawEwRecommendationRowSchema } from './epc';
import { EnvironmentLayersBlockSchema, LocationLayersBlockSchema } from './index/properties';
import { blockDigest, nestedColumn } from './nested-column';

const uprn = z.number().int().describe('Unique Property Reference Number');
const nullableText = (description: string) => z.string().nullable().describe(description);
/** A record's JSON as text (a VARCHAR column whose rows are grouped as a JSON column's: io/parquet-columns.ts). */
const jsonText = (description: string) =>
  z.string().meta({ contentMediaType: 'application/json' }).describe(description);
const tile = z.string().describe('10 km British National Grid tile of the UPRN, e.g. ST17 (the partition)');

const tiledBlockRow = (schema: z.ZodType, block: string, what: string) =>
  z
    .object({
      uprn,
      tile,
      block: nestedColumn(schema, block),
      block_digest: blockDigest,
    })
    .describe(what);

export const UprnFloodBlockRowSchema = tiledBlockRow(
  FloodRiskBlockSchema,
  'The flood_risk block (spec 2.6): zones, recorded outlines, defences, elevation, distance to the coast',
  'Per UPRN: the flood_risk block of the properties document (one file per 10 km tile)',
);

export const UprnLocationBlockRowSchema = tiledBlockRow(
  LocationLayersBlockSchema,
  'admin_boundaries, planning (conservation areas, listed buildings, World Heritage Sites, national parks) and transportation (EV charge points, low emission zones, nearest airport) blocks (spec 2.7)',
  'Per UPRN: the planning, transportation and admin boundary blocks by point in polygon (one file per 10 km tile)',
);

export const UprnEnvironmentBlockRowSchema = tiledBlockRow(
  EnvironmentLayersBlockSchema,
  'Environment (air quality with UK percentiles, greenspace, landslides, radon, subsidence) and social point blocks (NHS nearest hospital, dentist, GP; defibrillators within 1 km) (spec 2.7)',
  'Per UPRN: the environment_layers block of the properties document (one file per 10 km tile)',
);

export const EpcCertificateRowSchema = z
  .object({
    uprn: z.number().int().nullable().describe('UPRN of the certificate; null when the release has none'),
    country: z.string().describe('England, Wales or Scotland'),
    certificate_id: z.string().describe('LMK key (England and Wales) or report reference number (Scotland)'),
    lodged_at: z.iso.datetime().nullable().describe('Lodgement date and time, ISO 8601 UTC'),
    // JSON text, not JSON: DuckDB parses every JSON value it writes or scans to check it, and these records are
    // written valid by construction and scanned whole by epc_by_tile and the EPC blocks (pipelines/assets/epc/).
    raw: jsonText(
      'The raw record as published (provenance columns and absent columns left out): its JSON text',
    ),
    enhanced: jsonText('The enhanced record (spec 2.10 rules; docs/epc.md): its JSON text'),
  })
  .describe('Every certificate with its raw and enhanced records, for building the per-UPRN EPC blocks');

export const UprnEpcBlockRowSchema = z
  .object({
    uprn: z.number().int().describe('UPRN'),
    country: nullableText('Country of the latest certificate, or of the estimate’s postcode'),
    epc_count: z.number().int().describe('Number of certificates in the block'),
    postcode: nullableText('Postcode of the latest certificate (enhanced); null without one'),
    tenure: nullableText('Tenure of the latest certificate (enhanced); null without one'),
    energy_rating_current: nullableText(
      'Current energy rating (A to G) of the latest certificate; null without one',
    ),
    block: nestedColumn(
      TabledEpcBlockSchema,
      'The stored /epcs block (TabledEpcBlockSchema in schemas/api/epcs.ts): `epc_stats_groups` (each ' +
        'statistics group by its id, `<grouping>:<values joined by |>`, e.g. `postcode:SW6 1AA`, a row of ' +
        'epc_stats; null where the group has no statistics) in place of `epc_stats` and `epc_compare`, which ' +
        'the API joins and computes when it answers',
    ),
    input_digest: nullableText(
      'MD5 of everything the block is built from (certificates, recommendations, geography, estimate, ' +
        'which groups exist, code version): a rebuild builds again only the blocks whose digest changed',
    ),
  })
  .describe('Per UPRN: the prebuilt /epcs block indexed into Elasticsearch');

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
    path: 'parquet/derived/uprn_flood_blocks/<tile>[.<run>].parquet',
  },
  uprn_location_blocks: {
    layer: 'derived',
    schema: UprnLocationBlockRowSchema,
    path: 'parquet/derived/uprn_location_blocks/<tile>[.<run>].parquet',
  },
  uprn_environment_blocks: {
    layer: 'derived',
    schema: UprnEnvironmentBlockRowSchema,
    path: 'parquet/derived/uprn_environment_blocks/<tile>[.<run>].parquet',
  },
  uprn_epc_blocks: {
    layer: 'derived',
    schema: UprnEpcBlockRowSchema,
    path: 'parquet/derived/uprn_epc_blocks/<tile>[.<run>].parquet',
  },
  epc_certificates: {
    layer: 'derived',
    schema: EpcCertificateRowSchema,
    path: 'parquet/derived/epc_certificates/<folder or scotland>[.<run>].parquet',
  },
  // epc_by_tile: the same rows split by the 10 km tile of their UPRN, one file per source partition.
  epc_certificates_by_tile: {
    layer: 'derived',
    schema: EpcCertificateRowSchema.extend({
      cert_digest: z
        .string()
        .describe(
          'Digest (DuckDB’s 64-bit hash of the records’ MD5s, as text) of the certificate’s raw and enhanced records: what the EPC blocks’ input digests read instead of the texts',
        ),
      recs_digest: z
        .string()
        .nullable()
        .describe(
          'Digest (a sum of DuckDB’s 64-bit hashes of their MD5s, as text) of the certificate’s recommendations (England and Wales; null without any): what the EPC blocks’ input digests read instead of them',
        ),
    }),
    path: 'parquet/derived/epc_certificates_by_tile/<tile>/<folder or scotland>[.<run>].parquet',
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

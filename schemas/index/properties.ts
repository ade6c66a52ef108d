// The `properties` index: one document per UPRN. Only what is queried is indexed (uprn, location,
// postcode, country); the prebuilt response blocks are stored as the pieces the endpoints read, unindexed,
// in _source under `pieces`, with their byte ranges in `layout` (pipelines/indexing/stored-property.ts).
// PropertyDocument is the document as objects: what the blocks are, before they are cut into pieces.
import { z } from 'zod';
import { StoredAreaBlockSchema } from '../api/area';
import { ClimateBlockSchema } from '../api/climate';
import { EnvironmentBlockSchema } from '../api/environment';
import { StoredEpcBlockSchema } from '../api/epcs';
import { FloodRiskBlockSchema } from '../api/flood-risk';
import { LocationAdminBoundariesSchema, PlanningBlockSchema } from '../api/planning';
import { SocialPointsBlockSchema } from '../api/social';
import { TransportationBlockSchema } from '../api/transport';

/** The `location_layers` block: planning, transport and boundary layers at the UPRN's point. */
export const LocationLayersBlockSchema = z.object({
  admin_boundaries: LocationAdminBoundariesSchema,
  planning: PlanningBlockSchema,
  transportation: TransportationBlockSchema,
});
export type LocationLayersBlock = z.infer<typeof LocationLayersBlockSchema>;

/** The `environment_layers` block: environment layers and social points near the UPRN's point. */
export const EnvironmentLayersBlockSchema = z.object({
  environment: EnvironmentBlockSchema,
  social: SocialPointsBlockSchema,
});

/**
 * The prebuilt response blocks by key (pipelines/assets/index/property-blocks.ts names the table of each), as
 * their builders return them. Null, or absent, where the block's table has no row for the UPRN (the EPC
 * block of a UPRN with neither a certificate nor an estimate). The EPC block is held here with its
 * statistics; the index stores those apart, once per group (pipelines/indexing/stored-property.ts SHARED).
 */
const block = <T extends z.ZodType>(schema: T) => schema.nullable().optional();
export const PropertyBlocksSchema = z.object({
  epcs: block(StoredEpcBlockSchema),
  area: block(StoredAreaBlockSchema),
  flood_risk: block(FloodRiskBlockSchema),
  location_layers: block(LocationLayersBlockSchema),
  environment_layers: block(EnvironmentLayersBlockSchema),
  climate: block(ClimateBlockSchema),
});
export type PropertyBlocks = z.infer<typeof PropertyBlocksSchema>;
/** A block's key under the document's `blocks`. */
export type PropertyBlockKey = keyof PropertyBlocks;

export const PropertyDocumentSchema = z.object({
  uprn: z.number().int(),
  location: z.object({ lat: z.number(), lon: z.number() }),
  x_coord: z.number(),
  y_coord: z.number(),
  postcode: z.string().nullable(),
  country: z.enum(['England', 'Wales', 'Scotland']).nullable(),
  epc_count: z.number().int(),
  blocks: PropertyBlocksSchema,
});
export type PropertyDocument = z.infer<typeof PropertyDocumentSchema>;

export const PROPERTIES_INDEX_MAPPING = {
  dynamic: 'strict',
  properties: {
    uprn: { type: 'long' },
    location: { type: 'geo_point' },
    x_coord: { type: 'double', index: false },
    y_coord: { type: 'double', index: false },
    postcode: { type: 'keyword' },
    country: { type: 'keyword' },
    epc_count: { type: 'integer' },
    // The 10 km BNG tile: a refresh updates an index tile by tile, and removes what left a tile.
    tile: { type: 'keyword' },
    layout: { type: 'keyword', index: false, doc_values: false },
    pieces: { type: 'object', enabled: false },
  },
} as const;

// The `properties` index: one document per UPRN. Only what is queried is indexed (uprn, location,
// postcode, country); the prebuilt response blocks are stored as the pieces the endpoints read, unindexed,
// in _source under `pieces`, with their byte ranges in `layout` (pipelines/indexing/stored-property.ts).
// PropertyDocument is the document as objects: what the blocks are, before they are cut into pieces.
import { z } from 'zod';

export const PropertyDocumentSchema = z.object({
  uprn: z.number().int(),
  location: z.object({ lat: z.number(), lon: z.number() }),
  x_coord: z.number(),
  y_coord: z.number(),
  postcode: z.string().nullable(),
  country: z.enum(['England', 'Wales', 'Scotland']).nullable(),
  epc_count: z.number().int(),
  /** Prebuilt response blocks by name (epcs, flood_risk, ...); see pipelines/assets/property-blocks.ts. */
  blocks: z.record(z.string(), z.record(z.string(), z.unknown()).nullable()),
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

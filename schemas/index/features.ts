// The feature index: one document per piece of a flood, terrain or coast feature (and one per tile and
// country saying which flood maps cover the tile). This Elasticsearch has no geo_shape (DESIGN.md 3), so a
// piece is found by numeric ranges on its envelope and refined in Node; its geometry and attributes ride in
// _source, unindexed.
export const FEATURE_INDEX_MAPPING = {
  dynamic: 'strict',
  properties: {
    family: { type: 'keyword' },
    layer: { type: 'keyword' },
    feature_id: { type: 'keyword' },
    country: { type: 'keyword' },
    tile: { type: 'keyword' },
    /** Coast pieces only: their box's centre, to find a first nearest piece by distance sort. */
    centre: { type: 'geo_point' },
    minx: { type: 'double' },
    miny: { type: 'double' },
    maxx: { type: 'double' },
    maxy: { type: 'double' },
    pieces: { type: 'integer', index: false },
    attrs: { type: 'object', enabled: false },
    geometry: { type: 'object', enabled: false },
  },
} as const;

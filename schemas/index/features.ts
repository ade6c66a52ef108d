// The feature index: one document per piece of a flood, terrain, coast or land feature. This Elasticsearch
// has no geo_shape (DESIGN.md 3), so a piece is found by numeric ranges on its envelope and refined in Node;
// its geometry and attributes ride in _source, unindexed. `tiles` lists every 10 km tile the envelope meets:
// a piece meets a search box only if they share a tile, so a terms filter on the box's tiles narrows the
// ranges to a few tiles' pieces, whatever the piece's size.
export const FEATURE_INDEX_MAPPING = {
  dynamic: 'strict',
  properties: {
    family: { type: 'keyword' },
    layer: { type: 'keyword' },
    feature_id: { type: 'keyword' },
    country: { type: 'keyword' },
    tile: { type: 'keyword' },
    tiles: { type: 'keyword' },
    /** Coast pieces only: their box's centre, to find a first nearest piece by distance sort. */
    centre: { type: 'geo_point' },
    minx: { type: 'double' },
    miny: { type: 'double' },
    maxx: { type: 'double' },
    maxy: { type: 'double' },
    attrs: { type: 'object', enabled: false },
    geometry: { type: 'object', enabled: false },
  },
} as const;

// Candidates for a live point, from the feature index, held in a MemoryCandidates so the live answer runs the
// same enrichment code over the same pieces as the batch job.
//
// One msearch per request asks, for each bounded family, only the ids of the pieces whose envelope meets the
// search square (numeric ranges behind a terms filter on the square's 10 km tiles; no _source). Decoded pieces
// live in a bounded LRU keyed by concrete index and id, so a piece is fetched (one mget for all the missing
// ones) and decoded once, not per request. The coast has no search radius: per tile, a distance sort on the
// coast pieces' box centres from the tile's centre c finds a piece whose exact distance d bounds the nearest
// coast from c; from any point of the tile it is then at most d + half the tile's diagonal away, so the pieces
// whose boxes lie within that of c hold every answer (uprn_flood_blocks' coastFor does the same). That list of
// ids is cached per tile. A request is then one round trip with small answers, and a piece is decoded once.
//
// A tile that keeps being asked about (HOT_TILE requests while it is remembered) gets, in the background, the
// batch job's own provider: every piece meeting the tile square plus TILE_OVERLAP, indexed once; from then on
// its requests need no round trip at all. Both providers hold every piece an answer can read, so they agree.
import type { Client } from '@elastic/elasticsearch';
import { bngToWgs84 } from '../geo/bng';
import type { BBox, Position } from '../geo/geometry';
import { boxDistance } from '../geo/pieces';
import { tileBBox, tileOf, tilesIntersecting, TILE_OVERLAP, TILE_SIZE } from '../geo/tiles';
import { ZONE_SEARCH_RADIUS } from '../transforms/flood/block';
import { nearestWithin, type Family, type PieceRecord } from '../transforms/flood/candidates';
import { DEFENCE_RADIUS, EVENT_RADIUS } from '../transforms/flood/defences-events';
import { ELEVATION_RADIUS } from '../transforms/flood/elevation';
import { liveIndexLookup } from '../indexing/versioned-index';
import { Lru } from './lru';
import { MemoryCandidates } from './memory-candidates';
import { fromStoredPiece } from './piece-records';
import { SearchItemError } from './search-item-error';

type Bounded = Exclude<Family, 'coast'>;
const RADIUS: Record<Bounded, number> = {
  zones: ZONE_SEARCH_RADIUS,
  outlines: EVENT_RADIUS,
  defence_areas: DEFENCE_RADIUS,
  contours: ELEVATION_RADIUS,
  // The land polygon holding the point decides its country (transforms/flood/block.ts countryAt).
  land: 0,
};
const BOUNDED = Object.keys(RADIUS) as Bounded[];
/** A first page large enough for any real place; a larger answer is fetched whole in a second request. */
const PAGE = 2000;
/** Elasticsearch's default max_result_window: more pieces than this near one point means a broken index. */
const MAX_PIECES = 10_000;
/** Beyond this radius the square meets too many tiles for a useful terms filter: ranges only. */
const TILE_FILTER_RADIUS = 50_000;
const HALF_DIAGONAL = Math.SQRT1_2 * TILE_SIZE;
/** Requests in one tile after which its whole-tile provider is built. */
export const HOT_TILE = 8;
/** How long the index behind the alias is taken as known: a hot tile built from an older index is dropped. */
const ALIAS_CHECK_MS = 5000;

const square = (p: Position, r: number): BBox => ({
  minX: p[0] - r,
  minY: p[1] - r,
  maxX: p[0] + r,
  maxY: p[1] + r,
});

/**
 * Pieces of `family` whose envelope meets the square of half-side r around p. A piece meets the square only
 * if they share a 10 km tile (its `tiles` lists every tile its envelope meets), whatever the piece's size, so
 * the terms filter never drops one; it lets the ranges check only a few tiles' pieces.
 */
export function envelopeQuery(family: string, p: Position, r: number) {
  return {
    bool: {
      filter: [
        { term: { family } },
        ...(r <= TILE_FILTER_RADIUS ? [{ terms: { tiles: tilesIntersecting(square(p, r)) } }] : []),
        { range: { minx: { lte: p[0] + r } } },
        { range: { maxx: { gte: p[0] - r } } },
        { range: { miny: { lte: p[1] + r } } },
        { range: { maxy: { gte: p[1] - r } } },
      ],
    },
  };
}

type Source = Record<string, unknown>;
interface Hit {
  _index: string;
  _id?: string | null;
  _source?: Source;
  fields?: Record<string, unknown[]>;
}
interface Hits {
  total?: number | { value: number };
  hits: Hit[];
}
const totalOf = (hits: Hits): number =>
  typeof hits.total === 'number' ? hits.total : (hits.total?.value ?? hits.hits.length);
const keyOf = (hit: Hit): string => `${hit._index}/${hit._id}`;

export interface LiveCandidatesOptions {
  /** Decoded pieces kept (default 50,000: a few hundred MB at most, typically far less). */
  pieces?: number;
  /** Tiles whose coast candidate lists and request counts are kept (default 4,096). */
  tiles?: number;
  /** Hot tiles whose whole-tile providers are kept (default 16). */
  hotTiles?: number;
  /** Requests in one tile after which its whole-tile provider is built (default HOT_TILE). */
  hotAfter?: number;
}

interface TileState {
  requests: number;
  loading?: Promise<void>;
}

export class LiveFloodCandidates {
  private readonly pieces: Lru<string, PieceRecord>;
  private readonly coasts: Lru<string, Promise<{ index: string | null; keys: string[] }>>;
  private readonly seen: Lru<string, TileState>;
  private readonly hot: Lru<string, { index: string | null; provider: MemoryCandidates }>;

  constructor(
    private readonly client: Client,
    private readonly alias: string,
    options: LiveCandidatesOptions = {},
  ) {
    this.pieces = new Lru(options.pieces ?? 50_000);
    this.coasts = new Lru(options.tiles ?? 4096);
    this.seen = new Lru(options.tiles ?? 4096);
    this.hot = new Lru(options.hotTiles ?? 16);
    this.hotAfter = options.hotAfter ?? HOT_TILE;
    this.lookup = liveIndexLookup(client, alias, ALIAS_CHECK_MS);
  }

  private readonly hotAfter: number;

  private readonly lookup: () => Promise<string | null>;

  /** The concrete index behind the alias (or the index itself), looked up at most every ALIAS_CHECK_MS. */
  private currentIndex(): Promise<string | null> {
    return this.lookup().catch(() => null);
  }

  /** The background load of a hot tile's provider, when one was started (for tests and benchmarks). */
  tileLoad(tile: string): Promise<void> | undefined {
    return this.seen.get(tile)?.loading;
  }

  /** Every piece the flood block at `p` can read, in a provider. */
  async at(p: Position): Promise<MemoryCandidates> {
    const tile = tileOf(p[0], p[1]);
    const hot = this.hot.get(tile);
    if (hot) {
      if (hot.index === (await this.currentIndex())) return hot.provider;
      // Built from an index the alias has since left: start counting again.
      this.hot.delete(tile);
      this.seen.delete(tile);
    }
    let state = this.seen.get(tile);
    if (!state) this.seen.set(tile, (state = { requests: 0 }));
    if (++state.requests >= this.hotAfter && !state.loading) {
      const loading = this.loadTile(tile);
      state.loading = loading;
      // A failed load is forgotten: the tile keeps being answered point by point and may try again.
      loading.catch(() => state.loading === loading && delete state.loading);
    }
    return this.atPoint(p, tile);
  }

  /** The batch job's provider for a tile: every piece meeting its square plus TILE_OVERLAP, and its coast. */
  private async loadTile(tile: string): Promise<void> {
    const box = tileBBox(tile);
    const centre: Position = [(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2];
    const reach = TILE_SIZE / 2 + TILE_OVERLAP;
    const [bounded, coast] = await Promise.all([this.boundedKeys(centre, () => reach), this.coastKeys(tile)]);
    const provider = await this.provider(bounded.keys, coast.keys);
    this.hot.set(tile, { index: bounded.index ?? coast.index, provider });
  }

  private async atPoint(p: Position, tile: string): Promise<MemoryCandidates> {
    const [bounded, coast] = await Promise.all([this.boundedKeys(p), this.coastKeys(tile)]);
    let coastKeys = coast.keys;
    // The alias moved to a new index since the tile's coast was listed: list it again.
    if (coast.index !== null && bounded.index !== null && coast.index !== bounded.index) {
      this.coasts.set(tile, this.listCoast(tile));
      coastKeys = (await this.coasts.get(tile)!).keys;
    }
    return this.provider(bounded.keys, coastKeys);
  }

  /** A provider over these pieces (the bounded families' keys in BOUNDED order, then the coast's). */
  private async provider(bounded: string[][], coast: string[]): Promise<MemoryCandidates> {
    const records = await this.records([...bounded.flat(), ...coast]);
    const families: Partial<Record<Family, PieceRecord[]>> = { coast: coast.map((k) => records.get(k)!) };
    BOUNDED.forEach((f, i) => (families[f] = bounded[i]!.map((k) => records.get(k)!)));
    return new MemoryCandidates(families);
  }

  /** Ids of the pieces within each bounded family's radius: one msearch, no _source. */
  private async boundedKeys(
    p: Position,
    radius: (f: Bounded) => number = (f) => RADIUS[f],
  ): Promise<{ index: string | null; keys: string[][] }> {
    const multi = await this.client.msearch({
      index: this.alias,
      searches: BOUNDED.flatMap((f) => [
        {},
        { size: PAGE, _source: false, sort: ['_doc'], query: envelopeQuery(f, p, radius(f)) },
      ]),
    });
    let index: string | null = null;
    const keys = await Promise.all(
      multi.responses.map(async (item, i) => {
        if ('error' in item) throw new SearchItemError(this.alias, item);
        let hits = item.hits as Hits;
        const total = totalOf(hits);
        if (total > hits.hits.length)
          hits = await this.allIds(envelopeQuery(BOUNDED[i]!, p, radius(BOUNDED[i]!)), total);
        index ??= hits.hits[0]?._index ?? null;
        return hits.hits.map(keyOf);
      }),
    );
    return { index, keys };
  }

  private async allIds(query: object, total: number, fields?: string[]): Promise<Hits> {
    if (total > MAX_PIECES)
      throw new Error(`feature index: ${total} pieces in one search (more than ${MAX_PIECES})`);
    const all = await this.client.search({
      index: this.alias,
      size: total,
      _source: false,
      sort: ['_doc'],
      query,
      ...(fields ? { docvalue_fields: fields } : {}),
    });
    return all.hits as Hits;
  }

  private coastKeys(tile: string): Promise<{ index: string | null; keys: string[] }> {
    let listed = this.coasts.get(tile);
    if (!listed) {
      listed = this.listCoast(tile);
      this.coasts.set(tile, listed);
      // A failed listing is not kept: the next request tries again.
      listed.catch(() => this.coasts.get(tile) === listed && this.coasts.delete(tile));
    }
    return listed;
  }

  private async listCoast(tile: string): Promise<{ index: string | null; keys: string[] }> {
    const box = tileBBox(tile);
    const c: Position = [(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2];
    const { latitude, longitude } = bngToWgs84(c[0], c[1]);
    const first = await this.client.search({
      index: this.alias,
      size: 3,
      query: { term: { family: 'coast' } },
      sort: [{ _geo_distance: { centre: { lat: latitude, lon: longitude }, order: 'asc' } }],
    });
    const found = (first.hits.hits as Hit[]).map((h) => {
      const rec = fromStoredPiece(h._source!);
      this.pieces.set(keyOf(h), rec);
      return rec;
    });
    const best = nearestWithin(found, c, Infinity);
    if (!best) return { index: null, keys: [] };
    const reach = best.distance + HALF_DIAGONAL + 1e-6;
    const fields = ['minx', 'miny', 'maxx', 'maxy'];
    const query = envelopeQuery('coast', c, reach);
    let hits = (
      await this.client.search({
        index: this.alias,
        size: PAGE,
        _source: false,
        sort: ['_doc'],
        query,
        docvalue_fields: fields,
      })
    ).hits as Hits;
    if (totalOf(hits) > hits.hits.length) hits = await this.allIds(query, totalOf(hits), fields);
    // The square holds the disc of radius `reach`; only the pieces whose box is in the disc can be nearest.
    const keys = hits.hits
      .filter((h) => {
        const [minX, minY, maxX, maxY] = fields.map((f) => Number(h.fields![f]![0]));
        return boxDistance({ minX: minX!, minY: minY!, maxX: maxX!, maxY: maxY! }, c) <= reach;
      })
      .map(keyOf);
    return { index: hits.hits[0]?._index ?? null, keys };
  }

  /** The pieces of these keys: decoded ones from the LRU, the rest fetched in one mget per index. */
  private async records(keys: readonly string[]): Promise<Map<string, PieceRecord>> {
    const out = new Map<string, PieceRecord>();
    const missing = new Map<string, string[]>();
    for (const key of keys) {
      if (out.has(key)) continue;
      const rec = this.pieces.get(key);
      if (rec) {
        out.set(key, rec);
        continue;
      }
      const slash = key.indexOf('/');
      const index = key.slice(0, slash);
      const ids = missing.get(index);
      if (ids) ids.push(key.slice(slash + 1));
      else missing.set(index, [key.slice(slash + 1)]);
    }
    await Promise.all(
      [...missing].map(async ([index, ids]) => {
        const got = await this.client.mget<Source>({ index, ids: [...new Set(ids)] });
        for (const doc of got.docs) {
          if (!('found' in doc) || !doc.found || !doc._source)
            throw new Error(`feature index: piece ${index}/${doc._id} vanished between search and fetch`);
          const rec = fromStoredPiece(doc._source);
          const key = `${index}/${doc._id}`;
          this.pieces.set(key, rec);
          out.set(key, rec);
        }
      }),
    );
    return out;
  }
}

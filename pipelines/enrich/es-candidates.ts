// Candidates for one live point, fetched from the feature index and held in a MemoryCandidates, so the live
// answer runs the same enrichment code over the same pieces as the batch job. Envelope ranges select every
// piece whose bbox meets the square of the search radius around the point (a superset of what the code
// reads). The coast has no radius limit: a distance sort on the coast pieces' box centres (geo_point) finds
// a first piece; its exact distance d bounds the nearest coast, so an envelope search of radius d holds
// every piece that can be nearest. Three round trips in all, the first two in parallel.
import type { Client } from '@elastic/elasticsearch';
import { bngToWgs84 } from '../geo/bng';
import type { Position } from '../geo/geometry';
import { tileOf, tilesIntersecting } from '../geo/tiles';
import { ZONE_SEARCH_RADIUS } from '../transforms/flood/block';
import { nearestWithin, type Family, type PieceRecord } from '../transforms/flood/candidates';
import { DEFENCE_RADIUS, EVENT_RADIUS } from '../transforms/flood/defences-events';
import { ELEVATION_RADIUS } from '../transforms/flood/elevation';
import { tileCountriesMap } from './build-pieces';
import { MemoryCandidates } from './memory-candidates';
import { fromStoredPiece } from './piece-records';

const RADIUS: Record<Exclude<Family, 'coast'>, number> = {
  zones: ZONE_SEARCH_RADIUS,
  outlines: EVENT_RADIUS,
  defence_areas: DEFENCE_RADIUS,
  contours: ELEVATION_RADIUS,
};
/** A first page large enough for any real place; a larger answer is fetched whole in a second request. */
const PAGE = 2000;
/** Elasticsearch's default max_result_window: more pieces than this near one point means a broken index. */
const MAX_PIECES = 10_000;

/**
 * Pieces are at most 2 km a side (pipelines/geo/pieces.ts), so a piece meeting the search square has its box
 * centre, hence its home `tile`, within 1 km more: a cheap keyword filter Elasticsearch runs first, leaving
 * the envelope ranges to check only a few tiles' pieces.
 */
const MAX_HALF_PIECE = 1000;
const homeTiles = (p: Position, r: number): string[] =>
  tilesIntersecting({
    minX: p[0] - r - MAX_HALF_PIECE,
    minY: p[1] - r - MAX_HALF_PIECE,
    maxX: p[0] + r + MAX_HALF_PIECE,
    maxY: p[1] + r + MAX_HALF_PIECE,
  });

const envelopeQuery = (family: string, p: Position, r: number) => ({
  bool: {
    filter: [
      { term: { family } },
      ...(r <= 50_000 ? [{ terms: { tile: homeTiles(p, r) } }] : []),
      { range: { minx: { lte: p[0] + r } } },
      { range: { maxx: { gte: p[0] - r } } },
      { range: { miny: { lte: p[1] + r } } },
      { range: { maxy: { gte: p[1] - r } } },
    ],
  },
});

type Source = Record<string, unknown>;
interface Hits {
  total: number;
  sources: Source[];
}
const hitsOf = (hits: { total?: number | { value: number }; hits: { _source?: Source }[] }): Hits => ({
  total: typeof hits.total === 'number' ? hits.total : (hits.total?.value ?? hits.hits.length),
  sources: hits.hits.map((h) => h._source!),
});

async function envelope(client: Client, index: string, family: string, p: Position, r: number, first?: Hits) {
  const page =
    first ??
    hitsOf((await client.search<Source>({ index, size: PAGE, query: envelopeQuery(family, p, r) })).hits);
  if (page.total <= page.sources.length) return page.sources;
  if (page.total > MAX_PIECES)
    throw new Error(`feature index: ${page.total} ${family} pieces within ${r} m of one point`);
  const all = await client.search<Source>({ index, size: page.total, query: envelopeQuery(family, p, r) });
  return hitsOf(all.hits).sources;
}

async function coastPieces(client: Client, index: string, p: Position): Promise<PieceRecord[]> {
  const { latitude, longitude } = bngToWgs84(p[0], p[1]);
  const first = await client.search<Source>({
    index,
    size: 3,
    query: { term: { family: 'coast' } },
    sort: [{ _geo_distance: { centre: { lat: latitude, lon: longitude }, order: 'asc' } }],
  });
  const best = nearestWithin(hitsOf(first.hits).sources.map(fromStoredPiece), p, Infinity);
  if (!best) return [];
  const within = await envelope(client, index, 'coast', p, best.distance + 1e-6);
  return within.map(fromStoredPiece);
}

export async function esCandidates(client: Client, index: string, p: Position): Promise<MemoryCandidates> {
  const families = Object.keys(RADIUS) as (keyof typeof RADIUS)[];
  const [multi, coast] = await Promise.all([
    client.msearch<Source>({
      index,
      searches: [
        ...families.flatMap((f) => [{}, { size: PAGE, query: envelopeQuery(f, p, RADIUS[f]) }]),
        {},
        {
          size: 10,
          query: {
            bool: { filter: [{ term: { family: 'tile_country' } }, { term: { tile: tileOf(p[0], p[1]) } }] },
          },
        },
      ],
    }),
    coastPieces(client, index, p),
  ]);
  const responses = multi.responses.map((r) => {
    if ('error' in r) throw new Error(`feature index search failed: ${JSON.stringify(r.error)}`);
    return hitsOf(r.hits);
  });
  const pieces: Partial<Record<Family, PieceRecord[]>> = { coast };
  await Promise.all(
    families.map(async (f, i) => {
      const sources = await envelope(client, index, f, p, RADIUS[f], responses[i]);
      pieces[f] = sources.map(fromStoredPiece);
    }),
  );
  const countries = tileCountriesMap(
    responses[families.length]!.sources as { tile: string; country: string; pieces: number }[],
  );
  return new MemoryCandidates(pieces, countries);
}

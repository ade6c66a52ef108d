// Candidates for one live point, fetched from the feature index and held in a MemoryCandidates, so the live
// answer runs the same enrichment code over the same pieces as the batch job. Envelope ranges select every
// piece whose bbox meets the square of the search radius around the point (a superset of what the code
// reads); the coast, which has no radius limit, is searched in widening squares until a piece is found
// whose exact distance is within the square (then no nearer piece can lie outside it).
import type { Client } from '@elastic/elasticsearch';
import type { Position } from '../geo/geometry';
import { tileOf } from '../geo/tiles';
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
/** More pieces than this within 1 km of one point would mean a broken index, not a real place. */
const MAX_PIECES = 10_000;
const COAST_LIMIT = 1_500_000;

const envelopeQuery = (family: string, p: Position, r: number) => ({
  bool: {
    filter: [
      { term: { family } },
      { range: { minx: { lte: p[0] + r } } },
      { range: { maxx: { gte: p[0] - r } } },
      { range: { miny: { lte: p[1] + r } } },
      { range: { maxy: { gte: p[1] - r } } },
    ],
  },
});

type Hit = { _source?: Record<string, unknown> };

async function coastPieces(client: Client, index: string, p: Position): Promise<PieceRecord[]> {
  for (let r = 1000; ;) {
    const res = await client.search<Record<string, unknown>>({
      index,
      size: MAX_PIECES,
      query: envelopeQuery('coast', p, r),
    });
    const records = (res.hits.hits as Hit[]).map((h) => fromStoredPiece(h._source!));
    const best = nearestWithin(records, p, Infinity);
    if (best && best.distance <= r) return records;
    if (r >= COAST_LIMIT) return records;
    r = best ? best.distance : Math.min(r * 4, COAST_LIMIT);
  }
}

export async function esCandidates(client: Client, index: string, p: Position): Promise<MemoryCandidates> {
  const families = Object.keys(RADIUS) as (keyof typeof RADIUS)[];
  const [multi, coast] = await Promise.all([
    client.msearch<Record<string, unknown>>({
      index,
      searches: [
        ...families.flatMap((f) => [{}, { size: MAX_PIECES, query: envelopeQuery(f, p, RADIUS[f]) }]),
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
  const hitsOf = (i: number): Hit[] => {
    const r = multi.responses[i]!;
    if ('error' in r) throw new Error(`feature index search failed: ${JSON.stringify(r.error)}`);
    return r.hits.hits as Hit[];
  };
  const pieces: Partial<Record<Family, PieceRecord[]>> = { coast };
  families.forEach((f, i) => (pieces[f] = hitsOf(i).map((h) => fromStoredPiece(h._source!))));
  const countries = tileCountriesMap(
    hitsOf(families.length).map((h) => h._source as { tile: string; country: string; pieces: number }),
  );
  return new MemoryCandidates(pieces, countries);
}

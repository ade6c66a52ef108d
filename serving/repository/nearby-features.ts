// GET /features: the pieces and points near a point, from the two indexes the live answers read (the flood
// feature index `<prefix>-features` and the location feature index `<prefix>-location-features`), one
// msearch on each at once, plus one search for the nearest coast when none lies within the radius. No store
// of its own: the geometry is the indexes' own, so the map shows what the answers measured.
import type { Client } from '@elastic/elasticsearch';
import type { FeaturesResponse, MapFeature } from '../../schemas/api/features';
import { envelopeQuery } from '../../pipelines/enrich/es-candidates';
import { pieceFromDocument, pointFromDocument } from '../../pipelines/enrich/location-documents';
import { fromStoredPiece } from '../../pipelines/enrich/piece-records';
import { bngToWgs84 } from '../../pipelines/geo/bng';
import type { Position } from '../../pipelines/geo/geometry';
import { nearestWithin, type PieceRecord } from '../../pipelines/transforms/flood/candidates';
import { pointOut } from '../../pipelines/transforms/flood/output';
import { SearchItemError } from '../../pipelines/enrich/search-item-error';
import { ApiError } from '../errors';
import { nearestCoastFeatures, pieceFeatures, pointFeatures } from '../map-features';
import { unavailable } from './unavailable';

export interface NearbyFeaturesRepository {
  featuresNear(p: Position, radius: number): Promise<FeaturesResponse>;
}

/** Elasticsearch's default max_result_window: one search answers at most this many documents. */
const MAX_PIECES = 10_000;

type Source = Record<string, unknown>;
interface Search {
  size: number;
  query: object;
  sort?: object[];
  track_total_hits?: boolean;
}

/** Flood index families (their layer, and how a zone is keyed and described). */
const FLOOD = ['zones', 'defence_areas', 'outlines', 'coast'] as const;
/** Location index families drawn as areas, then those drawn as points. */
const AREAS = ['conservation_areas', 'world_heritage_sites', 'national_parks', 'greenspace'] as const;
const POINTS = ['listed_buildings'] as const;

/** Documents of `family` in the location index whose envelope comes within r of p (it has no tile lists). */
const locationEnvelope = (family: string, p: Position, r: number) => ({
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

const all = (query: object): Search => ({ size: MAX_PIECES, query, track_total_hits: true });

async function msearch(client: Client, index: string, searches: Search[]): Promise<Source[][]> {
  const res = await client.msearch<Source>({ index, searches: searches.flatMap((s) => [{}, s]) });
  return res.responses.map((item, i) => {
    if ('error' in item) throw new SearchItemError(index, item);
    const hits = item.hits.hits;
    const total = typeof item.hits.total === 'number' ? item.hits.total : (item.hits.total?.value ?? 0);
    // A search for everything near must have got everything; a sorted first few need not.
    if (searches[i]!.track_total_hits && total > hits.length)
      throw new ApiError(
        'invalid_parameter',
        `More than ${MAX_PIECES} pieces of one layer within the radius; ask for a smaller radius`,
        { issues: [{ field: 'radius', message: 'too many features within it; use a smaller radius' }] },
      );
    return hits.map((h) => h._source!);
  });
}

const lower = (country: string) => country.toLowerCase();

export function nearbyFeaturesRepository(
  client: Client,
  floodAlias: string,
  locationAlias: string,
): NearbyFeaturesRepository {
  async function floodPieces(p: Position, radius: number) {
    const { latitude, longitude } = bngToWgs84(p[0], p[1]);
    const found = await msearch(client, floodAlias, [
      ...FLOOD.map((f) => all(envelopeQuery(f, p, radius))),
      // The coast has no radius: a first few pieces by box centre bound the search for the nearest.
      {
        size: 3,
        query: { term: { family: 'coast' } },
        sort: [{ _geo_distance: { centre: { lat: latitude, lon: longitude }, order: 'asc' } }],
      },
    ]);
    const [zones, defences, outlines, coastNear, coastFirst] = found.map((docs) => docs.map(fromStoredPiece));
    let coast = coastNear!;
    // Every piece nearer than the best known one has its box within that distance; the radius search
    // holds them all when its best is within the radius.
    if (!nearestWithin(coast, p, radius)) {
      const bound = nearestWithin(coastFirst!, p, Infinity)?.distance;
      coast =
        bound === undefined
          ? []
          : (await msearch(client, floodAlias, [all(envelopeQuery('coast', p, bound + 1e-6))]))[0]!.map(
              fromStoredPiece,
            );
    }
    return { zones: zones!, defences: defences!, outlines: outlines!, coast };
  }

  async function locationRecords(p: Position, radius: number) {
    const found = await msearch(
      client,
      locationAlias,
      [...AREAS, ...POINTS].map((f) => all(locationEnvelope(f, p, radius))),
    );
    return {
      areas: AREAS.map((f, i) => ({ family: f, records: found[i]!.map((d) => pieceFromDocument(d)) })),
      points: POINTS.map((f, i) => ({
        family: f,
        points: found[AREAS.length + i]!.map((d) => pointFromDocument(d)),
      })),
    };
  }

  return {
    async featuresNear(p, radius) {
      const [flood, location] = await Promise.all([floodPieces(p, radius), locationRecords(p, radius)]).catch(
        (error: unknown) => {
          throw unavailable(error, 'Map features are not indexed yet; run a refresh');
        },
      );
      const zoneKey = (r: PieceRecord) => `${r.layer}:${r.featureId}`;
      const byCountry = (r: PieceRecord) => ({ country: lower(r.layer), ...(r.attrs as Source) });
      const coast = pieceFeatures({ layer: 'coast', records: flood.coast }, p, radius);
      const features: MapFeature[] = [
        ...pieceFeatures(
          {
            layer: 'flood_zones',
            records: flood.zones,
            key: zoneKey,
            properties: (r) => {
              const [country, zone] = r.layer.split('.') as [string, string];
              const { band, label } = r.attrs as { band: string; label: string };
              return { country, zone, band, flood_risk_description: label };
            },
          },
          p,
          radius,
        ),
        ...pieceFeatures(
          { layer: 'flood_defences', records: flood.defences, properties: byCountry },
          p,
          radius,
        ),
        ...pieceFeatures(
          { layer: 'recorded_flood_outlines', records: flood.outlines, properties: byCountry },
          p,
          radius,
        ),
        ...coast,
        ...nearestCoastFeatures(flood.coast, p, coast),
        ...location.areas.flatMap(({ family, records }) =>
          pieceFeatures({ layer: family, records }, p, radius),
        ),
        ...location.points.flatMap(({ family, points }) =>
          pointFeatures({ layer: family, points }, p, radius),
        ),
      ];
      return { type: 'FeatureCollection', query: { ...pointOut(p), radius }, features };
    },
  };
}

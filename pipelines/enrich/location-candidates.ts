// Candidates for live points from the location feature index, held in the very classes the batch fills per
// tile (MemoryLayers, MemoryEnvironment), so GET /location runs the same block code over the same records.
// They are fetched for a box, not a point: a 1 km grid cell (serving/repository/location.ts caches them per
// cell, so every point of a cell is answered from one fetch) or a single point (a box of no size). Two
// msearch round trips (a third in the countryside, for the postcodes' LSOA rows):
//   1. the boundary pieces meeting the box; every point within 1 km of it of the within-1-km families; the
//      box's grid cells; and, for each "nearest" family (planning areas, low emission zones, greenspace,
//      airports, NHS sites), the first few documents by a distance sort on their box centres from the box's
//      centre c; the live postcodes within 1 km of the box (location-postcodes.ts);
//   2. for each nearest family, every document whose envelope lies within r of c, where d is the exact
//      distance from c of the best first document and h half the box's diagonal: from any point p of the box
//      the nearest is at most d + h away, so every document the block at p reads (the nearest, and every one
//      within 1 km for the area shares, never beyond the family's search limit) lies within
//      r = max(1 km, min(limit, d + h)) + h of c; the area rows (house price index, fuel poverty) of every
//      boundary code found in 1 and the fuel poverty rows of the candidate postcodes' LSOAs; and, when the
//      postcodes of 1 cannot be shown to hold the nearest of every point of the box, the postcodes again
//      within the bound they give, whose LSOA rows then take a third round trip (the countryside only).
// Points' distance sort runs on WGS84 arcs while the blocks measure BNG metres; their bound is widened by 1 %
// plus 50 m so the projection's scale error cannot leave the real nearest out.
import type { Client } from '@elastic/elasticsearch';
import type { Pollutant } from '../../schemas/environment-features';
import { bngToWgs84 } from '../geo/bng';
import type { BBox, Position } from '../geo/geometry';
import { nearestWithin, type PieceRecord } from '../transforms/flood/candidates';
import { cellCorner, GREENSPACE_NEAREST_LIMIT } from '../transforms/environment/candidates';
import { MemoryEnvironment, type EnvironmentLayerRecords } from '../transforms/environment/memory';
import {
  NEAREST_LIMIT,
  WITHIN_RADIUS,
  type AreaFamily,
  type PointRecord,
} from '../transforms/planning/candidates';
import { MemoryLayers } from '../transforms/planning/memory-layers';
import { cellKey, pieceFromDocument, pointFromDocument } from './location-documents';
import { SearchItemError } from './search-item-error';
import {
  FIRST_POSTCODE_RADIUS,
  LivePostcodes,
  postcodeCandidates,
  type LivePostcode,
} from './location-postcodes';

type Source = Record<string, unknown>;

/** Polygon families searched for a nearest feature, with how far. */
const NEAREST_AREAS: Record<string, number> = {
  conservation_areas: NEAREST_LIMIT,
  world_heritage_sites: NEAREST_LIMIT,
  national_parks: NEAREST_LIMIT,
  low_emission_zones: NEAREST_LIMIT,
  greenspace: GREENSPACE_NEAREST_LIMIT,
};
/** Point families with no distance limit on their nearest. */
const NEAREST_POINTS = ['airports', 'hospital', 'dentist', 'gp_practice'] as const;
/** Point families read within 1 km. */
const WITHIN_POINTS = ['listed_buildings', 'ev_charge_points', 'landslides', 'defibrillators'] as const;
const POLLUTANTS: readonly Pollutant[] = ['benzene', 'no2', 'nox', 'pm10', 'pm2.5', 'so2'];

/** First page; a larger answer is fetched whole. */
const PAGE = 2000;
const MAX_DOCS = 10_000;
/** How many documents the distance sort returns per family (the best of them bounds the search). */
const FIRST = 3;

/** Documents of `family` whose envelope comes within r of the box (a square test, a superset of the disc). */
const envelope = (family: string, b: BBox, r: number) => ({
  bool: {
    filter: [
      { term: { family } },
      { range: { minx: { lte: b.maxX + r } } },
      { range: { maxx: { gte: b.minX - r } } },
      { range: { miny: { lte: b.maxY + r } } },
      { range: { maxy: { gte: b.minY - r } } },
    ],
  },
});
const keyed = (family: string, keys: string[]) => ({
  bool: { filter: [{ term: { family } }, { terms: { key: keys } }] },
});

interface Search {
  query: object;
  size: number;
  sort?: object[];
}

interface Hits {
  total: number;
  sources: Source[];
}

async function msearch(client: Client, index: string, searches: Search[]): Promise<Hits[]> {
  if (searches.length === 0) return [];
  const res = await client.msearch<Source>({ index, searches: searches.flatMap((s) => [{}, s]) });
  const out = res.responses.map((r) => {
    if ('error' in r) throw new SearchItemError(index, r);
    const total =
      typeof r.hits.total === 'number' ? r.hits.total : (r.hits.total?.value ?? r.hits.hits.length);
    return { total, sources: r.hits.hits.map((h) => h._source!) };
  });
  // A page that did not hold everything is fetched whole (a sorted "first few" page never needs it).
  return Promise.all(
    out.map(async (hits, i) => {
      const s = searches[i]!;
      if (s.sort || hits.total <= hits.sources.length) return hits;
      if (hits.total > MAX_DOCS)
        throw new Error(`location feature index: ${hits.total} documents for one point`);
      const all = await client.search<Source>({ index, size: hits.total, query: s.query as never });
      return { total: hits.total, sources: all.hits.hits.map((h) => h._source!) };
    }),
  );
}

export interface LocationLiveCandidates {
  layers: MemoryLayers;
  environment: MemoryEnvironment;
  /** The latest house price index rows (`hpi:<code>`) and fuel poverty rows (`fuel_poverty:<level>:<code>`)
   * of every boundary the box meets and of the LSOA of every postcode that can be nearest. */
  areaRows: Map<string, Source>;
  /** The nearest live postcode of any point of the box, by the batch's rule (with its LSOA and country). */
  postcodes: LivePostcodes;
}

/** The box of one point: what a single uncached answer fetches. */
export const pointBox = (p: Position): BBox => ({ minX: p[0], minY: p[1], maxX: p[0], maxY: p[1] });

/** Every candidate any point of `box` can need, from `index`. */
export async function esLocationCandidates(
  client: Client,
  index: string,
  box: BBox,
): Promise<LocationLiveCandidates> {
  const c: Position = [(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2];
  const h = Math.hypot(box.maxX - box.minX, box.maxY - box.minY) / 2;
  const { latitude, longitude } = bngToWgs84(c[0], c[1]);
  const byDistance = (family: string): Search => ({
    size: FIRST,
    query: { term: { family } },
    sort: [{ _geo_distance: { centre: { lat: latitude, lon: longitude }, order: 'asc' } }],
  });
  // The 1 km grid cells the box meets (one for a point or a cell of that grid).
  const cells: [number, number][] = [];
  for (let x = cellCorner(box.minX); x <= box.maxX; x += 1000)
    for (let y = cellCorner(box.minY); y <= box.maxY; y += 1000) {
      if (x === box.maxX && x > box.minX) continue;
      if (y === box.maxY && y > box.minY) continue;
      cells.push([x, y]);
    }
  const nearestAreas = Object.keys(NEAREST_AREAS);
  const first: Search[] = [
    { size: PAGE, query: envelope('admin_boundaries', box, 0) },
    ...WITHIN_POINTS.map((f) => ({ size: PAGE, query: envelope(f, box, WITHIN_RADIUS) })),
    {
      size: cells.length * (POLLUTANTS.length + 1),
      query: {
        bool: {
          should: [
            keyed(
              'air_quality',
              cells.flatMap(([x, y]) => POLLUTANTS.map((q) => cellKey(x, y, q))),
            ),
            keyed(
              'radon',
              cells.map(([x, y]) => cellKey(x, y)),
            ),
          ],
        },
      },
    },
    { size: PAGE, query: envelope('postcodes', box, FIRST_POSTCODE_RADIUS + 1e-6) },
    ...nearestAreas.map(byDistance),
    ...NEAREST_POINTS.map(byDistance),
    // The GeoSure and GeoClimate pieces meeting the box (last, so the indexes above hold).
    { size: PAGE, query: envelope('subsidence', box, 0) },
  ];
  const r1 = await msearch(client, index, first);
  const admin = r1[0]!.sources.map((d) => pieceFromDocument(d));
  const subsidence = r1[first.length - 1]!.sources.map((d) => pieceFromDocument(d));
  const within = new Map(
    WITHIN_POINTS.map((f, i) => [f, r1[1 + i]!.sources.map((d) => pointFromDocument(d))]),
  );
  const gridCells = r1[1 + WITHIN_POINTS.length]!.sources;
  const postcodesFirst = postcodeCandidates(
    box,
    r1[2 + WITHIN_POINTS.length]!.sources.map(postcodeFromDocument),
    FIRST_POSTCODE_RADIUS,
  );
  const sortedFrom = 3 + WITHIN_POINTS.length;

  // Round 2: each nearest family within the bound its best first document gives.
  const second: { family: string; kind: 'area' | 'point'; search: Search }[] = [];
  const around = (family: string, r: number): Search => ({
    size: PAGE,
    query: envelope(family, pointBox(c), r),
  });
  nearestAreas.forEach((family, i) => {
    const pieces = r1[sortedFrom + i]!.sources.map((d) => pieceFromDocument(d));
    const best = nearestWithin(pieces, c, Infinity);
    if (!best) return;
    const r = Math.max(WITHIN_RADIUS, Math.min(NEAREST_AREAS[family]!, best.distance + h)) + h + 1e-6;
    second.push({ family, kind: 'area', search: around(family, r) });
  });
  NEAREST_POINTS.forEach((family, i) => {
    const points = r1[sortedFrom + nearestAreas.length + i]!.sources.map((d) => pointFromDocument(d));
    if (!points.length) return;
    const d = Math.min(...points.map((q) => Math.hypot(q.position[0] - c[0], q.position[1] - c[1])));
    second.push({ family, kind: 'point', search: around(family, (d + h) * 1.01 + 50 + h) });
  });

  // The boundaries are known after round 1: the area rows of every code they name go in round 2 too (codes
  // of levels that have no such rows match nothing).
  const codes = [...new Set(admin.map((a) => (a.attrs as { code: string }).code))];
  const areaSearches: Search[] = [];
  if (codes.length) areaSearches.push({ size: codes.length, query: keyed('hpi', codes) });
  const fuelPoverty = [
    ...codes.flatMap((code) => [`local_authority:${code}`, `region:${code}`]),
    ...('postcodes' in postcodesFirst ? lsoaKeys(postcodesFirst.postcodes) : []),
  ];
  if (fuelPoverty.length)
    areaSearches.push({ size: fuelPoverty.length, query: keyed('fuel_poverty', fuelPoverty) });
  const postcodesAgain: Search[] =
    'refetch' in postcodesFirst
      ? [{ size: PAGE, query: envelope('postcodes', box, postcodesFirst.refetch + 1e-6) }]
      : [];
  const r2 = await msearch(client, index, [
    ...second.map((s) => s.search),
    ...areaSearches,
    ...postcodesAgain,
  ]);

  const areas: Partial<Record<AreaFamily, PieceRecord[]>> = { admin_boundaries: admin };
  const points: Record<string, PointRecord[]> = Object.fromEntries(within);
  let greenspace: PieceRecord[] = [];
  second.forEach((s, i) => {
    const sources = r2[i]!.sources;
    if (s.kind === 'point') points[s.family] = sources.map((d) => pointFromDocument(d));
    else if (s.family === 'greenspace') greenspace = sources.map((d) => pieceFromDocument(d));
    else areas[s.family as AreaFamily] = sources.map((d) => pieceFromDocument(d));
  });
  const areaRows = new Map<string, Source>();
  const addRows = (hits: Hits[]) => {
    for (const h of hits)
      for (const d of h.sources) areaRows.set(`${String(d.family)}:${String(d.key)}`, d.attrs as Source);
  };
  addRows(r2.slice(second.length, second.length + areaSearches.length));
  let postcodes: LivePostcode[];
  if ('postcodes' in postcodesFirst) postcodes = postcodesFirst.postcodes;
  else {
    // The second fetch reaches the bound the first gave, so it holds every possible nearest by construction.
    const again = postcodeCandidates(
      box,
      r2.at(-1)!.sources.map(postcodeFromDocument),
      postcodesFirst.refetch,
    );
    if (!('postcodes' in again)) throw new Error('location postcodes: the second fetch fell short');
    postcodes = again.postcodes;
    const keys = lsoaKeys(postcodes);
    if (keys.length)
      addRows(await msearch(client, index, [{ size: keys.length, query: keyed('fuel_poverty', keys) }]));
  }

  const airQuality: NonNullable<EnvironmentLayerRecords['airQuality']>[number][] = [];
  const radon: NonNullable<EnvironmentLayerRecords['radon']>[number][] = [];
  for (const g of gridCells) {
    // The key says which cell: "<pollutant>:<x>,<y>" or "<x>,<y>".
    const [cellX, cellY] = String(g.key).split(':').at(-1)!.split(',').map(Number) as [number, number];
    const a = g.attrs as { pollutant?: Pollutant; value?: number; percentile?: number; class_max?: number };
    if (g.family === 'air_quality')
      airQuality.push({
        pollutant: a.pollutant!,
        cellX,
        cellY,
        value: { value: a.value!, percentile: a.percentile! },
      });
    else radon.push({ cellX, cellY, classMax: a.class_max! });
  }
  const layers = new MemoryLayers(areas, {
    listed_buildings: points.listed_buildings ?? [],
    ev_charge_points: points.ev_charge_points ?? [],
    airports: points.airports ?? [],
  } as never);
  const environment = new MemoryEnvironment({
    airQuality,
    radon,
    greenspace: greenspace as never,
    subsidence: subsidence as never,
    points: {
      landslides: (points.landslides ?? []) as never,
      defibrillators: (points.defibrillators ?? []) as never,
      hospital: (points.hospital ?? []) as never,
      dentist: (points.dentist ?? []) as never,
      gp_practice: (points.gp_practice ?? []) as never,
    },
  });
  return { layers, environment, areaRows, postcodes: new LivePostcodes(postcodes) };
}

/** `lsoa:<code>` keys of the fuel poverty rows of the postcodes' LSOAs. */
const lsoaKeys = (postcodes: readonly LivePostcode[]): string[] => [
  ...new Set(postcodes.flatMap((q) => (q.lsoa ? [`lsoa:${q.lsoa}`] : []))),
];

function postcodeFromDocument(d: Source): LivePostcode {
  const { id, position, attrs } = pointFromDocument<{ lsoa: string | null; country: string | null }>(d);
  return { postcode: id, x: position[0], y: position[1], lsoa: attrs.lsoa, country: attrs.country };
}

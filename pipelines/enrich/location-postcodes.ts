// The nearest live postcode of a live point (GET /location) by the batch's rule. uprn_area_blocks keys every
// UPRN's census small areas on the nearest live ONSPD centroid to its point within MAX_POSTCODE_DISTANCE_M, ties
// to the alphabetically first (PostcodeFinder; the area postcode of transforms/area/point-geography.ts); its
// LSOA then joins the fuel poverty LSOA row. Here the very same
// PostcodeFinder answers over the candidates of a box (a 1 km cell, or one point), so the candidates must hold
// every postcode that can be the nearest of ANY point of the box:
//  - for a postcode q and a point p of the box, |pq| is at most q's distance to the box's farthest corner, so
//    B = min over fetched q of that (capped at the finder's limit) bounds every point's nearest distance: every
//    possible nearest lies within B of the box;
//  - the first fetch takes the postcodes within FIRST_POSTCODE_RADIUS of the box; if B is larger (no postcode
//    near the cell's middle: the countryside) a second fetch takes those within B (the limit when none came).
// Only the postcodes within B of the box are kept: no other can be the nearest of any of its points.
// Widening by the finder's limit (5 km) straight away would be simpler but fetches an 11 km square, tens of
// thousands of postcodes in a city.
import type { BBox, Position } from '../geo/geometry';
import { MAX_POSTCODE_DISTANCE_M, PostcodeFinder } from '../transforms/area/nearest-postcode';

export interface LivePostcode {
  postcode: string;
  x: number;
  y: number;
  /** The census LSOA code the fuel poverty join uses (ONSPD `census_lower_layer_super_output_area_code`). */
  lsoa: string | null;
  /** ONSPD country code (E92000001, W92000004, S92000003). */
  country: string | null;
}

/** How far around the box the first fetch reaches: a cell's half diagonal (707 m) plus a town's spacing. */
export const FIRST_POSTCODE_RADIUS = 1000;

const toBox = (q: LivePostcode, b: BBox) =>
  Math.hypot(Math.max(b.minX - q.x, 0, q.x - b.maxX), Math.max(b.minY - q.y, 0, q.y - b.maxY));
const toFarthestCorner = (q: LivePostcode, b: BBox) =>
  Math.hypot(Math.max(q.x - b.minX, b.maxX - q.x), Math.max(q.y - b.minY, b.maxY - q.y));

/**
 * The postcodes of `fetched` (every postcode within `radius` of `box`, by a square test) that can be the
 * nearest of a point of the box, or the radius to fetch again when `fetched` cannot be known to hold them.
 */
export function postcodeCandidates(
  box: BBox,
  fetched: readonly LivePostcode[],
  radius: number,
): { postcodes: LivePostcode[] } | { refetch: number } {
  let bound = MAX_POSTCODE_DISTANCE_M;
  for (const q of fetched) bound = Math.min(bound, toFarthestCorner(q, box));
  if (bound > radius) return { refetch: bound };
  return { postcodes: fetched.filter((q) => toBox(q, box) <= bound) };
}

/** The nearest postcode of points of a box, from its candidates (postcodeCandidates). */
export class LivePostcodes {
  private readonly finder: PostcodeFinder;
  private readonly byPostcode: Map<string, LivePostcode>;

  constructor(postcodes: readonly LivePostcode[]) {
    this.finder = new PostcodeFinder(postcodes, new Set());
    this.byPostcode = new Map(postcodes.map((q) => [q.postcode, q]));
  }

  at(p: Position): LivePostcode | null {
    const near = this.finder.nearest(p[0], p[1]);
    return near ? this.byPostcode.get(near.postcode)! : null;
  }
}

// UPRN → postcode. OS Open UPRN carries no postcode, so (docs/areas.md):
//  1. the postcode of the UPRN's latest EPC, when it is a postcode ONSPD knows (live or terminated: the EPC
//     names the address's real postcode, and terminated postcodes keep their geographies);
//  2. otherwise the nearest live ONSPD postcode centroid with a grid reference, within MAX_DISTANCE_M;
//  3. otherwise none (admin_boundaries null).
// Nearest is a kdbush range search over the centroids with a growing radius: postcodes are dense (median
// spacing tens of metres in towns), so the first ring nearly always answers.
import KDBush from 'kdbush';

export const MAX_POSTCODE_DISTANCE_M = 5_000;
const RADII = [100, 400, 1_600, MAX_POSTCODE_DISTANCE_M];

/** `ba11aa`, `BA1  1AA` → `BA1 1AA` (ONSPD `pcds` form); null when not postcode-shaped. */
export function normalisePostcode(text: string | null | undefined): string | null {
  const compact = (text ?? '').replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

export interface PostcodeCentroid {
  postcode: string;
  x: number;
  y: number;
}

export class PostcodeFinder {
  private readonly index: KDBush;
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;

  constructor(
    private readonly centroids: readonly PostcodeCentroid[],
    /** Every postcode ONSPD lists (with or without grid reference, live or terminated). */
    private readonly known: ReadonlySet<string>,
  ) {
    this.index = new KDBush(Math.max(1, centroids.length));
    this.xs = new Float64Array(centroids.length);
    this.ys = new Float64Array(centroids.length);
    centroids.forEach((c, i) => {
      this.index.add(c.x, c.y);
      this.xs[i] = c.x;
      this.ys[i] = c.y;
    });
    if (centroids.length === 0) this.index.add(0, 0); // kdbush needs one item; never returned (see nearest)
    this.index.finish();
  }

  nearest(x: number, y: number): { postcode: string; distance: number } | null {
    for (const r of RADII) {
      let best = -1;
      let bestD = Infinity;
      for (const id of this.index.within(x, y, r)) {
        if (id >= this.centroids.length) continue;
        const d = Math.hypot(this.xs[id]! - x, this.ys[id]! - y);
        // Ties go to the alphabetically first postcode, so the answer does not depend on index order.
        if (d < bestD || (d === bestD && this.centroids[id]!.postcode < this.centroids[best]!.postcode)) {
          best = id;
          bestD = d;
        }
      }
      if (best !== -1) return { postcode: this.centroids[best]!.postcode, distance: bestD };
    }
    return null;
  }

  /** The postcode for a UPRN at (x, y) whose latest EPC (if any) gives `epcPostcode`. */
  assign(
    x: number,
    y: number,
    epcPostcode: string | null,
  ): { postcode: string | null; source: 'epc' | 'nearest_postcode' | null; distance: number | null } {
    const fromEpc = normalisePostcode(epcPostcode);
    if (fromEpc !== null && this.known.has(fromEpc))
      return { postcode: fromEpc, source: 'epc', distance: null };
    const near = this.nearest(x, y);
    if (!near) return { postcode: null, source: null, distance: null };
    return {
      postcode: near.postcode,
      source: 'nearest_postcode',
      distance: Math.round(near.distance * 10) / 10,
    };
  }
}

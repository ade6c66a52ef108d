// The National Grid's Transverse Mercator, by Ordnance Survey's published series (OS, "A guide to coordinate
// systems in Great Britain", annex C), on the ellipsoid it is given: GRS80 for ETRS89 (the first step of
// OSTN15, which projects ETRS89 with the grid's constants and then shifts); on Airy 1830 the same series gives
// the grid from OSGB36 latitude and longitude (azimuth.ts). Angles in radians; no allocation: results go into
// a caller's array.

export interface Ellipsoid {
  /** Semi-major axis, metres. */
  a: number;
  /** Semi-minor axis, metres. */
  b: number;
}

/** GRS80, the ETRS89 ellipsoid (b as OS gives it). */
export const GRS80: Ellipsoid = { a: 6378137.0, b: 6356752.31414 };

/** The National Grid's projection constants (OS annex A). */
export const NATIONAL_GRID_TM = {
  scale: 0.9996012717,
  lat0: (49 * Math.PI) / 180,
  lon0: (-2 * Math.PI) / 180,
  falseEasting: 400000,
  falseNorthing: -100000,
} as const;

export interface TransverseMercator {
  /** Latitude, longitude (radians) → out[o] = easting, out[o + 1] = northing (metres). */
  project(lat: number, lon: number, out: Float64Array | number[], o: number): void;
  /** Easting, northing → out[o] = latitude, out[o + 1] = longitude (radians). */
  unproject(e: number, n: number, out: Float64Array | number[], o: number): void;
}

/** The OS series for the National Grid's constants on one ellipsoid. */
export function nationalGridProjection({ a, b }: Ellipsoid): TransverseMercator {
  const { scale: F0, lat0, lon0, falseEasting: E0, falseNorthing: N0 } = NATIONAL_GRID_TM;
  const aF0 = a * F0;
  const e2 = (a * a - b * b) / (a * a);
  const n = (a - b) / (a + b);
  const n2 = n * n;
  const n3 = n2 * n;
  // Meridional arc M(φ) = bF0 [k1 (φ−φ0) − k2 sin(φ−φ0) cos(φ+φ0) + k3 sin 2(φ−φ0) cos 2(φ+φ0) − k4 sin 3(φ−φ0) cos 3(φ+φ0)].
  const k1 = 1 + n + 1.25 * n2 + 1.25 * n3;
  const k2 = 3 * n + 3 * n2 + (21 / 8) * n3;
  const k3 = (15 / 8) * (n2 + n3);
  const k4 = (35 / 24) * n3;
  const bF0 = b * F0;
  const sin0 = Math.sin(lat0);
  const cos0 = Math.cos(lat0);

  /** M from sin φ and cos φ: the multiple angles by identities, so a point costs one sin and one cos. */
  function arc(lat: number, s: number, c: number): number {
    const sm = s * cos0 - c * sin0; // sin(φ−φ0)
    const cm = c * cos0 + s * sin0; // cos(φ−φ0)
    const cp = c * cos0 - s * sin0; // cos(φ+φ0)
    const sp = s * cos0 + c * sin0; // sin(φ+φ0)
    const sm2 = 2 * sm * cm;
    const cp2 = cp * cp - sp * sp;
    const sm3 = sm * (3 - 4 * sm * sm);
    const cp3 = cp * (4 * cp * cp - 3);
    return bF0 * (k1 * (lat - lat0) - k2 * sm * cp + k3 * sm2 * cp2 - k4 * sm3 * cp3);
  }

  function project(lat: number, lon: number, out: Float64Array | number[], o: number): void {
    const s = Math.sin(lat);
    const c = Math.cos(lat);
    const t2 = (s * s) / (c * c);
    const t4 = t2 * t2;
    const w = 1 - e2 * s * s;
    const nu = aF0 / Math.sqrt(w);
    const nuOverRho = w / (1 - e2);
    const eta2 = nuOverRho - 1;
    const c3 = c * c * c;
    const c5 = c3 * c * c;
    const ii = (nu / 2) * s * c;
    const iii = (nu / 24) * s * c3 * (5 - t2 + 9 * eta2);
    const iiia = (nu / 720) * s * c5 * (61 - 58 * t2 + t4);
    const iv = nu * c;
    const v = (nu / 6) * c3 * (nuOverRho - t2);
    const vi = (nu / 120) * c5 * (5 - 18 * t2 + t4 + 14 * eta2 - 58 * t2 * eta2);
    const dl = lon - lon0;
    const dl2 = dl * dl;
    out[o] = E0 + dl * (iv + dl2 * (v + dl2 * vi));
    out[o + 1] = arc(lat, s, c) + N0 + dl2 * (ii + dl2 * (iii + dl2 * iiia));
  }

  function unproject(e: number, north: number, out: Float64Array | number[], o: number): void {
    // The footpoint latitude: the OS iteration on the meridional arc, stepped by the meridian's radius of
    // curvature (Newton's method on M), to 0.01 mm; the cap only guards against non-finite input.
    const target = north - N0;
    let lat = target / aF0 + lat0;
    let s = Math.sin(lat);
    let c = Math.cos(lat);
    for (let i = 0; i < 10; i++) {
      const miss = target - arc(lat, s, c);
      if (!(Math.abs(miss) >= 1e-5)) break;
      const w = 1 - e2 * s * s;
      lat += (miss * w * Math.sqrt(w)) / (aF0 * (1 - e2));
      s = Math.sin(lat);
      c = Math.cos(lat);
    }
    const t = s / c;
    const t2 = t * t;
    const t4 = t2 * t2;
    const w = 1 - e2 * s * s;
    const nu = aF0 / Math.sqrt(w);
    const rho = (nu * (1 - e2)) / w;
    const eta2 = nu / rho - 1;
    const nu3 = nu * nu * nu;
    const nu5 = nu3 * nu * nu;
    const nu7 = nu5 * nu * nu;
    const sec = 1 / c;
    const vii = t / (2 * rho * nu);
    const viii = (t / (24 * rho * nu3)) * (5 + 3 * t2 + eta2 - 9 * t2 * eta2);
    const ix = (t / (720 * rho * nu5)) * (61 + 90 * t2 + 45 * t4);
    const x = sec / nu;
    const xi = (sec / (6 * nu3)) * (nu / rho + 2 * t2);
    const xii = (sec / (120 * nu5)) * (5 + 28 * t2 + 24 * t4);
    const xiia = (sec / (5040 * nu7)) * (61 + 662 * t2 + 1320 * t4 + 720 * t4 * t2);
    const de = e - E0;
    const de2 = de * de;
    out[o] = lat - de2 * (vii - de2 * (viii - de2 * ix));
    out[o + 1] = lon0 + de * (x - de2 * (xi - de2 * (xii - de2 * xiia)));
  }

  return { project, unproject };
}

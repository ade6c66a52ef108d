// Deprivation ranks of the nations' indices (WIMD, SIMD): the sample's own, scattered around ONSPD's rank.
import type { Rng } from '../rng';

/** Decile / quintile / quartile of a rank out of n (equal bands; the sample's own, as the ranks are). */
export const band = (rank: number, n: number, parts: number) =>
  Math.min(parts, Math.ceil((rank / n) * parts));
export const scatter = (rng: Rng, rank: number, n: number, sd: number) =>
  Math.max(1, Math.min(n, Math.round(rank + rng.normal(0, sd))));

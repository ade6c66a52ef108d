// The energy efficiency band of a SAP score (SAP 2012 / 10 band limits, the same for E&W and Scotland).
import type { EnergyRating } from '../../../schemas/epc';

const BANDS: readonly (readonly [number, EnergyRating])[] = [
  [92, 'A'],
  [81, 'B'],
  [69, 'C'],
  [55, 'D'],
  [39, 'E'],
  [21, 'F'],
];

/** A: 92+, B: 81-91, C: 69-80, D: 55-68, E: 39-54, F: 21-38, G: 1-20 (and below). */
export function bandForScore(score: number): EnergyRating {
  for (const [min, band] of BANDS) if (score >= min) return band;
  return 'G';
}

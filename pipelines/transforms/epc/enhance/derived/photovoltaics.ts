// PHOTO_SUPPLY: in E&W a number, the percentage of roof area with PV; in Scotland free text per array
// (`Array: Roof Area: 40%; Connection: ...;  |`, `Array: Peak Power: 2.7; ...`).
import { toPercentage } from '../values/numbers';

/**
 * Percentage of roof area with PV (0-100): the number itself, or the sum of the `Roof Area: N%` of each
 * Scottish array. Arrays described only by peak power (kWp) give no area → null.
 */
export function roofPhotovoltaicSupply(value: string | null): number | null {
  if (value === null) return null;
  const direct = toPercentage(value);
  if (direct !== null) return direct;
  const areas = [...value.matchAll(/Roof Area:\s*(\d+(?:\.\d+)?)\s*%/gi)].map((m) => Number(m[1]));
  if (areas.length === 0) return null;
  return Math.min(100, Math.round(areas.reduce((a, b) => a + b, 0)));
}

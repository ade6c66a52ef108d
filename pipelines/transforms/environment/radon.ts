// Radon (spec 2.7): the class of the UPRN's indicative atlas square and the likelihood range of that class
// (share of homes estimated at or above the 200 Bq/m³ action level): 1 <1%, 2 1-3%, 3 3-5%, 4 5-10%,
// 5 10-30%, 6 30% or more; classes 2 to 6 are radon affected areas.
import type { EnvironmentBlock } from '../../../schemas/api/environment';

const LIKELIHOOD: Record<number, [number, number]> = {
  1: [0, 0.01],
  2: [0.01, 0.03],
  3: [0.03, 0.05],
  4: [0.05, 0.1],
  5: [0.1, 0.3],
  6: [0.3, 1],
};

export function radonOfClass(cls: number | null): EnvironmentBlock['radon'] {
  const range = cls === null ? undefined : LIKELIHOOD[cls];
  if (cls === null || !range) return null;
  return {
    radon_class: cls,
    radon_affected_area: cls >= 2,
    radon_exceeding_action_level_min_likelihood: range[0],
    radon_exceeding_action_level_max_likelihood: range[1],
  };
}

// Occupancy from floor area, SAP Table 1b = BREDEM 1A (bredem.md §1). Check value: 100 m² → 2.740.
export function occupancyFromFloorArea(totalFloorArea: number): number {
  if (totalFloorArea <= 13.9) return 1;
  const x = totalFloorArea - 13.9;
  return 1 + 1.76 * (1 - Math.exp(-0.000349 * x * x)) + 0.0013 * x;
}

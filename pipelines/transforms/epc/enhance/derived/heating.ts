// Whether the main heating is a heat pump, from its description (`Air source heat pump, radiators,
// electric`; Welsh `Pwmp gwres ...`).

/** true/false from the main heating description; null when there is no description. */
export function isHeatPump(mainHeatingDescription: string | null): boolean | null {
  if (mainHeatingDescription === null) return null;
  return /heat pump|pwmp gwres/i.test(mainHeatingDescription);
}

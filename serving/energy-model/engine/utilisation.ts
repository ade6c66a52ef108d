// Utilisation factor for gains (SAP Table 9a, BREDEM 7F–7J, bredem.md §9).

/** Time constant τ in hours from the thermal mass parameter (kJ/m²K) and heat loss parameter (W/m²K). */
export const timeConstant = (thermalMassParameter: number, heatLossParameter: number): number =>
  thermalMassParameter / (3.6 * heatLossParameter);

/** η for gains G (W) against losses H·ΔT (W) with a = 1 + τ/15. */
export function utilisationFactor(gains: number, heatTransfer: number, deltaT: number, tau: number): number {
  const loss = heatTransfer * deltaT;
  const a = 1 + tau / 15;
  // No loss to offset (zone at or below outside temperature): no gain is useful.
  if (loss === 0) return gains > 0 ? 0 : 1;
  // Rounded as MHEP does, so γ within 1e-8 of 1 takes the limit instead of dividing 0 by 0.
  const gamma = Math.round((gains / loss) * 1e8) / 1e8;
  if (gamma <= 0) return 1;
  if (gamma === 1) return a / (a + 1);
  // γ^a once, by exp/log (measured faster than ** here); γ^(a+1) = γ^a × γ.
  const ga = Math.exp(a * Math.log(gamma));
  return (1 - ga) / (1 - ga * gamma);
}

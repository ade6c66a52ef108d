// U-values quoted in element descriptions of newer (SAP, and RdSAP with measured values) certificates:
// `Average thermal transmittance 0.25 W/m²K`, Welsh `Trawsyriannedd thermol cyfartalog 0.30 W/m²K`.
import { memoise } from '../values/memo';

const U_VALUE =
  /(?:average thermal transmittance|trawsyriannedd thermol cyfartalog)\s*[=:]?\s*(\d+(?:\.\d+)?|\.\d+)/i;

/** The U-value in W/m²K from a description, or null when the description gives none. */
function thermalTransmittanceRule(description: string | null | undefined): number | null {
  if (description === null || description === undefined) return null;
  const m = U_VALUE.exec(description);
  return m ? Number(m[1]) : null;
}

export const thermalTransmittance = memoise(thermalTransmittanceRule);

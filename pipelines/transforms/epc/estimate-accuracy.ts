// Leave-one-out accuracy of epc_estimate: every certified property in turn is treated as if it had no
// certificate, estimated from the others, and the estimate compared with its real latest certificate.
import { RATING_NUMBERS, type EpcEstimate } from '../../../schemas/epc';
import { bandForScore } from './rating';
import type { CertifiedProperty } from './estimate';

export interface LooResult {
  /** Properties evaluated (those with a score and an estimate). */
  evaluated: number;
  /** Properties with no neighbour in range (no estimate). */
  without_estimate: number;
  /** Mean absolute error of the energy efficiency score (SAP points). */
  score_mae: number;
  /** Root mean square error of the score. */
  score_rmse: number;
  /** Mean signed error (estimate minus actual). */
  score_bias: number;
  /** Share of estimates with exactly the actual band. */
  rating_exact: number;
  /** Share of estimates within one band of the actual. */
  rating_within_one: number;
  /** Mean absolute error in bands (A..G as 7..1). */
  rating_mae_bands: number;
  /** Score MAE for the estimates with confidence at least 0.5, and how many there are. */
  confident_score_mae: number | null;
  confident_count: number;
  mean_confidence: number;
}

const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
const r3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Runs `estimate` for each property (it must leave that property out: it gets the property's UPRN) and
 * summarises the errors against the property's own score and band.
 */
export function leaveOneOut(
  properties: readonly CertifiedProperty[],
  estimate: (p: CertifiedProperty) => EpcEstimate | null,
): LooResult {
  const errors: number[] = [];
  const bandErrors: number[] = [];
  const confidences: number[] = [];
  const confidentErrors: number[] = [];
  let without = 0;
  for (const p of properties) {
    if (p.energy_efficiency_current === null) continue;
    const e = estimate(p);
    if (!e || e.energy_efficiency_current === null) {
      without++;
      continue;
    }
    const error = e.energy_efficiency_current - p.energy_efficiency_current;
    errors.push(error);
    bandErrors.push(
      RATING_NUMBERS[bandForScore(e.energy_efficiency_current)] -
        RATING_NUMBERS[bandForScore(p.energy_efficiency_current)],
    );
    confidences.push(e.confidence);
    if (e.confidence >= 0.5) confidentErrors.push(Math.abs(error));
  }
  return {
    evaluated: errors.length,
    without_estimate: without,
    score_mae: r3(mean(errors.map(Math.abs))),
    score_rmse: r3(Math.sqrt(mean(errors.map((e) => e * e)))),
    score_bias: r3(mean(errors)),
    rating_exact: r3(bandErrors.filter((b) => b === 0).length / bandErrors.length),
    rating_within_one: r3(bandErrors.filter((b) => Math.abs(b) <= 1).length / bandErrors.length),
    rating_mae_bands: r3(mean(bandErrors.map(Math.abs))),
    confident_score_mae: confidentErrors.length ? r3(mean(confidentErrors)) : null,
    confident_count: confidentErrors.length,
    mean_confidence: r3(mean(confidences)),
  };
}

// Listing grades across Great Britain's three listing systems. England (NHLE) and Wales (Cadw) grade under
// the same Act on one scale (I, II*, II); Scotland (HES) categorises buildings A, B, C by different
// definitions, and no official statement equates the two (reference wales-scotland.md section 5). So a
// building answers its native grade with its system, and a tier that groups grades by their place in their
// own system: `top` = I, II*, A (about the top 8% of each list), `standard` = II, B, C. The spec's `grade`
// field is the I/II*/II scale, so it is null for a Scottish building rather than a coerced guess.
import type { ListingGrade, ListingSystem, ListingTier } from '../../../schemas/heritage-features';

export const LISTING_TIERS: Readonly<Record<ListingGrade, ListingTier>> = {
  I: 'top',
  'II*': 'top',
  A: 'top',
  II: 'standard',
  B: 'standard',
  C: 'standard',
};

export const listingTier = (grade: ListingGrade): ListingTier => LISTING_TIERS[grade];

/** The grade on the England and Wales scale (the spec's `grade`): null for a Scottish category. */
export function statutoryGrade(system: ListingSystem, grade: ListingGrade): 'I' | 'II*' | 'II' | null {
  if (system === 'HES') return null;
  return grade === 'I' || grade === 'II*' || grade === 'II' ? grade : null;
}

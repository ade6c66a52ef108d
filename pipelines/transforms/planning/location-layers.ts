// Everything of one point that comes from the planning, transport and boundary layers, in one call: the
// country (from the boundary polygons, else the caller's fallback, e.g. the UPRN's ONSPD country) decides
// which England-only layers apply. Pure over LocationCandidates; the per-UPRN asset stores its result.
import type { Position } from '../../geo/geometry';
import type { LocationLayersBlock } from '../../../schemas/index/properties';
import { transportationBlock } from '../transport/block';
import { countryOfCode, locationAdminBoundaries } from './admin-boundaries';
import { planningBlock, type Country } from './block';
import type { LocationCandidates } from './candidates';

export function locationLayersBlock(
  c: LocationCandidates,
  p: Position,
  fallbackCountry: Country | null = null,
): LocationLayersBlock {
  const admin = locationAdminBoundaries(c, p);
  const country = countryOfCode(admin.country_code) ?? fallbackCountry;
  return {
    admin_boundaries: admin,
    planning: planningBlock(c, p, country),
    transportation: transportationBlock(c, p),
  };
}

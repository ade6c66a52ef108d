// `location` → SAP climate region: one of the 22 region names, or a postcode through the SAP postcode table.
import { REGION_NAMES, type RegionName } from '../../schemas/api/energy-model';
import {
  priceRegionOfPostcode,
  PRICE_REGION_OF_CLIMATE_REGION,
} from '../../pipelines/transforms/energy-prices/regions';
import { regionForPostcode } from './climate/postcode';
import { REGION_NUMBERS } from './climate/regions';

export interface ResolvedLocation {
  /** The location as echoed: a region name, or the postcode upper-cased with one space. */
  location: string;
  /** SAP Appendix U region number (0: UK average). */
  region: number;
  /** The region's name among the spec's 22 (`parameters.climate_region`); null for the UK average. */
  name: RegionName | null;
  /** Price-cap region (`_A` … `_P`, `GB`), or null (outside GB's 14 regions: the GB average). */
  priceRegion: string | null;
}

export class UnknownLocationError extends Error {}

export function resolveLocation(text: string): ResolvedLocation {
  const trimmed = text.trim();
  if ((REGION_NAMES as readonly string[]).includes(trimmed))
    return {
      location: trimmed,
      region: REGION_NUMBERS[trimmed as RegionName],
      name: trimmed as RegionName,
      priceRegion: PRICE_REGION_OF_CLIMATE_REGION[trimmed] ?? null,
    };
  const found = regionForPostcode(trimmed);
  if (!found) throw new UnknownLocationError(`"${trimmed}" is not a UK postcode area or region name`);
  return {
    location: found.postcode,
    region: found.region,
    name: found.name,
    priceRegion: priceRegionOfPostcode(found.postcode),
  };
}

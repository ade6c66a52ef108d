// GET /properties?uprn= (spec 2.7, 2.8): every block of one property from its prebuilt document. Blocks come
// from the per-UPRN tables named in pipelines/assets/property-blocks.ts; a block whose table was not built
// yet answers null (or its empty shape), never a guess. EPC validity is computed now, as /epcs does.
import { Router } from 'express';
import type { AreaAttributes, StoredAreaBlock } from '../../schemas/api/area';
import type { ClimateBlock } from '../../schemas/api/climate';
import type { EnvironmentBlock } from '../../schemas/api/environment';
import type { StoredEpcBlock } from '../../schemas/api/epcs';
import type { FloodRiskBlock } from '../../schemas/api/flood-risk';
import type { PlanningBlock } from '../../schemas/api/planning';
import { PropertiesQuerySchema, type PropertyResponse } from '../../schemas/api/properties';
import type { SocialPointsBlock } from '../../schemas/api/social';
import type { TransportationBlock } from '../../schemas/api/transport';
import type { PropertyDocument } from '../../schemas/index/properties';
import { ApiError, invalidParameters } from '../errors';
import type { PropertiesRepository } from '../repository/properties';
import { presentEpcs } from './epcs';

interface LocationLayers {
  planning?: PlanningBlock;
  transportation?: TransportationBlock;
}
interface EnvironmentLayers {
  environment?: EnvironmentBlock;
  climate?: Record<string, unknown>;
  social?: SocialPointsBlock;
}

const block = <T>(doc: PropertyDocument, key: string): T | null => (doc.blocks[key] ?? null) as T | null;

export function presentProperty(doc: PropertyDocument, now: Date): PropertyResponse {
  const area = block<StoredAreaBlock>(doc, 'area');
  const attrs: Partial<AreaAttributes> = area?.area_attributes ?? {};
  const flood = block<FloodRiskBlock>(doc, 'flood_risk');
  const layers = block<LocationLayers>(doc, 'location_layers');
  const env = block<EnvironmentLayers>(doc, 'environment_layers');
  const epcs = presentEpcs(block<StoredEpcBlock>(doc, 'epcs'), now);
  const latest = epcs.epcs_enhanced[0];
  return {
    location: {
      x_coord: doc.x_coord,
      y_coord: doc.y_coord,
      latitude: doc.location.lat,
      longitude: doc.location.lon,
    },
    admin_boundaries: area?.admin_boundaries ?? null,
    elevation: flood?.elevation ?? null,
    planning: layers?.planning ?? null,
    environment: env?.environment ?? null,
    transportation: layers?.transportation ?? null,
    flood_risk: flood ? { england: flood.england, scotland: flood.scotland, wales: flood.wales } : null,
    climate: block<ClimateBlock>(doc, 'climate'),
    social: {
      house_price_index: attrs.house_price_index ?? null,
      fuel_poverty: attrs.fuel_poverty ?? null,
      nhs_locations: env?.social?.nhs_locations ?? null,
      defibrillators: env?.social?.defibrillators ?? [],
    },
    energy: {
      average_energy_usage_stats: attrs.average_energy_usage_stats ?? null,
      retrofit_grants: attrs.retrofit_grants ?? [],
      epcs: latest
        ? {
            ...latest,
            epc_country: epcs.epc_country,
            epc_in_date: epcs.epc_in_date,
            epc_age: epcs.epc_age,
            epc_expiry: epcs.epc_expiry,
          }
        : null,
    },
  };
}

export function propertiesRouter(properties: PropertiesRepository, now: () => Date): Router {
  const router = Router();
  router.get('/properties', async (req, res) => {
    const query = PropertiesQuerySchema.safeParse(req.query);
    if (!query.success) throw invalidParameters(query.error, 'query');
    const doc = await properties.getByUprn(query.data.uprn);
    if (!doc) throw new ApiError('not_found', `No property with UPRN ${query.data.uprn}`);
    res.json(presentProperty(doc, now()));
  });
  return router;
}

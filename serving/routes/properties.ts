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

// The answer is rendered once per document when the index is built (properties_index stores it beside the
// document, pipelines/assets/properties-index.ts) and a request sends it as it is: fetching, parsing and
// re-serialising the ~50 KB document (EPC stats and comparisons the answer does not show) was most of a
// request's CPU. Only the EPC's in-date flag and age depend on the day: they are stored as markers that carry
// the lodgement date and are written in when served, by the very function /epcs uses.
const MARKER = '\u0000epc_';
const MARKED = /"\\u0000epc_(in_date|age):([^"]*)"/g;

/** The /properties answer of `doc` as JSON, with markers for the day-dependent EPC validity. */
export function prerenderProperty(doc: PropertyDocument): string {
  const body = presentProperty(doc, new Date(0));
  const lodged = block<StoredEpcBlock>(doc, 'epcs')?.latest_lodgement_date;
  if (body.energy.epcs && lodged) {
    body.energy.epcs.epc_in_date = `${MARKER}in_date:${lodged}` as never;
    body.energy.epcs.epc_age = `${MARKER}age:${lodged}` as never;
  }
  return JSON.stringify(body);
}

/** A prerendered answer as of `now`: byte for byte what presentProperty(doc, now) serialises to. */
export function renderProperty(prerendered: string, now: Date): string {
  return prerendered.replace(MARKED, (_, field: string, lodged: string) => {
    const validity = presentEpcs({ latest_lodgement_date: lodged } as StoredEpcBlock, now);
    return JSON.stringify(field === 'age' ? validity.epc_age : validity.epc_in_date);
  });
}

export function propertiesRouter(properties: PropertiesRepository, now: () => Date): Router {
  const router = Router();
  router.get('/properties', async (req, res) => {
    const query = PropertiesQuerySchema.safeParse(req.query);
    if (!query.success) throw invalidParameters(query.error, 'query');
    const { uprn } = query.data;
    const prerendered = await properties.getPrerendered?.(uprn);
    if (prerendered === null) throw new ApiError('not_found', `No property with UPRN ${uprn}`);
    if (prerendered !== undefined) {
      res.type('json').send(renderProperty(prerendered, now()));
      return;
    }
    // A repository or an index without prerendered answers (built before they were stored).
    const doc = await properties.getByUprn(uprn);
    if (!doc) throw new ApiError('not_found', `No property with UPRN ${uprn}`);
    res.json(presentProperty(doc, now()));
  });
  return router;
}

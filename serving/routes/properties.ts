// GET /properties?uprn= (spec 2.7, 2.8): every block of one property from its prebuilt document. Blocks come
// from the per-UPRN tables named in pipelines/assets/index/property-blocks.ts; a block whose table was not built
// yet answers null (or its empty shape), never a guess. EPC validity is computed now, as /epcs does.
import { Router } from 'express';
import type { AreaAttributes } from '../../schemas/api/area';
import { PropertiesQuerySchema, type PropertyResponse } from '../../schemas/api/properties';
import type { PropertyDocument } from '../../schemas/index/properties';
import { invalidParameters } from '../errors';
import { requireStored, type PropertiesRepository } from '../repository/properties';
import { addressesRouter } from './addresses';
import {
  falsy,
  json,
  jsonBytes,
  jsonObject,
  orElse,
  orNull,
  type Json,
  type StoredProperty,
} from '../../pipelines/indexing/stored-property';
import { epcValidity, presentEpcs } from './epcs';

/** The /properties answer of a document (what renderProperty renders from the stored pieces). */
export function presentProperty(doc: PropertyDocument, now: Date): PropertyResponse {
  const { area, flood_risk: flood, location_layers: layers, environment_layers: env } = doc.blocks;
  const attrs: Partial<AreaAttributes> = area?.area_attributes ?? {};
  const epcs = presentEpcs(doc.blocks.epcs ?? null, now);
  const latest = epcs.epcs_enhanced[0];
  const adminBoundaries = area?.admin_boundaries ?? null;
  return {
    uprn: String(doc.uprn),
    location: {
      x_coord: doc.x_coord,
      y_coord: doc.y_coord,
      latitude: doc.location.lat,
      longitude: doc.location.lon,
      admin_boundaries: adminBoundaries,
    },
    admin_boundaries: adminBoundaries,
    elevation: flood?.elevation ?? null,
    planning: layers?.planning ?? null,
    environment: env?.environment ?? null,
    transportation: layers?.transportation ?? null,
    flood_risk: flood ? { england: flood.england, scotland: flood.scotland, wales: flood.wales } : null,
    climate: doc.blocks.climate ?? null,
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
            epc_country: epcs.epc_country,
            epc_in_date: epcs.epc_in_date,
            epc_age: epcs.epc_age,
            epc_expiry: epcs.epc_expiry,
            epc: latest,
          }
        : null,
    },
  };
}

// A request sends the answer concatenated from the document's stored pieces (pipelines/indexing/stored-property.ts),
// each the JSON text presentProperty would serialise: fetching, parsing and re-serialising the ~50 KB
// document (EPC stats and comparisons the answer does not show) was most of a request's CPU. Only the EPC's
// in-date flag and age depend on the day: they are computed from the stored lodgement date by the very
// function /epcs uses. admin_boundaries is stored once and written twice (under location too).
const ATTRIBUTES = 'area/area_attributes';
const SOCIAL = 'environment_layers/social';

/** `{epc_country, epc_in_date, epc_age, epc_expiry, epc: latest}` as presentProperty builds it, or null. */
function latestEpc(stored: StoredProperty, now: Date): Json {
  const latest = stored.latestCertificate;
  if (latest === undefined || falsy(latest)) return 'null';
  const v = epcValidity(stored, now);
  return [
    json`{"epc_country":${orNull(stored.get('epcs/epc_country'))},"epc_in_date":${v.inDate},`,
    json`"epc_age":${v.age},"epc_expiry":${v.expiry},"epc":${latest}}`,
  ];
}

/** JSON.stringify(presentProperty(doc, now)) from the document's stored pieces. */
export function renderProperty(stored: StoredProperty, now: Date): Json {
  const get = (path: string) => orNull(stored.get(path));
  const flood = stored.truthy('flood_risk')
    ? jsonObject(['england', 'scotland', 'wales'].map((k) => [k, stored.get(`flood_risk/${k}`)] as const))
    : 'null';
  const adminBoundaries = get('area/admin_boundaries');
  return [
    json`{"uprn":"${stored.uprn}","location":${stored.coordinates.slice(0, -1)},`,
    json`"admin_boundaries":${adminBoundaries}},"admin_boundaries":${adminBoundaries},`,
    json`"elevation":${get('flood_risk/elevation')},"planning":${get('location_layers/planning')},`,
    json`"environment":${get('environment_layers/environment')},`,
    json`"transportation":${get('location_layers/transportation')},"flood_risk":${flood},`,
    json`"climate":${get('climate')},"social":{"house_price_index":${get(`${ATTRIBUTES}/house_price_index`)},`,
    json`"fuel_poverty":${get(`${ATTRIBUTES}/fuel_poverty`)},"nhs_locations":${get(`${SOCIAL}/nhs_locations`)},`,
    json`"defibrillators":${orElse(stored.get(`${SOCIAL}/defibrillators`), '[]')}},`,
    json`"energy":{"average_energy_usage_stats":${get(`${ATTRIBUTES}/average_energy_usage_stats`)},`,
    json`"retrofit_grants":${orElse(stored.get(`${ATTRIBUTES}/retrofit_grants`), '[]')},`,
    json`"epcs":${latestEpc(stored, now)}}}`,
  ];
}

/** The answer's JSON bytes for a UPRN; a 404 when there is none. */
export async function propertyAnswer(
  properties: PropertiesRepository,
  uprn: number,
  now: () => Date,
): Promise<Buffer> {
  const stored = await requireStored(properties, uprn);
  return jsonBytes(renderProperty(stored, now()));
}

export function propertiesRouter(properties: PropertiesRepository, now: () => Date): Router {
  const router = Router();
  router.get('/properties', async (req, res) => {
    const query = PropertiesQuerySchema.safeParse(req.query);
    if (!query.success) throw invalidParameters(query.error, 'query');
    res.type('json').send(await propertyAnswer(properties, query.data.uprn, now));
  });
  // GET /addresses reads the same repository (the postcode look-up that leads to a UPRN).
  router.use(addressesRouter(properties));
  return router;
}

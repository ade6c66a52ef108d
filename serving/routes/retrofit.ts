// GET /retrofit?uprn= : the UPRN's prebuilt area block (admin boundaries, area attributes) and EPC block from
// its properties document. The EPC validity fields are computed now by the /epcs presentation code, so both
// endpoints answer the same for the same certificate.
import { Router } from 'express';
import type { AreaAttributes } from '../../schemas/api/area';
import { RetrofitQuerySchema, type RetrofitResponse } from '../../schemas/api/retrofit';
import type { PropertyDocument } from '../../schemas/index/properties';
import { invalidParameters } from '../errors';
import { requireStored, type PropertiesRepository } from '../repository/properties';
import {
  ENHANCED,
  json,
  jsonBytes,
  orElse,
  orNull,
  type Json,
  type StoredProperty,
} from '../../pipelines/indexing/stored-property';
import { epcValidity, presentEpcs } from './epcs';

/** Area attributes of a document indexed without an area block: every block null, no grants. */
export const NO_AREA_ATTRIBUTES: AreaAttributes = {
  house_price_index: null,
  fuel_poverty: null,
  average_energy_usage_stats: null,
  retrofit_grants: [],
  urban_rural_classification: null,
  indices_of_deprivation: null,
};

/** The /retrofit answer of a document (what renderRetrofit renders from the stored pieces). */
export function presentRetrofit(doc: PropertyDocument, now: Date): RetrofitResponse {
  const { area } = doc.blocks;
  const epcs = presentEpcs(doc.blocks.epcs ?? null, now);
  return {
    location: {
      uprn: doc.uprn,
      x_coord: doc.x_coord,
      y_coord: doc.y_coord,
      latitude: doc.location.lat,
      longitude: doc.location.lon,
    },
    admin_boundaries: area?.admin_boundaries ?? null,
    // From the per-UPRN planning, transport and boundary layers (pipelines/assets/location/uprn-location-blocks.ts).
    planning: doc.blocks.location_layers?.planning ?? null,
    area_attributes: area?.area_attributes ?? NO_AREA_ATTRIBUTES,
    epcs: {
      epc_in_date: epcs.epc_in_date,
      epc_age: epcs.epc_age,
      epc_expiry: epcs.epc_expiry,
      enhanced_epcs: epcs.epcs_enhanced,
    },
    // Top level, as listed in spec 2.11's top-level blocks (it leaves open whether it sits inside `epcs`).
    epc_retrofit_recommendations: epcs.epc_retrofit_recommendations,
  };
}

const NO_AREA_ATTRIBUTES_JSON = JSON.stringify(NO_AREA_ATTRIBUTES);

/** JSON.stringify(presentRetrofit(doc, now)) from the document's stored pieces. */
export function renderRetrofit(stored: StoredProperty, now: Date): Json {
  const v = epcValidity(stored, now);
  return [
    json`{"location":{"uprn":${JSON.stringify(stored.uprn)},${stored.coordinates.slice(1)},`,
    json`"admin_boundaries":${orNull(stored.get('area/admin_boundaries'))},`,
    json`"planning":${orNull(stored.get('location_layers/planning'))},`,
    json`"area_attributes":${orElse(stored.get('area/area_attributes'), NO_AREA_ATTRIBUTES_JSON)},`,
    json`"epcs":{"epc_in_date":${v.inDate},"epc_age":${v.age},"epc_expiry":${v.expiry},`,
    json`"enhanced_epcs":${orElse(stored.get(ENHANCED), '[]')}},`,
    json`"epc_retrofit_recommendations":${orElse(stored.get('epcs/epc_retrofit_recommendations'), '[]')}}`,
  ];
}

/** The answer's JSON bytes for a UPRN; a 404 when there is none. */
export async function retrofitAnswer(
  properties: PropertiesRepository,
  uprn: number,
  now: () => Date,
): Promise<Buffer> {
  const stored = await requireStored(properties, uprn);
  return jsonBytes(renderRetrofit(stored, now()));
}

export function retrofitRouter(properties: PropertiesRepository, now: () => Date): Router {
  const router = Router();
  router.get('/retrofit', async (req, res) => {
    const query = RetrofitQuerySchema.safeParse(req.query);
    if (!query.success) throw invalidParameters(query.error, 'query');
    res.type('json').send(await retrofitAnswer(properties, query.data.uprn, now));
  });
  return router;
}

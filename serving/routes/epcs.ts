// GET /epcs?uprn= : the UPRN's EPC block, prebuilt at index time; age and validity computed now.
import { Router } from 'express';
import { EpcsQuerySchema, type EpcsResponse, type StoredEpcBlock } from '../../schemas/api/epcs';
import { emptyStats } from '../../pipelines/transforms/epc/compare';
import { epcAgeYears, epcExpiry, epcInDate } from '../../pipelines/transforms/epc/validity';
import { ApiError, invalidParameters } from '../errors';
import type { PropertiesRepository } from '../repository/properties';

export function presentEpcs(block: StoredEpcBlock | null, now: Date): EpcsResponse {
  const lodged = block?.latest_lodgement_date ?? null;
  return {
    epc_country: block?.epc_country ?? null,
    epc_in_date: lodged ? epcInDate(lodged, now) : null,
    epc_age: lodged ? epcAgeYears(lodged, now) : null,
    epc_expiry: lodged ? epcExpiry(lodged) : null,
    epcs: block?.epcs ?? [],
    epcs_enhanced: block?.epcs_enhanced ?? [],
    epc_estimate: block?.epc_estimate ?? null,
    epc_stats: block?.epc_stats ?? emptyStats(),
    epc_compare: block?.epc_compare ?? null,
    epc_retrofit_recommendations: block?.epc_retrofit_recommendations ?? [],
  };
}

export function epcsRouter(properties: PropertiesRepository, now: () => Date): Router {
  const router = Router();
  router.get('/epcs', async (req, res) => {
    const query = EpcsQuerySchema.safeParse(req.query);
    if (!query.success) throw invalidParameters(query.error, 'query');
    const doc = await properties.getByUprn(query.data.uprn);
    if (!doc) throw new ApiError('not_found', `No property with UPRN ${query.data.uprn}`);
    res.json(presentEpcs(doc.blocks.epcs as StoredEpcBlock | null, now()));
  });
  return router;
}

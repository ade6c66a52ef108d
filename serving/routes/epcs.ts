// GET /epcs?uprn= : the UPRN's EPC block, prebuilt at index time; age and validity computed now.
import { Router } from 'express';
import { EpcsQuerySchema, type EpcsResponse, type StoredEpcBlock } from '../../schemas/api/epcs';
import { compareEpc, emptyStats } from '../../pipelines/transforms/epc/compare';
import { epcAgeYears, epcExpiry, epcInDate } from '../../pipelines/transforms/epc/validity';
import { ApiError, invalidParameters } from '../errors';
import { requireStored, type PropertiesRepository } from '../repository/properties';
import {
  ENHANCED,
  json,
  jsonBytes,
  jsonMembers,
  jsonText,
  MissingSharedPiece,
  orElse,
  orNull,
  type Json,
  type StoredProperty,
} from '../../pipelines/indexing/stored-property';

/**
 * The /epcs answer of an EPC block (what renderEpcs renders from the stored pieces). `epc_compare` is the
 * latest certificate against the block's statistics, as compareEpc gives it (not read from the block).
 */
export function presentEpcs(block: StoredEpcBlock | null, now: Date): EpcsResponse {
  const latest = block?.epcs_enhanced?.[0];
  const figure = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    epc_country: block?.epc_country ?? null,
    ...validity(block?.latest_lodgement_date ?? null, now),
    epcs: block?.epcs ?? [],
    epcs_enhanced: block?.epcs_enhanced ?? [],
    epc_estimate: block?.epc_estimate ?? null,
    epc_stats: block?.epc_stats ?? emptyStats(),
    epc_compare: latest
      ? compareEpc(
          {
            energy_efficiency_current: figure(latest.energy_efficiency_current),
            co2_emissions_current: figure(latest.co2_emissions_current),
          },
          block?.epc_stats ?? emptyStats(),
        )
      : null,
    epc_retrofit_recommendations: block?.epc_retrofit_recommendations ?? [],
  };
}

/** The day-dependent fields of the latest certificate, lodged on `lodged` (null without one), as of `now`. */
function validity(
  lodged: string | null,
  now: Date,
): Pick<EpcsResponse, 'epc_in_date' | 'epc_age' | 'epc_expiry'> {
  return {
    epc_in_date: lodged ? epcInDate(lodged, now) : null,
    epc_age: lodged ? epcAgeYears(lodged, now) : null,
    epc_expiry: lodged ? epcExpiry(lodged) : null,
  };
}

/** The day-dependent fields of a stored property's EPC block as of `now`, as JSON texts. */
export function epcValidity(
  stored: StoredProperty,
  now: Date,
): { inDate: string; age: string; expiry: string } {
  const lodged = stored.get('epcs/latest_lodgement_date');
  const v = validity(lodged === undefined ? null : (JSON.parse(jsonText(lodged)) as string | null), now);
  return {
    inDate: JSON.stringify(v.epc_in_date),
    age: JSON.stringify(v.epc_age),
    expiry: JSON.stringify(v.epc_expiry),
  };
}

const EMPTY_STATS = JSON.stringify(emptyStats());

const NONE_SHARED: ReadonlyMap<string, string> = new Map();

/** The texts of the shared pieces `stored` refers to. */
export async function sharedOf(
  properties: PropertiesRepository,
  stored: StoredProperty,
): Promise<ReadonlyMap<string, string>> {
  const ids = stored.sharedIds?.flatMap(([, id]) => (id === null ? [] : [id]));
  return ids?.length ? properties.getShared(ids) : NONE_SHARED;
}

/** The numbers of members `names` of JSON object text `t` (null when absent or not a number). */
function numbersOf<K extends string>(t: Json, names: readonly K[]): Record<K, number | null> {
  const out = Object.fromEntries(names.map((n) => [n, null])) as Record<K, number | null>;
  for (const [key, value] of jsonMembers(jsonBytes(t)))
    if ((names as readonly string[]).includes(key)) {
      const v: unknown = JSON.parse(value.toString('utf8'));
      out[key as K] = typeof v === 'number' ? v : null;
    }
  return out;
}

const CERT_FIGURES = ['energy_efficiency_current', 'co2_emissions_current'] as const;
const GROUP_MEANS = ['avg_energy_efficiency_current', 'avg_co2_emissions_current'] as const;

/**
 * A shared piece's means, read once per text: the same group's text serves every UPRN of the group (the
 * repository keeps the texts, so a key is a string already held). Scanning the seven texts on every request
 * was a tenth of an /epcs request's CPU. At most 4,096 texts (a few MB), cleared when full.
 */
type GroupMeans = Record<(typeof GROUP_MEANS)[number], number | null>;
const groupMeans = new Map<string, GroupMeans>();
function meansOf(text: string): GroupMeans {
  let means = groupMeans.get(text);
  if (means === undefined) {
    if (groupMeans.size >= 4_096) groupMeans.clear();
    groupMeans.set(text, (means = numbersOf(text, GROUP_MEANS)));
  }
  return means;
}

/**
 * JSON.stringify of epc_compare: the latest certificate against the current means of its groups (the shared
 * pieces), as the pipeline's compareEpc gives it; null without a certificate. Computed here, not stored, so a
 * new month of certificates changes a group's piece and not every document of the group.
 */
export function compareText(stored: StoredProperty, shared: ReadonlyMap<string, string>): string {
  const latest = stored.latestCertificate;
  if (latest === undefined) return 'null';
  const groups: Record<string, GroupMeans | null> = {};
  for (const [key, id] of stored.sharedIds ?? []) {
    if (id === null) groups[key] = null;
    else {
      const text = shared.get(id);
      if (text === undefined) throw new MissingSharedPiece(id);
      groups[key] = meansOf(text);
    }
  }
  return JSON.stringify(compareEpc(numbersOf(latest, CERT_FIGURES), groups));
}

/**
 * JSON.stringify(presentEpcs(block, now)) from the block's stored pieces and the shared pieces' texts
 * (sharedOf), without parsing them.
 */
export function renderEpcs(stored: StoredProperty, now: Date, shared: ReadonlyMap<string, string>): Json {
  const v = epcValidity(stored, now);
  const get = (key: string) => stored.get(`epcs/${key}`);
  return [
    json`{"epc_country":${orNull(get('epc_country'))},"epc_in_date":${v.inDate},"epc_age":${v.age},`,
    json`"epc_expiry":${v.expiry},"epcs":${orElse(get('epcs'), '[]')},`,
    json`"epcs_enhanced":${orElse(stored.get(ENHANCED), '[]')},"epc_estimate":${orNull(get('epc_estimate'))},`,
    json`"epc_stats":${orElse(stored.sharedObject(shared), EMPTY_STATS)},"epc_compare":${compareText(stored, shared)},`,
    json`"epc_retrofit_recommendations":${orElse(get('epc_retrofit_recommendations'), '[]')}}`,
  ];
}

/** The answer's JSON bytes for a UPRN; a 404 when there is none. */
export async function epcsAnswer(
  properties: PropertiesRepository,
  uprn: number,
  now: () => Date,
): Promise<Buffer> {
  const stored = await requireStored(properties, uprn);
  try {
    return jsonBytes(renderEpcs(stored, now(), await sharedOf(properties, stored)));
  } catch (error) {
    if (error instanceof MissingSharedPiece)
      throw new ApiError('service_unavailable', 'Property data is being replaced; try again shortly');
    throw error;
  }
}

export function epcsRouter(properties: PropertiesRepository, now: () => Date): Router {
  const router = Router();
  router.get('/epcs', async (req, res) => {
    const query = EpcsQuerySchema.safeParse(req.query);
    if (!query.success) throw invalidParameters(query.error, 'query');
    res.type('json').send(await epcsAnswer(properties, query.data.uprn, now));
  });
  return router;
}

// Every endpoint of the API, declared once: what it is, what it costs, what it takes and returns. The
// router, metering (/usage lists these), and the OpenAPI document all read this table.
import type { z } from 'zod';
import { AddressesQuerySchema, AddressesResponseSchema } from './addresses';
import { ARROW_STREAM, BatchBodySchema, BatchResponseSchema } from './batch';
import { EnergyModelBodySchema, EnergyModelResponseSchema } from './energy-model';
import { EpcsQuerySchema, EpcsResponseSchema } from './epcs';
import { FeaturesQuerySchema, FeaturesResponseSchema } from './features';
import { FLOOD_RISK_QUERY_GROUPS, FloodRiskQuerySchema, FloodRiskResponseSchema } from './flood-risk';
import { LOCATION_QUERY_GROUPS, LocationQuerySchema, LocationResponseSchema } from './location';
import { PropertiesQuerySchema, PropertyResponseSchema } from './properties';
import { RequestsQuerySchema, RequestsResponseSchema } from './requests';
import { RetrofitQuerySchema, RetrofitResponseSchema } from './retrofit';
import { UsageQuerySchema, UsageResponseSchema } from './usage';

export interface EndpointDefinition {
  /** Stable name, used in usage records and plans. */
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /**
   * Other paths that answer exactly as `path` (the real service's forms): the same handler, errors, credits
   * and history. A `{name}` segment stands for the query parameter `name`.
   */
  aliases?: readonly string[];
  description: string;
  /** Credits charged for a successful (2xx) answer. */
  creditCost: number;
  /** Whether requests count toward the plan's overall quota. */
  affectsUsagePlanQuota: boolean;
  query?: z.ZodObject;
  /**
   * Groups of `query`'s parameters of which exactly one is given, whole, and no parameter of another: the
   * OpenAPI document states them as one object parameter with oneOf.
   */
  queryGroups?: readonly (readonly string[])[];
  body?: z.ZodType;
  response: z.ZodType;
  /**
   * Credits and quota are those of the calls it makes on other endpoints, reserved by its handler for the
   * worst case and charged for what it answered (POST /batch); `creditCost` is then 0.
   */
  meteredPerItem?: boolean;
  /** Other media types of the 200 answer, chosen by Accept: media type → what it holds. */
  alternateMedia?: Readonly<Record<string, string>>;
}

export const ENDPOINTS: readonly EndpointDefinition[] = [
  {
    name: 'usage',
    method: 'GET',
    path: '/usage',
    description: "The caller's subscription and per-endpoint credit use this period (spec 2.4)",
    creditCost: 0,
    affectsUsagePlanQuota: false,
    query: UsageQuerySchema,
    response: UsageResponseSchema,
  },
  {
    name: 'requests',
    method: 'GET',
    path: '/requests',
    aliases: ['/usage/requests'],
    description: "The caller's own most recent requests, newest first (spec 2.5)",
    creditCost: 0,
    affectsUsagePlanQuota: false,
    query: RequestsQuerySchema,
    response: RequestsResponseSchema,
  },
  {
    name: 'epcs',
    method: 'GET',
    path: '/epcs',
    description: 'Raw and enhanced EPCs for one property (spec 2.10)',
    creditCost: 10,
    affectsUsagePlanQuota: true,
    query: EpcsQuerySchema,
    response: EpcsResponseSchema,
  },
  {
    name: 'properties',
    method: 'GET',
    path: '/properties',
    aliases: ['/properties/{uprn}'],
    description:
      'Everything about one property (spec 2.7, 2.8): location, admin boundaries, elevation, planning, ' +
      'environment, transportation, flood risk, climate, social, energy and its latest EPC; precomputed',
    creditCost: 10,
    affectsUsagePlanQuota: true,
    query: PropertiesQuerySchema,
    response: PropertyResponseSchema,
  },
  {
    name: 'addresses',
    method: 'GET',
    path: '/addresses',
    description:
      'The properties of one postcode, each with its UPRN, the address on its latest EPC and its location, to ' +
      'pick a UPRN from (not in the spec; the explorer asks it)',
    creditCost: 10,
    affectsUsagePlanQuota: true,
    query: AddressesQuerySchema,
    response: AddressesResponseSchema,
  },
  {
    name: 'location',
    method: 'GET',
    path: '/location',
    description:
      'Everything about a point in Great Britain (spec 2.7, 2.9): admin boundaries, planning, environment, ' +
      'transportation, flood risk, house prices, fuel poverty, NHS sites and defibrillators; computed live. ' +
      'One pair: x_coord+y_coord or latitude+longitude',
    creditCost: 10,
    affectsUsagePlanQuota: true,
    query: LocationQuerySchema,
    queryGroups: LOCATION_QUERY_GROUPS,
    response: LocationResponseSchema,
  },
  {
    name: 'features',
    method: 'GET',
    path: '/features',
    description:
      'GeoJSON (EPSG:4326) of the layers that drive the answers near a point, for a map: flood zones by ' +
      'country and band, flood defences, recorded flood outlines, the nearest coast, conservation areas, ' +
      'World Heritage Sites, National Parks, listed buildings, greenspace; each feature with its layer and ' +
      'properties. One pair: x_coord+y_coord or latitude+longitude; radius in metres (default 500, at most 2,000)',
    creditCost: 10,
    affectsUsagePlanQuota: true,
    query: FeaturesQuerySchema,
    response: FeaturesResponseSchema,
  },
  {
    name: 'retrofit',
    method: 'GET',
    path: '/retrofit',
    description:
      'Retrofit view of one property (spec 2.11): admin boundaries, area attributes and grants, EPCs, recommendations',
    creditCost: 10,
    affectsUsagePlanQuota: true,
    query: RetrofitQuerySchema,
    response: RetrofitResponseSchema,
  },
  {
    name: 'flood-risk',
    method: 'GET',
    path: '/flood-risk',
    description:
      'Flood risk by country and layer, nearest coast, elevation, defences and recorded floods (spec 2.6): ' +
      'precomputed for a UPRN, computed live for coordinates. Exactly one of UPRN, x_coord+y_coord, latitude+longitude',
    creditCost: 10,
    affectsUsagePlanQuota: true,
    query: FloodRiskQuerySchema,
    queryGroups: FLOOD_RISK_QUERY_GROUPS,
    response: FloodRiskResponseSchema,
  },
  {
    name: 'energy-model',
    method: 'POST',
    path: '/energy-model',
    description:
      'Monthly energy use, cost and CO2 of a dwelling (spec 2.2, 2.3): BREDEM-2012 method, SAP climate',
    creditCost: 15,
    affectsUsagePlanQuota: true,
    body: EnergyModelBodySchema,
    response: EnergyModelResponseSchema,
  },
  {
    name: 'batch',
    method: 'POST',
    path: '/batch',
    description:
      'Up to 1,000 UPRNs of /properties, /epcs, /flood-risk or /retrofit in one request: one item per UPRN, in ' +
      "order, each the single call's answer (body, or status and error)",
    creditCost: 0,
    affectsUsagePlanQuota: false,
    meteredPerItem: true,
    body: BatchBodySchema,
    response: BatchResponseSchema,
    alternateMedia: {
      [ARROW_STREAM]:
        'With Accept: application/vnd.apache.arrow.stream: an Arrow IPC stream, one row per item: uprn, ' +
        "status, error_code, error_message, then the endpoint's flat fields (scalar top-level members and " +
        'scalar members of top-level objects, named parent.member; docs/api.md lists them)',
    },
  },
];

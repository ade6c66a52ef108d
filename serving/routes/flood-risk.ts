// GET /flood-risk (spec 2.6, 4.4). A UPRN answers with the block precomputed for it (the properties
// document: every UPRN has one, uprn_flood_blocks); coordinates are answered live by the same enrichment function over pieces from the feature
// index. Exactly one group of parameters: UPRN, x_coord + y_coord, or latitude + longitude.
import { Router } from 'express';
import {
  FLOOD_RISK_QUERY_GROUPS,
  FloodRiskQuerySchema,
  type FloodRiskQuery,
} from '../../schemas/api/flood-risk';
import type { FieldIssue } from '../../schemas/errors';
import { wgs84ToBng } from '../../pipelines/geo/bng';
import type { Position } from '../../pipelines/geo/geometry';
import { GRID } from '../../pipelines/geo/tiles';
import { ApiError, invalidParameters } from '../errors';
import type { FeaturesRepository } from '../repository/features';
import { requireStored, type PropertiesRepository } from '../repository/properties';
import { jsonBytes, orNull, type Json, type StoredProperty } from '../../pipelines/indexing/stored-property';

export type FloodRiskTarget = { uprn: number } | { point: Position };

const GROUPS = FLOOD_RISK_QUERY_GROUPS.map((params) => ({ name: params.join(' and '), params }));

const invalid = (message: string, issues: FieldIssue[]): ApiError =>
  new ApiError('invalid_parameter', message, { issues });

// The grid is half-open like its tiles (0 <= x < 700 km, 0 <= y < 1300 km).
const inGrid = (v: number, max: number): boolean => Number.isFinite(v) && v >= 0 && v < max;

/** Which point or UPRN the query asks about; a 400 that says what is wrong otherwise. */
export function floodRiskTarget(query: FloodRiskQuery): FloodRiskTarget {
  const given = GROUPS.filter((g) => g.params.some((p) => query[p] !== undefined));
  if (given.length === 0)
    throw invalid(
      'Give exactly one of: UPRN, x_coord and y_coord, or latitude and longitude; none was given',
      [
        {
          field: 'query',
          message: 'one of UPRN, x_coord and y_coord, or latitude and longitude is required',
        },
      ],
    );
  if (given.length > 1)
    throw invalid(
      `Give exactly one of: UPRN, x_coord and y_coord, or latitude and longitude; got ${given.map((g) => g.name).join(' and ')}`,
      given.flatMap((g) =>
        g.params
          .filter((p) => query[p] !== undefined)
          .map((p) => ({ field: p, message: 'only one group of parameters may be given' })),
      ),
    );
  const group = given[0]!;
  const missing = group.params.filter((p) => query[p] === undefined);
  if (missing.length)
    throw invalid(
      `${missing[0]} is required with ${group.params.find((p) => !missing.includes(p))}`,
      missing.map((p) => ({ field: p, message: `is required with ${group.params.find((q) => q !== p)}` })),
    );
  if (query.UPRN !== undefined) return { uprn: query.UPRN };
  if (query.uprn !== undefined) return { uprn: query.uprn };
  if (query.x_coord !== undefined && query.y_coord !== undefined) {
    const issues: FieldIssue[] = [];
    if (!inGrid(query.x_coord, GRID.maxX))
      issues.push({ field: 'x_coord', message: `must be a BNG easting, 0 <= x_coord < ${GRID.maxX}` });
    if (!inGrid(query.y_coord, GRID.maxY))
      issues.push({ field: 'y_coord', message: `must be a BNG northing, 0 <= y_coord < ${GRID.maxY}` });
    if (issues.length)
      throw invalid(`Outside the British National Grid: ${issues.map((i) => i.field).join(', ')}`, issues);
    return { point: [query.x_coord, query.y_coord] };
  }
  const latitude = query.latitude!;
  const longitude = query.longitude!;
  const issues: FieldIssue[] = [];
  if (!(latitude >= -90 && latitude <= 90))
    issues.push({ field: 'latitude', message: 'must be within -90..90' });
  if (!(longitude >= -180 && longitude <= 180))
    issues.push({ field: 'longitude', message: 'must be within -180..180' });
  if (!issues.length) {
    const { x, y } = wgs84ToBng(longitude, latitude);
    if (!inGrid(y, GRID.maxY))
      issues.push({ field: 'latitude', message: "is outside Great Britain's national grid" });
    if (!inGrid(x, GRID.maxX))
      issues.push({ field: 'longitude', message: "is outside Great Britain's national grid" });
    if (!issues.length) return { point: [x, y] };
  }
  throw invalid(`Invalid query parameter: ${issues.map((i) => i.field).join(', ')}`, issues);
}

export function floodRiskRouter(properties: PropertiesRepository, features: FeaturesRepository): Router {
  const router = Router();
  router.get('/flood-risk', async (req, res) => {
    const query = FloodRiskQuerySchema.safeParse(req.query);
    if (!query.success) throw invalidParameters(query.error, 'query');
    const target = floodRiskTarget(query.data);
    if ('point' in target) {
      res.json(await features.floodRiskAt(target.point));
      return;
    }
    res.type('json').send(await floodRiskAnswer(properties, target.uprn));
  });
  return router;
}

/** A stored property's answer: its block's text as stored (a document's pieces are never parsed to be sent). */
export const renderFloodRisk = (stored: StoredProperty): Json => orNull(stored.get('flood_risk'));

/** The answer's JSON bytes for a UPRN; a 404 when there is none. */
export async function floodRiskAnswer(properties: PropertiesRepository, uprn: number): Promise<Buffer> {
  return jsonBytes(renderFloodRisk(await requireStored(properties, uprn)));
}

// /location admin_boundaries from boundary polygons: for each level (ward, local authority, county,
// region, country) the polygon holding the point (its boundary counts as inside). Where polygons of one
// level overlap (they should not) the lowest code wins, so batch and live agree.
import type { Position } from '../../geo/geometry';
import { piecesContain } from '../../geo/pieces';
import type { LocationAdminBoundaries } from '../../../schemas/api/planning';
import type { BoundaryLevel } from '../../../schemas/planning-features';
import type { LocationCandidates } from './candidates';

const FIELDS: Record<
  BoundaryLevel,
  [code: keyof LocationAdminBoundaries, name: keyof LocationAdminBoundaries]
> = {
  ward: ['electoral_area_code', 'electoral_area_name'],
  local_authority: ['local_authority_district_code', 'local_authority_district_name'],
  county: ['county_code', 'county_name'],
  region: ['region_code', 'region_name'],
  country: ['country_code', 'country_name'],
};

export function locationAdminBoundaries(c: LocationCandidates, p: Position): LocationAdminBoundaries {
  const out: LocationAdminBoundaries = {
    electoral_area_code: null,
    electoral_area_name: null,
    local_authority_district_code: null,
    local_authority_district_name: null,
    county_code: null,
    county_name: null,
    region_code: null,
    region_name: null,
    country_code: null,
    country_name: null,
  };
  const byFeature = new Map<
    string,
    { level: BoundaryLevel; code: string; name: string | null; pieces: (typeof candidates)[number][] }
  >();
  const candidates = c.areas('admin_boundaries', p, 0);
  for (const rec of candidates) {
    const key = `${rec.attrs.level}\u0000${rec.featureId}`;
    const entry = byFeature.get(key);
    if (entry) entry.pieces.push(rec);
    else byFeature.set(key, { ...rec.attrs, pieces: [rec] });
  }
  const found = [...byFeature.values()]
    .filter((f) =>
      piecesContain(
        f.pieces.map((x) => x.piece),
        p,
      ),
    )
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  for (const f of found) {
    const [codeKey, nameKey] = FIELDS[f.level];
    if (out[codeKey] !== null) continue;
    out[codeKey] = f.code;
    out[nameKey] = f.name;
  }
  return out;
}

/** 'England', 'Wales', 'Scotland' from a GSS country code (E92…, W92…, S92…), else null. */
export function countryOfCode(code: string | null): 'England' | 'Wales' | 'Scotland' | null {
  if (!code) return null;
  return code.startsWith('E')
    ? 'England'
    : code.startsWith('W')
      ? 'Wales'
      : code.startsWith('S')
        ? 'Scotland'
        : null;
}

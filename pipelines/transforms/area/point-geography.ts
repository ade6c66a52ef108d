// The one rule of admin geography for GET /properties (per UPRN, batch) and GET /location (per point, live)
// (docs/areas.md "Admin geography: one rule"). At the point (a UPRN's own point, or the point asked):
//  - ward, local authority, county, region and country: the boundary polygon of each level holding the point
//    (locationAdminBoundaries, pipelines/transforms/planning/admin-boundaries.ts), null where none does;
//  - the census small areas (output area, LSOA, MSOA) and every other ONSPD geography, which have no polygons
//    here: those ONSPD gives the nearest live postcode centroid to the point (PostcodeFinder.nearest, 5 km),
//    never the certificate's postcode (which may be mistyped, or far from the UPRN);
//  - every statistic follows the code it is keyed on: house prices by the polygon local authority, region,
//    country; fuel poverty's local authority and region rows by the polygon codes, its LSOA row by the
//    nearest postcode's LSOA; energy use, deprivation and rurality by the nearest postcode's small areas;
//  - the country that gates nation-only statistics (fuel poverty, IoD2019, WIMD, SIMD, the Scottish
//    classification): the polygon country, else (a point outside every country polygon, e.g. on a pier) the
//    nearest postcode's.
// Pure: the batch asset (pipelines/assets/area/uprn-area-blocks.ts) and the live repository
// (serving/repository/location.ts) both call these.
import { ADMIN_BOUNDARY_FIELDS, type AdminBoundaries } from '../../../schemas/api/area';
import type { LocationAdminBoundaries } from '../../../schemas/api/planning';

/** The admin_boundaries fields that come from boundary polygons (the /location shape, spec 2.7). */
export const POLYGON_ADMIN_FIELDS = [
  'electoral_area_code',
  'electoral_area_name',
  'local_authority_district_code',
  'local_authority_district_name',
  'county_code',
  'county_name',
  'region_code',
  'region_name',
  'country_code',
  'country_name',
] as const satisfies readonly (keyof LocationAdminBoundaries & keyof AdminBoundaries)[];

const COUNTRY_OF: Readonly<Record<string, 'England' | 'Wales' | 'Scotland'>> = {
  E92000001: 'England',
  W92000004: 'Wales',
  S92000003: 'Scotland',
};

/** The point's nearest live postcode, with the codes its ONSPD row gives (null: none within 5 km). */
export interface NearestPostcodeCodes {
  postcode: string;
  /** ONSPD census LSOA code of the postcode. */
  lsoa: string | null;
  /** ONSPD country code of the postcode. */
  country: string | null;
}

/** The codes every area statistic of a point is keyed on. */
export interface PointAreaKeys {
  /** House price index: the local authority's row, else the region's, else the country's (polygon codes). */
  hpi: { localAuthority: string | null; region: string | null; country: string | null };
  /** Fuel poverty: LSOA of the nearest postcode; local authority and region of the polygons. */
  fuelPoverty: { lsoa: string | null; localAuthority: string | null; region: string | null };
  /** The postcode whose ONSPD row gives the census small areas (and every non-polygon geography). */
  areaPostcode: string | null;
  /** The country gating nation-only statistics: the polygon country, else the nearest postcode's. */
  country: 'England' | 'Wales' | 'Scotland' | null;
}

export function statisticsCountry(
  polygonCountryCode: string | null | undefined,
  postcodeCountryCode: string | null | undefined,
): 'England' | 'Wales' | 'Scotland' | null {
  const code = polygonCountryCode || postcodeCountryCode;
  return (code && COUNTRY_OF[code]) || null;
}

export function pointAreaKeys(
  polygons: LocationAdminBoundaries,
  nearest: NearestPostcodeCodes | null,
): PointAreaKeys {
  return {
    hpi: {
      localAuthority: polygons.local_authority_district_code,
      region: polygons.region_code,
      country: polygons.country_code,
    },
    fuelPoverty: {
      lsoa: nearest?.lsoa ?? null,
      localAuthority: polygons.local_authority_district_code,
      region: polygons.region_code,
    },
    areaPostcode: nearest?.postcode ?? null,
    country: statisticsCountry(polygons.country_code, nearest?.country),
  };
}

/** Only the polygon fields of a location admin_boundaries (or all null). */
export function polygonAdmin(
  b: Partial<Record<string, unknown>> | null | undefined,
): LocationAdminBoundaries {
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  return Object.fromEntries(POLYGON_ADMIN_FIELDS.map((f) => [f, text(b?.[f])])) as LocationAdminBoundaries;
}

/**
 * The properties admin_boundaries (the 29 ONSPD-shaped fields of spec 2.7) at a point: `postcode` is the
 * answered postcode (the certificate's when ONSPD knows it, else the nearest), the polygon levels come from
 * `polygons`, every other field from `onspdFields`, the nearest postcode's ONSPD fields (adminBoundaries of
 * its staged row: pseudo codes null). Null when there is nothing at all.
 */
export function pointAdminBoundaries(
  postcode: string | null,
  onspdFields: AdminBoundaries | null,
  polygons: LocationAdminBoundaries | null,
): AdminBoundaries | null {
  const anyPolygon = polygons !== null && POLYGON_ADMIN_FIELDS.some((f) => polygons[f] !== null);
  if (postcode === null && onspdFields === null && !anyPolygon) return null;
  const fromPolygon = new Set<string>(polygons ? POLYGON_ADMIN_FIELDS : []);
  return Object.fromEntries(
    ADMIN_BOUNDARY_FIELDS.map((f) => [
      f,
      f === 'postcode'
        ? postcode
        : fromPolygon.has(f)
          ? polygons![f as keyof LocationAdminBoundaries]
          : (onspdFields?.[f] ?? null),
    ]),
  ) as AdminBoundaries;
}

// The planning block (spec 2.7: conservation_areas, listed_buildings, world_heritage_sites, national_parks)
// and /location's admin_boundaries from boundary polygons. Stored per UPRN and computed live for points, so
// one schema validates both and describes them in OpenAPI.
import { z } from 'zod';
import { ListingGrade, ListingSystem, ListingTier } from '../heritage-features';
import { PointSchema, pointWith } from './flood-risk';

/** The area of a 1 km radius circle, m²: the bound of every "area within 1 km" field. */
export const CIRCLE_AREA_1KM = Math.PI * 1000 * 1000;

export const distance = z.number().min(0).describe('Metres, rounded to the centimetre');
export const areaWithin1km = z
  .number()
  .min(0)
  .max(3141592.66)
  .describe('m² within 1 km of the point (0 to 3,141,592.65, the area of the circle)');
export const proportion = z.number().min(0).max(1).describe('Share of the 1 km circle (0..1)');
const nearestPoint = PointSchema.nullable().describe(
  'Nearest point of the boundary; null when inside (distance 0)',
);
const timestamp = z.iso.datetime().nullable();

export const NearestNamedAreaSchema = z.object({
  name: z.string().nullable(),
  distance,
  nearest_point: nearestPoint,
});

export const ConservationAreasSchema = z
  .object({
    in_conservation_area: z.boolean(),
    conservation_area: areaWithin1km,
    conservation_area_proportion: proportion,
    nearest_conservation_area: NearestNamedAreaSchema.nullable().describe(
      'The containing area (distance 0), else the nearest within 100 km; null if none',
    ),
  })
  .nullable()
  .describe(
    'England (planning.data.gov.uk), Wales (local planning authorities on DataMapWales), Scotland (Historic Environment Scotland); null where the country is not known (at sea)',
  );

export const ListedBuildingSchema = pointWith(
  { distance },
  {
    name: z.string().nullable(),
    grade: z
      .enum(['I', 'II*', 'II'])
      .nullable()
      .describe(
        'The England and Wales grade (NHLE, Cadw: one scale under one Act); null for a Scottish building, whose category is not a grade (listing_grade)',
      ),
    listing_system: ListingSystem,
    listing_grade: ListingGrade,
    listing_tier: ListingTier,
    date_listed: timestamp.describe('Listing date (ISO timestamp)'),
    url: z.string().nullable().describe('The listing record (NHLE list entry, Cadw report, HES portal)'),
  },
);

export const ListedBuildingsSchema = z
  .object({
    nearest_listed_buildings: z
      .array(ListedBuildingSchema)
      .max(10)
      .describe('Up to the 10 nearest listed buildings within 1 km, nearest first; empty when none'),
  })
  .nullable()
  .describe(
    'England (NHLE), Wales (Cadw), Scotland (HES), a border listing once; null where the country is not known (at sea)',
  );

export const WorldHeritageSitesSchema = z.object({
  in_world_heritage_site: z.boolean(),
  world_heritage_site_area: areaWithin1km,
  world_heritage_site_proportion: proportion,
  nearest_world_heritage_site: z
    .object({
      name: z.string().nullable(),
      inscription_date: timestamp.describe(
        'Inscription date (ISO timestamp): NHLE InscrDate, HES DESIGNATED; null for Cadw (not published)',
      ),
      notes: z.string().nullable(),
      url: z.string().nullable(),
      distance,
      nearest_point: nearestPoint,
    })
    .nullable(),
});

export const NationalParksSchema = z.object({
  in_national_park: z.boolean(),
  national_park_area: areaWithin1km,
  national_park_proportion: proportion,
  nearest_national_park: NearestNamedAreaSchema.nullable(),
});

export const PlanningBlockSchema = z.object({
  conservation_areas: ConservationAreasSchema,
  listed_buildings: ListedBuildingsSchema,
  world_heritage_sites: WorldHeritageSitesSchema.nullable().describe(
    'England (NHLE), Wales (Cadw), Scotland (HES), a site two countries publish once; null where the country is not known (at sea)',
  ),
  national_parks: NationalParksSchema.describe('Great Britain (ONS boundaries)'),
});
export type PlanningBlock = z.infer<typeof PlanningBlockSchema>;

/** /location admin_boundaries (spec 2.7): point in polygon; null where no polygon of the level holds it. */
export const LocationAdminBoundariesSchema = z.object({
  electoral_area_code: z.string().nullable().describe('Ward (electoral area) GSS code'),
  electoral_area_name: z.string().nullable(),
  local_authority_district_code: z.string().nullable(),
  local_authority_district_name: z.string().nullable(),
  county_code: z.string().nullable().describe('Null outside two-tier English counties'),
  county_name: z.string().nullable(),
  region_code: z.string().nullable().describe('English regions only; null in Wales and Scotland'),
  region_name: z.string().nullable(),
  country_code: z.string().nullable(),
  country_name: z.string().nullable(),
});
export type LocationAdminBoundaries = z.infer<typeof LocationAdminBoundariesSchema>;

// Scotland, from Historic Environment Scotland's INSPIRE downloads (reference wales-scotland.md section 2):
// `lb_scotland.zip` → `Listed_Buildings.shp` (points; `Listed_Buildings_boundaries.shp` beside it is not
// read), `ca_scotland.zip` → `Conservation_Areas.shp`, `WHS.zip` → `World_Heritage_Sites.shp`. Zips are read
// as published, or their shapefiles loose; each file's `.prj` decides its CRS (BNG, or WGS84 converted).
// Pitfalls handled: one listed building can have several points (the first point of each `DES_REF` is
// kept, the others quarantined as duplicates); the legacy category `C(S)` is C, and anything other than
// A, B, C is quarantined; dates come as dBase dates or ArcGIS epoch milliseconds (`DESIGNATED`, else
// `CREATED`); World Heritage Site titles end in " World Heritage Site Boundary" (stripped) and their buffer
// zones are separate features (quarantined: the site boundary is what is staged).
import type { SourceRow } from '../../io/quarantine';
import type {
  HesConservationAreaRecord,
  HesListedBuildingRecord,
  HesWorldHeritageSiteRecord,
} from '../../../schemas/heritage-features';
import { attribute, geometryColumns, textAttribute } from '../flood/spatial-rows';
import { layerFilesUnder, pointRows, polygonRows, type LoaderRow } from '../planning/layer-files';
import { designationDate } from './ids';

export const HES_LISTED_BUILDINGS_DATASET = 'hes-listed-buildings';
export const HES_CONSERVATION_AREAS_DATASET = 'hes-conservation-areas';
export const HES_WORLD_HERITAGE_SITES_DATASET = 'hes-world-heritage-sites';

export type HesListedBuildingRow = LoaderRow<HesListedBuildingRecord>;
export type HesConservationAreaRow = LoaderRow<HesConservationAreaRecord>;
export type HesWorldHeritageSiteRow = LoaderRow<HesWorldHeritageSiteRecord>;

const PORTAL = 'https://portal.historicenvironment.scot/designation/';

/** `A`, `B`, `C` (and the legacy statutory `C(S)`) → the category; anything else null. */
export function hesCategory(value: unknown): HesListedBuildingRecord['category'] | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim().toUpperCase().replace(/\s+/g, '');
  if (s === 'A' || s === 'B' || s === 'C') return s;
  return s === 'C(S)' ? 'C' : null;
}

const desRef = (props: Record<string, unknown>): string | null => textAttribute(props, 'DES_REF');

/** DESIGNATED, else CREATED; undefined when present but unreadable. */
function designated(props: Record<string, unknown>): string | null | undefined {
  const v = attribute(props, 'DESIGNATED') ?? attribute(props, 'CREATED');
  return designationDate(v);
}

/**
 * Listed building points. `seen` holds the DES_REFs already staged (across files): a designation's further
 * points are quarantined, so each building is one row (its first point).
 */
export async function* readHesListedBuildings(
  dir: string,
  seen = new Set<string>(),
): AsyncGenerator<SourceRow<HesListedBuildingRow>> {
  // The points layer; the boundaries layer beside it in the zip is polygons for some entries only.
  const files = await layerFilesUnder(dir, { zips: true, accept: (l) => !/boundar/i.test(l) });
  for (const file of files)
    yield* pointRows<HesListedBuildingRow>(HES_LISTED_BUILDINGS_DATASET, file, ({ position, properties }) => {
      const ref = desRef(properties);
      if (!ref) return 'no DES_REF';
      const category = hesCategory(attribute(properties, 'CATEGORY'));
      if (!category) return `unknown CATEGORY "${String(attribute(properties, 'CATEGORY') ?? '')}"`;
      const listed = designated(properties);
      if (listed === undefined)
        return `DESIGNATED not a date: "${String(attribute(properties, 'DESIGNATED'))}"`;
      if (seen.has(ref)) return `another point of ${ref} (its first point is kept)`;
      seen.add(ref);
      return {
        feature_id: ref,
        name: textAttribute(properties, 'DES_TITLE') ?? textAttribute(properties, 'ENT_TITLE'),
        category,
        date_listed: listed,
        local_authority: textAttribute(properties, 'LOCAL_AUTH'),
        url: textAttribute(properties, 'LINK') ?? `${PORTAL}${ref}`,
        x_coord: position[0],
        y_coord: position[1],
      };
    });
}

export async function* readHesConservationAreas(
  dir: string,
): AsyncGenerator<SourceRow<HesConservationAreaRow>> {
  for (const file of await layerFilesUnder(dir, { zips: true }))
    yield* polygonRows<HesConservationAreaRow>(
      HES_CONSERVATION_AREAS_DATASET,
      file,
      ({ geometry, properties }) => {
        const ref = desRef(properties);
        if (!ref) return 'no DES_REF';
        const date = designated(properties);
        if (date === undefined)
          return `DESIGNATED not a date: "${String(attribute(properties, 'DESIGNATED'))}"`;
        return {
          feature_id: ref,
          name: textAttribute(properties, 'DES_TITLE'),
          designation_date: date,
          local_authority: textAttribute(properties, 'LOCAL_AUTH'),
          url: textAttribute(properties, 'LINK') ?? `${PORTAL}${ref}`,
          ...geometryColumns(geometry),
        };
      },
    );
}

const WHS_SUFFIX = /\s*World\s+Heritage\s+Site(\s+Boundary)?\s*$/i;

/** A site's title without the " World Heritage Site Boundary" every HES feature title ends with. */
export const whsName = (title: string): string => title.replace(WHS_SUFFIX, '').trim() || title.trim();

export async function* readHesWorldHeritageSites(
  dir: string,
): AsyncGenerator<SourceRow<HesWorldHeritageSiteRow>> {
  for (const file of await layerFilesUnder(dir, { zips: true }))
    yield* polygonRows<HesWorldHeritageSiteRow>(
      HES_WORLD_HERITAGE_SITES_DATASET,
      file,
      ({ geometry, properties }) => {
        const ref = desRef(properties);
        if (!ref) return 'no DES_REF';
        const title = textAttribute(properties, 'DES_TITLE');
        if (title && /buffer\s*zone/i.test(title))
          return 'buffer zone (the site boundary is staged, not its buffer)';
        const date = designated(properties);
        if (date === undefined)
          return `DESIGNATED not a date: "${String(attribute(properties, 'DESIGNATED'))}"`;
        return {
          feature_id: ref,
          name: title && whsName(title),
          inscription_date: date,
          url: textAttribute(properties, 'LINK') ?? `${PORTAL}${ref}`,
          ...geometryColumns(geometry),
        };
      },
    );
}

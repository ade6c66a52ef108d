// Clean Air Zone / ULEZ / Low Emission Zone boundaries (reference amenities-transport.md section 2): there
// is no national dataset, so the folder holds each publisher's file: Bristol-style ArcGIS exports (`NAME`,
// `STATUS`, `VERSION_DATE`), TfL GeoPackage/GeoJSON, the Scottish Spatial Hub shapefile (`site_ref`,
// `local_authority`, `la_s_code`; no status: Scotland's LEZs are all in force, so no status means active).
// Status is normalised to active / planned / inactive; the block reads active and planned zones only.
// None of the published layouts carries a link, so `url` comes from a URL column when a file has one, else
// from the maintained lookup below (scheme pages of the operating authorities), else null.
import type { SourceRow } from '../../io/quarantine';
import type { LowEmissionZoneRecord } from '../../../schemas/planning-features';
import { attribute, baseName, geometryColumns, textAttribute } from '../flood/spatial-rows';
import { layerFilesUnder, polygonRows, type LoaderRow } from '../planning/layer-files';

export const LOW_EMISSION_ZONES_DATASET = 'low-emission-zones';
export type LowEmissionZoneRow = LoaderRow<LowEmissionZoneRecord>;

/** Scheme pages by a word of the zone's name or its authority (lower case). */
export const ZONE_URLS: readonly [RegExp, string][] = [
  [/\bbath\b/, 'https://www.bathnes.gov.uk/bath-clean-air-zone'],
  [/\bbristol\b/, 'https://www.bristol.gov.uk/residents/streets-travel/bristol-clean-air-zone'],
  [/\blondon\b|\bulez\b/, 'https://tfl.gov.uk/modes/driving/ultra-low-emission-zone'],
  [/\bbirmingham\b/, 'https://www.brumbreathes.co.uk'],
  [/\bglasgow\b|\bedinburgh\b|\bdundee\b|\baberdeen\b/, 'https://www.lowemissionzones.scot'],
];

export function zoneUrl(...names: (string | null)[]): string | null {
  const text = names.filter(Boolean).join(' ').toLowerCase();
  return ZONE_URLS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

export function statusClass(status: string | null): LowEmissionZoneRecord['status_class'] {
  if (status === null) return 'active';
  const s = status.toLowerCase();
  if (/\b(live|active|operational|in force|enforced|charging|implemented)\b/.test(s)) return 'active';
  if (/\b(planned|proposed|approved|future|consultation|upcoming)\b/.test(s)) return 'planned';
  return 'inactive';
}

export async function* readLowEmissionZones(dir: string): AsyncGenerator<SourceRow<LowEmissionZoneRow>> {
  for (const file of await layerFilesUnder(dir))
    yield* polygonRows<LowEmissionZoneRow>(
      LOW_EMISSION_ZONES_DATASET,
      file,
      ({ index, geometry, properties }) => {
        const name = textAttribute(properties, 'NAME', 'zone_name', 'site_ref');
        const status = textAttribute(properties, 'STATUS');
        const authority = textAttribute(properties, 'local_authority', 'LA_NAME');
        const id = attribute(properties, 'OBJECTID', 'site_ref', 'id', 'fid');
        return {
          feature_id:
            id === null ? `${baseName(file.path)}#${index}` : `${baseName(file.path)}:${String(id)}`,
          name: name ?? authority,
          status,
          status_class: statusClass(status),
          url:
            textAttribute(properties, 'URL', 'url', 'hyperlink', 'website') ??
            zoneUrl(name, authority, baseName(file.path)),
          ...geometryColumns(geometry),
        };
      },
    );
}

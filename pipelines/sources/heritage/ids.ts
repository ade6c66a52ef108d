// What the Welsh and Scottish heritage loaders share: the id of a feature from a WFS export (GeoServer gives
// GeoJSON features an `id` such as `conservation_areas_wales.12`; shapefile downloads carry `fid` or
// `gml_id`), else the file and feature number, and the listing date of a value of any of the forms met.
import { baseName, isoTimestamp } from '../flood/spatial-rows';
import { attribute } from '../flood/spatial-rows';
import { sourceDate } from '../planning/layer-files';

/** The feature's own id, else `<file name>#<1-based feature number>`. */
export function featureIdOf(props: Record<string, unknown>, file: string, index: number): string {
  const id = attribute(props, 'id', 'fid', 'gml_id', 'OBJECTID');
  if (id !== null && String(id).trim() !== '') return String(id).trim().replace(/\.0+$/, '');
  return `${baseName(file)}#${index + 1}`;
}

/**
 * A designation date: what sourceDate reads (ISO, ISO-Zulu, DD/MM/YYYY, dBase, epoch milliseconds) plus a
 * bare year (Cadw gives some dates as an integer year: read as 1 January of it). undefined = unreadable.
 */
export function designationDate(value: unknown): string | null | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1000 && value <= 9999)
    return isoTimestamp(`${value}-01-01`);
  if (typeof value === 'string' && /^\s*\d{4}\s*$/.test(value)) return isoTimestamp(`${value.trim()}-01-01`);
  return sourceDate(value);
}

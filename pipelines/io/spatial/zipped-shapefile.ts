// Shapefiles inside a published zip (Historic Environment Scotland's `lb_scotland.zip` holds
// `Listed_Buildings.shp` and `Listed_Buildings_boundaries.shp` with their `.dbf`, `.prj` and `.cpg`): the
// parts of one shapefile are read from the zip's entries, any case of extension, and opened as the loose
// files are (the `.prj` decides the CRS, the `.cpg` the text encoding).
import { readFileSync } from 'node:fs';
import { walkZip } from '../zip';
import { bytesSource, openShapefileParts } from './shapefile';
import type { FeatureSource } from './read-features';

/** The `.shp` entries of a zip (inner zips descended, `outer.zip!inner/path.shp`), sorted. */
export function shapefileEntries(zipPath: string): string[] {
  const out: string[] = [];
  // Only the names are needed: accept nothing but .shp, so no other entry is inflated.
  for (const e of walkZip(new Uint8Array(readFileSync(zipPath)), (p) => /\.shp$/i.test(p))) out.push(e.path);
  return out;
}

/** One shapefile of a zip, by its `.shp` entry path. */
export function readZippedShapefile(zipPath: string, shpEntry: string): FeatureSource {
  const base = shpEntry.replace(/\.shp$/i, '');
  const parts: Record<string, Uint8Array> = {};
  const wanted = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(shp|dbf|prj|cpg)$`, 'i');
  for (const e of walkZip(new Uint8Array(readFileSync(zipPath)), (p) => wanted.test(p)))
    parts[e.path.slice(base.length + 1).toLowerCase()] = e.bytes;
  if (!parts.shp) throw new Error(`${zipPath}: no entry ${shpEntry}`);
  const text = (b: Uint8Array | undefined): string | null => (b ? Buffer.from(b).toString('latin1') : null);
  const reader = openShapefileParts({
    shp: bytesSource(parts.shp),
    dbf: parts.dbf ? bytesSource(parts.dbf) : null,
    prj: text(parts.prj),
    cpg: text(parts.cpg),
  });
  return {
    crs: reader.crs,
    layer: (base.split(/[\\/!]/).pop() ?? base).trim(),
    features: { [Symbol.iterator]: () => reader.features() },
    close: reader.close,
  };
}

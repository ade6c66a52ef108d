// Sample flood maps for the three areas, each in its publisher's format and layout (dataset folders under
// the sample raw dir; reference/datasets/flood.md):
//   England (EA): ea-rofrs (NaFRA2 GeoPackage, layer RoFRS_4band, Risk_band with 'Very low'),
//     ea-rofrs-legacy (the legacy shapefile: prob_4band, suitabilit, pub_date, risk_for_i — an alternative
//     a sources file can point `ea-rofrs` at), ea-rofrs-climate-change, ea-rofsw, ea-rofsw-climate-change,
//     ea-recorded-flood-outlines (GeoPackage layer Recorded_Flood_Outlines), ea-spatial-flood-defences (AIMS
//     shapefile, lines), ea-areas-benefiting-from-defences (shapefile polygons);
//   Wales (NRW): nrw-fraw (one GeoPackage per layer, `risk`, geometry column `geom`, `fme_geometry` for
//     surface water), nrw-flood-defences (defence lines and areas benefiting), nrw-historic-flood-map;
//   Scotland (SEPA): sepa-flood-maps (one GeoJSON per ArcGIS service, WGS84 as ArcGIS exports GeoJSON, no
//     band column: the likelihood is in the service name; Future_Flood_Maps_* are the climate-change maps).
// Zones follow the river and the coast of geography.ts; EA and NRW bands are disjoint (4-band products),
// SEPA extents cumulative (shapes.ts). A few bad records per publisher exercise quarantine: a null geometry,
// a ring of three points, an unknown band.
//
// One writer per publisher: england.ts, wales.ts, scotland.ts (defences.ts for the EA's and NRW's defences).
import type { Position } from '../../geo/geometry';
import type { SampleArea } from '../areas';
import { writeEngland, writeEnglandNational, type EnglandNational } from './england';
import type { FloodFile } from './flood-file';
import { writeScotland } from './scotland';
import { writeWales } from './wales';

/** Flood maps for each area; `sites` are places with addresses (postcode centroids) per area id. */
export function writeFloodMaps(
  areas: readonly SampleArea[],
  sites: ReadonlyMap<string, readonly Position[]>,
  outDir: string,
  seed: number,
  scale: number,
): FloodFile[] {
  const files: FloodFile[] = [];
  const national: EnglandNational = { legacy: [], outlines: [], defences: [], benefiting: [] };
  const england = areas.filter((a) => a.country === 'England');
  england.forEach((area, k) =>
    files.push(...writeEngland(area, k, sites.get(area.id) ?? [], outDir, seed, scale, national)),
  );
  if (england.length) files.push(...writeEnglandNational(national, outDir));
  for (const area of areas.filter((a) => a.country === 'Wales'))
    files.push(...writeWales(area, sites.get(area.id) ?? [], outDir, seed, scale));
  const scotland = areas.filter((a) => a.country === 'Scotland');
  if (scotland.length)
    files.push(
      ...writeScotland(
        scotland.map((area) => ({ area, sites: sites.get(area.id) ?? [] })),
        outDir,
        seed,
        scale,
      ),
    );
  return files;
}

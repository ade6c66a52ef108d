// Scotland's flood maps (SEPA): sepa-flood-maps, one GeoJSON per ArcGIS service, WGS84 as ArcGIS exports
// GeoJSON, no band column (the likelihood is in the service name; Future_Flood_Maps_* are the climate-change
// maps); extents cumulative; a null geometry for quarantine.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { bngToWgs84 } from '../../geo/bng';
import type { Feature, Geometry, Position } from '../../geo/geometry';
import { writeGeoJson } from '../../io/spatial/geojson';
import { mapPositions } from '../../io/spatial/read-features';
import type { SampleArea } from '../areas';
import { writtenFile } from '../terrain/write';
import type { FloodFile } from './flood-file';
import { geographyOf } from './geography';
import { coastalStrips, widthFactor } from './shapes';
import { area2, grow, pocketCentres, pocketZones, riverZones, round2, THREE_BANDS } from './zones';

const toWgs84 = (g: Geometry): Geometry =>
  mapPositions(g, ([x, y]) => {
    const { longitude, latitude } = bngToWgs84(x, y);
    return [Math.round(longitude * 1e8) / 1e8, Math.round(latitude * 1e8) / 1e8];
  });

/**
 * SEPA's maps of every Scottish area: one GeoJSON per service (national, as SEPA's ArcGIS services are), each
 * area's zones in turn.
 */
export function writeScotland(
  areas: readonly { area: SampleArea; sites: readonly Position[] }[],
  outDir: string,
  seed: number,
  scale: number,
): FloodFile[] {
  const dir = join(outDir, 'sepa-flood-maps');
  mkdirSync(dir, { recursive: true });
  const perArea = areas.map(({ area, sites }) => {
    const geo = geographyOf(area);
    const centres = pocketCentres(area, sites, seed, scale);
    const sources: [string, (cc: boolean) => Geometry[][]][] = [
      [
        'River_Flooding',
        (cc) => riverZones(geo, cc ? grow([60, 140, 230]) : [60, 140, 230], false).map((g) => [g]),
      ],
      [
        'Coastal_Flooding',
        (cc) =>
          coastalStrips(
            geo.coast!,
            cc ? grow([150, 350, 700]) : [150, 350, 700],
            widthFactor(2.1),
            false,
          ).map((g) => [g]),
      ],
      [
        'Surface_Water_and_Small_Watercourses_Flooding',
        (cc) => {
          const perPocket = pocketZones(centres, cc ? grow([40, 80, 130]) : [40, 80, 130], false);
          return THREE_BANDS.map((_, band) => perPocket.map((p) => p[band] as Geometry));
        },
      ],
    ];
    return sources;
  });
  const files: FloodFile[] = [];
  const names = ['River_Flooding', 'Coastal_Flooding', 'Surface_Water_and_Small_Watercourses_Flooding'];
  for (const cc of [false, true]) {
    names.forEach((source, s) => {
      const perBandOfArea = perArea.map((sources) => sources[s]![1](cc));
      THREE_BANDS.forEach((band, b) => {
        const service = `${cc ? 'Future_Flood_Maps_' : ''}${source}_${band}_Likelihood`;
        const geometries = perBandOfArea.flatMap((perBand) => perBand[b] ?? []);
        const features: Feature[] = geometries.map((g, i) => ({
          geometry: toWgs84(g),
          properties: { OBJECTID: i + 1, Shape__Area: round2(area2(g)), Shape__Length: null },
        }));
        if (!cc && source === 'River_Flooding' && band === 'High')
          features.push({
            geometry: null,
            properties: { OBJECTID: features.length + 1, Shape__Area: null, Shape__Length: null },
          });
        const path = join(dir, `${service}.geojson`);
        writeGeoJson(path, features, { crs: 4326, name: `${service}_Extent` });
        files.push({
          dataset: 'sepa-flood-maps',
          format: 'GeoJSON (SEPA flood map service export, WGS84)',
          file: writtenFile(path, features.length),
        });
      });
    });
  }
  return files;
}

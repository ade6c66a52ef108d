// Sample low emission zones: a council's ArcGIS GeoJSON export (NAME, STATUS, VERSION_DATE; BNG) for Bath's
// Clean Air Zone, a proposed and a revoked zone, and the Improvement Service Spatial Hub shapefile (site_ref,
// local_authority) of Scotland's zones. Real: the zones and their places. Synthetic: every shape.
import { join } from 'node:path';
import { writeGeoJson } from '../../io/spatial/geojson';
import { writeShapefile } from '../../io/spatial/shapefile-write';
import type { SampleArea } from '../areas';
import { circle } from '../flood/shapes';
import { dirOf, poly, squareRing, type PlanningSampleFile } from '../planning/layer-files';
import { writtenFile } from '../terrain/write';

export function lowEmissionZones(areas: readonly SampleArea[], outDir: string): PlanningSampleFile[] {
  const dir = dirOf(outDir, 'low-emission-zones');
  const out: PlanningSampleFile[] = [];
  const bath = areas.find((a) => a.id === 'bath');
  if (bath) {
    const { x, y } = bath.centre;
    const features = [
      {
        geometry: poly(circle([x, y + 100], 1100, 48)),
        properties: { OBJECTID: 1, NAME: 'Bath Clean Air Zone', STATUS: 'Live', VERSION_DATE: '2021-03-15' },
      },
      {
        geometry: poly(circle([x + 3000, y - 2500], 500, 24)),
        properties: {
          OBJECTID: 2,
          NAME: 'Bath Weight Limit Zone',
          STATUS: 'Proposed',
          VERSION_DATE: '2024-09-01',
        },
      },
      {
        geometry: poly(circle([x - 3500, y - 2500], 500, 24)),
        properties: {
          OBJECTID: 3,
          NAME: 'Old Diesel Boundary',
          STATUS: 'Revoked',
          VERSION_DATE: '2019-01-01',
        },
      },
    ];
    const path = join(dir, 'Clean_air_zone.geojson');
    writeGeoJson(path, features, { crs: 27700, name: 'Clean_air_zone' });
    out.push({
      dataset: 'low-emission-zones',
      format: 'GeoJSON (council ArcGIS export: NAME, STATUS, VERSION_DATE; BNG)',
      file: writtenFile(path, features.length),
    });
  }
  if (areas.some((a) => a.country === 'Scotland')) {
    // Glasgow's LEZ (city centre, in force since 2023): real place, synthetic shape, ~35 km from Stirling;
    // Edinburgh's (city centre, in force since June 2024, ~3 km south of the Edinburgh area), as the
    // amalgamated Spatial Hub layer lists every Scottish LEZ.
    const lezScotland = [
      {
        geometry: poly(squareRing(259_000, 665_300, 900)),
        properties: {
          site_ref: 'GLASGOW_LEZ',
          local_authority: 'Glasgow City',
          la_s_code: 'S12000049',
          sh_date_uploaded: '2023-06-01',
          sh_src_id: '1',
        },
      },
      ...(areas.some((a) => a.id === 'edinburgh')
        ? [
            {
              geometry: poly(squareRing(325_700, 673_600, 800)),
              properties: {
                site_ref: 'EDINBURGH_LEZ',
                local_authority: 'City of Edinburgh',
                la_s_code: 'S12000036',
                sh_date_uploaded: '2024-06-01',
                sh_src_id: '2',
              },
            },
          ]
        : []),
    ];
    const base = join(dir, 'low_emission_zones_scotland');
    writeShapefile(base, {
      shapeType: 5,
      crs: 27700,
      fields: [
        { name: 'site_ref', type: 'C', length: 20 },
        { name: 'local_authority', type: 'C', length: 40 },
        { name: 'la_s_code', type: 'C', length: 9 },
        { name: 'sh_date_uploaded', type: 'C', length: 10 },
        { name: 'sh_src_id', type: 'C', length: 20 },
      ],
      features: lezScotland,
    });
    out.push({
      dataset: 'low-emission-zones',
      format: 'ESRI Shapefile (Improvement Service Spatial Hub LEZ, BNG)',
      file: writtenFile(`${base}.shp`, lezScotland.length),
    });
  }
  return out;
}

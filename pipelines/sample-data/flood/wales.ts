// Wales's flood maps (NRW): nrw-fraw (one GeoPackage per layer, `risk`, geometry column `geom`,
// `fme_geometry` for surface water; a ring of three points for quarantine), nrw-historic-flood-map and the
// defences (defences.ts).
import type { Feature, Geometry, Position } from '../../geo/geometry';
import type { GeoPackageLayerInput } from '../../io/spatial/geopackage';
import type { SampleArea } from '../areas';
import { defenceFeatures, writeDefences } from './defences';
import { gpkg, type FloodFile } from './flood-file';
import { geographyOf } from './geography';
import { coastalStrips, strip, widthFactor } from './shapes';
import { pocketCentres, pocketZones, riverZones, THREE_BANDS, zoneGeometries } from './zones';

/** A three-point "ring": what a broken export looks like, for the quarantine path. */
const brokenRing = (c: Position): Geometry => ({
  type: 'Polygon',
  coordinates: [[c, [c[0] + 10, c[1]], c]],
});

export function writeWales(
  area: SampleArea,
  sites: readonly Position[],
  outDir: string,
  seed: number,
  scale: number,
): FloodFile[] {
  const geo = geographyOf(area);
  const centres = pocketCentres(area, sites, seed, scale);
  const fraw = (zones: { band: number; geometry: Geometry }[]): Feature[] =>
    zones.map((z, i) => ({
      geometry: z.geometry,
      properties: {
        objectid: i + 1,
        mm_id: `MM${1000 + Math.floor(i / 2)}`,
        risk: THREE_BANDS[z.band],
        pub_date: '2024-05-20',
      },
    }));
  const fields = [
    { name: 'objectid', type: 'INTEGER' as const },
    { name: 'mm_id', type: 'TEXT' as const },
    { name: 'risk', type: 'TEXT' as const },
    { name: 'pub_date', type: 'DATE' as const },
  ];
  const rivers = fraw(riverZones(geo, [40, 110, 220], true).map((geometry, band) => ({ band, geometry })));
  rivers.push({
    geometry: brokenRing([area.centre.x, area.centre.y + 4000]),
    properties: { objectid: rivers.length + 1, mm_id: 'MM9999', risk: 'High', pub_date: '2024-05-20' },
  });
  const sea = fraw(
    coastalStrips(geo.coast!, [150, 450, 900], widthFactor(1.3), true).map((geometry, band) => ({
      band,
      geometry,
    })),
  );
  const surface = fraw(zoneGeometries(pocketZones(centres, [35, 75, 120], true)));
  const layer = (name: string, geometryColumn: string, features: Feature[]): GeoPackageLayerInput => ({
    name,
    geometryColumn,
    geometryType: 'MULTIPOLYGON',
    srsId: 27700,
    fields,
    features,
  });
  const n = geo.river.length;
  const files: FloodFile[] = [
    gpkg(
      outDir,
      'nrw-fraw',
      'NRW_FLOOD_RISK_FROM_RIVERS.gpkg',
      layer('NRW_FLOOD_RISK_FROM_RIVERS', 'geom', rivers),
      'GeoPackage (NRW FRAW rivers, BNG)',
    ),
    gpkg(
      outDir,
      'nrw-fraw',
      'NRW_FLOOD_RISK_FROM_SEA.gpkg',
      layer('NRW_FLOOD_RISK_FROM_SEA', 'geom', sea),
      'GeoPackage (NRW FRAW sea, BNG)',
    ),
    gpkg(
      outDir,
      'nrw-fraw',
      'NRW_FLOOD_RISK_FROM_SURFACE_WATER_SMALL_WATERCOURSES.gpkg',
      layer('NRW_FLOOD_RISK_FROM_SURFACE_WATER_SMALL_WATERCOURSES', 'fme_geometry', surface),
      'GeoPackage (NRW FRAW surface water and small watercourses, geometry column fme_geometry, BNG)',
    ),
    gpkg(
      outDir,
      'nrw-historic-flood-map',
      'NRW_HISTORIC_FLOODMAP.gpkg',
      {
        name: 'NRW_HISTORIC_FLOODMAP',
        geometryColumn: 'geom',
        geometryType: 'MULTIPOLYGON',
        srsId: 27700,
        fields: [
          { name: 'objectid', type: 'INTEGER' },
          { name: 'name', type: 'TEXT' },
          { name: 'start_date', type: 'DATE' },
          { name: 'end_date', type: 'DATE' },
          { name: 'flood_src', type: 'TEXT' },
          { name: 'flood_caus', type: 'TEXT' },
        ],
        features: [
          {
            geometry: {
              type: 'Polygon',
              coordinates: strip(
                geo.river,
                -150,
                150,
                widthFactor(0.4),
                Math.floor(n * 0.4),
                Math.floor(n * 0.55),
              ),
            },
            properties: {
              objectid: 1,
              name: 'Taff December 1979',
              start_date: '1979-12-27',
              end_date: '1979-12-28',
              flood_src: 'main river',
              flood_caus: 'channel capacity exceeded (no raising or breaching)',
            },
          },
          {
            geometry: {
              type: 'Polygon',
              coordinates: strip(geo.coast!, -100, 350, widthFactor(1.3), 150, 230),
            },
            properties: {
              objectid: 2,
              name: 'Severn tidal surge 2014',
              start_date: '2014-01-03',
              end_date: '2014-01-03',
              flood_src: 'sea',
              flood_caus: 'overtopping of defences',
            },
          },
        ],
      },
      'GeoPackage (NRW historic flood map, BNG)',
    ),
  ];
  const wd = defenceFeatures(geo, 'Wales', Math.floor(n * 0.45), Math.floor(n * 0.58));
  files.push(...writeDefences(wd.defences, wd.benefiting, outDir, 'Wales'));
  return files;
}

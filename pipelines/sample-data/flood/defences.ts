// Flood defences by a reach of each area's river: defence lines on both banks and the areas benefiting behind
// them, in England's files (EA AIMS shapefiles: ea-spatial-flood-defences, ea-areas-benefiting-from-defences)
// or Wales's (NRW GeoPackages: nrw-flood-defences).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Feature, Geometry, Position } from '../../geo/geometry';
import { writeShapefile } from '../../io/spatial/shapefile-write';
import { writtenFile } from '../terrain/write';
import { gpkg, type FloodFile } from './flood-file';
import type { AreaGeography } from './geography';
import { offsetLine, strip, widthFactor } from './shapes';
import { round2 } from './zones';

/** Defence walls on both banks over a reach, and the areas behind them that they protect. */
export function defenceFeatures(
  geo: AreaGeography,
  country: 'England' | 'Wales',
  from: number,
  to: number,
  k = 0,
): { defences: Feature[]; benefiting: Feature[] } {
  const reach = geo.river.slice(from, to);
  const f = (i: number): number => widthFactor(0.4)(i + from);
  const banks = [55, -55].map((w) => offsetLine(reach, (i) => w * f(i)));
  const benefiting: Geometry[] = [
    { type: 'Polygon', coordinates: strip(geo.river, 55, 260, widthFactor(0.4), from, to) },
    { type: 'Polygon', coordinates: strip(geo.river, -260, -55, widthFactor(0.4), from, to) },
  ];
  const prefix = country === 'England' ? 'EA' : 'NRW';
  const defences: Feature[] = banks.map((line, i) => ({
    geometry: { type: 'LineString', coordinates: line },
    properties: {
      asset_id: `${prefix}${(country === 'England' ? 110000 : 220000) + k * 10 + i}`,
      asset_type: i === 0 ? 'Wall' : 'Embankment',
      asset_sub_type: i === 0 ? 'Flood Wall' : 'Earth Embankment',
      primary_purpose: 'Fluvial Flood Defence',
      protection_type: 'Flood Defence',
      asset_maintainer: country === 'England' ? 'Environment Agency' : 'Natural Resources Wales',
      current_condition: i === 0 ? '2 - Good' : '3 - Fair',
      target_condition: '3 - Fair',
      water_course_name: geo.riverName,
      asset_length: round2(
        line
          .slice(1)
          .reduce(
            (s, p, k) => s + Math.hypot(p[0] - (line[k] as Position)[0], p[1] - (line[k] as Position)[1]),
            0,
          ),
      ),
    },
  }));
  const areas: Feature[] = benefiting.map((geometry, i) => ({
    geometry,
    properties: { abd_id: `${prefix}-ABD-${k * 10 + i + 1}`, name: `${geo.riverName} reach ${i + 1}` },
  }));
  return { defences, benefiting: areas };
}

/** The defence lines and areas benefiting, in England's (AIMS shapefiles) or Wales's (NRW GeoPackages) files. */
export function writeDefences(
  defences: Feature[],
  areas: Feature[],
  outDir: string,
  country: 'England' | 'Wales',
): FloodFile[] {
  const files: FloodFile[] = [];
  if (country === 'England') {
    const dir = join(
      outDir,
      'ea-spatial-flood-defences',
      'AIMS_Spatial_Flood_Defences_inc_standardised_attributes.shp',
    );
    mkdirSync(dir, { recursive: true });
    const base = join(dir, 'Spatial_Flood_Defences_Including_Standardised_Attributes');
    writeShapefile(base, {
      shapeType: 3,
      crs: 27700,
      fields: [
        { name: 'asset_id', type: 'C', length: 20 },
        { name: 'asset_type', type: 'C', length: 40 },
        { name: 'asset_sub_type', type: 'C', length: 40 },
        { name: 'primary_purpose', type: 'C', length: 40 },
        { name: 'protection_type', type: 'C', length: 40 },
        { name: 'asset_maintainer', type: 'C', length: 40 },
        { name: 'current_condition', type: 'C', length: 20 },
        { name: 'target_condition', type: 'C', length: 20 },
        { name: 'water_course_name', type: 'C', length: 40 },
        { name: 'asset_length', type: 'N', length: 19, decimals: 2 },
      ],
      features: defences,
    });
    files.push({
      dataset: 'ea-spatial-flood-defences',
      format: 'ESRI Shapefile (EA AIMS Spatial Flood Defences, lines, BNG)',
      file: writtenFile(`${base}.shp`, defences.length),
    });
    const abdDir = join(outDir, 'ea-areas-benefiting-from-defences');
    mkdirSync(abdDir, { recursive: true });
    const abd = join(abdDir, 'Areas_Benefiting_from_Flood_Defences');
    writeShapefile(abd, {
      shapeType: 5,
      crs: 27700,
      fields: [
        { name: 'abd_id', type: 'C', length: 20 },
        { name: 'name', type: 'C', length: 60 },
      ],
      features: areas,
    });
    files.push({
      dataset: 'ea-areas-benefiting-from-defences',
      format: 'ESRI Shapefile (EA Areas Benefiting from Flood Defences, BNG)',
      file: writtenFile(`${abd}.shp`, areas.length),
    });
  } else {
    files.push(
      gpkg(
        outDir,
        'nrw-flood-defences',
        'NRW_SPATIAL_FLOOD_DEFENCES.gpkg',
        {
          name: 'NRW_SPATIAL_FLOOD_DEFENCES',
          geometryColumn: 'geom',
          geometryType: 'LINESTRING',
          srsId: 27700,
          fields: Object.keys(defences[0]!.properties).map((name) => ({
            name,
            type: name === 'asset_length' ? ('REAL' as const) : ('TEXT' as const),
          })),
          features: defences,
        },
        'GeoPackage (NRW spatial flood defences, lines, BNG)',
      ),
      gpkg(
        outDir,
        'nrw-flood-defences',
        'NRW_AREA_BENEFITING_FROM_FLOOD_DEFENCE.gpkg',
        {
          name: 'NRW_AREA_BENEFITING_FROM_FLOOD_DEFENCE',
          geometryColumn: 'geom',
          geometryType: 'POLYGON',
          srsId: 27700,
          fields: [
            { name: 'objectid', type: 'INTEGER' },
            { name: 'name', type: 'TEXT' },
          ],
          features: areas.map((a, i) => ({
            geometry: a.geometry,
            properties: { objectid: i + 1, name: a.properties.name },
          })),
        },
        'GeoPackage (NRW areas benefiting from flood defences, BNG)',
      ),
    );
  }
  return files;
}

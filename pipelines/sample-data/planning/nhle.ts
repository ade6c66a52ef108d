// Sample National Heritage List for England layers, as NHLE's shapefiles (BNG):
//   nhle-listed-buildings       points (10-character field names; ListDate as ISO, dd/mm/yyyy, epoch ms)
//   nhle-world-heritage-sites   polygons (InscrDate, Notes, Hyperlink): the City of Bath, and the
//                               cross-border Pontcysyllte, as NHLE lists it
// Real: Bath's and Pontcysyllte's sites. Synthetic: every shape and the listed buildings (random points near
// each area's centre).
import { join } from 'node:path';
import type { Geometry, Position } from '../../geo/geometry';
import { writeShapefile } from '../../io/spatial/shapefile-write';
import type { SampleArea } from '../areas';
import { circle } from '../flood/shapes';
import { PONTCYSYLLTE_NAME, pontcysyllteGeometry } from '../heritage/index';
import { hashSeed, Rng } from '../rng';
import { writtenFile } from '../terrain/write';
import { dirOf, poly, type PlanningSampleFile } from './layer-files';

export function listedBuildings(
  areas: readonly SampleArea[],
  outDir: string,
  seed: number,
): PlanningSampleFile {
  const features: { geometry: Geometry | null; properties: Record<string, unknown> }[] = [];
  let entry = 1394000;
  for (const area of areas) {
    const rng = new Rng(hashSeed(seed, 'listed-buildings', area.id));
    for (let i = 0; i < 160; i++) {
      const r = 2500 * Math.sqrt(rng.next());
      const a = 2 * Math.PI * rng.next();
      const p: Position = [
        Math.round((area.centre.x + r * Math.cos(a)) * 10) / 10,
        Math.round((area.centre.y + r * Math.sin(a)) * 10) / 10,
      ];
      const grade = rng.chance(0.05) ? 'I' : rng.chance(0.1) ? 'II*' : 'II';
      const year = 1950 + rng.int(0, 70);
      const month = 1 + rng.int(0, 11);
      const day = 1 + rng.int(0, 27);
      const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      const listDate = [
        iso,
        `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`,
        String(Date.parse(`${iso}T00:00:00Z`)),
      ][i % 3]!;
      features.push({
        geometry: { type: 'Point', coordinates: p },
        properties: {
          ListEntry: entry,
          Name: `${rng.pick(['NUMBER', 'TERRACE', 'CHURCH OF ST', 'HOUSE', 'WALL AND RAILINGS TO'])} ${i + 1} ${area.name.toUpperCase()}`,
          Location: area.localAuthority.name,
          Grade: grade,
          ListDate: listDate,
          AmendDate: '',
          LegacyUID: String(500000 + i),
          NGR: '',
          CaptureScale: '1:1250',
          Easting: p[0],
          Northing: p[1],
          Hyperlink: `https://historicengland.org.uk/listing/the-list/list-entry/${entry}`,
        },
      });
      entry += 1;
    }
    // Quarantined: an unknown grade, and a row with neither geometry nor Easting/Northing.
    features.push({
      geometry: { type: 'Point', coordinates: [area.centre.x, area.centre.y] },
      properties: {
        ListEntry: entry++,
        Name: 'BAD GRADE',
        Grade: 'III',
        ListDate: '1971-01-01',
        Easting: 0,
        Northing: 0,
      },
    });
    features.push({
      geometry: null,
      properties: {
        ListEntry: entry++,
        Name: 'NO PLACE',
        Grade: 'II',
        ListDate: '1971-01-01',
        Easting: 0,
        Northing: 0,
      },
    });
  }
  const base = join(dirOf(outDir, 'nhle-listed-buildings'), 'Listed_Buildings');
  writeShapefile(base, {
    shapeType: 1,
    crs: 27700,
    fields: [
      { name: 'ListEntry', type: 'N', length: 10 },
      { name: 'Name', type: 'C', length: 120 },
      { name: 'Location', type: 'C', length: 80 },
      { name: 'Grade', type: 'C', length: 4 },
      { name: 'ListDate', type: 'C', length: 16 },
      { name: 'AmendDate', type: 'C', length: 16 },
      { name: 'LegacyUID', type: 'C', length: 10 },
      { name: 'NGR', type: 'C', length: 16 },
      { name: 'CaptureScale', type: 'C', length: 10 },
      { name: 'Easting', type: 'N', length: 12, decimals: 1 },
      { name: 'Northing', type: 'N', length: 12, decimals: 1 },
      { name: 'Hyperlink', type: 'C', length: 100 },
    ],
    features,
  });
  return {
    dataset: 'nhle-listed-buildings',
    format: 'ESRI Shapefile (NHLE Listed Buildings, points, BNG, 10-character field names)',
    file: writtenFile(`${base}.shp`, features.length),
  };
}

export function worldHeritageSites(areas: readonly SampleArea[], outDir: string): PlanningSampleFile {
  // The City of Bath is inscribed; Fulham has no World Heritage Site (the nearest, Kew, is ~5 km west).
  const cities = areas
    .filter((a) => a.id === 'bath')
    .map((area, i) => ({
      geometry: poly(circle([area.centre.x, area.centre.y + 300], 2200, 64)),
      properties: {
        ListEntry: 1000093 + i,
        Name: `City of ${area.name}`,
        InscrDate: '1987-12-12',
        AmendDate: '',
        LegacyUID: 'WHS-8',
        Notes: 'Inscribed for its Roman remains and Georgian town planning and architecture.',
        NGR: '',
        CaptureScale: '1:2500',
        Easting: area.centre.x,
        Northing: area.centre.y,
        AREA_HA: Math.round((Math.PI * 2200 * 2200) / 100) / 100,
        Hyperlink: `https://historicengland.org.uk/listing/the-list/list-entry/${1000093 + i}`,
      },
    }));
  // Pontcysyllte crosses the border: NHLE lists it as Cadw does (the Great Britain table keeps it once).
  const features = [
    ...cities,
    {
      geometry: pontcysyllteGeometry(),
      properties: {
        ListEntry: 1000097,
        Name: PONTCYSYLLTE_NAME,
        InscrDate: '2009-06-27',
        AmendDate: '',
        LegacyUID: 'WHS-1303',
        Notes: 'Inscribed as a masterpiece of canal engineering of the Industrial Revolution.',
        NGR: '',
        CaptureScale: '1:2500',
        Easting: 327_000,
        Northing: 341_500,
        AREA_HA: 0,
        Hyperlink: 'https://historicengland.org.uk/listing/the-list/list-entry/1000097',
      },
    },
  ];
  const base = join(dirOf(outDir, 'nhle-world-heritage-sites'), 'World_Heritage_Sites');
  writeShapefile(base, {
    shapeType: 5,
    crs: 27700,
    fields: [
      { name: 'ListEntry', type: 'N', length: 10 },
      { name: 'Name', type: 'C', length: 80 },
      { name: 'InscrDate', type: 'D', length: 8 },
      { name: 'AmendDate', type: 'C', length: 16 },
      { name: 'LegacyUID', type: 'C', length: 10 },
      { name: 'Notes', type: 'C', length: 254 },
      { name: 'NGR', type: 'C', length: 16 },
      { name: 'CaptureScale', type: 'C', length: 10 },
      { name: 'Easting', type: 'N', length: 12, decimals: 1 },
      { name: 'Northing', type: 'N', length: 12, decimals: 1 },
      { name: 'AREA_HA', type: 'N', length: 14, decimals: 2 },
      { name: 'Hyperlink', type: 'C', length: 100 },
    ],
    features,
  });
  return {
    dataset: 'nhle-world-heritage-sites',
    format: 'ESRI Shapefile (NHLE World Heritage Sites, polygons, BNG)',
    file: writtenFile(`${base}.shp`, features.length),
  };
}

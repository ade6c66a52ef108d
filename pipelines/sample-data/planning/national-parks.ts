// Sample National Parks: ONS's NPARK_DEC_2022_GB_BFC_V3 shapefile (NPARK22CD/NM/NMW, BNG), the parks of
// Wales and Scotland near the sample areas. Real: the parks and their codes. Synthetic: every shape.
import { join } from 'node:path';
import type { Ring } from '../../geo/geometry';
import { bngToWgs84 } from '../../geo/bng';
import { writeShapefile } from '../../io/spatial/shapefile-write';
import type { SampleArea } from '../areas';
import { circle } from '../flood/shapes';
import { writtenFile } from '../terrain/write';
import { dirOf, poly, type PlanningSampleFile } from './layer-files';

export function nationalParks(areas: readonly SampleArea[], outDir: string): PlanningSampleFile {
  // Real parks near two of the areas, shapes synthetic: Loch Lomond and The Trossachs (synthetically near: its real edge is ~8 km west) begins ~0.6 km west
  // of Stirling's centre (some addresses within 1 km of it), Bannau Brycheiniog lies ~25 km north of Cardiff.
  const parks: { code: string; name: string; nameWelsh: string; ring: Ring }[] = [];
  for (const area of areas) {
    const { x, y } = area.centre;
    if (area.country === 'Scotland')
      parks.push({
        code: 'S21000003',
        name: 'Loch Lomond and The Trossachs',
        nameWelsh: '',
        ring: circle([x - 12_600, y + 500], 12_000, 96),
      });
    // Scotland's other park, ~70 km north of Stirling (real place, synthetic shape): the layer is GB-wide.
    if (area.id === 'stirling')
      parks.push({
        code: 'S21000002',
        name: 'Cairngorms',
        nameWelsh: '',
        ring: circle([x + 15_000, y + 105_000], 32_000, 96),
      });
    if (area.country === 'Wales')
      parks.push({
        code: 'W18000002',
        name: 'Bannau Brycheiniog National Park',
        nameWelsh: 'Parc Cenedlaethol Bannau Brycheiniog',
        ring: circle([x, y + 33_000], 15_000, 96),
      });
  }
  const features = parks.map((p, i) => {
    const { longitude, latitude } = bngToWgs84(p.ring[0]![0], p.ring[0]![1]);
    return {
      geometry: poly(p.ring),
      properties: {
        FID: i + 1,
        NPARK22CD: p.code,
        NPARK22NM: p.name,
        NPARK22NMW: p.nameWelsh,
        BNG_E: Math.round(p.ring[0]![0]),
        BNG_N: Math.round(p.ring[0]![1]),
        LONG: longitude,
        LAT: latitude,
        Shape__Area: 0,
        Shape__Length: 0,
        GlobalID: `{0000000${i}-0000-4000-8000-000000000000}`,
      },
    };
  });
  const base = join(dirOf(outDir, 'ons-national-parks'), 'NPARK_DEC_2022_GB_BFC_V3');
  writeShapefile(base, {
    shapeType: 5,
    crs: 27700,
    fields: [
      { name: 'FID', type: 'N', length: 9 },
      { name: 'NPARK22CD', type: 'C', length: 9 },
      { name: 'NPARK22NM', type: 'C', length: 60 },
      { name: 'NPARK22NMW', type: 'C', length: 60 },
      { name: 'BNG_E', type: 'N', length: 9 },
      { name: 'BNG_N', type: 'N', length: 9 },
      { name: 'LONG', type: 'F', length: 19, decimals: 11 },
      { name: 'LAT', type: 'F', length: 19, decimals: 11 },
      { name: 'Shape__Area', type: 'F', length: 19, decimals: 2 },
      { name: 'Shape__Length', type: 'F', length: 19, decimals: 2 },
      { name: 'GlobalID', type: 'C', length: 38 },
    ],
    features,
  });
  return {
    dataset: 'ons-national-parks',
    format: 'ESRI Shapefile (ONS NPARK_DEC_2022_GB_BFC_V3, BNG)',
    file: writtenFile(`${base}.shp`, features.length),
  };
}

// Sample conservation areas of England: planning.data.gov.uk's `conservation-area.csv` (WGS84 WKT
// MULTIPOLYGON, CRLF), four per area (one with a hole, one in two parts) and three rows the loader quarantines.
// Real: the names (Fulham's, Bath's). Synthetic: every shape.
import { join } from 'node:path';
import type { Geometry } from '../../geo/geometry';
import { bngToWgs84 } from '../../geo/bng';
import { writeWkt } from '../../io/spatial/wkt';
import type { SampleArea } from '../areas';
import { circle } from '../flood/shapes';
import { dirOf, poly, toWgs84, writeCsv, type PlanningSampleFile } from './layer-files';

/** Conservation areas' names per England area (centre, two outlying, a two-part one). */
const CONSERVATION_AREA_NAMES: Partial<Record<SampleArea['id'], readonly string[]>> = {
  london: ['Walham Green', 'Sands End', 'Fulham Park Gardens', 'Hurlingham and Parsons Green'],
};

export function conservationAreas(areas: readonly SampleArea[], outDir: string): PlanningSampleFile {
  const header = [
    'dataset',
    'end-date',
    'entity',
    'entry-date',
    'geojson',
    'geometry',
    'name',
    'organisation-entity',
    'point',
    'prefix',
    'reference',
    'start-date',
    'typology',
    'designation-date',
    'document-url',
    'documentation-url',
    'legislation',
    'notes',
    'organisation',
  ];
  const rows: string[][] = [];
  let entity = 44000100;
  for (const area of areas) {
    const { x, y } = area.centre;
    // Real conservation area names of each place (shapes synthetic); Bath's are the originals.
    const names = CONSERVATION_AREA_NAMES[area.id] ?? [
      `${area.name} City Centre`,
      `${area.name}ampton`,
      `Weston (${area.name})`,
      'Widcombe and Lyncombe',
    ];
    const shapes: [string, Geometry, string][] = [
      // The city centre area with a hole (an excluded modern estate).
      [
        names[0]!,
        poly(circle([x, y + 200], 1200, 48), [...circle([x + 600, y - 300], 200, 16)].reverse()),
        '1968-12-19',
      ],
      [names[1]!, poly(circle([x + 3500, y + 1700], 400, 24)), '1975-05-01'],
      [names[2]!, poly(circle([x - 2100, y + 1400], 350, 24)), '1983-03-10'],
      // Two parts, as planning.data publishes multi-part areas.
      [
        names[3]!,
        {
          type: 'MultiPolygon',
          coordinates: [[circle([x + 700, y - 1300], 300, 20)], [circle([x - 200, y - 1700], 250, 20)]],
        },
        '1990-07-02',
      ],
    ];
    for (const [name, g, designated] of shapes) {
      const wgs = toWgs84(g.type === 'Polygon' ? { type: 'MultiPolygon', coordinates: [g.coordinates] } : g);
      const centre = bngToWgs84(x, y);
      rows.push([
        'conservation-area',
        '',
        String(entity),
        '2024-03-01',
        '',
        writeWkt(wgs),
        name,
        '76',
        `POINT (${centre.longitude.toFixed(6)} ${centre.latitude.toFixed(6)})`,
        'conservation-area',
        `CA${entity - 44000000}`,
        designated,
        'geography',
        designated,
        '',
        `https://www.example-council.gov.uk/conservation-areas/${entity}`,
        '',
        '',
        `local-authority:${area.localAuthority.code}`,
      ]);
      entity += 1;
    }
    // Quarantined: an entry with only a point, an ended designation, broken WKT.
    rows.push([
      'conservation-area',
      '',
      String(entity++),
      '2024-03-01',
      '',
      '',
      'Point Only',
      '76',
      'POINT (-2.36 51.38)',
      'conservation-area',
      'CAP',
      '',
      'geography',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    rows.push([
      'conservation-area',
      '2019-01-01',
      String(entity++),
      '2024-03-01',
      '',
      writeWkt(toWgs84(poly(circle([x, y - 3000], 200, 12)))),
      'Revoked Area',
      '76',
      '',
      'conservation-area',
      'CAR',
      '',
      'geography',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    rows.push([
      'conservation-area',
      '',
      String(entity++),
      '2024-03-01',
      '',
      'MULTIPOLYGON (((-2.3 51.3, -2.31',
      'Broken',
      '76',
      '',
      'conservation-area',
      'CAB',
      '',
      'geography',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
  }
  const path = join(dirOf(outDir, 'conservation-areas'), 'conservation-area.csv');
  return {
    dataset: 'conservation-areas',
    format: 'csv (planning.data.gov.uk conservation-area, WGS84 WKT MULTIPOLYGON, CRLF)',
    file: writeCsv(path, header, rows),
  };
}

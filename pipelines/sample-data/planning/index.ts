// Sample planning, transport and boundary layers around the sample areas, each in its publisher's
// layout (reference terrain-coast-heritage.md 3-5, amenities-transport.md 1-3):
//   conservation-areas          planning.data.gov.uk `conservation-area.csv` (WGS84 WKT MULTIPOLYGON), England
//   nhle-listed-buildings       NHLE shapefile points (10-character names; ListDate as ISO, dd/mm/yyyy, epoch ms)
//   nhle-world-heritage-sites   NHLE shapefile polygons (InscrDate, Notes, Hyperlink), England (and the
//                               cross-border Pontcysyllte, as NHLE lists it)
//   ons-national-parks          NPARK_DEC_2022_GB_BFC_V3 shapefile (NPARK22CD/NM/NMW), Wales and Scotland
//   ncr-charge-points           National Chargepoint Registry CSV (WGS84; duplicates, swapped and
//                               positive-longitude Scottish rows, latitude 0, a time in the postcode)
//   low-emission-zones          Bristol-style GeoJSON (NAME, STATUS, VERSION_DATE; BNG) for Bath's CAZ and
//                               a revoked zone; Spatial Hub shapefile (site_ref, local_authority) for Glasgow
//   ourairports                 airports.csv (worldwide header; UK large/medium plus rows the loader leaves out)
//   admin-boundaries            ONS BFC shapefiles per level: wards (Voronoi cells of the sample wards),
//                               local authority, region (England), country; clipped to mean high water
//                               (the sea of flood/geography.ts taken out), as BFC files are
// Real: the places, the codes of areas.ts, Bath's CAZ and World Heritage Site, the airports and their
// coordinates, the National Park codes. Synthetic: every boundary's shape (no real boundary is available
// offline), listed buildings and charge points (random points near the addresses).
import { mkdirSync, writeFileSync } from 'node:fs';
import polygonClipping, { type Pair } from 'polygon-clipping';
import { join } from 'node:path';
import type { Geometry, Position, Ring } from '../../geo/geometry';
import { bngToWgs84 } from '../../geo/bng';
import { writeGeoJson } from '../../io/spatial/geojson';
import { mapPositions } from '../../io/spatial/read-features';
import { writeShapefile } from '../../io/spatial/shapefile';
import { writeWkt } from '../../io/spatial/wkt';
import { REGION_NAMES, type SampleArea } from '../areas';
import { csvRow, type WrittenFile } from '../csv-writer';
import { geographyOf, seaOf } from '../flood/geography';
import { circle } from '../flood/shapes';
import { hashSeed, Rng } from '../rng';
import { writtenFile } from '../terrain/write';
import { voronoiCell } from './voronoi';
import { PONTCYSYLLTE_NAME, pontcysyllteGeometry } from '../heritage/index';

export interface PlanningSampleFile {
  dataset: string;
  format: string;
  file: WrittenFile;
}

/** Half the side of each sample local authority's square (m). */
const LA_HALF = 6000;
/** Half the side of each sample country's (and England's region's) square (m). */
const COUNTRY_HALF = 25_000;

const toWgs84 = (g: Geometry): Geometry =>
  mapPositions(g, ([x, y]) => {
    const { longitude, latitude } = bngToWgs84(x, y);
    return [Math.round(longitude * 1e7) / 1e7, Math.round(latitude * 1e7) / 1e7];
  });

const squareRing = (cx: number, cy: number, half: number): Ring => [
  [cx - half, cy - half],
  [cx + half, cy - half],
  [cx + half, cy + half],
  [cx - half, cy + half],
  [cx - half, cy - half],
];

const poly = (...rings: Ring[]): Geometry => ({ type: 'Polygon', coordinates: rings });

function writeCsv(
  path: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
  eol = '\r\n',
): WrittenFile {
  writeFileSync(path, [header, ...rows].map((r) => csvRow(r)).join(eol) + eol);
  return writtenFile(path, rows.length);
}

function dirOf(outDir: string, dataset: string): string {
  const dir = join(outDir, dataset);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function writePlanningSamples(
  areas: readonly SampleArea[],
  outDir: string,
  seed: number,
): PlanningSampleFile[] {
  const england = areas.filter((a) => a.country === 'England');
  return [
    conservationAreas(england, outDir),
    listedBuildings(england, outDir, seed),
    worldHeritageSites(england, outDir),
    nationalParks(areas, outDir),
    chargePoints(areas, outDir, seed),
    ...lowEmissionZones(areas, outDir),
    airports(outDir),
    ...adminBoundaries(areas, outDir),
  ];
}

/** Conservation areas' names per England area (centre, two outlying, a two-part one). */
const CONSERVATION_AREA_NAMES: Partial<Record<SampleArea['id'], readonly string[]>> = {
  london: ['Walham Green', 'Sands End', 'Fulham Park Gardens', 'Hurlingham and Parsons Green'],
};

function conservationAreas(areas: readonly SampleArea[], outDir: string): PlanningSampleFile {
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

function listedBuildings(areas: readonly SampleArea[], outDir: string, seed: number): PlanningSampleFile {
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

function worldHeritageSites(areas: readonly SampleArea[], outDir: string): PlanningSampleFile {
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

function nationalParks(areas: readonly SampleArea[], outDir: string): PlanningSampleFile {
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

const NCR_CORE = [
  'chargeDeviceID',
  'reference',
  'name',
  'latitude',
  'longitude',
  'town',
  'county',
  'postcode',
  'deviceOwnerName',
  'deviceControllerName',
  'deviceNetworks',
  'chargeDeviceStatus',
  'dateCreated',
  'dateUpdated',
  'paymentRequired',
  'paymentRequiredDetails',
  'subscriptionRequired',
  'subscriptionRequiredDetails',
  'parkingFeesFlag',
  'onStreetFlag',
  'locationType',
  'access24Hours',
];
const NCR_CONNECTOR = [
  'ID',
  'Type',
  'RatedOutputKW',
  'OutputCurrent',
  'RatedVoltage',
  'ChargeMethod',
  'ChargeMode',
  'TetheredCable',
  'Status',
  'Description',
];

function chargePoints(areas: readonly SampleArea[], outDir: string, seed: number): PlanningSampleFile {
  const header = [
    ...NCR_CORE,
    ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => NCR_CONNECTOR.map((f) => `connector${n}${f}`)),
  ];
  const rows: string[][] = [];
  const row = (
    id: string,
    name: string,
    lat: string,
    lon: string,
    town: string,
    postcode: string,
    status = 'In service',
  ): string[] => {
    const core = [
      id,
      `REF-${id.slice(0, 6)}`,
      name,
      lat,
      lon,
      town,
      '',
      postcode,
      'Sample Charging Ltd',
      'Sample Charging Ltd',
      'Sample Network',
      status,
      '2021-06-01 10:00:00',
      '2024-02-01 09:00:00',
      'TRUE',
      'Pay by app',
      'FALSE',
      '',
      'FALSE',
      '1',
      'Other',
      'TRUE',
    ];
    const connectors = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) =>
      n <= 2
        ? [String(n), 'Type 2 Mennekes', '7', '32', '230', 'Single Phase AC', '3', 'FALSE', 'In service', '']
        : NCR_CONNECTOR.map(() => ''),
    );
    return [...core, ...connectors];
  };
  for (const area of areas) {
    const rng = new Rng(hashSeed(seed, 'charge-points', area.id));
    const postcode = area.districts[0]!.outward;
    for (let i = 0; i < 40; i++) {
      const r = 3000 * Math.sqrt(rng.next());
      const a = 2 * Math.PI * rng.next();
      const { latitude, longitude } = bngToWgs84(
        area.centre.x + r * Math.cos(a),
        area.centre.y + r * Math.sin(a),
      );
      const id = (hashSeed(seed, area.id, i).toString(16).padStart(8, '0') + area.id)
        .padEnd(32, '0')
        .slice(0, 32);
      let lat = latitude.toFixed(6);
      let lon = longitude.toFixed(6);
      // Messy rows the loader corrects: swapped coordinates, ChargePlace Scotland's positive longitudes.
      if (i === 3) [lat, lon] = [lon, lat];
      if (area.country === 'Scotland' && i % 5 === 1) lon = Math.abs(longitude).toFixed(6);
      rows.push(
        row(
          id,
          `${area.name} charger ${i + 1}`,
          lat,
          lon,
          area.postTown,
          i === 7 ? '20:00' : `${postcode} ${1 + (i % 9)}AB`,
          i === 9 ? 'Out of service' : 'In service',
        ),
      );
      if (i === 5)
        rows.push(
          row(id, `${area.name} charger ${i + 1} (duplicate)`, lat, lon, area.postTown, `${postcode} 1AB`),
        );
    }
    rows.push(row(`bad0${area.id}`.padEnd(32, '0'), 'Zero latitude', '0', '-2.3', area.postTown, ''));
  }
  const path = join(dirOf(outDir, 'ncr-charge-points'), 'national-charge-point-registry.csv');
  return {
    dataset: 'ncr-charge-points',
    format: 'csv (National Chargepoint Registry bulk export, WGS84, LF)',
    file: writeCsv(path, header, rows, '\n'),
  };
}

function lowEmissionZones(areas: readonly SampleArea[], outDir: string): PlanningSampleFile[] {
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

function airports(outDir: string): PlanningSampleFile {
  const header = [
    'id',
    'ident',
    'type',
    'name',
    'latitude_deg',
    'longitude_deg',
    'elevation_ft',
    'continent',
    'iso_country',
    'iso_region',
    'municipality',
    'scheduled_service',
    'icao_code',
    'iata_code',
    'gps_code',
    'local_code',
    'home_link',
    'wikipedia_link',
    'keywords',
  ];
  const a = (
    id: number,
    ident: string,
    type: string,
    name: string,
    lat: string,
    lon: string,
    country: string,
    region: string,
    town: string,
    iata: string,
  ): string[] => [
    String(id),
    ident,
    type,
    name,
    lat,
    lon,
    '',
    'EU',
    country,
    region,
    town,
    type.endsWith('airport') ? 'yes' : 'no',
    ident,
    iata,
    ident,
    '',
    '',
    '',
    '',
  ];
  const rows = [
    a(
      2434,
      'EGLL',
      'large_airport',
      'London Heathrow Airport',
      '51.4706',
      '-0.461941',
      'GB',
      'GB-ENG',
      'London',
      'LHR',
    ),
    a(
      2432,
      'EGGD',
      'large_airport',
      'Bristol Airport',
      '51.382702',
      '-2.71909',
      'GB',
      'GB-ENG',
      'Bristol',
      'BRS',
    ),
    a(
      2424,
      'EGFF',
      'medium_airport',
      'Cardiff International Airport',
      '51.396702',
      '-3.34333',
      'GB',
      'GB-WLS',
      'Cardiff',
      'CWL',
    ),
    a(
      2507,
      'EGPF',
      'large_airport',
      'Glasgow International Airport',
      '55.871899',
      '-4.43306',
      'GB',
      'GB-SCT',
      'Glasgow',
      'GLA',
    ),
    a(
      2508,
      'EGPH',
      'large_airport',
      'Edinburgh Airport',
      '55.950145',
      '-3.372288',
      'GB',
      'GB-SCT',
      'Edinburgh',
      'EDI',
    ),
    a(
      2379,
      'EGAA',
      'large_airport',
      'Belfast International Airport',
      '54.6575',
      '-6.21583',
      'GB',
      'GB-NIR',
      'Belfast',
      'BFS',
    ),
    a(
      4584,
      'EIDW',
      'large_airport',
      'Dublin Airport',
      '53.421299',
      '-6.27007',
      'IE',
      'IE-D',
      'Dublin',
      'DUB',
    ),
    a(
      2421,
      'EGBP',
      'small_airport',
      'Cotswold Airport',
      '51.668095',
      '-2.05694',
      'GB',
      'GB-ENG',
      'Kemble',
      '',
    ),
    a(29000, 'EGLW', 'heliport', 'London Heliport', '51.46972', '-0.17944', 'GB', 'GB-ENG', 'London', ''),
    a(29001, 'EGDJ', 'closed', 'Upavon Airfield', '51.2862', '-1.7820', 'GB', 'GB-ENG', 'Upavon', ''),
    // Quarantined: a UK medium airport with no coordinates.
    a(99999, 'EGXX', 'medium_airport', 'Broken Row Airport', '', '', 'GB', 'GB-ENG', 'Nowhere', ''),
  ];
  const path = join(dirOf(outDir, 'ourairports'), 'airports.csv');
  return {
    dataset: 'ourairports',
    format: 'csv (OurAirports airports.csv, WGS84, LF)',
    file: writeCsv(path, header, rows, '\n'),
  };
}

/** A boundary clipped to mean high water, as ONS "BFC" files are: the area's sea taken out (none: as is). */
function clippedToLand(ring: Ring, sea: Position[] | null): Geometry | null {
  if (!sea) return poly(ring);
  const land = polygonClipping.difference([ring] as Pair[][], [sea] as Pair[][]);
  if (land.length === 0) return null;
  return land.length === 1
    ? { type: 'Polygon', coordinates: land[0]! as Ring[] }
    : { type: 'MultiPolygon', coordinates: land as Ring[][] };
}

const pairsOf = (g: Geometry): Pair[][][] =>
  (g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : []) as Pair[][][];

/** The union of two (multi)polygons. */
function unionOf(a: Geometry, b: Geometry): Geometry {
  const u = polygonClipping.union(pairsOf(a), pairsOf(b));
  return u.length === 1
    ? { type: 'Polygon', coordinates: u[0]! as Ring[] }
    : { type: 'MultiPolygon', coordinates: u as Ring[][] };
}

function adminBoundaries(areas: readonly SampleArea[], outDir: string): PlanningSampleFile[] {
  const dir = dirOf(outDir, 'admin-boundaries');
  const layers: {
    file: string;
    prefix: string;
    features: { code: string; name: string; ring: Ring; sea: Position[] | null }[];
  }[] = [
    { file: 'WD_DEC_2024_UK_BFC', prefix: 'WD24', features: [] },
    { file: 'LAD_DEC_2024_UK_BFC', prefix: 'LAD24', features: [] },
    { file: 'RGN_DEC_2024_EN_BFC', prefix: 'RGN24', features: [] },
    { file: 'CTRY_DEC_2024_UK_BFC', prefix: 'CTRY24', features: [] },
  ];
  const countryNames: Record<string, string> = { England: 'England', Wales: 'Wales', Scotland: 'Scotland' };
  for (const area of areas) {
    const { x, y } = area.centre;
    const sea = seaOf(geographyOf(area));
    const la = squareRing(x, y, LA_HALF);
    const centres: Position[] = area.wards.map((w) => [w.centre.x, w.centre.y]);
    area.wards.forEach((w, i) => {
      const cell = voronoiCell(centres, i, {
        minX: x - LA_HALF,
        minY: y - LA_HALF,
        maxX: x + LA_HALF,
        maxY: y + LA_HALF,
      });
      if (cell) layers[0]!.features.push({ code: w.code, name: w.name, ring: cell, sea });
    });
    layers[1]!.features.push({
      code: area.localAuthority.code,
      name: area.localAuthority.name,
      ring: la,
      sea,
    });
    if (area.country === 'England')
      layers[2]!.features.push({
        code: area.regionCode,
        name: REGION_NAMES.find((r) => r.code === area.regionCode)?.name ?? area.regionCode,
        ring: squareRing(x, y, COUNTRY_HALF),
        sea,
      });
    layers[3]!.features.push({
      code: area.countryCode,
      name: countryNames[area.country]!,
      ring: squareRing(x, y, COUNTRY_HALF),
      sea,
    });
  }
  return layers.map((layer) => {
    const base = join(dir, layer.file);
    // One feature per code, as BFC files have: two areas of a country (Bath and Fulham, Stirling and
    // Edinburgh) give one (multi)polygon, the union of their clipped squares.
    const byCode = new Map<string, { code: string; name: string; geometry: Geometry }>();
    for (const f of layer.features) {
      const geometry = clippedToLand(f.ring, f.sea);
      if (!geometry) continue;
      const seen = byCode.get(f.code);
      byCode.set(f.code, seen ? { ...seen, geometry: unionOf(seen.geometry, geometry) } : { ...f, geometry });
    }
    const features = [...byCode.values()];
    writeShapefile(base, {
      shapeType: 5,
      crs: 27700,
      fields: [
        { name: 'FID', type: 'N', length: 9 },
        { name: `${layer.prefix}CD`, type: 'C', length: 9 },
        { name: `${layer.prefix}NM`, type: 'C', length: 60 },
        { name: `${layer.prefix}NMW`, type: 'C', length: 60 },
        { name: 'GlobalID', type: 'C', length: 38 },
      ],
      features: features.map((f, i) => ({
        geometry: f.geometry,
        properties: {
          FID: i + 1,
          [`${layer.prefix}CD`]: f.code,
          [`${layer.prefix}NM`]: f.name,
          [`${layer.prefix}NMW`]: '',
          GlobalID: '',
        },
      })),
    });
    return {
      dataset: 'admin-boundaries',
      format: `ESRI Shapefile (ONS ${layer.file}, BNG)`,
      file: writtenFile(`${base}.shp`, features.length),
    };
  });
}

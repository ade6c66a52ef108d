// Sample heritage layers of Wales and Scotland, each in its publisher's download layout (reference
// wales-scotland.md sections 1-2):
//   cadw-listed-buildings/Cadw_ListedBuildings.json      DataMapWales WFS GeoJSON (srsName=EPSG:27700): feature
//                                                         ids, RecordNumber, Name (some with trailing spaces),
//                                                         Name_cy, Grade (some with stray spaces),
//                                                         DesignationDate (ISO-Zulu, or a bare year), Report
//   wales-conservation-areas/conservation_areas_wales.json  WFS GeoJSON: `conservation_areas_wales.<n>`, sitename
//   cadw-world-heritage-sites/WorldHeritageSites.json     WFS GeoJSON: Name (Pontcysyllte also in NHLE's file)
//   hes-listed-buildings/lb_scotland.zip                 Listed_Buildings.shp (points; several points for some
//                                                         DES_REFs, a legacy C(S), a blank category) and
//                                                         Listed_Buildings_boundaries.shp, the attribute schema
//   hes-conservation-areas/ca_scotland.zip               Conservation_Areas.shp
//   hes-world-heritage-sites/WHS.zip                     World_Heritage_Sites.shp (titles ending " World Heritage
//                                                         Site Boundary", a buffer zone, a two-part site)
// Real: the sites' names and rough places. Synthetic: every shape, the listed buildings (random points near
// each Welsh and Scottish area) and the conservation areas' names and shapes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Geometry, Position } from '../../geo/geometry';
import { shapefileBytes, type DbfFieldInput, type ShapefileInput } from '../../io/spatial/shapefile-write';
import { writeZip } from '../../io/zip';
import type { SampleArea } from '../areas';
import { circle, strip, widthFactor } from '../flood/shapes';
import { dirOf, poly, type PlanningSampleFile } from '../planning/layer-files';
import { hashSeed, Rng } from '../rng';
import { writtenFile } from '../terrain/write';

/** A DataMapWales WFS GeoJSON export (GeoServer's layout: ids, counts, BNG `crs`). */
function writeWfsGeoJson(
  path: string,
  typeName: string,
  features: readonly { geometry: Geometry | null; properties: Record<string, unknown> }[],
): void {
  const doc = {
    type: 'FeatureCollection',
    features: features.map((f, i) => ({
      type: 'Feature',
      id: `${typeName}.${i + 1}`,
      geometry: f.geometry,
      geometry_name: 'geom',
      properties: f.properties,
    })),
    totalFeatures: features.length,
    numberMatched: features.length,
    numberReturned: features.length,
    timeStamp: '2025-10-01T09:00:00.000Z',
    crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::27700' } },
  };
  writeFileSync(path, JSON.stringify(doc));
}

/** A strip of `width` metres along a polyline (a canal, a wall, a bridge). */
const along = (line: Position[], width: number): Geometry => ({
  type: 'Polygon',
  coordinates: strip(line, -width / 2, width / 2, widthFactor(0.3)),
});

// World Heritage Sites in Wales (Cadw's four): real names, rough real places, synthetic shapes.
const PONTCYSYLLTE: Position[] = [
  [324_000, 339_000],
  [327_000, 341_500],
  [329_000, 342_200],
  [331_500, 341_000],
];
export const PONTCYSYLLTE_NAME = 'Pontcysyllte Aqueduct and Canal';

const WALES_SITES: readonly { name: string; geometry: Geometry }[] = [
  { name: 'Blaenavon Industrial Landscape', geometry: poly(circle([324_500, 209_500], 5_500, 64)) },
  { name: PONTCYSYLLTE_NAME, geometry: along(PONTCYSYLLTE, 600) },
  {
    name: 'Castles and Town Walls of King Edward in Gwynedd',
    geometry: {
      type: 'MultiPolygon',
      coordinates: [
        [circle([247_800, 362_700], 400, 24)],
        [circle([258_000, 377_800], 400, 24)],
        [circle([260_400, 381_500], 300, 24)],
        [circle([277_900, 377_600], 400, 24)],
      ],
    },
  },
  { name: 'The Slate Landscape of Northwest Wales', geometry: poly(circle([262_000, 360_000], 6_000, 48)) },
];

/** Pontcysyllte as NHLE's layer has it too (the same boundary): the Great Britain table keeps it once. */
export const pontcysyllteGeometry = (): Geometry => along(PONTCYSYLLTE, 600);

// World Heritage Sites in Scotland, as HES's WHS.zip: the title suffix, a separate buffer zone feature, and a
// site in two parts.
const ANTONINE: Position[] = [
  [246_000, 673_000],
  [262_000, 677_500],
  [278_000, 680_000],
  [292_000, 680_500],
  [300_000, 681_000],
];
const SCOTLAND_SITES: readonly {
  ref: string;
  title: string;
  designated: string;
  geometry: Geometry;
}[] = [
  {
    ref: 'WHS6',
    title: 'Frontiers of the Roman Empire: Antonine Wall World Heritage Site Boundary',
    designated: '2008-07-07',
    geometry: {
      type: 'MultiPolygon',
      coordinates: [
        strip(ANTONINE.slice(0, 3), -150, 150, widthFactor(1.1)),
        strip(ANTONINE.slice(2), -150, 150, widthFactor(2.2)).map((r) =>
          r.map(([x, y]) => [x, y - 900] as Position),
        ),
      ],
    },
  },
  {
    ref: 'WHS6BZ',
    title: 'Frontiers of the Roman Empire: Antonine Wall World Heritage Site Buffer Zone',
    designated: '2008-07-07',
    geometry: along(ANTONINE, 3_000),
  },
  {
    ref: 'WHS3',
    title: 'Old and New Towns of Edinburgh World Heritage Site Boundary',
    designated: '1995-12-08',
    geometry: poly(circle([325_600, 673_700], 1_600, 64)),
  },
  {
    ref: 'WHS4',
    title: 'New Lanark World Heritage Site Boundary',
    designated: '2001-12-14',
    geometry: poly(circle([288_200, 642_600], 700, 32)),
  },
  {
    ref: 'WHS7',
    title: 'The Forth Bridge World Heritage Site Boundary',
    designated: '2015-07-05',
    geometry: along(
      [
        [312_900, 678_400],
        [313_300, 680_800],
      ],
      120,
    ),
  },
];

/** A random point within `radius` of the area's centre, to the decimetre. */
function near(rng: Rng, area: SampleArea, radius: number): Position {
  const r = radius * Math.sqrt(rng.next());
  const a = 2 * Math.PI * rng.next();
  return [
    Math.round((area.centre.x + r * Math.cos(a)) * 10) / 10,
    Math.round((area.centre.y + r * Math.sin(a)) * 10) / 10,
  ];
}

const isoDay = (rng: Rng, from: number, to: number): string => {
  const y = rng.int(from, to);
  return `${y}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
};

// ------------------------------------------------------------------------------------------------- Wales

function cadwListedBuildings(areas: readonly SampleArea[], outDir: string, seed: number): PlanningSampleFile {
  const features: { geometry: Geometry | null; properties: Record<string, unknown> }[] = [];
  let record = 13_000;
  for (const area of areas) {
    const rng = new Rng(hashSeed(seed, 'cadw-listed', area.id));
    for (let i = 0; i < 140; i++) {
      const p = near(rng, area, 2500);
      const grade = rng.chance(0.02) ? 'I' : rng.chance(0.07) ? 'II*' : 'II';
      const kind = rng.pick(['Terrace', 'Chapel', 'Church of St', 'Villa', 'Boundary wall to']);
      record += 1 + rng.int(0, 40);
      features.push({
        geometry: { type: 'Point', coordinates: p },
        properties: {
          RecordNumber: record,
          // Published names can carry trailing spaces; grades a stray space.
          Name: `${kind} ${i + 1}, ${area.name}${i % 7 === 0 ? '  ' : ''}`,
          Name_cy: `${kind} ${i + 1}, ${area.id === 'cardiff' ? 'Caerdydd' : area.name}`,
          Grade: i % 11 === 0 ? ` ${grade} ` : grade,
          BroadClass: rng.pick([
            'Domestic',
            'Religious, Ritual and Funerary',
            'Commercial',
            'Gardens, Parks and Urban Spaces',
          ]),
          Community: area.wards[i % area.wards.length]!.name,
          UnitaryAuthority: area.localAuthority.name,
          // ISO-Zulu, as the service gives it; a few as a bare year, as one export has it.
          DesignationDate: i % 13 === 0 ? rng.int(1952, 1999) : `${isoDay(rng, 1952, 2020)}T00:00:00Z`,
          Report: `https://cadwpublic-api.azurewebsites.net/reports/listedbuilding/FullReport?lang=en&id=${record}`,
          Report_welsh: `https://cadwpublic-api.azurewebsites.net/reports/listedbuilding/FullReport?lang=cy&id=${record}`,
          Easting: p[0],
          Northing: p[1],
        },
      });
    }
    // Quarantined: an unknown grade and a record without a number.
    features.push({
      geometry: { type: 'Point', coordinates: [area.centre.x + 10, area.centre.y + 10] },
      properties: { RecordNumber: 99_001, Name: 'Bad grade', Grade: 'III', DesignationDate: null },
    });
    features.push({
      geometry: { type: 'Point', coordinates: [area.centre.x - 10, area.centre.y] },
      properties: { RecordNumber: null, Name: 'No record', Grade: 'II', DesignationDate: null },
    });
  }
  const path = join(dirOf(outDir, 'cadw-listed-buildings'), 'Cadw_ListedBuildings.json');
  writeWfsGeoJson(path, 'Cadw_ListedBuildings', features);
  return {
    dataset: 'cadw-listed-buildings',
    format: 'GeoJSON (DataMapWales WFS export of inspire-wg:Cadw_ListedBuildings, BNG)',
    file: writtenFile(path, features.length),
  };
}

function walesConservationAreas(areas: readonly SampleArea[], outDir: string): PlanningSampleFile {
  const features: { geometry: Geometry | null; properties: Record<string, unknown> }[] = [];
  for (const area of areas) {
    const { x, y } = area.centre;
    features.push(
      { geometry: poly(circle([x + 300, y + 900], 900, 48)), properties: { sitename: 'Cathays Park' } },
      { geometry: poly(circle([x - 1800, y + 700], 600, 32)), properties: { sitename: 'Cathedral Road' } },
      { geometry: poly(circle([x - 3200, y + 2600], 500, 32)), properties: { sitename: 'Llandaff' } },
      { geometry: poly(circle([x + 1900, y + 2400], 450, 32)), properties: { sitename: 'Roath Park' } },
      // Quarantined: a ring of three points.
      {
        geometry: poly([
          [x, y - 4000],
          [x + 100, y - 4000],
          [x, y - 4000],
        ]),
        properties: { sitename: 'Broken ring' },
      },
    );
  }
  const path = join(dirOf(outDir, 'wales-conservation-areas'), 'conservation_areas_wales.json');
  writeWfsGeoJson(path, 'conservation_areas_wales', features);
  return {
    dataset: 'wales-conservation-areas',
    format: 'GeoJSON (DataMapWales WFS export of geonode:conservation_areas_wales, BNG)',
    file: writtenFile(path, features.length),
  };
}

function cadwWorldHeritageSites(outDir: string): PlanningSampleFile {
  const path = join(dirOf(outDir, 'cadw-world-heritage-sites'), 'WorldHeritageSites.json');
  const features = WALES_SITES.map((s) => ({ geometry: s.geometry, properties: { Name: s.name } }));
  writeWfsGeoJson(path, 'vGeoServer_WorldHeritageSites_Public', features);
  return {
    dataset: 'cadw-world-heritage-sites',
    format: 'GeoJSON (DataMapWales WFS export of inspire-wg:vGeoServer_WorldHeritageSites_Public, BNG)',
    file: writtenFile(path, features.length),
  };
}

// ---------------------------------------------------------------------------------------------- Scotland

const HES_TEXT = (name: string, length: number): DbfFieldInput => ({ name, type: 'C', length });

/** A HES Atom zip: the shapefile(s) at its root, plus any other entries (e.g. the attribute schema). */
function writeHesZip(
  path: string,
  shapefiles: Record<string, ShapefileInput>,
  extra: Record<string, Uint8Array> = {},
): void {
  const entries: Record<string, Uint8Array> = { ...extra };
  for (const [base, input] of Object.entries(shapefiles)) {
    const bytes = shapefileBytes({ ...input, encoding: 'utf-8' });
    for (const [ext, data] of Object.entries(bytes)) if (data) entries[`${base}.${ext}`] = data;
  }
  writeZip(path, entries);
}

const LB_FIELDS: DbfFieldInput[] = [
  HES_TEXT('DES_REF', 10),
  HES_TEXT('DES_TITLE', 200),
  HES_TEXT('ENT_TITLE', 200),
  HES_TEXT('DES_TYPE', 30),
  HES_TEXT('CATEGORY', 5),
  { name: 'DESIGNATED', type: 'D', length: 8 },
  { name: 'AMENDED', type: 'D', length: 8 },
  HES_TEXT('LOCAL_AUTH', 60),
  HES_TEXT('PARBUR', 60),
  HES_TEXT('NAT_PARK', 60),
  HES_TEXT('LINK', 120),
  { name: 'X', type: 'N', length: 12, decimals: 1 },
  { name: 'Y', type: 'N', length: 12, decimals: 1 },
];

const LB_SCHEMA_TEXT = [
  'Listed_Buildings attribute schema (sample)',
  'DES_REF     Designation reference (LB + number)',
  'DES_TITLE   Designation title',
  'ENT_TITLE   Entity title',
  'DES_TYPE    Designation type',
  'CATEGORY    Category of listing: A, B, C',
  'DESIGNATED  Date designated',
  'AMENDED     Date amended',
  'LOCAL_AUTH  Local authority',
  'PARBUR      Parish or burgh',
  'NAT_PARK    National park',
  'LINK        Portal record',
  'X, Y        British National Grid easting and northing',
  '',
].join('\r\n');

function hesListedBuildings(areas: readonly SampleArea[], outDir: string, seed: number): PlanningSampleFile {
  const points: { geometry: Geometry | null; properties: Record<string, unknown> }[] = [];
  const boundaries: { geometry: Geometry | null; properties: Record<string, unknown> }[] = [];
  let ref = 40_000;
  for (const area of areas) {
    const rng = new Rng(hashSeed(seed, 'hes-listed', area.id));
    for (let i = 0; i < 140; i++) {
      ref += 1 + rng.int(0, 30);
      const p = near(rng, area, 2500);
      const category = rng.chance(0.08) ? 'A' : rng.chance(0.6) ? 'B' : i % 17 === 0 ? 'C(S)' : 'C';
      const kind = rng.pick(['House', 'Tolbooth', 'Parish Church', 'Bridge', 'Boundary Walls and Gatepiers']);
      const title = `${kind}, ${i + 1} ${area.name}`;
      const props = {
        DES_REF: `LB${ref}`,
        DES_TITLE: title,
        ENT_TITLE: `${kind}, ${area.name}`,
        DES_TYPE: 'Listed Building',
        CATEGORY: category,
        DESIGNATED: isoDay(rng, 1965, 2015),
        AMENDED: null,
        LOCAL_AUTH: area.localAuthority.name,
        PARBUR: area.name,
        NAT_PARK: ' ',
        LINK: `https://portal.historicenvironment.scot/designation/LB${ref}`,
        X: p[0],
        Y: p[1],
      };
      points.push({ geometry: { type: 'Point', coordinates: p }, properties: props });
      // One designation can have several points (a long building, a group): the loader keeps the first.
      if (i % 10 === 3)
        points.push({
          geometry: { type: 'Point', coordinates: [p[0] + 35, p[1] - 20] },
          properties: { ...props, X: p[0] + 35, Y: p[1] - 20 },
        });
      if (i % 20 === 5)
        boundaries.push({
          geometry: poly(circle(p, 25, 12)),
          properties: { DES_REF: `LB${ref}`, DES_TITLE: title },
        });
    }
    // Quarantined: a point without a category.
    points.push({
      geometry: { type: 'Point', coordinates: [area.centre.x + 5, area.centre.y + 5] },
      properties: { DES_REF: 'LB99999', DES_TITLE: 'No category', CATEGORY: ' ', DESIGNATED: '1971-01-01' },
    });
  }
  const path = join(dirOf(outDir, 'hes-listed-buildings'), 'lb_scotland.zip');
  writeHesZip(
    path,
    {
      Listed_Buildings: { shapeType: 1, crs: 27700, fields: LB_FIELDS, features: points },
      Listed_Buildings_boundaries: {
        shapeType: 5,
        crs: 27700,
        fields: [HES_TEXT('DES_REF', 10), HES_TEXT('DES_TITLE', 200)],
        features: boundaries,
      },
    },
    { 'Listed_Buildings_Attribute_Schema.txt': Uint8Array.from(Buffer.from(LB_SCHEMA_TEXT, 'latin1')) },
  );
  return {
    dataset: 'hes-listed-buildings',
    format: 'zip (HES Atom lb_scotland.zip: Listed_Buildings.shp points, boundaries, attribute schema; BNG)',
    file: writtenFile(path, points.length),
  };
}

const AREA_FIELDS: DbfFieldInput[] = [
  HES_TEXT('DES_REF', 10),
  HES_TEXT('DES_TITLE', 200),
  HES_TEXT('DES_TYPE', 30),
  HES_TEXT('PRECISION', 30),
  HES_TEXT('ACCURACY', 30),
  { name: 'DESIGNATED', type: 'D', length: 8 },
  HES_TEXT('LINK', 120),
];

function hesConservationAreas(areas: readonly SampleArea[], outDir: string): PlanningSampleFile {
  const features: { geometry: Geometry | null; properties: Record<string, unknown> }[] = [];
  let ref = 300;
  for (const area of areas) {
    const { x, y } = area.centre;
    // Real conservation area names of each place (shapes synthetic).
    const edinburgh = area.id === 'edinburgh';
    const shapes: [string, Geometry, string][] = [
      [
        edinburgh ? 'Trinity' : `${area.name} Town Centre`,
        poly(circle([x - 200, y + 100], 1_000, 48)),
        '1968-05-01',
      ],
      [edinburgh ? 'Inverleith' : 'Kings Park', poly(circle([x - 1_500, y - 900], 500, 32)), '1977-09-12'],
      edinburgh
        ? ['Leith', poly(circle([x + 1_500, y - 200], 700, 32)), '1976-03-30']
        : ['Bridge of Allan', poly(circle([x + 500, y + 4_200], 700, 32)), '1971-03-30'],
    ];
    for (const [name, geometry, designated] of shapes)
      features.push({
        geometry,
        properties: {
          DES_REF: `CA${ref++}`,
          DES_TITLE: name,
          DES_TYPE: 'Conservation Area',
          PRECISION: 'Local Authority supplied',
          ACCURACY: 'Good',
          DESIGNATED: designated,
          LINK: `https://portal.historicenvironment.scot/designation/CA${ref - 1}`,
        },
      });
  }
  const path = join(dirOf(outDir, 'hes-conservation-areas'), 'ca_scotland.zip');
  writeHesZip(path, { Conservation_Areas: { shapeType: 5, crs: 27700, fields: AREA_FIELDS, features } });
  return {
    dataset: 'hes-conservation-areas',
    format: 'zip (HES Atom ca_scotland.zip: Conservation_Areas.shp, BNG)',
    file: writtenFile(path, features.length),
  };
}

function hesWorldHeritageSites(outDir: string): PlanningSampleFile {
  const features = SCOTLAND_SITES.map((s) => ({
    geometry: s.geometry,
    properties: {
      DES_REF: s.ref,
      DES_TITLE: s.title,
      DES_TYPE: 'WORLD HERITAGE SITE',
      PRECISION: '',
      ACCURACY: '',
      DESIGNATED: s.designated,
      LINK: `https://portal.historicenvironment.scot/designation/${s.ref}`,
    },
  }));
  const path = join(dirOf(outDir, 'hes-world-heritage-sites'), 'WHS.zip');
  writeHesZip(path, { World_Heritage_Sites: { shapeType: 5, crs: 27700, fields: AREA_FIELDS, features } });
  return {
    dataset: 'hes-world-heritage-sites',
    format: 'zip (HES Atom WHS.zip: World_Heritage_Sites.shp, BNG)',
    file: writtenFile(path, features.length),
  };
}

export function writeHeritageSamples(
  areas: readonly SampleArea[],
  outDir: string,
  seed: number,
): PlanningSampleFile[] {
  const wales = areas.filter((a) => a.country === 'Wales');
  const scotland = areas.filter((a) => a.country === 'Scotland');
  return [
    cadwListedBuildings(wales, outDir, seed),
    walesConservationAreas(wales, outDir),
    cadwWorldHeritageSites(outDir),
    hesListedBuildings(scotland, outDir, seed),
    hesConservationAreas(scotland, outDir),
    hesWorldHeritageSites(outDir),
  ];
}

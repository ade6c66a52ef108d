// Sample environment and social layers around the sample areas (Bath, Cardiff, Stirling, Fulham, Edinburgh), in its
// publisher's layout (reference environment-hazards.md, amenities-transport.md 4, socioeconomic.md 4):
//   defra-background-air        one CSV per local authority × pollutant × year (`E06000022-no2-2021.csv`):
//                               5 preamble lines, then `Local_Auth_Code,x,y,geo_area,EU_zone_agglom_01,
//                               Total_<POLLUTANT>_21,<sector columns>`; x/y are 1 km square centres; one NO2
//                               row per area holds a non-numeric total (quarantined)
//   bgs-radon-atlas             GeoPackage of 1 km squares with CLASS_MAX (1-6), BNG
//   os-open-greenspace          GB_GreenspaceSite shapefile (id, function, distName1..4), BNG polygons; a play
//                               space inside a park (overlapping sites), unnamed sites
//   bgs-landslides              CSV export (ID, NAME, EASTING, NORTHING, DATE, TYPE, CONFIDENCE); one row
//                               without a position (quarantined)
//   nhs-ods                     headerless ODS epraccur.csv (27 columns), egdpprac.csv and ets.csv at real
//                               sample postcodes; a closed practice, a non-GP prescribing setting and an
//                               unknown postcode (quarantined)
//   the-circuit-defibrillators  CSV (id, location_name, availability, access_type, latitude, longitude)
// Real: the places, local authority codes, the pollutant column naming, the ODS column order and codes'
// shapes. Synthetic: every value, shape and name (no real data is available offline).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { squarePolygon, type Feature, type Geometry, type Position } from '../../geo/geometry';
import { bngToWgs84 } from '../../geo/bng';
import { writeGeoPackage } from '../../io/spatial/geopackage';
import { writeShapefile } from '../../io/spatial/shapefile-write';
import type { AddressBook } from '../addresses';
import type { SampleArea } from '../areas';
import { csvRow, type WrittenFile } from '../csv-writer';
import { circle } from '../flood/shapes';
import { hashSeed, Rng } from '../rng';
import { writtenFile } from '../terrain/write';

export interface EnvironmentSampleFile {
  dataset: string;
  format: string;
  file: WrittenFile;
  headerRows: number;
}

/** Half the side of the square of 1 km cells written around each area (m). */
const GRID_HALF = 10_000;

function dirOf(outDir: string, dataset: string): string {
  const dir = join(outDir, dataset);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function writeLines(path: string, lines: readonly string[], rows: number, eol = '\r\n'): WrittenFile {
  writeFileSync(path, lines.join(eol) + eol);
  return writtenFile(path, rows);
}

/** The 1 km cells (south-west corners) of the square around an area. */
function cellsAround(area: SampleArea): Position[] {
  const out: Position[] = [];
  const x0 = Math.floor((area.centre.x - GRID_HALF) / 1000) * 1000;
  const y0 = Math.floor((area.centre.y - GRID_HALF) / 1000) * 1000;
  for (let y = y0; y < area.centre.y + GRID_HALF; y += 1000)
    for (let x = x0; x < area.centre.x + GRID_HALF; x += 1000) out.push([x, y]);
  return out;
}

// Typical background levels (µg/m³) at a city centre; they fall off with distance from it.
const POLLUTANT_FILES = [
  { file: 'benzene', column: 'Total_Benzene_21', centre: 0.5 },
  { file: 'no2', column: 'Total_NO2_21', centre: 22 },
  { file: 'nox', column: 'Total_NOx_21', centre: 32 },
  { file: 'pm10', column: 'Total_PM10_21', centre: 15 },
  { file: 'pm25', column: 'Total_PM2.5_21', centre: 9 },
  { file: 'so2', column: 'Total_SO2_21', centre: 3 },
] as const;
const SECTORS = [
  'Motorway_in',
  'Motorway_out',
  'Trunk_A_Rd_in',
  'Trunk_A_Rd_out',
  'Domestic_in',
  'Domestic_out',
  'Point_Sources',
  'Rural',
];

function airQuality(areas: readonly SampleArea[], outDir: string, seed: number): EnvironmentSampleFile[] {
  const dir = dirOf(outDir, 'defra-background-air');
  const out: EnvironmentSampleFile[] = [];
  for (const area of areas) {
    const cells = cellsAround(area);
    for (const p of POLLUTANT_FILES) {
      const rng = new Rng(hashSeed(seed, 'air', area.id, p.file));
      const lines = [
        `Background pollutant concentrations for ${p.file.toUpperCase()} in ${area.localAuthority.name}`,
        'Base year 2018; projection year 2021',
        'Units: ug/m3 (annual mean)',
        'x and y are the centre of each 1 km x 1 km grid square (OSGB)',
        'Source: Defra LAQM background maps',
        csvRow(['Local_Auth_Code', 'x', 'y', 'geo_area', 'EU_zone_agglom_01', p.column, ...SECTORS]),
      ];
      let rows = 0;
      cells.forEach(([x, y], i) => {
        const d = Math.hypot(x + 500 - area.centre.x, y + 500 - area.centre.y);
        const total = p.centre * (0.35 + 0.65 * Math.exp(-d / 5000)) * rng.real(0.9, 1.1);
        const parts = SECTORS.map(() => ((total / SECTORS.length) * rng.real(0.5, 1.5)).toFixed(5));
        // NO2 files carry non-numeric cells (reference): one per area, quarantined by the loader.
        const cell = p.file === 'no2' && i === 7 ? 'NA' : total.toFixed(5);
        lines.push(
          csvRow([
            area.localAuthority.code,
            String(x + 500),
            String(y + 500),
            String(i + 1),
            '0',
            cell,
            ...parts,
          ]),
        );
        rows++;
      });
      const path = join(dir, `${area.localAuthority.code}-${p.file}-2021.csv`);
      out.push({
        dataset: 'defra-background-air',
        format: 'csv (DEFRA LAQM background map: 5 preamble lines, then Local_Auth_Code header)',
        file: writeLines(path, lines, rows),
        headerRows: 6,
      });
    }
  }
  return out;
}

/**
 * Radon classes by area: Stirling and Bath have moderate potential on parts of their geology, Cardiff and
 * Edinburgh low, Fulham (London Clay) the lowest.
 */
const RADON_MAX: Record<SampleArea['id'], number> = {
  bath: 4,
  cardiff: 2,
  stirling: 3,
  london: 1,
  edinburgh: 2,
};

function radon(areas: readonly SampleArea[], outDir: string, seed: number): EnvironmentSampleFile {
  const features: Feature[] = [];
  for (const area of areas) {
    const rng = new Rng(hashSeed(seed, 'radon', area.id));
    for (const cell of cellsAround(area)) {
      // Bands running across the area, so neighbouring squares mostly share a class.
      const band = Math.floor(((cell[0] - area.centre.x + GRID_HALF) / (2 * GRID_HALF)) * RADON_MAX[area.id]);
      const cls = Math.min(RADON_MAX[area.id], Math.max(1, band + 1 + (rng.chance(0.1) ? 1 : 0)));
      features.push({ geometry: squarePolygon(cell, 1000), properties: { CLASS_MAX: cls } });
    }
  }
  const path = join(dirOf(outDir, 'bgs-radon-atlas'), 'RadonIndicativeAtlas_v3.gpkg');
  writeGeoPackage(path, [
    {
      name: 'radon_indicative_atlas_v3',
      geometryType: 'POLYGON',
      srsId: 27700,
      fields: [{ name: 'CLASS_MAX', type: 'INTEGER' }],
      features,
    },
  ]);
  return {
    dataset: 'bgs-radon-atlas',
    format: 'GeoPackage (BGS/UKHSA indicative atlas of radon potential, 1 km squares, CLASS_MAX)',
    file: writtenFile(path, features.length),
    headerRows: 0,
  };
}

const GREENSPACE_FUNCTIONS = [
  'Public Park Or Garden',
  'Playing Field',
  'Allotments Or Community Growing Spaces',
  'Cemetery',
  'Religious Grounds',
  'Golf Course',
  'Bowling Green',
  'Tennis Court',
  'Other Sports Facility',
] as const;

function greenspace(areas: readonly SampleArea[], outDir: string, seed: number): EnvironmentSampleFile {
  const features: { geometry: Geometry; properties: Record<string, unknown> }[] = [];
  for (const area of areas) {
    const rng = new Rng(hashSeed(seed, 'greenspace', area.id));
    const { x, y } = area.centre;
    // A large park near the centre with a play space inside it (OS publishes both as sites).
    features.push({
      geometry: { type: 'Polygon', coordinates: [circle([x + 400, y + 300], 350, 24)] },
      properties: {
        id: `id${area.id.toUpperCase()}-PARK`,
        function: 'Public Park Or Garden',
        distName1: `${area.name} Victoria Park`,
      },
    });
    features.push({
      geometry: squarePolygon([x + 350, y + 250], 60),
      properties: { id: `id${area.id.toUpperCase()}-PLAY`, function: 'Play Space', distName1: '' },
    });
    for (let i = 0; i < 40; i++) {
      const c: Position = [Math.round(x + rng.real(-8000, 8000)), Math.round(y + rng.real(-8000, 8000))];
      const side = Math.round(rng.real(40, 250));
      const fn = rng.pick(GREENSPACE_FUNCTIONS);
      features.push({
        geometry: squarePolygon(c, side),
        properties: {
          id: `id${area.id.toUpperCase()}-${String(i).padStart(4, '0')}`,
          function: fn,
          distName1: rng.chance(0.5)
            ? `${rng.pick(area.districts[0]!.streets).replace(/ (Street|Road|Lane|Avenue)$/, '')} ${fn === 'Cemetery' ? 'Cemetery' : 'Green'}`
            : '',
        },
      });
    }
  }
  // One site without a function: quarantined.
  features.push({
    geometry: squarePolygon([areas[0]!.centre.x - 3000, areas[0]!.centre.y], 50),
    properties: { id: 'idBROKEN', function: '', distName1: '' },
  });
  const base = join(dirOf(outDir, 'os-open-greenspace'), 'GB_GreenspaceSite');
  writeShapefile(base, {
    shapeType: 5,
    crs: 27700,
    fields: [
      { name: 'id', type: 'C', length: 38 },
      { name: 'function', type: 'C', length: 40 },
      { name: 'distName1', type: 'C', length: 80 },
      { name: 'distName2', type: 'C', length: 80 },
      { name: 'distName3', type: 'C', length: 80 },
      { name: 'distName4', type: 'C', length: 80 },
    ],
    features,
  });
  return {
    dataset: 'os-open-greenspace',
    format: 'ESRI Shapefile (OS Open Greenspace GB_GreenspaceSite, BNG polygons)',
    file: writtenFile(`${base}.shp`, features.length),
    headerRows: 0,
  };
}

function landslides(areas: readonly SampleArea[], outDir: string, seed: number): EnvironmentSampleFile {
  const lines = [csvRow(['ID', 'NAME', 'EASTING', 'NORTHING', 'DATE', 'TYPE', 'CONFIDENCE'])];
  let id = 1000;
  for (const area of areas) {
    const rng = new Rng(hashSeed(seed, 'landslides', area.id));
    // Bath's slopes have many recorded slips; the others a few.
    const n = area.id === 'bath' ? 25 : 6;
    for (let i = 0; i < n; i++) {
      const e = Math.round(area.centre.x + rng.real(-4000, 4000));
      const nn = Math.round(area.centre.y + rng.real(-4000, 4000));
      lines.push(
        csvRow([
          String(id++),
          `${rng.pick(area.districts[0]!.localities.filter(Boolean).concat([area.name]))} slip ${i + 1}`,
          String(e),
          String(nn),
          rng.chance(0.5) ? `${1950 + rng.int(0, 70)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}` : '',
          rng.pick(['Rotational slide', 'Translational slide', 'Flow', 'Fall']),
          rng.pick(['Certain', 'Probable', 'Possible']),
        ]),
      );
    }
  }
  lines.push(csvRow([String(id), 'Record without a position', '', '', '', 'Flow', 'Possible']));
  const path = join(dirOf(outDir, 'bgs-landslides'), 'national_landslide_database.csv');
  return {
    dataset: 'bgs-landslides',
    format: 'csv (BGS National Landslide Database export: ID, NAME, EASTING, NORTHING, …)',
    file: writeLines(path, lines, lines.length - 1),
    headerRows: 1,
  };
}

/** A standard ODS row of `width` quoted columns: code, name, grouping, geography, 5 address lines, postcode, … */
function odsRow(width: number, values: Record<number, string>): string {
  // ODS quotes every field, empty ones included.
  return Array.from({ length: width }, (_, i) => `"${(values[i] ?? '').replace(/"/g, '""')}"`).join(',');
}

function nhs(books: readonly AddressBook[], outDir: string, seed: number): EnvironmentSampleFile[] {
  const dir = dirOf(outDir, 'nhs-ods');
  const gp: string[] = [];
  const dent: string[] = [];
  const trust: string[] = [];
  const upper = (s: string): string => s.toUpperCase();
  books.forEach((book, a) => {
    const rng = new Rng(hashSeed(seed, 'nhs', book.area.id));
    // Live postcodes with a grid reference: the ones ONSPD can place (the rest are quarantined by design).
    const live = book.postcodes.filter((p) => p.addresses > 0 && !p.noGrid && p.doterm === '');
    const site = (i: number) => {
      const pc = live[(i * 7919 + a) % live.length]!;
      const street =
        book.area.districts[pc.district]!.streets[i % book.area.districts[pc.district]!.streets.length]!;
      return { pc, street: upper(`${rng.int(1, 120)} ${street}`), town: upper(book.area.postTown) };
    };
    const prefix = book.area.country === 'England' ? 'L' : book.area.country === 'Wales' ? 'W' : 'S';
    for (let i = 0; i < 8; i++) {
      const s = site(i);
      gp.push(
        odsRow(27, {
          0: `${prefix}8${a}${String(i).padStart(3, '0')}`,
          1: upper(`${s.street.split(' ').slice(1).join(' ')} surgery`),
          2: 'Y60',
          3: 'QOX',
          4: s.street,
          5: i % 2 ? upper(book.area.districts[s.pc.district]!.localities.find(Boolean) ?? '') : '',
          6: s.town,
          9: s.pc.pcds,
          10: '19740401',
          // One practice closed, one a walk-in centre (prescribing setting 1): both quarantined.
          11: i === 6 ? '20190331' : '',
          12: i === 6 ? 'C' : 'A',
          13: 'B',
          14: '15C',
          17: `01225 ${String(rng.int(100000, 999999))}`,
          25: i === 7 ? '1' : '4',
        }),
      );
    }
    for (let i = 0; i < 5; i++) {
      const s = site(100 + i);
      dent.push(
        odsRow(27, {
          0: `V${a}${String(i).padStart(5, '0')}`,
          1: upper(`${book.area.name} dental care ${i + 1}`),
          2: 'Y60',
          3: 'QOX',
          4: s.street,
          5: s.town,
          9: s.pc.pcds,
          10: '20060401',
        }),
      );
    }
    for (let i = 0; i < 2; i++) {
      const s = site(200 + i);
      trust.push(
        odsRow(27, {
          0: `R${a}N${String(i).padStart(2, '0')}`,
          1: upper(i === 0 ? `${book.area.name} royal infirmary` : `${book.area.name} community hospital`),
          2: 'Y60',
          3: 'QOX',
          4: upper(`${['Combe Park', 'Heath Park', 'Livilands'][a] ?? 'Hospital Road'}`),
          5: s.town,
          9: s.pc.pcds,
          10: '19920401',
        }),
      );
    }
  });
  // A practice at a postcode ONSPD does not know: quarantined.
  gp.push(
    odsRow(27, { 0: 'L89999', 1: 'NOWHERE SURGERY', 4: '1 NO STREET', 9: 'ZZ99 9ZZ', 12: 'A', 25: '4' }),
  );
  const file = (name: string, lines: string[]): EnvironmentSampleFile => ({
    dataset: 'nhs-ods',
    format: 'csv (NHS ODS standard layout, no header row, quoted upper case)',
    file: writeLines(join(dir, name), lines, lines.length),
    headerRows: 0,
  });
  return [file('epraccur.csv', gp), file('egdpprac.csv', dent), file('ets.csv', trust)];
}

function defibrillators(books: readonly AddressBook[], outDir: string, seed: number): EnvironmentSampleFile {
  const lines = [csvRow(['id', 'location_name', 'availability', 'access_type', 'latitude', 'longitude'])];
  for (const book of books) {
    const rng = new Rng(hashSeed(seed, 'defib', book.area.id));
    for (let i = 0; i < 30; i++) {
      const x = book.area.centre.x + rng.real(-3000, 3000);
      const y = book.area.centre.y + rng.real(-3000, 3000);
      const { latitude, longitude } = bngToWgs84(x, y);
      const hex = (n: number): string =>
        Array.from({ length: n }, () => rng.int(0, 15).toString(16))
          .join('')
          .toUpperCase();
      lines.push(
        csvRow([
          `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`,
          rng.chance(0.85)
            ? rng.pick([
                'Outside pharmacy',
                'Village hall',
                'Railway station',
                'Leisure centre',
                'Church porch',
                'Phone box',
              ])
            : '',
          rng.pick(['24/7', 'Mon-Fri 09:00-17:00', 'During opening hours', '']),
          rng.pick(['Public', 'Restricted', 'Private', '']),
          latitude.toFixed(6),
          longitude.toFixed(6),
        ]),
      );
    }
  }
  // A device with no position: quarantined.
  lines.push(csvRow(['00000000-0000-0000-0000-000000000000', 'Unknown site', '24/7', 'Public', '', '']));
  const path = join(dirOf(outDir, 'the-circuit-defibrillators'), 'defibrillators.csv');
  return {
    dataset: 'the-circuit-defibrillators',
    format: 'csv (The Circuit export: id, location_name, availability, access_type, latitude, longitude)',
    file: writeLines(path, lines, lines.length - 1),
    headerRows: 1,
  };
}

export function writeEnvironmentSamples(
  books: readonly AddressBook[],
  outDir: string,
  seed: number,
): EnvironmentSampleFile[] {
  const areas = books.map((b) => b.area);
  return [
    ...airQuality(areas, outDir, seed),
    radon(areas, outDir, seed),
    greenspace(areas, outDir, seed),
    landslides(areas, outDir, seed),
    ...nhs(books, outDir, seed),
    defibrillators(books, outDir, seed),
  ];
}

// Sample BGS subsidence layers around the three sample areas (Bath, Cardiff, Stirling: GeoSure and GeoClimate
// both cover Great Britain), in the formats pipelines/sources/subsidence reads (reference environment-hazards.md
// section 4; field names as documented there and in docs/environment-climate-social.md):
//   bgs-geosure     one ESRI Shapefile per hazard (`GeoSure_v8_ShrinkSwell.shp` …), BNG polygons with GS_ID,
//                   CLASS (A-E), LEGEND, VERSION; neighbouring polygons share their edges; a few records have
//                   a blank LEGEND (the maintained default is staged) and one has CLASS "X" (quarantined)
//   bgs-geoclimate  GeoClimate Open: one GeoPackage with a layer per period (2030s, 2050s, 2080s, medium
//                   emissions) of 2 km grid squares with CLASS (Improbable/Possible/Probable/Unavailable),
//                   LEGEND, VERSION; one square with an unknown class (quarantined). The high-emissions keys
//                   are Premium only and deliberately absent, so they answer `Unavailable`.
// Real: the products' structure, the class scales and the BNG grid. Synthetic: every polygon and class.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { squarePolygon, type Feature, type Position } from '../geo/geometry';
import { writeGeoPackage } from '../io/spatial/geopackage';
import { writeShapefile } from '../io/spatial/shapefile-write';
import type { SampleArea } from './areas';
import { subsidenceReference } from '../transforms/environment/subsidence-reference';
import { hashSeed, Rng } from './rng';
import { writtenFile } from './terrain/write';
import type { WrittenFile } from './csv-writer';

export interface SubsidenceSampleFile {
  dataset: string;
  format: string;
  file: WrittenFile;
}

/** Half the side of the square covered around each area (m): beyond every sample UPRN. */
const HALF = 12_000;
const GEOSURE_CELL = 3000;
const GEOCLIMATE_CELL = 2000;

/** South-west corners of the `side` grid squares covering the area's square (aligned to the BNG grid). */
function gridAround(area: SampleArea, side: number): Position[] {
  const out: Position[] = [];
  const x0 = Math.floor((area.centre.x - HALF) / side) * side;
  const y0 = Math.floor((area.centre.y - HALF) / side) * side;
  for (let y = y0; y < area.centre.y + HALF; y += side)
    for (let x = x0; x < area.centre.x + HALF; x += side) out.push([x, y]);
  return out;
}

// Per hazard: the file's name and how likely each letter is (clay-rich Bath swells and slips more; Stirling's
// carse has compressible ground; Cardiff's alluvium has running sand; Fulham's London Clay shrinks and swells
// most; Edinburgh's till and raised beaches are mostly low).
const HAZARD_FILES = [
  {
    file: 'GeoSure_v8_CollapsibleDeposits',
    hazard: 'collapsible_deposits',
    weights: {
      bath: [5, 3, 1, 0, 0],
      cardiff: [6, 2, 1, 0, 0],
      stirling: [6, 2, 0, 0, 0],
      london: [6, 2, 1, 0, 0],
      edinburgh: [6, 2, 0, 0, 0],
    },
  },
  {
    file: 'GeoSure_v8_CompressibleGround',
    hazard: 'compressible_ground',
    weights: {
      bath: [4, 3, 2, 1, 0],
      cardiff: [3, 3, 2, 1, 0],
      stirling: [2, 2, 3, 2, 1],
      london: [3, 3, 2, 1, 0],
      edinburgh: [3, 3, 2, 1, 0],
    },
  },
  {
    file: 'GeoSure_v8_Landslides',
    hazard: 'landslides',
    weights: {
      bath: [2, 3, 3, 2, 1],
      cardiff: [4, 3, 2, 1, 0],
      stirling: [4, 3, 2, 0, 0],
      london: [6, 2, 1, 0, 0],
      edinburgh: [5, 3, 1, 0, 0],
    },
  },
  {
    file: 'GeoSure_v8_RunningSand',
    hazard: 'running_sand',
    weights: {
      bath: [5, 3, 1, 0, 0],
      cardiff: [3, 3, 2, 1, 0],
      stirling: [4, 3, 1, 1, 0],
      london: [4, 3, 2, 0, 0],
      edinburgh: [4, 3, 1, 0, 0],
    },
  },
  {
    file: 'GeoSure_v8_ShrinkSwell',
    hazard: 'shrink_swell',
    weights: {
      bath: [1, 2, 3, 2, 1],
      cardiff: [3, 3, 2, 1, 0],
      stirling: [5, 3, 1, 0, 0],
      london: [0, 1, 3, 3, 2],
      edinburgh: [5, 3, 1, 0, 0],
    },
  },
  {
    file: 'GeoSure_v8_SolubleRocks',
    hazard: 'soluble_rocks',
    weights: {
      bath: [3, 3, 2, 1, 1],
      cardiff: [5, 2, 1, 0, 0],
      stirling: [6, 2, 0, 0, 0],
      london: [6, 2, 1, 0, 0],
      edinburgh: [6, 2, 0, 0, 0],
    },
  },
] as const;
const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

function weighted(rng: Rng, weights: readonly number[]): number {
  let r = rng.real(
    0,
    weights.reduce((a, b) => a + b, 0),
  );
  for (let i = 0; i < weights.length; i++) if ((r -= weights[i]!) < 0) return i;
  return 0;
}

function geoSure(areas: readonly SampleArea[], outDir: string, seed: number): SubsidenceSampleFile[] {
  const dir = join(outDir, 'bgs-geosure');
  mkdirSync(dir, { recursive: true });
  const ref = subsidenceReference().geosure;
  return HAZARD_FILES.map(({ file, hazard, weights }) => {
    const features: Feature[] = [];
    let id = 1;
    for (const area of areas) {
      const rng = new Rng(hashSeed(seed, 'geosure', file, area.id));
      for (const corner of gridAround(area, GEOSURE_CELL)) {
        const letter = LETTERS[weighted(rng, weights[area.id])]!;
        features.push({
          geometry: squarePolygon(corner, GEOSURE_CELL),
          properties: {
            GS_ID: id++,
            CLASS: letter,
            // A blank legend now and then: the loader stages the maintained default for the letter.
            LEGEND: rng.chance(0.05) ? '' : `${ref.hazards[hazard].legends[letter]} (sample)`,
            VERSION: 'GeoSure v8 (sample)',
          },
        });
      }
    }
    if (file.endsWith('ShrinkSwell'))
      features.push({
        geometry: squarePolygon([areas[0]!.centre.x + 20_000, areas[0]!.centre.y], 500),
        properties: { GS_ID: id++, CLASS: 'X', LEGEND: 'Unknown class', VERSION: 'GeoSure v8 (sample)' },
      });
    const base = join(dir, file);
    writeShapefile(base, {
      shapeType: 5,
      crs: 27700,
      fields: [
        { name: 'GS_ID', type: 'N', length: 10 },
        { name: 'CLASS', type: 'C', length: 5 },
        { name: 'LEGEND', type: 'C', length: 200 },
        { name: 'VERSION', type: 'C', length: 40 },
      ],
      features,
    });
    return {
      dataset: 'bgs-geosure',
      format: 'ESRI Shapefile (BGS GeoSure hazard layer: GS_ID, CLASS A-E, LEGEND, VERSION; BNG polygons)',
      file: writtenFile(`${base}.shp`, features.length),
    };
  });
}

const PERIODS = [
  { layer: 'GeoClimate_Open_ShrinkSwell_2030s_medium', shift: 0 },
  { layer: 'GeoClimate_Open_ShrinkSwell_2050s_medium', shift: 0.6 },
  { layer: 'GeoClimate_Open_ShrinkSwell_2080s_medium', shift: 1.2 },
] as const;
const CLIMATE_CLASSES = ['Improbable', 'Possible', 'Probable'] as const;
/**
 * Clay-dominated Bath becomes more susceptible than Cardiff, London Clay most of all; Stirling's and
 * Edinburgh's ground stays mostly improbable.
 */
const CLIMATE_BASE: Record<SampleArea['id'], number> = {
  bath: 0.9,
  cardiff: 0.4,
  stirling: 0,
  london: 1.1,
  edinburgh: 0.1,
};

function geoClimate(areas: readonly SampleArea[], outDir: string, seed: number): SubsidenceSampleFile {
  const dir = join(outDir, 'bgs-geoclimate');
  mkdirSync(dir, { recursive: true });
  let total = 0;
  const layers = PERIODS.map(({ layer, shift }) => {
    const features: Feature[] = [];
    let id = 1;
    for (const area of areas) {
      const rng = new Rng(hashSeed(seed, 'geoclimate', area.id));
      for (const corner of gridAround(area, GEOCLIMATE_CELL)) {
        // The same draw per square in every period, so a square's class only rises with time.
        const level = CLIMATE_BASE[area.id] + rng.real(0, 1.2) + shift;
        const unavailable = rng.chance(0.03);
        const cls = unavailable ? 'Unavailable' : CLIMATE_CLASSES[Math.min(2, Math.floor(level))]!;
        features.push({
          geometry: squarePolygon(corner, GEOCLIMATE_CELL),
          properties: {
            ID: id++,
            CLASS: cls,
            // Blank now and then: the loader stages the maintained default legend for the class.
            LEGEND: rng.chance(0.1)
              ? ''
              : `Clay shrink-swell subsidence ${cls.toLowerCase()}, ${/\d{4}s/.exec(layer)![0]} (sample)`,
            VERSION: 'GeoClimate Open v1 (sample)',
          },
        });
      }
    }
    if (layer.includes('2050s'))
      features.push({
        geometry: squarePolygon([areas[0]!.centre.x + 20_000, areas[0]!.centre.y], GEOCLIMATE_CELL),
        properties: { ID: id++, CLASS: 'Likely', LEGEND: '', VERSION: 'GeoClimate Open v1 (sample)' },
      });
    total += features.length;
    return {
      name: layer,
      geometryType: 'POLYGON' as const,
      srsId: 27700 as const,
      fields: [
        { name: 'ID', type: 'INTEGER' as const },
        { name: 'CLASS', type: 'TEXT' as const },
        { name: 'LEGEND', type: 'TEXT' as const },
        { name: 'VERSION', type: 'TEXT' as const },
      ],
      features,
    };
  });
  const path = join(dir, 'GeoClimate_Open_ShrinkSwell.gpkg');
  writeGeoPackage(path, layers);
  return {
    dataset: 'bgs-geoclimate',
    format: 'GeoPackage (BGS GeoClimate Open: 2 km squares, a layer per period, CLASS, LEGEND, VERSION)',
    file: writtenFile(path, total),
  };
}

export function writeSubsidenceSamples(
  areas: readonly SampleArea[],
  outDir: string,
  seed: number,
): SubsidenceSampleFile[] {
  return [...geoSure(areas, outDir, seed), geoClimate(areas, outDir, seed)];
}

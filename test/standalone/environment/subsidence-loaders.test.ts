// The BGS subsidence loaders on files written here in the products' layouts: GeoSure as one shapefile per
// hazard (and as GeoPackage layers), class letters A-E mapped to 1..3 with the published or default legend;
// GeoClimate as a layer per period (CLASS, LEGEND, VERSION) and as one "wide" layer with a column per period.
// Unknown classes, layers naming no hazard and periods the spec has no key for are quarantined with reasons.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Geometry } from '../../../pipelines/geo/geometry';
import { writeGeoPackage } from '../../../pipelines/io/spatial/geopackage';
import { writeShapefile, type DbfFieldInput } from '../../../pipelines/io/spatial/shapefile-write';
import { climateKeyOfName, readGeoClimate } from '../../../pipelines/sources/subsidence/geoclimate';
import { hazardOfName, readGeoSure } from '../../../pipelines/sources/subsidence/geosure';
import {
  geoSureClass,
  parseSubsidenceReference,
  SUBSIDENCE_REFERENCE_FILE,
} from '../../../pipelines/transforms/environment/subsidence-reference';
import { collect, square } from '../../helpers/fixtures';

const dir = (): string => mkdtempSync(join(tmpdir(), 'pds-subsidence-loaders-'));

const noGeometry = ({ geometry: _g, ...rest }: { geometry: Uint8Array } & Record<string, unknown>) => rest;

const GEOSURE_FIELDS: DbfFieldInput[] = [
  { name: 'GS_ID', type: 'N', length: 10 },
  { name: 'CLASS', type: 'C', length: 5 },
  { name: 'LEGEND', type: 'C', length: 200 },
  { name: 'VERSION', type: 'C', length: 40 },
];

describe('GeoSure class mapping', () => {
  it('maps letters A/B → 1, C → 2, D/E → 3 and takes 1-3 or Low/Moderate/Significant as they are', () => {
    expect(['A', 'B', 'C', 'D', 'E', 'c'].map((l) => geoSureClass(l))).toEqual([
      { letter: 'A', cls: 1 },
      { letter: 'B', cls: 1 },
      { letter: 'C', cls: 2 },
      { letter: 'D', cls: 3 },
      { letter: 'E', cls: 3 },
      { letter: 'C', cls: 2 },
    ]);
    expect(geoSureClass(2)).toEqual({ letter: null, cls: 2 });
    expect(geoSureClass('Significant')).toEqual({ letter: null, cls: 3 });
    expect(geoSureClass('F')).toBeNull();
    expect(geoSureClass('4')).toBeNull();
    expect(geoSureClass(null)).toBeNull();
  });

  it('names hazards from BGS-style layer names', () => {
    expect(hazardOfName('GeoSure_v8_ShrinkSwell')).toBe('shrink_swell');
    expect(hazardOfName('Natural_Ground_Subsidence-Running_Sand_BGS')).toBe('running_sand');
    expect(hazardOfName('GS_SlopeInstability')).toBe('landslides');
    expect(hazardOfName('CompressibleGround')).toBe('compressible_ground');
    expect(hazardOfName('Collapsible_Deposits')).toBe('collapsible_deposits');
    expect(hazardOfName('Dissolution_SolubleRocks')).toBe('soluble_rocks');
    expect(hazardOfName('soluble_rocks')).toBe('soluble_rocks');
    expect(hazardOfName('Radon')).toBeNull();
  });

  it('the maintained reference file is valid and rejects a missing advisory by path', () => {
    const text = readFileSync(SUBSIDENCE_REFERENCE_FILE, 'utf8');
    expect(parseSubsidenceReference(text).geosure.classOfLetter).toEqual({ A: 1, B: 1, C: 2, D: 3, E: 3 });
    const broken = JSON.parse(text);
    delete broken.geosure.hazards.shrink_swell.advisories['3'];
    expect(() => parseSubsidenceReference(JSON.stringify(broken))).toThrow(
      /geosure\.hazards\.shrink_swell\.advisories\.3/,
    );
  });
});

describe('GeoSure loader', () => {
  it('reads a shapefile per hazard; blank legends get the default for the letter; bad rows quarantined', async () => {
    const d = dir();
    writeShapefile(join(d, 'GeoSure_v8_ShrinkSwell'), {
      shapeType: 5,
      crs: 27700,
      fields: GEOSURE_FIELDS,
      features: [
        {
          geometry: square(375_000, 164_000, 1000),
          properties: {
            GS_ID: 11,
            CLASS: 'D',
            LEGEND: 'Ground conditions predominantly high plasticity.',
            VERSION: 'v8',
          },
        },
        {
          geometry: square(376_000, 164_000, 1000),
          properties: { GS_ID: 12, CLASS: 'b', LEGEND: '', VERSION: 'v8' },
        },
        {
          geometry: square(377_000, 164_000, 1000),
          properties: { GS_ID: 13, CLASS: 'Z', LEGEND: 'x', VERSION: 'v8' },
        },
      ],
    });
    writeShapefile(join(d, 'GeoSure_v8_Landslides'), {
      shapeType: 5,
      crs: 27700,
      fields: GEOSURE_FIELDS,
      features: [
        {
          geometry: square(375_000, 164_000, 1000),
          properties: { GS_ID: 11, CLASS: 'C', LEGEND: 'Slopes may be unstable.', VERSION: 'v8' },
        },
      ],
    });
    writeShapefile(join(d, 'Unrelated_Layer'), {
      shapeType: 5,
      crs: 27700,
      fields: GEOSURE_FIELDS,
      features: [
        {
          geometry: square(375_000, 164_000, 1000),
          properties: { GS_ID: 1, CLASS: 'A', LEGEND: '', VERSION: '' },
        },
      ],
    });
    const { ok, bad } = await collect(readGeoSure(d));
    expect(ok.map(noGeometry)).toEqual([
      {
        feature_id: 'landslides:11',
        hazard: 'landslides',
        class_letter: 'C',
        hazard_class: 2,
        legend: 'Slopes may be unstable.',
        version: 'v8',
        minx: 375_000,
        miny: 164_000,
        maxx: 376_000,
        maxy: 165_000,
      },
      {
        feature_id: 'shrink_swell:11',
        hazard: 'shrink_swell',
        class_letter: 'D',
        hazard_class: 3,
        legend: 'Ground conditions predominantly high plasticity.',
        version: 'v8',
        minx: 375_000,
        miny: 164_000,
        maxx: 376_000,
        maxy: 165_000,
      },
      {
        feature_id: 'shrink_swell:12',
        hazard: 'shrink_swell',
        class_letter: 'B',
        hazard_class: 1,
        legend: 'Ground is predominantly of low plasticity.',
        version: 'v8',
        minx: 376_000,
        miny: 164_000,
        maxx: 377_000,
        maxy: 165_000,
      },
    ]);
    expect(bad).toEqual([
      { line: 3, reason: 'class "Z" is not A-E, 1-3 or Low/Moderate/Significant' },
      { line: 1, reason: 'layer "Unrelated_Layer" names no GeoSure hazard' },
    ]);
  });

  it('reads GeoPackage layers, and the 5 km hex product’s 1-3 classes without a legend', async () => {
    const path = join(dir(), 'GeoSure.gpkg');
    writeGeoPackage(path, [
      {
        name: 'hex_soluble_rocks',
        geometryType: 'POLYGON',
        srsId: 27700,
        fields: [
          { name: 'ID', type: 'TEXT' },
          { name: 'CLASS', type: 'INTEGER' },
        ],
        features: [{ geometry: square(300_000, 500_000, 5000), properties: { ID: 'H1', CLASS: 2 } }],
      },
    ]);
    const { ok, bad } = await collect(readGeoSure(join(path, '..')));
    expect(bad).toEqual([]);
    expect(ok.map(noGeometry)).toEqual([
      expect.objectContaining({
        feature_id: 'soluble_rocks:H1',
        class_letter: null,
        hazard_class: 2,
        legend: 'Moderate',
        version: null,
      }),
    ]);
  });
});

describe('GeoClimate loader', () => {
  it('names the spec key of a layer or column from its period and scenario', () => {
    expect(climateKeyOfName('GeoClimate_Open_ShrinkSwell_2030s_medium')).toBe(
      'shrink_swell_2030_medium_emissions',
    );
    expect(climateKeyOfName('GeoClimateOpen_2080s')).toBe('shrink_swell_2080_medium_emissions');
    expect(climateKeyOfName('GeoClimate_Premium_RCP8.5_2065_2075')).toBe('shrink_swell_2070_high_emissions');
    expect(climateKeyOfName('GC_2025-2035_high')).toBe('shrink_swell_2030_high_emissions');
    expect(climateKeyOfName('CLASS_2050')).toBe('shrink_swell_2050_medium_emissions');
    expect(climateKeyOfName('GeoClimate_2050s_high')).toEqual({
      reason: 'no spec key for 2050 high emissions (GeoClimate_2050s_high)',
    });
    expect(climateKeyOfName('GeoClimate_v1_2018')).toBeNull();
    expect(climateKeyOfName('Shallow_clays_2030s')).toBe('shrink_swell_2030_medium_emissions');
    expect(climateKeyOfName('GC_RCP2.6_2030')).toEqual({
      reason: 'no spec key for 2030 low emissions (GC_RCP2.6_2030)',
    });
  });

  it('reads one layer per period with CLASS, LEGEND, VERSION; default legend when blank', async () => {
    const d = dir();
    const layer = (
      name: string,
      features: { geometry: Geometry; properties: Record<string, unknown> }[],
    ) => ({
      name,
      geometryType: 'POLYGON' as const,
      srsId: 27700 as const,
      fields: [
        { name: 'ID', type: 'INTEGER' as const },
        { name: 'CLASS', type: 'TEXT' as const },
        { name: 'LEGEND', type: 'TEXT' as const },
        { name: 'VERSION', type: 'TEXT' as const },
      ],
      features,
    });
    writeGeoPackage(join(d, 'GeoClimate_Open.gpkg'), [
      layer('GeoClimate_Open_2030s_medium', [
        {
          geometry: square(374_000, 164_000, 2000),
          properties: { ID: 1, CLASS: 'Possible', LEGEND: 'Possible shrink-swell', VERSION: 'Open v1' },
        },
        {
          geometry: square(376_000, 164_000, 2000),
          properties: { ID: 2, CLASS: 'probable', LEGEND: '', VERSION: 'Open v1' },
        },
        {
          geometry: square(378_000, 164_000, 2000),
          properties: { ID: 3, CLASS: 'Likely', LEGEND: '', VERSION: 'Open v1' },
        },
        {
          geometry: square(380_000, 164_000, 2000),
          properties: { ID: 4, CLASS: '', LEGEND: '', VERSION: 'Open v1' },
        },
      ]),
      layer('GeoClimate_Open_2050s_high', [
        {
          geometry: square(374_000, 164_000, 2000),
          properties: { ID: 1, CLASS: 'Probable', LEGEND: '', VERSION: '' },
        },
      ]),
    ]);
    const { ok, bad } = await collect(readGeoClimate(d));
    expect(ok.map(noGeometry)).toEqual([
      {
        feature_id: 'shrink_swell_2030_medium_emissions:1',
        climate_key: 'shrink_swell_2030_medium_emissions',
        class: 'Possible',
        legend: 'Possible shrink-swell',
        version: 'Open v1',
        minx: 374_000,
        miny: 164_000,
        maxx: 376_000,
        maxy: 166_000,
      },
      expect.objectContaining({
        feature_id: 'shrink_swell_2030_medium_emissions:2',
        class: 'Probable',
        legend:
          'Subsidence due to clay shrink-swell is probable under the projected climate for this period.',
      }),
    ]);
    expect(bad).toEqual([
      { line: 3, reason: 'CLASS "Likely" is not Improbable, Possible, Probable or Unavailable' },
      { line: 4, reason: 'CLASS "" is not Improbable, Possible, Probable or Unavailable' },
      { line: 1, reason: 'no spec key for 2050 high emissions (GeoClimate_Open_2050s_high)' },
    ]);
  });

  it('reads a wide shapefile with a class (and legend) column per period', async () => {
    const d = join(dir(), 'wide');
    mkdirSync(d);
    writeShapefile(join(d, 'GeoClimate_Open_ShrinkSwell'), {
      shapeType: 5,
      crs: 27700,
      fields: [
        { name: 'GRID_ID', type: 'C', length: 10 },
        { name: 'CLASS_2030', type: 'C', length: 12 },
        { name: 'LEGEND2030', type: 'C', length: 100 },
        { name: 'CLASS_2050', type: 'C', length: 12 },
        { name: 'CLASS_2080', type: 'C', length: 12 },
      ],
      features: [
        {
          geometry: square(374_000, 164_000, 2000),
          properties: {
            GRID_ID: 'SU7416',
            CLASS_2030: 'Improbable',
            LEGEND2030: 'Unlikely',
            CLASS_2050: 'Possible',
            CLASS_2080: 'Unavailable',
          },
        },
      ],
    });
    const { ok, bad } = await collect(readGeoClimate(d));
    expect(bad).toEqual([]);
    expect(ok.map((r) => [r.feature_id, r.class, r.legend])).toEqual([
      ['shrink_swell_2030_medium_emissions:SU7416', 'Improbable', 'Unlikely'],
      [
        'shrink_swell_2050_medium_emissions:SU7416',
        'Possible',
        'Subsidence due to clay shrink-swell is possible under the projected climate for this period.',
      ],
      [
        'shrink_swell_2080_medium_emissions:SU7416',
        'Unavailable',
        'No projection is available for this area (for example where the ground is not assessed).',
      ],
    ]);
  });
});

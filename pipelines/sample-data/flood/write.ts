// Sample flood maps for the three areas, each in its publisher's format and layout (dataset folders under
// the sample raw dir; reference/datasets/flood.md):
//   England (EA): ea-rofrs (NaFRA2 GeoPackage, layer RoFRS_4band, Risk_band with 'Very low'),
//     ea-rofrs-legacy (the legacy shapefile: prob_4band, suitabilit, pub_date, risk_for_i — an alternative
//     a sources file can point `ea-rofrs` at), ea-rofrs-climate-change, ea-rofsw, ea-rofsw-climate-change,
//     ea-recorded-flood-outlines (GeoPackage layer Recorded_Flood_Outlines), ea-spatial-flood-defences (AIMS
//     shapefile, lines), ea-areas-benefiting-from-defences (shapefile polygons);
//   Wales (NRW): nrw-fraw (one GeoPackage per layer, `risk`, geometry column `geom`, `fme_geometry` for
//     surface water), nrw-flood-defences (defence lines and areas benefiting), nrw-historic-flood-map;
//   Scotland (SEPA): sepa-flood-maps (one GeoJSON per ArcGIS service, WGS84 as ArcGIS exports GeoJSON, no
//     band column: the likelihood is in the service name; Future_Flood_Maps_* are the climate-change maps).
// Zones follow the river and the coast of geography.ts; EA and NRW bands are disjoint (4-band products),
// SEPA extents cumulative (shapes.ts). A few bad records per publisher exercise quarantine: a null geometry,
// a ring of three points, an unknown band.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Feature, Geometry, Position } from '../../geo/geometry';
import { bngToWgs84 } from '../../geo/bng';
import { writeGeoPackage, type GeoPackageLayerInput } from '../../io/spatial/geopackage';
import { writeGeoJson } from '../../io/spatial/geojson';
import { mapPositions } from '../../io/spatial/read-features';
import { writeShapefile } from '../../io/spatial/shapefile';
import type { SampleArea } from '../areas';
import type { WrittenFile } from '../csv-writer';
import { hashSeed, Rng } from '../rng';
import { writtenFile } from '../terrain/write';
import { tileOf } from '../../geo/tiles';
import { geographyOf, type AreaGeography } from './geography';
import {
  bandedStrips,
  circle,
  coastalStrips,
  cumulativeStrips,
  offsetLine,
  pocketBands,
  strip,
  widthFactor,
} from './shapes';

export interface FloodFile {
  dataset: string;
  format: string;
  file: WrittenFile;
}

const CLIMATE_CHANGE_GROWTH = 1.2;
const grow = (ws: readonly number[]): number[] => ws.map((w) => Math.round(w * CLIMATE_CHANGE_GROWTH));
const EA_BANDS = ['High', 'Medium', 'Low', 'Very low'] as const; // NaFRA2 spelling
const LEGACY_BANDS = ['High', 'Medium', 'Low', 'Very Low'] as const;
const THREE_BANDS = ['High', 'Medium', 'Low'] as const;
const LAST_CHANGE = '2025-01-28T00:00:00.000Z';

/**
 * Surface-water pocket centres: near postcode centroids (so pockets cover some addresses), chosen with the
 * seed; the count grows with the square root of scale so files stay small.
 */
function pocketCentres(
  area: SampleArea,
  sites: readonly Position[],
  seed: number,
  scale: number,
): Position[] {
  const rng = new Rng(hashSeed(seed, 'flood-pockets', area.id));
  const n = Math.min(400, Math.max(6, Math.round(10 * Math.sqrt(scale))));
  const out: Position[] = [];
  for (let i = 0; i < n; i++) {
    const site: Position = sites.length
      ? (sites[Math.floor(rng.next() * sites.length)] as Position)
      : [area.centre.x, area.centre.y];
    const a = 2 * Math.PI * rng.next();
    const r = 40 * rng.next();
    out.push([Math.round(site[0] + r * Math.cos(a)), Math.round(site[1] + r * Math.sin(a))]);
  }
  return out;
}

/** Features of one band per geometry, plus pockets: [band index, geometry][]. */
function zoneGeometries(bands: Geometry[][]): { band: number; geometry: Geometry }[] {
  const out: { band: number; geometry: Geometry }[] = [];
  for (const perBand of bands) perBand.forEach((geometry, band) => out.push({ band, geometry }));
  return out;
}

const riverZones = (geo: AreaGeography, widths: number[], banded: boolean): Geometry[] =>
  banded
    ? bandedStrips(geo.river, widths, widthFactor(0.4))
    : cumulativeStrips(geo.river, widths, widthFactor(0.4));

const pocketZones = (centres: Position[], radii: number[], banded: boolean): Geometry[][] =>
  centres.map((c) => pocketBands(c, radii, banded));

const area2 = (g: Geometry): number => {
  const ring = (r: Position[]): number => {
    let s = 0;
    for (let i = 0, j = r.length - 1; i < r.length; j = i++)
      s += (r[j] as Position)[0] * (r[i] as Position)[1] - (r[i] as Position)[0] * (r[j] as Position)[1];
    return Math.abs(s) / 2;
  };
  if (g.type === 'Polygon') return g.coordinates.reduce((s, r, i) => s + (i ? -1 : 1) * ring(r), 0);
  if (g.type === 'MultiPolygon')
    return g.coordinates.reduce((s, p) => s + area2({ type: 'Polygon', coordinates: p }), 0);
  return 0;
};
const round2 = (v: number): number => Math.round(v * 100) / 100;

/** A three-point "ring": what a broken export looks like, for the quarantine path. */
const brokenRing = (c: Position): Geometry => ({
  type: 'Polygon',
  coordinates: [[c, [c[0] + 10, c[1]], c]],
});

function gpkg(
  outDir: string,
  dataset: string,
  file: string,
  layer: GeoPackageLayerInput,
  format: string,
): FloodFile {
  const dir = join(outDir, dataset);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, file);
  const { features } = writeGeoPackage(path, [layer], LAST_CHANGE);
  return { dataset, format, file: writtenFile(path, features) };
}

// ---------------------------------------------------------------------------------------------------------
// England
// ---------------------------------------------------------------------------------------------------------

/** England's national files (one each, as the EA publishes them): every England area's features. */
interface EnglandNational {
  legacy: { geometry: Geometry | null; properties: Record<string, unknown> }[];
  outlines: Feature[];
  defences: Feature[];
  benefiting: Feature[];
}

/** Recorded flood events per England area (real events, synthetic outlines). */
const EA_EVENTS: Record<
  string,
  { river: [string, string, string, string][]; surface: [string, string, string] }
> = {
  bath: {
    river: [
      [
        'Bath November 2000',
        '2000-11-05',
        '2000-11-08',
        'channel capacity exceeded (no raising or breaching)',
      ],
      ['Winter 2013-14 Avon', '2014-01-03', '2014-02-12', 'overtopping of defences'],
    ],
    surface: ['Summer 2007 surface water', '2007-07-20', '2007-07-21'],
  },
  london: {
    river: [
      ['Thames January 1928', '1928-01-06', '1928-01-07', 'overtopping of defences'],
      [
        'Thames January 1953',
        '1953-01-31',
        '1953-02-01',
        'channel capacity exceeded (no raising or breaching)',
      ],
    ],
    surface: ['West London July 2021 surface water', '2021-07-12', '2021-07-12'],
  },
};

/**
 * One England area's NaFRA2 files (per Ordnance Survey 100 km square, as the EA publishes them: `RoFRS_ST_…`
 * for Bath, `RoFRS_TQ_…` for Fulham) and its features of the national files; `k` numbers the England areas
 * (the first one carries the planted bad records, and ids stay apart).
 */
function writeEngland(
  area: SampleArea,
  k: number,
  sites: readonly Position[],
  outDir: string,
  seed: number,
  scale: number,
  national: EnglandNational,
): FloodFile[] {
  const geo = geographyOf(area);
  const square = tileOf(area.centre.x, area.centre.y).slice(0, 2).toUpperCase();
  const files: FloodFile[] = [];
  const riverWidths = [45, 100, 180, 300];
  const pocketRadii = [35, 70, 110, 160];
  const centres = pocketCentres(area, sites, seed, scale);

  const nafra2 = (zones: { band: number; geometry: Geometry | null; label?: string }[]): Feature[] =>
    zones.map((z) => ({
      geometry: z.geometry,
      properties: {
        Risk_band: z.label ?? EA_BANDS[z.band],
        Shape_Length: null,
        Shape_Area: z.geometry ? round2(area2(z.geometry)) : null,
      },
    }));
  const rofrs = riverZones(geo, riverWidths, true).map((geometry, band) => ({ band, geometry }));
  const bad = [
    { band: 0, geometry: null as Geometry | null },
    {
      band: 0,
      geometry: {
        type: 'Polygon',
        coordinates: [circle([area.centre.x, area.centre.y + 3000], 40)],
      } as Geometry,
      label: 'Unknown',
    },
  ];
  const nafraFields = [
    { name: 'Risk_band', type: 'TEXT' as const },
    { name: 'Shape_Length', type: 'REAL' as const },
    { name: 'Shape_Area', type: 'REAL' as const },
  ];
  files.push(
    gpkg(
      outDir,
      'ea-rofrs',
      `RoFRS_${square}_v202501.gpkg`,
      {
        name: 'RoFRS_4band',
        geometryColumn: 'SHAPE',
        geometryType: 'MULTIPOLYGON',
        srsId: 27700,
        fields: nafraFields,
        features: nafra2(k === 0 ? [...rofrs, ...bad] : rofrs),
      },
      'GeoPackage (EA NaFRA2 Risk of Flooding from Rivers and Sea, layer RoFRS_4band, BNG)',
    ),
    gpkg(
      outDir,
      'ea-rofrs-climate-change',
      `RoFRS_CC_${square}_v202501.gpkg`,
      {
        name: 'RoFRS_4band_CC',
        geometryColumn: 'SHAPE',
        geometryType: 'MULTIPOLYGON',
        srsId: 27700,
        fields: nafraFields,
        features: nafra2(
          riverZones(geo, grow(riverWidths), true).map((geometry, band) => ({ band, geometry })),
        ),
      },
      'GeoPackage (EA NaFRA2 RoFRS climate change, BNG)',
    ),
    gpkg(
      outDir,
      'ea-rofsw',
      `RoFSW_${square}_v202501.gpkg`,
      {
        name: 'RoFSW',
        geometryColumn: 'SHAPE',
        geometryType: 'MULTIPOLYGON',
        srsId: 27700,
        fields: nafraFields,
        features: nafra2(zoneGeometries(pocketZones(centres, pocketRadii, true))),
      },
      'GeoPackage (EA NaFRA2 Risk of Flooding from Surface Water, layer RoFSW, BNG)',
    ),
    gpkg(
      outDir,
      'ea-rofsw-climate-change',
      `RoFSW_CC_${square}_v202501.gpkg`,
      {
        name: 'RoFSW_CC01',
        geometryColumn: 'SHAPE',
        geometryType: 'MULTIPOLYGON',
        srsId: 27700,
        fields: [{ name: 'risk_band', type: 'TEXT' }],
        features: zoneGeometries(pocketZones(centres, grow(pocketRadii), true)).map((z) => ({
          geometry: z.geometry,
          properties: { risk_band: EA_BANDS[z.band] },
        })),
      },
      'GeoPackage (EA NaFRA2 RoFSW climate change, BNG)',
    ),
  );

  // Legacy RoFRS shapefile (an alternative source for ea-rofrs), national.
  national.legacy.push(
    ...rofrs.map((z, i) => ({
      geometry: z.geometry as Geometry | null,
      properties: {
        prob_4band: LEGACY_BANDS[z.band],
        suitability: i % 2 ? 'Town to Street' : 'Street to Parcels of land',
        pub_date: '2024-03-25',
        risk_for_insurance_sop: z.band <= 1 ? 'Yes' : 'No',
        st_area_sh: round2(area2(z.geometry)),
      },
    })),
  );
  if (k === 0)
    national.legacy.push(
      {
        geometry: null,
        properties: {
          prob_4band: 'High',
          suitability: null,
          pub_date: '2024-03-25',
          risk_for_insurance_sop: 'Yes',
          st_area_sh: null,
        },
      },
      {
        geometry: bad[1]!.geometry,
        properties: {
          prob_4band: 'Significant',
          suitability: null,
          pub_date: '2024-03-25',
          risk_for_insurance_sop: 'No',
          st_area_sh: null,
        },
      },
    );

  // Recorded flood outlines: river reaches flooded in past events, and one surface-water pocket.
  const n = geo.river.length;
  const events = EA_EVENTS[area.id] ?? EA_EVENTS.bath!;
  const reaches: [number, number][] = [
    [0.35, 0.5],
    [0.45, 0.6],
  ];
  const base = k * 10;
  events.river.forEach(([name, start, end, cause], i) => {
    const [from, to] = reaches[i % 2]!;
    national.outlines.push({
      geometry: {
        type: 'Polygon',
        coordinates: strip(geo.river, -160, 160, widthFactor(0.4), Math.floor(n * from), Math.floor(n * to)),
      },
      properties: eaOutline(base + i + 1, { name, start, end, src: 'main river', cause }),
    });
  });
  const [swName, swStart, swEnd] = events.surface;
  national.outlines.push({
    geometry: { type: 'Polygon', coordinates: [circle(centres[0] as Position, 60)] },
    properties: eaOutline(base + 3, {
      name: swName,
      start: swStart,
      end: swEnd,
      src: 'surface water',
      cause: 'local drainage/sewer capacity exceeded',
    }),
  });
  const { defences, benefiting } = defenceFeatures(
    geo,
    'England',
    Math.floor(n * 0.42),
    Math.floor(n * 0.56),
    k,
  );
  national.defences.push(...defences);
  national.benefiting.push(...benefiting);
  return files;
}

/** England's national files, written once with every England area's features. */
function writeEnglandNational(national: EnglandNational, outDir: string): FloodFile[] {
  const files: FloodFile[] = [];
  const legacyDir = join(outDir, 'ea-rofrs-legacy');
  mkdirSync(legacyDir, { recursive: true });
  const legacyBase = join(legacyDir, 'Risk_of_Flooding_from_Rivers_and_Sea');
  const legacy = national.legacy;
  writeShapefile(legacyBase, {
    shapeType: 5,
    crs: 27700,
    fields: [
      { name: 'prob_4band', type: 'C', length: 20 },
      { name: 'suitability', type: 'C', length: 40 },
      { name: 'pub_date', type: 'D', length: 8 },
      { name: 'risk_for_insurance_sop', type: 'C', length: 3 },
      { name: 'st_area_sh', type: 'N', length: 19, decimals: 2 },
    ],
    features: legacy,
  });
  files.push({
    dataset: 'ea-rofrs-legacy',
    format: 'ESRI Shapefile (EA RoFRS legacy, prob_4band, BNG)',
    file: writtenFile(`${legacyBase}.shp`, legacy.length),
  });

  const outlines = national.outlines;
  files.push(
    gpkg(
      outDir,
      'ea-recorded-flood-outlines',
      'Recorded_Flood_Outlines.gpkg',
      {
        name: 'Recorded_Flood_Outlines',
        geometryColumn: 'geom',
        geometryType: 'MULTIPOLYGON',
        srsId: 27700,
        fields: [
          'rec_out_id',
          'rec_grp_id',
          'name',
          'start_date',
          'end_date',
          'flood_src',
          'flood_caus',
          'fm_status',
          'hfm_status',
          'data_src',
          'fluvial_f',
          'coastal_f',
          'tidal_f',
          'data_prov',
          'data_qual',
        ].map((name) => ({
          name,
          type: name.endsWith('_id') ? ('INTEGER' as const) : ('TEXT' as const),
        })),
        features: outlines,
      },
      'GeoPackage (EA Recorded Flood Outlines, BNG)',
    ),
  );

  files.push(...writeDefences(national.defences, national.benefiting, outDir, 'England'));
  return files;
}

function eaOutline(
  id: number,
  e: { name: string; start: string; end: string; src: string; cause: string },
): Record<string, unknown> {
  return {
    rec_out_id: 100000 + id,
    rec_grp_id: 5000 + id,
    name: e.name,
    start_date: e.start,
    end_date: e.end,
    flood_src: e.src,
    flood_caus: e.cause,
    fm_status: 'Included',
    hfm_status: 'Included',
    data_src: 'Aerial Photography',
    fluvial_f: e.src === 'main river' ? 'Y' : 'N',
    coastal_f: 'N',
    tidal_f: 'N',
    data_prov: 'Environment Agency',
    data_qual: 'Good',
  };
}

/** Defence walls on both banks over a reach, and the areas behind them that they protect. */
function defenceFeatures(
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
function writeDefences(
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

// ---------------------------------------------------------------------------------------------------------
// Wales
// ---------------------------------------------------------------------------------------------------------

function writeWales(
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

// ---------------------------------------------------------------------------------------------------------
// Scotland
// ---------------------------------------------------------------------------------------------------------

const toWgs84 = (g: Geometry): Geometry =>
  mapPositions(g, ([x, y]) => {
    const { longitude, latitude } = bngToWgs84(x, y);
    return [Math.round(longitude * 1e8) / 1e8, Math.round(latitude * 1e8) / 1e8];
  });

/**
 * SEPA's maps of every Scottish area: one GeoJSON per service (national, as SEPA's ArcGIS services are), each
 * area's zones in turn.
 */
function writeScotland(
  areas: readonly { area: SampleArea; sites: readonly Position[] }[],
  outDir: string,
  seed: number,
  scale: number,
): FloodFile[] {
  const dir = join(outDir, 'sepa-flood-maps');
  mkdirSync(dir, { recursive: true });
  const perArea = areas.map(({ area, sites }) => {
    const geo = geographyOf(area);
    const centres = pocketCentres(area, sites, seed, scale);
    const sources: [string, (cc: boolean) => Geometry[][]][] = [
      [
        'River_Flooding',
        (cc) => riverZones(geo, cc ? grow([60, 140, 230]) : [60, 140, 230], false).map((g) => [g]),
      ],
      [
        'Coastal_Flooding',
        (cc) =>
          coastalStrips(
            geo.coast!,
            cc ? grow([150, 350, 700]) : [150, 350, 700],
            widthFactor(2.1),
            false,
          ).map((g) => [g]),
      ],
      [
        'Surface_Water_and_Small_Watercourses_Flooding',
        (cc) => {
          const perPocket = pocketZones(centres, cc ? grow([40, 80, 130]) : [40, 80, 130], false);
          return THREE_BANDS.map((_, band) => perPocket.map((p) => p[band] as Geometry));
        },
      ],
    ];
    return sources;
  });
  const files: FloodFile[] = [];
  const names = ['River_Flooding', 'Coastal_Flooding', 'Surface_Water_and_Small_Watercourses_Flooding'];
  for (const cc of [false, true]) {
    names.forEach((source, s) => {
      const perBandOfArea = perArea.map((sources) => sources[s]![1](cc));
      THREE_BANDS.forEach((band, b) => {
        const service = `${cc ? 'Future_Flood_Maps_' : ''}${source}_${band}_Likelihood`;
        const geometries = perBandOfArea.flatMap((perBand) => perBand[b] ?? []);
        const features: Feature[] = geometries.map((g, i) => ({
          geometry: toWgs84(g),
          properties: { OBJECTID: i + 1, Shape__Area: round2(area2(g)), Shape__Length: null },
        }));
        if (!cc && source === 'River_Flooding' && band === 'High')
          features.push({
            geometry: null,
            properties: { OBJECTID: features.length + 1, Shape__Area: null, Shape__Length: null },
          });
        const path = join(dir, `${service}.geojson`);
        writeGeoJson(path, features, { crs: 4326, name: `${service}_Extent` });
        files.push({
          dataset: 'sepa-flood-maps',
          format: 'GeoJSON (SEPA flood map service export, WGS84)',
          file: writtenFile(path, features.length),
        });
      });
    });
  }
  return files;
}

/** Flood maps for each area; `sites` are places with addresses (postcode centroids) per area id. */
export function writeFloodMaps(
  areas: readonly SampleArea[],
  sites: ReadonlyMap<string, readonly Position[]>,
  outDir: string,
  seed: number,
  scale: number,
): FloodFile[] {
  const files: FloodFile[] = [];
  const national: EnglandNational = { legacy: [], outlines: [], defences: [], benefiting: [] };
  const england = areas.filter((a) => a.country === 'England');
  england.forEach((area, k) =>
    files.push(...writeEngland(area, k, sites.get(area.id) ?? [], outDir, seed, scale, national)),
  );
  if (england.length) files.push(...writeEnglandNational(national, outDir));
  for (const area of areas.filter((a) => a.country === 'Wales'))
    files.push(...writeWales(area, sites.get(area.id) ?? [], outDir, seed, scale));
  const scotland = areas.filter((a) => a.country === 'Scotland');
  if (scotland.length)
    files.push(
      ...writeScotland(
        scotland.map((area) => ({ area, sites: sites.get(area.id) ?? [] })),
        outDir,
        seed,
        scale,
      ),
    );
  return files;
}

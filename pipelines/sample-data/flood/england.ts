// England's flood maps (EA): per area, the NaFRA2 GeoPackages of its Ordnance Survey 100 km square (ea-rofrs
// with layer RoFRS_4band and Risk_band 'Very low', ea-rofrs-climate-change, ea-rofsw, ea-rofsw-climate-change);
// national files written once with every England area's features: ea-rofrs-legacy (the legacy shapefile:
// prob_4band, suitabilit, pub_date, risk_for_i — an alternative a sources file can point `ea-rofrs` at),
// ea-recorded-flood-outlines (GeoPackage layer Recorded_Flood_Outlines) and the defences (defences.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Feature, Geometry, Position } from '../../geo/geometry';
import { tileOf } from '../../geo/tiles';
import { writeShapefile } from '../../io/spatial/shapefile-write';
import type { SampleArea } from '../areas';
import { readDataTable } from '../data-table';
import { writtenFile } from '../terrain/write';
import { defenceFeatures, writeDefences } from './defences';
import { gpkg, type FloodFile } from './flood-file';
import { geographyOf } from './geography';
import { circle, strip, widthFactor } from './shapes';
import { area2, grow, pocketCentres, pocketZones, riverZones, round2, zoneGeometries } from './zones';

const EA_BANDS = ['High', 'Medium', 'Low', 'Very low'] as const; // NaFRA2 spelling
const LEGACY_BANDS = ['High', 'Medium', 'Low', 'Very Low'] as const;

/** England's national files (one each, as the EA publishes them): every England area's features. */
export interface EnglandNational {
  legacy: { geometry: Geometry | null; properties: Record<string, unknown> }[];
  outlines: Feature[];
  defences: Feature[];
  benefiting: Feature[];
}

interface FloodEvent {
  name: string;
  start: string;
  end: string;
  src: string;
  cause: string;
}

/**
 * Recorded flood events of an England area (ea-flood-events.csv: real events, synthetic outlines): its river
 * events and one surface-water event; an area with none listed has Bath's.
 */
function eaFloodEvents(areaId: string): { river: FloodEvent[]; surface: FloodEvent } {
  const rows = readDataTable(new URL('./ea-flood-events.csv', import.meta.url));
  const listed = rows.some((r) => r.area === areaId) ? areaId : 'bath';
  const events = rows
    .filter((r) => r.area === listed)
    .map((r): FloodEvent => ({
      name: r.name!,
      start: r.start_date!,
      end: r.end_date!,
      src: r.flood_src!,
      cause: r.flood_caus!,
    }));
  return {
    river: events.filter((e) => e.src === 'main river'),
    surface: events.find((e) => e.src === 'surface water')!,
  };
}

/**
 * One England area's NaFRA2 files (per Ordnance Survey 100 km square, as the EA publishes them: `RoFRS_ST_…`
 * for Bath, `RoFRS_TQ_…` for Fulham) and its features of the national files; `k` numbers the England areas
 * (the first one carries the planted bad records, and ids stay apart).
 */
export function writeEngland(
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
  const events = eaFloodEvents(area.id);
  const reaches: [number, number][] = [
    [0.35, 0.5],
    [0.45, 0.6],
  ];
  const base = k * 10;
  events.river.forEach((event, i) => {
    const [from, to] = reaches[i % 2]!;
    national.outlines.push({
      geometry: {
        type: 'Polygon',
        coordinates: strip(geo.river, -160, 160, widthFactor(0.4), Math.floor(n * from), Math.floor(n * to)),
      },
      properties: eaOutline(base + i + 1, event),
    });
  });
  national.outlines.push({
    geometry: { type: 'Polygon', coordinates: [circle(centres[0] as Position, 60)] },
    properties: eaOutline(base + 3, events.surface),
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
export function writeEnglandNational(national: EnglandNational, outDir: string): FloodFile[] {
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

function eaOutline(id: number, e: FloodEvent): Record<string, unknown> {
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

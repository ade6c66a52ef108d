// Flood zone loaders: every published flood map becomes rows of `flood_zones` (schemas/features.ts) with
// the source's label passed through and a normalised band.
//   EA (England): NaFRA2 GeoPackages (layer RoFRS_4band / RoFSW..., column `Risk_band`, 'Very low') or the
//     legacy RoFRS shapefile (`prob_4band`); the band column is found case-insensitively among risk_band,
//     prob_4band. Which product is read is decided by the dataset folder's contents (a sources file points
//     `ea-rofrs` at either).
//   NRW (Wales): FRAW GeoPackages, one per layer, `risk`; the layer name says rivers, sea or surface water.
//   SEPA (Scotland): one file per ArcGIS service, no band column: the likelihood (and climate change,
//     `Future_Flood_Maps_`) come from the service name, i.e. the file or layer name.
import { listGeoPackageLayers } from '../../io/spatial/geopackage';
import { readFeatures } from '../../io/spatial/read-features';
import type { SourceRow } from '../../io/quarantine';
import {
  FLOOD_BANDS,
  type FloodBand,
  type FloodZoneLayer,
  type FloodZoneRecord,
} from '../../../schemas/features';
import {
  attribute,
  baseName,
  filesUnder,
  geometryColumns,
  spatialRows,
  textAttribute,
  type GeometryColumns,
} from './spatial-rows';

/** The dataset folders holding flood zones, and the zone layer (or how to tell it) of each. */
export const FLOOD_ZONE_DATASETS = [
  'ea-rofrs',
  'ea-rofrs-climate-change',
  'ea-rofsw',
  'ea-rofsw-climate-change',
  'nrw-fraw',
  'sepa-flood-maps',
] as const;
export type FloodZoneDataset = (typeof FLOOD_ZONE_DATASETS)[number];

const EA_LAYERS: Partial<Record<FloodZoneDataset, FloodZoneLayer>> = {
  'ea-rofrs': 'england.rivers_and_seas',
  'ea-rofrs-climate-change': 'england.rivers_and_seas_climate_change',
  'ea-rofsw': 'england.surface_water',
  'ea-rofsw-climate-change': 'england.surface_water_climate_change',
};

export type FloodZoneRow = Omit<FloodZoneRecord, 'source_file' | 'geometry'> & GeometryColumns;

/** One layer of one file to read, with the zone layer it feeds and where its label comes from. */
export interface FloodZoneSource {
  dataset: FloodZoneDataset;
  path: string;
  /** GeoPackage table, when the file is a GeoPackage. */
  table?: string;
  layer: FloodZoneLayer;
  /** Label from these columns, or a fixed label (SEPA: from the service name). */
  label: { columns: string[] } | { fixed: string };
}

/** 'High', 'Medium', 'Low', 'Very low' / 'Very Low' (any case, spaces or underscores) → the band. */
export function normaliseBand(label: string): FloodBand | null {
  const key = label
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');
  return FLOOD_BANDS.find((b) => b.toLowerCase() === key) ?? null;
}

/** SEPA service name → zone layer and likelihood label, or null when it is not a flood extent service. */
export function sepaService(name: string): { layer: FloodZoneLayer; label: string } | null {
  const m =
    /^(Future_Flood_Maps_)?(River|Coastal|Surface_Water_and_Small_Watercourses)_Flooding_(High|Medium|Low)_Likelihood/i.exec(
      name,
    );
  if (!m) return null;
  const source = { river: 'rivers', coastal: 'coast', surface_water_and_small_watercourses: 'surface_water' }[
    (m[2] as string).toLowerCase() as 'river'
  ];
  const layer = `scotland.${source}${m[1] ? '_climate_change' : ''}` as FloodZoneLayer;
  const label = (m[3] as string).charAt(0).toUpperCase() + (m[3] as string).slice(1).toLowerCase();
  return { layer, label };
}

/** NRW FRAW layer name → zone layer (Flood Map for Planning and other layers are not zones here). */
export function nrwLayer(name: string): FloodZoneLayer | null {
  const n = name.toUpperCase();
  if (!n.includes('FLOOD_RISK_FROM')) return null;
  if (n.includes('SURFACE_WATER')) return 'wales.surface_water';
  if (n.includes('RIVERS')) return 'wales.rivers';
  if (n.includes('SEA')) return 'wales.coast';
  return null;
}

const SPATIAL_EXTENSIONS = ['.gpkg', '.shp', '.geojson', '.json'];

/** The layers to read in a dataset folder (sorted by file), skipping files that are not flood zones. */
export async function findFloodZoneSources(
  dataset: FloodZoneDataset,
  dir: string,
): Promise<FloodZoneSource[]> {
  const sources: FloodZoneSource[] = [];
  for (const path of await filesUnder(dir, SPATIAL_EXTENSIONS)) {
    const tables = path.toLowerCase().endsWith('.gpkg')
      ? listGeoPackageLayers(path).map((l) => l.table)
      : [undefined];
    for (const table of tables) {
      const name = table ?? baseName(path);
      const eaLayer = EA_LAYERS[dataset];
      if (eaLayer) {
        sources.push({
          dataset,
          path,
          table,
          layer: eaLayer,
          label: { columns: ['risk_band', 'prob_4band'] },
        });
      } else if (dataset === 'nrw-fraw') {
        const layer = nrwLayer(name);
        if (layer) sources.push({ dataset, path, table, layer, label: { columns: ['risk'] } });
      } else {
        const service = sepaService(name) ?? sepaService(baseName(path));
        if (service)
          sources.push({ dataset, path, table, layer: service.layer, label: { fixed: service.label } });
      }
    }
  }
  return sources;
}

/** Rows of one source layer; features without a usable geometry or band are quarantined. */
export function* readFloodZones(source: FloodZoneSource): Generator<SourceRow<FloodZoneRow>> {
  const reader = readFeatures(source.path, source.table ? { layer: source.table } : {});
  const fileBase = baseName(source.path);
  try {
    yield* spatialRows(source.dataset, source.path, reader.crs, 'polygon', reader.features, (f) => {
      const label =
        'fixed' in source.label ? source.label.fixed : textAttribute(f.properties, ...source.label.columns);
      if (label === null)
        return `no risk band (${'columns' in source.label ? source.label.columns.join(' or ') : ''})`;
      const band = normaliseBand(label);
      if (!band) return `unknown risk band '${label}'`;
      const id = attribute(f.properties, 'objectid', 'fid', 'id');
      return {
        layer: source.layer,
        feature_id: `${fileBase}:${id ?? f.index + 1}`,
        label,
        band,
        ...geometryColumns(f.geometry),
      };
    });
  } finally {
    reader.close();
  }
}

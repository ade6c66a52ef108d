// Staged heritage layers of Wales and Scotland (schemas/heritage-features.ts): one ingest asset per
// publisher's dataset folder, as the English layers of planning-layers.ts. The Great Britain tables the
// planning block reads are built from these and the English ones (gb-heritage.ts).
import { HERITAGE_STAGED_TABLES, type HeritageStagedTable } from '../../../schemas/heritage-features';
import {
  readCadwListedBuildings,
  readCadwWorldHeritageSites,
  readWalesConservationAreas,
} from '../../sources/heritage/cadw';
import {
  readHesConservationAreas,
  readHesListedBuildings,
  readHesWorldHeritageSites,
} from '../../sources/heritage/hes';
import type { Asset } from '../define';
import { layerAsset, SPATIAL_FILES, type LayerSpec } from '../planning/planning-layers';

const heritage = (table: HeritageStagedTable) => ({
  table,
  schema: HERITAGE_STAGED_TABLES[table],
  owner: 'heritage',
  // The publishers amend their lists continuously (Cadw) or daily (HES): snapshot on each refresh.
  cadence: 'monthly' as const,
});
// Each can come as the publisher's zip, its extracted shapefile, or a WFS export (GeoJSON).
const ZIPPED = [...SPATIAL_FILES, '.zip'];

const LAYERS: readonly LayerSpec[] = [
  {
    ...heritage('cadw_listed_buildings'),
    dataset: 'cadw-listed-buildings',
    description:
      'Listed buildings of Wales (Cadw, DataMapWales): grade I/II*/II, designation date, report URL',
    extensions: [...ZIPPED, '.csv'],
    read: (dir, files) => [
      readCadwListedBuildings(
        dir,
        files.filter((f) => f.toLowerCase().endsWith('.csv')),
      ),
    ],
    orderBy: ['x_coord', 'feature_id'],
  },
  {
    ...heritage('wales_conservation_areas'),
    dataset: 'wales-conservation-areas',
    description: 'Conservation areas of Wales (local planning authorities, compiled on DataMapWales)',
    extensions: ZIPPED,
    read: (dir) => [readWalesConservationAreas(dir)],
    orderBy: ['minx', 'feature_id'],
  },
  {
    ...heritage('cadw_world_heritage_sites'),
    dataset: 'cadw-world-heritage-sites',
    description: 'World Heritage Sites in Wales (Cadw, DataMapWales)',
    extensions: ZIPPED,
    read: (dir) => [readCadwWorldHeritageSites(dir)],
    orderBy: ['minx', 'feature_id'],
  },
  {
    ...heritage('hes_listed_buildings'),
    dataset: 'hes-listed-buildings',
    description:
      'Listed buildings of Scotland (Historic Environment Scotland): category A/B/C, one row per DES_REF',
    extensions: ZIPPED,
    read: (dir) => [readHesListedBuildings(dir)],
    orderBy: ['x_coord', 'feature_id'],
    // A building's further points (HES publishes several for some DES_REFs) are set aside in the quarantine
    // with their reason, so its share there is not a measure of bad rows alone.
    maxQuarantined: 0.25,
  },
  {
    ...heritage('hes_conservation_areas'),
    dataset: 'hes-conservation-areas',
    description: 'Conservation areas of Scotland (Historic Environment Scotland)',
    extensions: ZIPPED,
    read: (dir) => [readHesConservationAreas(dir)],
    orderBy: ['minx', 'feature_id'],
  },
  {
    ...heritage('hes_world_heritage_sites'),
    dataset: 'hes-world-heritage-sites',
    description: 'World Heritage Sites in Scotland (Historic Environment Scotland), buffer zones left out',
    extensions: ZIPPED,
    read: (dir) => [readHesWorldHeritageSites(dir)],
    orderBy: ['minx', 'feature_id'],
  },
];

export const HERITAGE_LAYER_ASSETS: readonly Asset[] = LAYERS.map(layerAsset);

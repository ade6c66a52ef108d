// Staged recorded flood outlines (EA Recorded Flood Outlines, NRW historic flood map), flood defence lines
// (EA AIMS, NRW) and areas benefiting from defences (EA ABD, NRW), England and Wales.
import {
  FloodDefenceAreaRecord,
  FloodDefenceRecord,
  FloodRecordedOutlineRecord,
} from '../../../schemas/features';
import { DataError } from '../../io/errors';
import { parquetColumnsFor } from '../../io/parquet-columns';
import {
  DEFENCE_AREA_DATASETS,
  DEFENCE_DATASETS,
  findLayers,
  isAreaBenefiting,
  readDefenceAreas,
  readDefences,
  readRecordedOutlines,
  RECORDED_OUTLINE_DATASETS,
  type LayerSource,
} from '../../sources/flood/outlines-defences';
import { withSidecars } from '../../sources/flood/spatial-rows';
import { type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { asAsync } from './flood-zones';
import { ingestToParquet } from '../../orchestration/ingest';
import { sourceDir } from '../../orchestration/sources';

async function layersOf(
  ctx: AssetContext,
  datasets: Record<string, 'England' | 'Wales'>,
  accept: (name: string) => boolean,
): Promise<LayerSource[]> {
  const out: LayerSource[] = [];
  for (const [dataset, country] of Object.entries(datasets))
    out.push(...(await findLayers(dataset, country, sourceDir(ctx, dataset), accept)));
  if (out.length === 0)
    throw new DataError(
      `no files in ${Object.keys(datasets)
        .map((d) => sourceDir(ctx, d))
        .join(', ')}`,
    );
  return out;
}

const paths = async (layers: Promise<LayerSource[]>): Promise<string[]> =>
  withSidecars((await layers.catch(() => [])).map((l) => l.path));

const outlineLayers = (ctx: AssetContext) => layersOf(ctx, RECORDED_OUTLINE_DATASETS, () => true);
const defenceLayers = (ctx: AssetContext) => layersOf(ctx, DEFENCE_DATASETS, (n) => !isAreaBenefiting(n));
const areaLayers = (ctx: AssetContext) =>
  layersOf(ctx, DEFENCE_AREA_DATASETS, (n) => !/defences?$/i.test(n) || isAreaBenefiting(n));

export const floodRecordedOutlines = defineAsset({
  name: 'flood_recorded_outlines',
  kind: 'staged',
  description:
    'Recorded flood outlines (EA) and historic flood map (NRW): event name, dates, source, cause, BNG geometry',
  upstream: [],
  // 2: written as GeoParquet 1.1 (pipelines/io/geoparquet.ts).
  codeVersion: '2',
  owner: 'flood',
  cadence: 'quarterly',
  sources: (ctx) => paths(outlineLayers(ctx)),
  async materialize(ctx) {
    const result = await ingestToParquet(
      ctx,
      'flood_recorded_outlines',
      parquetColumnsFor(FloodRecordedOutlineRecord),
      (await outlineLayers(ctx)).map((l) => asAsync(readRecordedOutlines(l))),
      (r, file) => ({ ...r, source_file: file }),
      { orderBy: ['country', 'feature_id'] },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});

export const floodDefences = defineAsset({
  name: 'flood_defences',
  kind: 'staged',
  description: 'Spatial flood defences (EA AIMS, NRW): asset id and type, BNG lines',
  upstream: [],
  // 2: written as GeoParquet 1.1 (pipelines/io/geoparquet.ts).
  codeVersion: '2',
  owner: 'flood',
  cadence: 'quarterly',
  sources: (ctx) => paths(defenceLayers(ctx)),
  async materialize(ctx) {
    const result = await ingestToParquet(
      ctx,
      'flood_defences',
      parquetColumnsFor(FloodDefenceRecord),
      (await defenceLayers(ctx)).map((l) => asAsync(readDefences(l))),
      (r, file) => ({ ...r, source_file: file }),
      { orderBy: ['country', 'feature_id'] },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});

export const floodDefenceAreas = defineAsset({
  name: 'flood_defence_areas',
  kind: 'staged',
  description: 'Areas benefiting from flood defences (EA ABD, NRW): BNG polygons',
  upstream: [],
  // 2: written as GeoParquet 1.1 (pipelines/io/geoparquet.ts).
  codeVersion: '2',
  owner: 'flood',
  cadence: 'quarterly',
  sources: (ctx) => paths(areaLayers(ctx)),
  async materialize(ctx) {
    const result = await ingestToParquet(
      ctx,
      'flood_defence_areas',
      parquetColumnsFor(FloodDefenceAreaRecord),
      (await areaLayers(ctx)).map((l) => asAsync(readDefenceAreas(l))),
      (r, file) => ({ ...r, source_file: file }),
      { orderBy: ['country', 'feature_id'] },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});

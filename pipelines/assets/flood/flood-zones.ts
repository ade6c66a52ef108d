// Staged flood zones: every EA, NRW and SEPA flood map, one row per zone polygon (schemas/features.ts
// FloodZoneRecord), geometry as WKB in BNG. Quarantined features go to the flood_zones quarantine table.
import { FloodZoneRecord } from '../../../schemas/features';
import { DataError } from '../../io/errors';
import { parquetColumnsFor } from '../../io/parquet-columns';
import type { SourceRow } from '../../io/quarantine';
import {
  findFloodZoneSources,
  FLOOD_ZONE_DATASETS,
  readFloodZones,
  type FloodZoneSource,
} from '../../sources/flood/zones';
import { withSidecars } from '../../sources/flood/spatial-rows';
import { type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { ingestToParquet } from '../../orchestration/ingest';
import { sourceDir } from '../../orchestration/sources';

export const FLOOD_ZONES_TABLE = 'flood_zones';

/** Sync loader generators as the async streams ingestToParquet takes. */
export async function* asAsync<T>(rows: Iterable<SourceRow<T>>): AsyncGenerator<SourceRow<T>> {
  yield* rows;
}

async function zoneSources(ctx: AssetContext): Promise<FloodZoneSource[]> {
  const all: FloodZoneSource[] = [];
  for (const dataset of FLOOD_ZONE_DATASETS)
    all.push(...(await findFloodZoneSources(dataset, sourceDir(ctx, dataset))));
  return all;
}

export const floodZones = defineAsset({
  name: 'flood_zones',
  kind: 'staged',
  description:
    'Flood zones of EA (RoFRS, RoFSW and climate change), NRW FRAW and SEPA flood maps: band, label, BNG geometry',
  upstream: [],
  // 2: written as GeoParquet 1.1 (pipelines/io/geoparquet.ts).
  codeVersion: '2',
  owner: 'flood',
  cadence: 'quarterly',
  sources: async (ctx) => withSidecars((await zoneSources(ctx)).map((s) => s.path)),
  async materialize(ctx) {
    const sources = await zoneSources(ctx);
    if (sources.length === 0)
      throw new DataError(
        `no flood zone files in ${FLOOD_ZONE_DATASETS.map((d) => sourceDir(ctx, d)).join(', ')}`,
      );
    const result = await ingestToParquet(
      ctx,
      FLOOD_ZONES_TABLE,
      parquetColumnsFor(FloodZoneRecord),
      sources.map((s) => asAsync(readFloodZones(s))),
      (r, file) => ({ ...r, source_file: file }),
      { orderBy: ['layer', 'minx', 'feature_id'] },
    );
    return {
      rows: result.rows,
      outputs: result.outputs,
      metrics: { quarantined: result.quarantined, layers: sources.length },
    };
  },
});

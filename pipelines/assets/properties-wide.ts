// properties_wide: one row per UPRN of flat typed columns for analysts (schemas/properties-wide.ts,
// docs/analysts.md), one Parquet file per 10 km tile like the block tables it is read from. Written straight
// from DuckDB (no rows through JavaScript), as GeoParquet points. Not an upstream of properties_index: the
// served documents never wait for it.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { PropertiesWideRowSchema } from '../../schemas/properties-wide';
import { dataPaths } from '../config';
import { inTileSql } from '../geo/tiles';
import { copyQueryToParquet, emptyRelation, parquetPath, type ColumnSpec } from '../io/parquet';
import { parquetColumnsFor } from '../io/parquet-columns';
import { propertiesWideSql } from '../transforms/analyst/properties-wide-sql';
import { defineAsset, partitionOf, type AssetContext } from './definition';
import { EPC_LATEST_TABLE } from './epc-stats';
import { gbHeritagePath } from './gb-heritage';
import { derivedPath, stagedPath } from './ingest';
import { tilesHoldingUprns } from './uprn-location-blocks';

const PROPERTIES_WIDE_TABLE = 'properties_wide';

const tileFile = (ctx: Pick<AssetContext, 'config'>, table: string, tile: string): string =>
  resolve(dataPaths(ctx.config.dataDir).derived, table, `${tile}.parquet`);

// A block table's tile file, or no rows when that tile was never written (every column still readable).
const BLOCK_ROW: ColumnSpec[] = [
  { name: 'uprn', type: 'BIGINT' },
  { name: 'postcode', type: 'VARCHAR' },
  { name: 'block', type: 'JSON' },
];
const tileRelation = (ctx: AssetContext, table: string, tile: string): string => {
  const file = tileFile(ctx, table, tile);
  return existsSync(file) ? parquetPath(file) : emptyRelation(BLOCK_ROW);
};

export const propertiesWide = defineAsset({
  name: PROPERTIES_WIDE_TABLE,
  kind: 'derived',
  description:
    'Per UPRN: location, authority, postcode, latest EPC, flood bands, heritage, national park, deprivation, rurality and area energy use as flat typed columns, one Parquet file per 10 km tile',
  upstream: [
    'os_open_uprn',
    'epc_latest',
    'gb_listed_buildings',
    'uprn_location_blocks',
    'uprn_area_blocks',
    'uprn_flood_blocks',
  ],
  codeVersion: '1',
  owner: 'analyst-outputs',
  cadence: 'quarterly',
  partitioning: { kind: 'bng-tile', keys: (ctx) => tilesHoldingUprns(ctx) },
  async materialize(ctx) {
    const tile = partitionOf(ctx);
    const sql = propertiesWideSql({
      tile,
      uprns: parquetPath(stagedPath(ctx, 'os_open_uprn')),
      inTile: inTileSql(tile),
      location: tileRelation(ctx, 'uprn_location_blocks', tile),
      area: tileRelation(ctx, 'uprn_area_blocks', tile),
      flood: tileRelation(ctx, 'uprn_flood_blocks', tile),
      epcLatest: parquetPath(derivedPath(ctx, EPC_LATEST_TABLE)),
      listedBuildings: parquetPath(gbHeritagePath(ctx, 'gb_listed_buildings')),
    });
    const written = await copyQueryToParquet(sql, tileFile(ctx, PROPERTIES_WIDE_TABLE, tile), {
      columns: parquetColumnsFor(PropertiesWideRowSchema),
    });
    return { rows: written.rows, outputs: [written.path] };
  },
});

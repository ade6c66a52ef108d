// Which derived tables feed the prebuilt response blocks of each UPRN's `properties` document. Every table
// has one row per UPRN with `uprn BIGINT` and the block as typed nested columns, `block` (its row schema's
// nestedColumn); adding a block to the documents means adding its asset here (properties_index lists these
// assets as its upstreams).
import type { PropertyBlockKey } from '../../../schemas/index/properties';
import type { AssetContext } from '../../orchestration/definition';
import type { AssetName } from '../define';
import type { NestedType } from '../../io/nested-type';
import { nestedColumnType } from '../../io/parquet-columns';
import { UprnAreaBlockRowSchema } from '../../../schemas/area-tables';
import { UprnClimateBlockRowSchema } from '../../../schemas/climate-tables';
import {
  UprnEnvironmentBlockRowSchema,
  UprnEpcBlockRowSchema,
  UprnFloodBlockRowSchema,
  UprnLocationBlockRowSchema,
} from '../../../schemas/property-block-tables';
import { areaTableGlob, UPRN_AREA_BLOCKS_TABLE } from '../area/area-tiles';
import { uprnEpcBlocksGlob } from '../epc/uprn-epc-blocks';
import { uprnEnvironmentBlocksGlob } from '../environment/uprn-environment-blocks';
import { uprnLocationBlocksGlob } from '../location/uprn-location-blocks';
import { uprnFloodBlocksGlob } from '../flood/uprn-flood-blocks';
import { climateTableGlob, UPRN_CLIMATE_BLOCKS_TABLE } from '../climate/uprn-climate-blocks';

export interface PropertyBlockSource {
  /** Key under the document's `blocks` (PropertyBlocksSchema types its block). */
  key: PropertyBlockKey;
  /** The asset that writes the table. */
  asset: AssetName;
  /** Parquet file or glob (a partitioned asset writes one file per partition). */
  parquet(ctx: Pick<AssetContext, 'config'>): string;
  /** A column whose equal values mean equal blocks, so comparing blocks needs no block read. */
  digest: 'input_digest' | 'block_digest';
  /** The block column's type (the document carries the block's text, kept beside the table). */
  type: NestedType;
}

const blockType = (schema: Parameters<typeof nestedColumnType>[0]): NestedType =>
  nestedColumnType(schema, 'block');

export const PROPERTY_BLOCK_SOURCES: readonly PropertyBlockSource[] = [
  // The partitioned tables are one file per 10 km tile.
  {
    key: 'epcs',
    asset: 'uprn_epc_blocks',
    parquet: uprnEpcBlocksGlob,
    digest: 'input_digest',
    type: blockType(UprnEpcBlockRowSchema),
  },
  {
    key: 'area',
    asset: 'uprn_area_blocks',
    parquet: (ctx) => areaTableGlob(ctx, UPRN_AREA_BLOCKS_TABLE),
    digest: 'block_digest',
    type: blockType(UprnAreaBlockRowSchema),
  },
  // The flood block (spec 2.6), one file per 10 km tile.
  {
    key: 'flood_risk',
    asset: 'uprn_flood_blocks',
    parquet: uprnFloodBlocksGlob,
    digest: 'block_digest',
    type: blockType(UprnFloodBlockRowSchema),
  },
  // Planning, transportation and admin boundaries by point in polygon (one file per 10 km tile).
  {
    key: 'location_layers',
    asset: 'uprn_location_blocks',
    parquet: (ctx) => uprnLocationBlocksGlob(ctx),
    digest: 'block_digest',
    type: blockType(UprnLocationBlockRowSchema),
  },
  // Environment (air quality, greenspace, landslides, radon, subsidence) and social point blocks (NHS,
  // defibrillators), one file per 10 km tile.
  {
    key: 'environment_layers',
    asset: 'uprn_environment_blocks',
    parquet: (ctx) => uprnEnvironmentBlocksGlob(ctx),
    digest: 'block_digest',
    type: blockType(UprnEnvironmentBlockRowSchema),
  },
  // Climate (spec 2.8): HadUK-Grid averages and UKCP18 projections by 1 km and 12 km cell.
  {
    key: 'climate',
    asset: 'uprn_climate_blocks',
    parquet: (ctx) => climateTableGlob(ctx, UPRN_CLIMATE_BLOCKS_TABLE),
    digest: 'block_digest',
    type: blockType(UprnClimateBlockRowSchema),
  },
];

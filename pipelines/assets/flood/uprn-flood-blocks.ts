// uprn_flood_blocks: the flood block (spec 2.6) of every UPRN, computed per 10 km tile: the tile's UPRNs
// against the pieces meeting the tile square plus TILE_OVERLAP (1 km, the largest bounded search) and the
// national coast index (the coast has no search limit). One Parquet file per tile under
// derived/uprn_flood_blocks/, columns `uprn`, `tile`, `block` (typed nested columns), `block_digest`; the properties documents carry it.
//
// Partitioned by tile (docs/orchestration.md): each tile is its own activity with its own fingerprint, the
// unit of work and of parallelism (DESIGN.md decision 2).
import { resolve } from 'node:path';
import { dataPaths } from '../../config';
import { FeatureIndex } from '../../geo/feature-index';
import type { BBox } from '../../geo/geometry';
import { inTileSql, TILE_OVERLAP, TILE_SIZE, tileBBox, tileBBoxWithOverlap } from '../../geo/tiles';
import { digestedBlockRows, parquetPath, queryParquet, writeTileBlocks } from '../../io/parquet';
import { parquetColumnsFor } from '../../io/parquet-columns';
import { UprnFloodBlockRowSchema } from '../../../schemas/property-block-tables';
import { fromStoredPiece } from '../../enrich/piece-records';
import { tileBlockBuilder, type UprnPoint } from '../../enrich/tile-blocks';
import { nearestWithin, type Family, type PieceRecord } from '../../transforms/flood/candidates';
import { partitionOf, type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { piecesPath } from './flood-pieces';
import { stagedPath } from '../../orchestration/ingest';
import { tilesHoldingUprns } from '../location/uprn-location-blocks';

export const UPRN_FLOOD_BLOCKS_DIR = 'uprn_flood_blocks';
export const uprnFloodBlocksDir = (ctx: Pick<AssetContext, 'config'>): string =>
  resolve(dataPaths(ctx.config.dataDir).derived, UPRN_FLOOD_BLOCKS_DIR);
/** Every tile's file (the properties index joins on this glob). */
export const uprnFloodBlocksGlob = (ctx: Pick<AssetContext, 'config'>): string =>
  resolve(uprnFloodBlocksDir(ctx), '*.parquet');

// uprn, tile and the block as typed nested columns (schemas/property-block-tables.ts).
const BLOCK_COLUMNS = parquetColumnsFor(UprnFloodBlockRowSchema);

const TILE_FAMILIES = [
  'zones',
  'outlines',
  'defence_areas',
  'contours',
  'land',
] as const satisfies readonly Family[];

async function loadPieces(path: string, box?: BBox): Promise<PieceRecord[]> {
  const where = box
    ? `WHERE maxx >= ${box.minX} AND minx <= ${box.maxX} AND maxy >= ${box.minY} AND miny <= ${box.maxY}`
    : '';
  const out: PieceRecord[] = [];
  for await (const row of queryParquet(`SELECT * FROM ${parquetPath(path)} ${where}`))
    out.push(fromStoredPiece(row));
  return out;
}

/**
 * The coast pieces that can be nearest to any point of `tile`. From the tile's centre c the nearest coast is
 * at most d (found among pieces loaded so far), so from any point p of the tile it is at most d + |p - c|
 * <= d + half the tile's diagonal: every piece that can be nearest meets the tile grown by that much. Start
 * with 20 km and grow until the loaded pieces prove it: a tile never loads the whole national coastline.
 */
async function coastFor(ctx: AssetContext, tile: string): Promise<FeatureIndex<PieceRecord>> {
  const box = tileBBox(tile);
  const centre: [number, number] = [(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2];
  const halfDiagonal = Math.SQRT1_2 * TILE_SIZE;
  for (let grow = 20_000; ;) {
    const grown = {
      minX: box.minX - grow,
      minY: box.minY - grow,
      maxX: box.maxX + grow,
      maxY: box.maxY + grow,
    };
    const pieces = await loadPieces(piecesPath(ctx, 'coast'), grown);
    const best = nearestWithin(pieces, centre, Infinity);
    const need = best ? best.distance + halfDiagonal : Infinity;
    if (need <= grow) return new FeatureIndex(pieces);
    // No coast at all within the grid's reach: every point's nearest coastal point is null.
    if (grow >= 1_500_000) return new FeatureIndex(pieces);
    grow = Math.min(Number.isFinite(need) ? need : grow * 4, 1_500_000);
  }
}

export const uprnFloodBlocks = defineAsset({
  name: 'uprn_flood_blocks',
  kind: 'derived',
  description:
    'Per UPRN: the flood risk block (spec 2.6), computed per 10 km tile, one Parquet file per tile',
  upstream: ['os_open_uprn', 'flood_pieces'],
  // 4: the nearest coastal point's height from a heighted feature tied with the nearest.
  // 5: flood_risk_description in the spec's spelling (NaFRA2 "Very low" → "Very Low").
  // 6: the block as typed nested columns (issue 20); 7: the flood events' dates as timestamps.
  // 8: the block texts kept beside the table (blockTextsPath).
  codeVersion: '8',
  owner: 'flood',
  cadence: 'quarterly',
  partitioning: { kind: 'bng-tile', keys: (ctx) => tilesHoldingUprns(ctx) },
  async materialize(ctx) {
    const tile = partitionOf(ctx);
    const uprns: UprnPoint[] = [];
    for await (const row of queryParquet(
      `SELECT uprn, x_coord, y_coord FROM ${parquetPath(stagedPath(ctx, 'os_open_uprn'))}
        WHERE ${inTileSql(tile)} ORDER BY uprn`,
    ))
      uprns.push({ uprn: Number(row.uprn), x: Number(row.x_coord), y: Number(row.y_coord) });
    // Every bounded search (zones, events, defences, contours) reaches at most TILE_OVERLAP beyond the tile.
    const box = tileBBoxWithOverlap(tile, TILE_OVERLAP);
    const pieces: Partial<Record<Family, PieceRecord[]>> = {};
    for (const family of TILE_FAMILIES) pieces[family] = await loadPieces(piecesPath(ctx, family), box);
    const coast = await coastFor(ctx, tile);
    const blocks = digestedBlockRows(uprns, tile, tileBlockBuilder(pieces, coast));
    const written = await writeTileBlocks(
      resolve(uprnFloodBlocksDir(ctx), `${tile}.parquet`),
      BLOCK_COLUMNS,
      blocks.rows,
    );
    const computeMs = blocks.computeMs();
    ctx.log(`uprn_flood_blocks ${tile}: ${written.rows} UPRNs, ${Math.round(computeMs)} ms computing`);
    return {
      rows: written.rows,
      outputs: [...written.files, ...written.texts],
      metrics: { uprns_per_second: computeMs > 0 ? Math.round((written.rows / computeMs) * 1000) : 0 },
    };
  },
});

// uprn_flood_blocks: the flood block (spec 2.6) of every UPRN, computed per 10 km tile: the tile's UPRNs
// against the pieces meeting the tile square plus TILE_OVERLAP (1 km, the largest bounded search) and the
// national coast index (the coast has no search limit). One Parquet file per tile under
// derived/uprn_flood_blocks/, columns `uprn`, `tile`, `block` (JSON); the properties documents carry it.
//
// The asset framework has no partitions yet, so the tiles are a loop inside one materialisation; each tile
// is independent (its own pieces, its own file), which is what a partitioned asset would fan out.
import { mkdir, rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { dataPaths } from '../config';
import { FeatureIndex } from '../geo/feature-index';
import type { BBox } from '../geo/geometry';
import { tileBBoxWithOverlap, tileOf, TILE_OVERLAP, TILE_SIZE } from '../geo/tiles';
import { parquetPath, queryParquet, writeParquet, type ColumnSpec } from '../io/parquet';
import { tileCountriesMap } from '../enrich/build-pieces';
import { fromStoredPiece } from '../enrich/piece-records';
import { tileBlocks, type UprnPoint } from '../enrich/tile-blocks';
import type { Family, PieceRecord } from '../transforms/flood/candidates';
import { defineAsset, type AssetContext } from './definition';
import { piecesPath } from './flood-pieces';
import { stagedPath } from './ingest';

export const UPRN_FLOOD_BLOCKS_DIR = 'uprn_flood_blocks';
export const uprnFloodBlocksDir = (ctx: Pick<AssetContext, 'config'>): string =>
  resolve(dataPaths(ctx.config.dataDir).derived, UPRN_FLOOD_BLOCKS_DIR);
/** Every tile's file (the properties index joins on this glob). */
export const uprnFloodBlocksGlob = (ctx: Pick<AssetContext, 'config'>): string =>
  resolve(uprnFloodBlocksDir(ctx), '*.parquet');

const BLOCK_COLUMNS: ColumnSpec[] = [
  { name: 'uprn', type: 'BIGINT' },
  { name: 'tile', type: 'VARCHAR' },
  { name: 'block', type: 'JSON' },
];

const TILE_FAMILIES = ['zones', 'outlines', 'defence_areas', 'contours'] as const satisfies readonly Family[];

async function loadPieces(path: string, box?: BBox): Promise<PieceRecord[]> {
  const where = box
    ? `WHERE maxx >= ${box.minX} AND minx <= ${box.maxX} AND maxy >= ${box.minY} AND miny <= ${box.maxY}`
    : '';
  const out: PieceRecord[] = [];
  for await (const row of queryParquet(`SELECT * FROM ${parquetPath(path)} ${where}`))
    out.push(fromStoredPiece(row));
  return out;
}

/** The staged UPRNs grouped by tile (sorted by tile column and row, so one tile is in memory at a time). */
async function* uprnsByTile(ctx: AssetContext): AsyncGenerator<{ tile: string; uprns: UprnPoint[] }> {
  const sql = `SELECT uprn, x_coord, y_coord FROM ${parquetPath(stagedPath(ctx, 'os_open_uprn'))}
    WHERE x_coord >= 0 AND x_coord < 700000 AND y_coord >= 0 AND y_coord < 1300000
    ORDER BY floor(x_coord / ${TILE_SIZE}), floor(y_coord / ${TILE_SIZE}), uprn`;
  let tile: string | undefined;
  let uprns: UprnPoint[] = [];
  for await (const row of queryParquet(sql)) {
    const x = Number(row.x_coord);
    const y = Number(row.y_coord);
    const t = tileOf(x, y);
    if (tile !== undefined && t !== tile) {
      yield { tile, uprns };
      uprns = [];
    }
    tile = t;
    uprns.push({ uprn: Number(row.uprn), x, y });
  }
  if (tile !== undefined) yield { tile, uprns };
}

export const uprnFloodBlocks = defineAsset({
  name: 'uprn_flood_blocks',
  kind: 'derived',
  description:
    'Per UPRN: the flood risk block (spec 2.6), computed per 10 km tile, one Parquet file per tile',
  upstream: ['os_open_uprn', 'flood_pieces'],
  codeVersion: '1',
  owner: 'flood',
  cadence: 'quarterly',
  async materialize(ctx) {
    const dir = uprnFloodBlocksDir(ctx);
    const next = `${dir}.next-${ctx.runId.replace(/[^A-Za-z0-9_-]/g, '-')}`;
    await rm(next, { recursive: true, force: true });
    await mkdir(next, { recursive: true });
    const countryRows: { tile: string; country: string; pieces: number }[] = [];
    for await (const row of queryParquet(`SELECT * FROM ${parquetPath(piecesPath(ctx, 'tile_countries'))}`))
      countryRows.push(row as (typeof countryRows)[number]);
    const countries = tileCountriesMap(countryRows);
    const coast = new FeatureIndex(await loadPieces(piecesPath(ctx, 'coast')));
    let rows = 0;
    let tiles = 0;
    let computeMs = 0;
    try {
      for await (const { tile, uprns } of uprnsByTile(ctx)) {
        const box = tileBBoxWithOverlap(tile, TILE_OVERLAP);
        const pieces: Partial<Record<Family, PieceRecord[]>> = {};
        for (const family of TILE_FAMILIES) pieces[family] = await loadPieces(piecesPath(ctx, family), box);
        const started = performance.now();
        const blocks = tileBlocks(uprns, pieces, coast, countries);
        computeMs += performance.now() - started;
        const written = await writeParquet(
          resolve(next, `${tile}.parquet`),
          BLOCK_COLUMNS,
          blocks.map((b) => ({ ...b, tile })),
        );
        rows += written.rows;
        tiles += 1;
        ctx.heartbeat({ tile, rows });
      }
      // The properties index joins on the folder's glob, which must match at least one file.
      if (tiles === 0) await writeParquet(resolve(next, 'empty.parquet'), BLOCK_COLUMNS, []);
      await rm(dir, { recursive: true, force: true });
      await rename(next, dir);
    } catch (error) {
      await rm(next, { recursive: true, force: true });
      throw error;
    }
    ctx.log(`uprn_flood_blocks: ${rows} UPRNs in ${tiles} tiles, ${Math.round(computeMs)} ms computing`);
    return {
      rows,
      outputs: [dir],
      metrics: { tiles, uprns_per_second: computeMs > 0 ? Math.round((rows / computeMs) * 1000) : 0 },
    };
  },
});

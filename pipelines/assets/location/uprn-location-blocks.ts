// uprn_location_blocks: per UPRN, the planning and transportation blocks (spec 2.7) and the admin
// boundaries by point in polygon, partitioned per 10 km BNG tile (docs/orchestration.md): each partition
// reads its UPRNs and, from the staged layers (and the Great Britain heritage tables of gb-heritage.ts), only
// the features its answers can need (bbox filters on the bbox / coordinate columns):
//   - within-1-km layers (listed buildings, charge points): the tile square plus 1 km;
//   - nearest-feature layers (conservation areas, World Heritage Sites, National Parks, low emission zones):
//     the tile square plus NEAREST_LIMIT (100 km), the furthest a nearest feature is searched;
//   - boundaries: the polygons meeting the tile square; airports: all (a few dozen).
// Features are cut into pieces in memory (pipelines/geo/pieces.ts) and the pure block functions
// (pipelines/transforms/planning, transport) run over a MemoryLayers. Output: derived/uprn_location_blocks/
// <tile>.parquet with `uprn`, `tile`, `block` (typed {admin_boundaries, planning, transportation}),
// `block_digest`.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { dataPaths } from '../../config';
import type { BBox } from '../../geo/geometry';
import { toPieces } from '../../geo/pieces';
import { inTileSql, onGridSql, TILE_SIZE, tileBBox, tileOf } from '../../geo/tiles';
import { digestedBlockRows, parquetPath, queryParquet, queryRows, writeTileBlocks } from '../../io/parquet';
import { parquetColumnsFor } from '../../io/parquet-columns';
import { UprnLocationBlockRowSchema } from '../../../schemas/property-block-tables';
import { parseWkb } from '../../io/spatial/wkb';
import type { PieceRecord } from '../../transforms/flood/candidates';
import {
  NEAREST_LIMIT,
  WITHIN_RADIUS,
  type AreaAttrs,
  type AreaFamily,
  type PointAttrs,
  type PointFamily,
  type PointRecord,
} from '../../transforms/planning/candidates';
import { locationLayersBlock } from '../../transforms/planning/location-layers';
import { MemoryLayers } from '../../transforms/planning/memory-layers';
import { listingTier, statutoryGrade } from '../../transforms/heritage/listing';
import type { ListingGrade, ListingSystem } from '../../../schemas/heritage-features';
import { partitionOf, type AssetContext } from '../../orchestration/definition';
import { defineAsset, type AssetName } from '../define';
import { derivedPath, stagedPath } from '../../orchestration/ingest';

export const UPRN_LOCATION_BLOCKS_DIR = 'uprn_location_blocks';
export const uprnLocationBlocksDir = (ctx: Pick<AssetContext, 'config'>): string =>
  resolve(dataPaths(ctx.config.dataDir).derived, UPRN_LOCATION_BLOCKS_DIR);
/** Every tile's file (the properties index joins on this glob). */
export const uprnLocationBlocksGlob = (ctx: Pick<AssetContext, 'config'>): string =>
  resolve(uprnLocationBlocksDir(ctx), '*.parquet');

// uprn, tile and the block as typed nested columns (schemas/property-block-tables.ts).
const BLOCK_COLUMNS = parquetColumnsFor(UprnLocationBlockRowSchema);

type Row = Record<string, unknown>;
const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
/** DuckDB hands TIMESTAMP columns back in its own form; the blocks want ISO strings with milliseconds. */
const iso = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  const ms =
    v instanceof Date
      ? v.getTime()
      : Date.parse(
          String(v)
            .replace(' ', 'T')
            .replace(/(T[\d:.]+)$/, '$1Z'),
        );
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

const grow = (b: BBox, d: number): BBox => ({
  minX: b.minX - d,
  minY: b.minY - d,
  maxX: b.maxX + d,
  maxY: b.maxY + d,
});
const bboxWhere = (b: BBox): string =>
  `maxx >= ${b.minX} AND minx <= ${b.maxX} AND maxy >= ${b.minY} AND miny <= ${b.maxY}`;
const pointWhere = (b: BBox): string =>
  `x_coord >= ${b.minX} AND x_coord <= ${b.maxX} AND y_coord >= ${b.minY} AND y_coord <= ${b.maxY}`;

export interface AreaSource<F extends AreaFamily> {
  table: AssetName;
  /** Where the table is: staged (default) or derived (the Great Britain heritage tables). */
  layer?: 'staged' | 'derived';
  margin: number;
  where?: string;
  id(row: Row): string;
  attrs(row: Row): AreaAttrs[F];
}

/** The Parquet file of a family's table. */
export const sourceTablePath = (
  ctx: AssetContext,
  src: { table: string; layer?: 'staged' | 'derived' },
): string => (src.layer === 'derived' ? derivedPath(ctx, src.table) : stagedPath(ctx, src.table));

/** How each polygon family comes out of its table (also for a live feature index to reuse). */
export const AREA_SOURCES: { [F in AreaFamily]: AreaSource<F> } = {
  // England, Wales and Scotland in one table (gb-heritage.ts).
  conservation_areas: {
    table: 'gb_conservation_areas',
    layer: 'derived',
    margin: NEAREST_LIMIT,
    id: (r) => String(r.feature_id),
    attrs: (r) => ({ name: text(r.name) }),
  },
  world_heritage_sites: {
    table: 'gb_world_heritage_sites',
    layer: 'derived',
    margin: NEAREST_LIMIT,
    id: (r) => String(r.feature_id),
    attrs: (r) => ({
      name: text(r.name),
      inscription_date: iso(r.inscription_date),
      notes: text(r.notes),
      url: text(r.url),
    }),
  },
  national_parks: {
    table: 'national_parks',
    margin: NEAREST_LIMIT,
    id: (r) => String(r.feature_id),
    attrs: (r) => ({ name: text(r.name) }),
  },
  low_emission_zones: {
    table: 'low_emission_zones',
    margin: NEAREST_LIMIT,
    where: `status_class IN ('active', 'planned')`,
    id: (r) => String(r.feature_id),
    attrs: (r) => ({ name: text(r.name), url: text(r.url) }),
  },
  admin_boundaries: {
    table: 'admin_boundaries',
    margin: 0,
    id: (r) => `${String(r.level)}:${String(r.code)}`,
    attrs: (r) => ({
      level: r.level as AreaAttrs['admin_boundaries']['level'],
      code: String(r.code),
      name: text(r.name),
    }),
  },
};

export interface PointSource<F extends PointFamily> {
  table: AssetName;
  layer?: 'staged' | 'derived';
  /** null: the whole table. */
  margin: number | null;
  where?: string;
  attrs(row: Row): PointAttrs[F];
}

/** How each point family comes out of its staged table. */
export const POINT_SOURCES: { [F in PointFamily]: PointSource<F> } = {
  listed_buildings: {
    table: 'gb_listed_buildings',
    layer: 'derived',
    margin: WITHIN_RADIUS,
    attrs: (r) => {
      const system = r.listing_system as ListingSystem;
      const grade = r.listing_grade as ListingGrade;
      return {
        name: text(r.name),
        grade: statutoryGrade(system, grade),
        listing_system: system,
        listing_grade: grade,
        listing_tier: listingTier(grade),
        date_listed: iso(r.date_listed),
        url: text(r.url),
      };
    },
  },
  ev_charge_points: {
    table: 'ev_charge_points',
    margin: WITHIN_RADIUS,
    // Devices reported out of service are no use to anyone looking for a charger.
    where: `(status IS NULL OR lower(status) <> 'out of service')`,
    attrs: (r) => ({ name: text(r.name) }),
  },
  airports: { table: 'airports', margin: null, attrs: (r) => ({ name: String(r.name) }) },
};

async function loadAreas<F extends AreaFamily>(
  ctx: AssetContext,
  family: F,
  tile: BBox,
): Promise<PieceRecord[]> {
  const src = AREA_SOURCES[family] as AreaSource<F>;
  const where = [bboxWhere(grow(tile, src.margin)), src.where].filter(Boolean).join(' AND ');
  const out: PieceRecord[] = [];
  for await (const row of queryParquet(
    `SELECT * FROM ${parquetPath(sourceTablePath(ctx, src))} WHERE ${where}`,
  )) {
    const geometry = parseWkb(row.geometry as Uint8Array);
    if (!geometry) continue;
    const featureId = src.id(row);
    const attrs = src.attrs(row);
    for (const piece of toPieces(geometry))
      out.push({ layer: family, featureId, attrs, piece, bbox: piece.bbox });
  }
  return out;
}

async function loadPoints<F extends PointFamily>(
  ctx: AssetContext,
  family: F,
  tile: BBox,
): Promise<PointRecord[]> {
  const src = POINT_SOURCES[family] as PointSource<F>;
  const where = [src.margin === null ? null : pointWhere(grow(tile, src.margin)), src.where].filter(Boolean);
  const sql = `SELECT * FROM ${parquetPath(sourceTablePath(ctx, src))} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  const out: PointRecord[] = [];
  for await (const row of queryParquet(sql))
    out.push({
      id: String(row.feature_id),
      position: [Number(row.x_coord), Number(row.y_coord)],
      attrs: src.attrs(row),
    });
  return out;
}

/** Every tile's layers, loaded for one partition. */
export async function tileLayers(ctx: AssetContext, tile: string): Promise<MemoryLayers> {
  const box = tileBBox(tile);
  const areas: Partial<Record<AreaFamily, PieceRecord[]>> = {};
  for (const family of Object.keys(AREA_SOURCES) as AreaFamily[])
    areas[family] = await loadAreas(ctx, family, box);
  const points: Partial<Record<PointFamily, PointRecord[]>> = {};
  for (const family of Object.keys(POINT_SOURCES) as PointFamily[])
    points[family] = await loadPoints(ctx, family, box);
  return new MemoryLayers(areas, points);
}

const uprnTable = (ctx: AssetContext): string => parquetPath(stagedPath(ctx, 'os_open_uprn'));

// Every tile-partitioned asset of a run asks for the tiles (nine at present), and each answer is a scan of
// every UPRN's point (GB: 30 M): the answer is kept for the staged file as it is (its path, inode, size and
// modification time), so a worker scans each version of the file once.
let tilesOfFile: { version: string; tiles: Promise<string[]> } | undefined;

/** The 10 km tiles holding at least one staged UPRN. */
export function tilesHoldingUprns(ctx: AssetContext): Promise<string[]> {
  const file = stagedPath(ctx, 'os_open_uprn');
  const stat = statSync(file, { throwIfNoEntry: false });
  const version = stat && `${file} ${stat.ino} ${stat.size} ${stat.mtimeMs}`;
  if (version && tilesOfFile?.version === version) return tilesOfFile.tiles.then((t) => [...t]);
  const tiles = scanTiles(uprnTable(ctx));
  tilesOfFile = version ? { version, tiles } : undefined;
  // A failed scan is not kept.
  tiles.catch(() => {
    if (tilesOfFile?.tiles === tiles) tilesOfFile = undefined;
  });
  // A copy each: a caller's sort or push never reaches the next caller.
  return tiles.then((t) => [...t]);
}

async function scanTiles(uprns: string): Promise<string[]> {
  const tiles = new Set<string>();
  const sql = `SELECT DISTINCT floor(x_coord / ${TILE_SIZE}) AS tx, floor(y_coord / ${TILE_SIZE}) AS ty FROM ${uprns}
    WHERE ${onGridSql()}`;
  for (const row of await queryRows(sql))
    tiles.add(tileOf(Number(row.tx) * TILE_SIZE + 1, Number(row.ty) * TILE_SIZE + 1));
  return [...tiles].sort();
}

export const uprnLocationBlocks = defineAsset({
  name: 'uprn_location_blocks',
  kind: 'derived',
  description:
    'Per UPRN: planning and transportation blocks and admin boundaries by point in polygon, one Parquet file per 10 km tile',
  upstream: [
    'os_open_uprn',
    'gb_conservation_areas',
    'gb_listed_buildings',
    'gb_world_heritage_sites',
    'national_parks',
    'ev_charge_points',
    'low_emission_zones',
    'airports',
    'admin_boundaries',
  ],
  // 3: the block as typed nested columns (issue 20). 4: its texts kept beside the table (blockTextsPath).
  codeVersion: '4',
  owner: 'planning-transport',
  cadence: 'quarterly',
  partitioning: { kind: 'bng-tile', keys: (ctx) => tilesHoldingUprns(ctx) },
  async materialize(ctx) {
    const tile = partitionOf(ctx);
    const layers = await tileLayers(ctx, tile);
    const uprns: { uprn: number; x: number; y: number }[] = [];
    for await (const row of queryParquet(
      `SELECT uprn, x_coord, y_coord FROM ${uprnTable(ctx)} WHERE ${inTileSql(tile)}
        ORDER BY uprn`,
    ))
      uprns.push({ uprn: Number(row.uprn), x: Number(row.x_coord), y: Number(row.y_coord) });
    const blocks = digestedBlockRows(uprns, tile, (u) => locationLayersBlock(layers, [u.x, u.y]));
    const written = await writeTileBlocks(
      resolve(uprnLocationBlocksDir(ctx), `${tile}.parquet`),
      BLOCK_COLUMNS,
      blocks.rows,
    );
    const computeMs = blocks.computeMs();
    ctx.log(`uprn_location_blocks ${tile}: ${written.rows} UPRNs, ${Math.round(computeMs)} ms computing`);
    return {
      rows: written.rows,
      outputs: [...written.files, ...written.texts],
      metrics: { uprns_per_second: computeMs > 0 ? Math.round((written.rows / computeMs) * 1000) : 0 },
    };
  },
});

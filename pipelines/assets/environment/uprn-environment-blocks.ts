// uprn_environment_blocks: per UPRN, the environment block (spec 2.7: air quality, greenspace, landslides,
// radon, subsidence) and the point-based social blocks (spec 2.8: nhs_locations, defibrillators),
// partitioned per 10 km BNG tile like uprn_location_blocks (docs/orchestration.md). Each partition reads its
// UPRNs and, from the staged layers, only what its answers can need:
//   - grids (air quality, radon): the cells of the tile; air quality percentiles are ranked against every
//     loaded cell of the pollutant (the latest year of each cell), sorted once per partition;
//   - greenspace: the sites within GREENSPACE_NEAREST_LIMIT (10 km) of the tile square;
//   - landslides, defibrillators: the tile square plus 1 km; NHS sites: all (tens of thousands at most);
//   - subsidence (GeoSure, GeoClimate): the pieces of the polygons that overlap the tile square.
// The pure blocks (pipelines/transforms/environment, social) run over a MemoryEnvironment. Output:
// derived/uprn_environment_blocks/<tile>.parquet with `uprn`, `tile`, `block` (typed {environment, social}), `block_digest`.
import { resolve } from 'node:path';
import { dataPaths } from '../../config';
import type { BBox } from '../../geo/geometry';
import { toPieces } from '../../geo/pieces';
import { inTileSql, tileBBox } from '../../geo/tiles';
import { digestedBlockRows, parquetPath, queryParquet, writeTileBlocks } from '../../io/parquet';
import { parquetColumnsFor } from '../../io/parquet-columns';
import { fileMemo } from '../../io/file-memo';
import { UprnEnvironmentBlockRowSchema } from '../../../schemas/property-block-tables';
import { parseWkb } from '../../io/spatial/wkb';
import type { Pollutant } from '../../../schemas/environment-features';
import type { PieceRecord } from '../../transforms/flood/candidates';
import {
  latestAirQualitySql,
  percentileOf,
  sortedValuesByPollutant,
} from '../../transforms/environment/air-quality';
import { environmentBlock } from '../../transforms/environment/block';
import {
  GREENSPACE_NEAREST_LIMIT,
  type EnvironmentPointAttrs,
  type GreenspaceAttrs,
} from '../../transforms/environment/candidates';
import { MemoryEnvironment, type EnvironmentLayerRecords } from '../../transforms/environment/memory';
import {
  SUBSIDENCE_TABLES,
  subsidenceAttrsOfRow,
  type SubsidenceAttrs,
} from '../../transforms/environment/subsidence';
import { WITHIN_RADIUS, type PointRecord } from '../../transforms/planning/candidates';
import { socialPointsBlock } from '../../transforms/social/block';
import type { EnvironmentBlock } from '../../../schemas/api/environment';
import type { SocialPointsBlock } from '../../../schemas/api/social';
import { partitionOf, type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { stagedPath } from '../../orchestration/ingest';
import { tilesHoldingUprns } from '../location/uprn-location-blocks';

export const UPRN_ENVIRONMENT_BLOCKS_DIR = 'uprn_environment_blocks';
export const uprnEnvironmentBlocksDir = (ctx: Pick<AssetContext, 'config'>): string =>
  resolve(dataPaths(ctx.config.dataDir).derived, UPRN_ENVIRONMENT_BLOCKS_DIR);
/** Every tile's file (the properties index joins on this glob). */
export const uprnEnvironmentBlocksGlob = (ctx: Pick<AssetContext, 'config'>): string =>
  resolve(uprnEnvironmentBlocksDir(ctx), '*.parquet');

// uprn, tile and the block as typed nested columns (schemas/property-block-tables.ts).
const BLOCK_COLUMNS = parquetColumnsFor(UprnEnvironmentBlockRowSchema);

export interface EnvironmentLayersBlock {
  environment: EnvironmentBlock;
  social: SocialPointsBlock;
}

type Row = Record<string, unknown>;
const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const table = (ctx: AssetContext, name: string): string => parquetPath(stagedPath(ctx, name));
const grow = (b: BBox, d: number): BBox => ({
  minX: b.minX - d,
  minY: b.minY - d,
  maxX: b.maxX + d,
  maxY: b.maxY + d,
});
const pointWhere = (b: BBox): string =>
  `x_coord >= ${b.minX} AND x_coord <= ${b.maxX} AND y_coord >= ${b.minY} AND y_coord <= ${b.maxY}`;
const cellWhere = (b: BBox): string =>
  `cell_x >= ${b.minX} AND cell_x < ${b.maxX} AND cell_y >= ${b.minY} AND cell_y < ${b.maxY}`;

async function rows(sql: string): Promise<Row[]> {
  const out: Row[] = [];
  for await (const row of queryParquet(sql)) out.push(row);
  return out;
}

/**
 * Each pollutant's latest values over every cell, sorted: a cell's percentile is its rank among them. Read once
 * a staged file by the process (fileMemo), not by every tile: ~1 M values for Great Britain's grid.
 */
const nationalAirQuality = fileMemo(async (file) =>
  sortedValuesByPollutant(
    await rows(`SELECT pollutant, value FROM ${latestAirQualitySql(parquetPath(file))}`),
  ),
);

async function airQuality(ctx: AssetContext, box: BBox): Promise<EnvironmentLayerRecords['airQuality']> {
  const file = stagedPath(ctx, 'air_quality_cells');
  const sorted = await nationalAirQuality(file);
  const latest = latestAirQualitySql(parquetPath(file));
  return (await rows(`SELECT * FROM ${latest} WHERE ${cellWhere(box)}`)).map((r) => ({
    pollutant: r.pollutant as Pollutant,
    cellX: Number(r.cell_x),
    cellY: Number(r.cell_y),
    value: {
      value: Number(r.value),
      percentile: percentileOf(sorted.get(String(r.pollutant))!, Number(r.value)),
    },
  }));
}

async function greenspace(ctx: AssetContext, box: BBox): Promise<PieceRecord<GreenspaceAttrs>[]> {
  const b = grow(box, GREENSPACE_NEAREST_LIMIT);
  const out: PieceRecord<GreenspaceAttrs>[] = [];
  for (const r of await rows(
    `SELECT * FROM ${table(ctx, 'greenspace_sites')}
      WHERE maxx >= ${b.minX} AND minx <= ${b.maxX} AND maxy >= ${b.minY} AND miny <= ${b.maxY}`,
  )) {
    const geometry = parseWkb(r.geometry as Uint8Array);
    if (!geometry) continue;
    const attrs = { function: String(r.function), name: text(r.name) };
    for (const piece of toPieces(geometry))
      out.push({ layer: 'greenspace', featureId: String(r.feature_id), attrs, piece, bbox: piece.bbox });
  }
  return out;
}

/** Pieces of the subsidence polygons overlapping the tile (a UPRN only needs the pieces holding it). */
async function subsidence(ctx: AssetContext, box: BBox): Promise<PieceRecord<SubsidenceAttrs>[]> {
  const out: PieceRecord<SubsidenceAttrs>[] = [];
  for (const name of SUBSIDENCE_TABLES)
    for (const r of await rows(
      `SELECT * FROM ${table(ctx, name)}
        WHERE maxx >= ${box.minX} AND minx <= ${box.maxX} AND maxy >= ${box.minY} AND miny <= ${box.maxY}`,
    )) {
      const geometry = parseWkb(r.geometry as Uint8Array);
      if (!geometry) continue;
      const attrs = subsidenceAttrsOfRow(r);
      for (const piece of toPieces(geometry)) {
        const b = piece.bbox;
        if (b.maxX < box.minX || b.minX > box.maxX || b.maxY < box.minY || b.minY > box.maxY) continue;
        out.push({ layer: 'subsidence', featureId: String(r.feature_id), attrs, piece, bbox: b });
      }
    }
  return out;
}

const nhsAttrs = (r: Row): EnvironmentPointAttrs['hospital'] => ({
  name: String(r.name),
  address1: text(r.address1),
  address2: text(r.address2),
  address3: text(r.address3),
  postcode: String(r.postcode),
  url: String(r.url),
});

/** Every layer a tile's answers can need, loaded for one partition. */
export async function tileEnvironment(ctx: AssetContext, tile: string): Promise<MemoryEnvironment> {
  const box = tileBBox(tile);
  const near = grow(box, WITHIN_RADIUS);
  const points: NonNullable<EnvironmentLayerRecords['points']> = {};
  const point = (r: Row) => ({
    id: String(r.feature_id ?? r.code),
    position: [Number(r.x_coord), Number(r.y_coord)] as [number, number],
  });
  points.landslides = (await rows(`SELECT * FROM ${table(ctx, 'landslides')} WHERE ${pointWhere(near)}`)).map(
    (r) => ({ ...point(r), attrs: { name: text(r.name) } }),
  );
  points.defibrillators = (
    await rows(`SELECT * FROM ${table(ctx, 'defibrillators')} WHERE ${pointWhere(near)}`)
  ).map((r) => ({
    ...point(r),
    attrs: {
      location_name: text(r.location_name),
      availability: String(r.availability),
      access_type: String(r.access_type),
    },
  }));
  const nhs = await rows(`SELECT * FROM ${table(ctx, 'nhs_sites')}`);
  for (const kind of ['gp_practice', 'dentist', 'hospital'] as const)
    points[kind] = nhs
      .filter((r) => r.kind === kind)
      .map((r): PointRecord<EnvironmentPointAttrs[typeof kind]> => ({ ...point(r), attrs: nhsAttrs(r) }));
  return new MemoryEnvironment({
    airQuality: await airQuality(ctx, box),
    radon: (await rows(`SELECT * FROM ${table(ctx, 'radon_cells')} WHERE ${cellWhere(box)}`)).map((r) => ({
      cellX: Number(r.cell_x),
      cellY: Number(r.cell_y),
      classMax: Number(r.class_max),
    })),
    greenspace: await greenspace(ctx, box),
    subsidence: await subsidence(ctx, box),
    points,
  });
}

export function environmentLayersBlock(c: MemoryEnvironment, p: [number, number]): EnvironmentLayersBlock {
  return { environment: environmentBlock(c, p), social: socialPointsBlock(c, p) };
}

export const uprnEnvironmentBlocks = defineAsset({
  name: 'uprn_environment_blocks',
  kind: 'derived',
  description:
    'Per UPRN: environment (air quality, greenspace, landslides, radon, subsidence) and social (NHS, defibrillators) blocks, one Parquet file per 10 km tile',
  upstream: [
    'os_open_uprn',
    'air_quality_cells',
    'radon_cells',
    'greenspace_sites',
    'landslides',
    'nhs_sites',
    'defibrillators',
    ...SUBSIDENCE_TABLES,
  ],
  // 3: the block as typed nested columns (issue 20). 4: its texts kept beside the table (blockTextsPath).
  codeVersion: '4',
  owner: 'environment-social',
  cadence: 'quarterly',
  partitioning: { kind: 'bng-tile', keys: (ctx) => tilesHoldingUprns(ctx) },
  async materialize(ctx) {
    const tile = partitionOf(ctx);
    const layers = await tileEnvironment(ctx, tile);
    const uprns = await rows(
      `SELECT uprn, x_coord, y_coord FROM ${table(ctx, 'os_open_uprn')} WHERE ${inTileSql(tile)}
        ORDER BY uprn`,
    );
    const points = uprns.map((u) => ({ uprn: Number(u.uprn), x: Number(u.x_coord), y: Number(u.y_coord) }));
    const blocks = digestedBlockRows(points, tile, (u) => environmentLayersBlock(layers, [u.x, u.y]));
    const written = await writeTileBlocks(
      resolve(uprnEnvironmentBlocksDir(ctx), `${tile}.parquet`),
      BLOCK_COLUMNS,
      blocks.rows,
    );
    const computeMs = blocks.computeMs();
    ctx.log(`uprn_environment_blocks ${tile}: ${written.rows} UPRNs, ${Math.round(computeMs)} ms computing`);
    return {
      rows: written.rows,
      outputs: [...written.files, ...written.texts],
      metrics: { uprns_per_second: computeMs > 0 ? Math.round((written.rows / computeMs) * 1000) : 0 },
    };
  },
});

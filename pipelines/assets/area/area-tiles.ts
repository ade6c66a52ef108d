// What the steps of uprn_area_blocks (uprn-area-blocks.ts) share: the tables it writes, one file per 10 km
// tile, and the tile's UPRNs joined to the same tile of uprn_epc_blocks with the digest of the EPC facts a
// block reads.
import { inTileSql } from '../../geo/tiles';
import { emptyRelation, parquetPath, queryParquet, runsRelation } from '../../io/parquet';
import { type AssetContext } from '../../orchestration/definition';
import { derivedGlob } from '../epc/epc-enhanced';
import { derivedPath, stagedPath } from '../../orchestration/ingest';
import { UPRN_EPC_BLOCK_COLUMNS, UPRN_EPC_BLOCKS_TABLE } from '../epc/uprn-epc-blocks';

export const UPRN_AREA_BLOCKS_TABLE = 'uprn_area_blocks';
export const UPRN_POSTCODES_TABLE = 'uprn_postcodes';
export const POSTCODE_AREA_BLOCKS_TABLE = 'postcode_area_blocks';
export const GRANT_SETS_TABLE = 'uprn_area_grant_sets';
/** Every tile's file of one of the tables above (readers join on this glob). */
export const areaTableGlob = (ctx: Pick<AssetContext, 'config'>, table: string): string =>
  derivedGlob(ctx as AssetContext, table);

/** One tile's file of a table this asset writes: derived/<table>/<tile>.parquet. */
export const tilePath = (ctx: AssetContext, table: string, tile: string): string =>
  derivedPath(ctx, `${table}/${tile}`);

export interface TileUprn {
  uprn: unknown;
  x: number;
  y: number;
  epcCountry: unknown;
  epcPostcode: string | null;
  epcTenure: unknown;
  epcBand: unknown;
}

/** The tile's UPRNs (by coordinates) joined to the same tile of uprn_epc_blocks, as `u` and `e`. */
function tileUprnsFrom(ctx: AssetContext, tile: string): string {
  const epc = tilePath(ctx, UPRN_EPC_BLOCKS_TABLE, tile);
  // The tile's EPC partition (one file, or its runs) is built before this one (same key); an empty table if
  // it wrote no file.
  const epcTable = runsRelation(epc) ?? emptyRelation(UPRN_EPC_BLOCK_COLUMNS);
  return `${parquetPath(stagedPath(ctx, 'os_open_uprn'))} u LEFT JOIN ${epcTable} e USING (uprn)
    WHERE ${inTileSql(tile, 'u.x_coord', 'u.y_coord')}`;
}

/**
 * Per UPRN of the tile, the MD5 of the EPC facts its block reads (`input_digest`): a block is kept while its
 * own digest, written with it, equals its UPRN's current one (so a run cut short between two of the tables
 * leaves nothing that looks current but is not).
 */
export const tileFactsSql = (ctx: AssetContext, tile: string): string => {
  const facts = ['e.country', 'e.postcode', 'e.tenure', 'e.energy_rating_current']
    .map((c) => `coalesce(${c}, chr(30))`)
    .join(', ');
  return `SELECT u.uprn, md5(concat_ws(chr(31), ${facts})) AS input_digest FROM ${tileUprnsFrom(ctx, tile)}`;
};

/** The tile's UPRNs (of `only`, an SQL query of UPRNs, when given) with the EPC facts of their blocks. */
export async function tileUprns(ctx: AssetContext, tile: string, only?: string): Promise<TileUprn[]> {
  const sql = `
    SELECT u.uprn, u.x_coord, u.y_coord, e.country AS epc_country, e.postcode AS epc_postcode,
      e.tenure AS epc_tenure, e.energy_rating_current AS epc_band
    FROM ${tileUprnsFrom(ctx, tile)} ${only === undefined ? '' : `AND u.uprn IN (${only})`}
    ORDER BY u.uprn`;
  const out: TileUprn[] = [];
  for await (const row of queryParquet(sql))
    out.push({
      uprn: row.uprn,
      x: Number(row.x_coord),
      y: Number(row.y_coord),
      epcCountry: row.epc_country ?? null,
      epcPostcode: (row.epc_postcode as string | null) ?? null,
      epcTenure: row.epc_tenure ?? null,
      epcBand: row.epc_band ?? null,
    });
  return out;
}

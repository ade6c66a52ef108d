// Step 1 of uprn_area_blocks (uprn-area-blocks.ts): each UPRN of the tile with its postcode (the latest
// EPC's when ONSPD knows it, else the nearest live postcode centroid), the area postcode, the boundary
// polygons' codes at its point and the area key; derived table `uprn_postcodes`.
import { existsSync } from 'node:fs';
import { tileBBox } from '../../geo/tiles';
import { parquetPath, queryParquet, writeParquetInRuns } from '../../io/parquet';
import { runRows } from '../../io/run-files';
import {
  MAX_POSTCODE_DISTANCE_M,
  normalisePostcode,
  PostcodeFinder,
  type PostcodeCentroid,
} from '../../transforms/area/nearest-postcode';
import { type AssetContext } from '../../orchestration/definition';
import { stagedPath } from '../../orchestration/ingest';
import { AREA_SOURCES } from '../location/uprn-location-blocks';
import { parseWkb } from '../../io/spatial/wkb';
import { toPieces } from '../../geo/pieces';
import type { PieceRecord } from '../../transforms/flood/candidates';
import { locationAdminBoundaries } from '../../transforms/planning/admin-boundaries';
import { MemoryLayers } from '../../transforms/planning/memory-layers';
import {
  POLYGON_ADMIN_FIELDS,
  pointAreaKeys,
  type NearestPostcodeCodes,
} from '../../transforms/area/point-geography';
import { type TileUprn, tileUprns } from './area-tiles';

/**
 * The postcodes the tile's UPRNs can be given: the live centroids within MAX_POSTCODE_DISTANCE_M of the tile
 * (no nearer one can be further away) and, of the postcodes ONSPD knows, those their EPCs name.
 */
async function postcodeFinder(
  ctx: AssetContext,
  tile: string,
  uprns: TileUprn[],
): Promise<{ finder: PostcodeFinder; codes: Map<string, NearestPostcodeCodes> }> {
  const b = tileBBox(tile);
  const reach = MAX_POSTCODE_DISTANCE_M;
  const named = new Set<string>();
  for (const u of uprns) {
    const p = normalisePostcode(u.epcPostcode);
    if (p !== null) named.add(p);
  }
  // Normalised postcodes are letters, digits and one space: safe as SQL literals.
  const list = [...named].map((p) => `'${p}'`).join(', ');
  const centroids: PostcodeCentroid[] = [];
  const known = new Set<string>();
  // The live centroids' LSOA and country: the codes the point's nearest postcode keys (point-geography.ts).
  const codes = new Map<string, NearestPostcodeCodes>();
  const sql = `SELECT postcode, x_coord, y_coord, date_of_termination, census_lower_layer_super_output_area_code AS lsoa,
      country_code FROM ${parquetPath(stagedPath(ctx, 'onspd'))}
    WHERE (x_coord >= ${b.minX - reach} AND x_coord <= ${b.maxX + reach}
      AND y_coord >= ${b.minY - reach} AND y_coord <= ${b.maxY + reach})
      ${list ? `OR postcode IN (${list})` : ''}`;
  for await (const row of queryParquet(sql)) {
    const postcode = String(row.postcode);
    if (named.has(postcode)) known.add(postcode);
    if (
      row.date_of_termination === null &&
      typeof row.x_coord === 'number' &&
      typeof row.y_coord === 'number'
    ) {
      centroids.push({ postcode, x: row.x_coord, y: row.y_coord as number });
      codes.set(postcode, {
        postcode,
        lsoa: (row.lsoa as string | null) || null,
        country: (row.country_code as string | null) || null,
      });
    }
  }
  return { finder: new PostcodeFinder(centroids, known), codes };
}

/**
 * The boundary polygons (staged admin_boundaries: ward, local authority, county, region, country) meeting the
 * tile, as the candidates locationAdminBoundaries reads: the same pieces and point-in-polygon rule as
 * uprn_location_blocks and the live GET /location. No polygons when the table is not staged.
 */
async function tileBoundaries(ctx: AssetContext, tile: string): Promise<MemoryLayers> {
  const src = AREA_SOURCES.admin_boundaries;
  const path = stagedPath(ctx, src.table);
  const records: PieceRecord[] = [];
  if (existsSync(path)) {
    const b = tileBBox(tile);
    const sql = `SELECT * FROM ${parquetPath(path)}
      WHERE maxx >= ${b.minX} AND minx <= ${b.maxX} AND maxy >= ${b.minY} AND miny <= ${b.maxY}`;
    for await (const row of queryParquet(sql)) {
      const geometry = parseWkb(row.geometry as Uint8Array);
      if (!geometry) continue;
      const featureId = src.id(row);
      const attrs = src.attrs(row);
      for (const piece of toPieces(geometry))
        records.push({ layer: 'admin_boundaries', featureId, attrs, piece, bbox: piece.bbox });
    }
  }
  return new MemoryLayers({ admin_boundaries: records }, {});
}

/** The columns of uprn_postcodes that hold the polygon codes and names at the UPRN's point. */
export const POLYGON_COLUMNS = POLYGON_ADMIN_FIELDS.map((f) => `b_${f}`);

export async function writeUprnPostcodes(
  ctx: AssetContext,
  tile: string,
  out: string,
  only?: string,
): Promise<{ rows: number; path: string; fromEpc: number; fromNearest: number }> {
  const uprns = await tileUprns(ctx, tile, only);
  const { finder, codes } = await postcodeFinder(ctx, tile, uprns);
  const boundaries = await tileBoundaries(ctx, tile);
  let fromEpc = 0;
  let fromNearest = 0;
  const postcodeRow = (u: (typeof uprns)[number]) => {
    const assigned = finder.assign(u.x, u.y, u.epcPostcode);
    if (assigned.source === 'epc') fromEpc++;
    else if (assigned.source === 'nearest_postcode') fromNearest++;
    // The one rule (point-geography.ts): polygon levels at the UPRN's point, census areas of the postcode
    // nearest that point, whatever postcode the certificate names.
    const polygons = locationAdminBoundaries(boundaries, [u.x, u.y]);
    const near = finder.nearest(u.x, u.y);
    const keys = pointAreaKeys(polygons, near ? (codes.get(near.postcode) ?? null) : null);
    const polygonValues = POLYGON_ADMIN_FIELDS.map((f) => polygons[f]);
    const keyed =
      assigned.postcode !== null || keys.areaPostcode !== null || polygonValues.some((v) => v !== null);
    return {
      uprn: u.uprn,
      postcode: assigned.postcode,
      postcode_source: assigned.source,
      postcode_distance: assigned.distance,
      area_postcode: keys.areaPostcode,
      area_postcode_distance: near ? Math.round(near.distance * 10) / 10 : null,
      area_lsoa: keys.fuelPoverty.lsoa,
      area_country: keys.country,
      ...Object.fromEntries(POLYGON_ADMIN_FIELDS.map((f, i) => [`b_${f}`, polygonValues[i]])),
      // One block per distinct (answered postcode, area postcode, polygon codes): the names follow the codes.
      area_key: keyed
        ? JSON.stringify([
            assigned.postcode,
            keys.areaPostcode,
            ...POLYGON_ADMIN_FIELDS.filter((f) => f.endsWith('_code')).map((f) => polygons[f]),
          ])
        : null,
      epc_country: u.epcCountry,
      epc_tenure: u.epcTenure,
      epc_band: u.epcBand,
    };
  };
  // Made as the writer takes them: a tile's rows held at once grow with its UPRNs (~1.5 KB each).
  const rows = (function* () {
    for (const u of uprns) yield postcodeRow(u);
  })();
  // In runs: a writer holds its rows until it closes (~1.5 KB each; ST76 at scale 80, 120,000 UPRNs: +155 MB).
  const written = await writeParquetInRuns(
    out,
    [
      { name: 'uprn', type: 'BIGINT' },
      { name: 'postcode', type: 'VARCHAR' },
      { name: 'postcode_source', type: 'VARCHAR' },
      { name: 'postcode_distance', type: 'DOUBLE' },
      { name: 'area_postcode', type: 'VARCHAR' },
      { name: 'area_postcode_distance', type: 'DOUBLE' },
      { name: 'area_lsoa', type: 'VARCHAR' },
      { name: 'area_country', type: 'VARCHAR' },
      ...POLYGON_COLUMNS.map((name) => ({ name, type: 'VARCHAR' as const })),
      { name: 'area_key', type: 'VARCHAR' },
      { name: 'epc_country', type: 'VARCHAR' },
      { name: 'epc_tenure', type: 'VARCHAR' },
      { name: 'epc_band', type: 'VARCHAR' },
    ],
    rows,
    runRows(),
  );
  return { rows: written.rows, path: written.path, fromEpc, fromNearest };
}

// Per UPRN: the `area` block (admin_boundaries and area_attributes), joined by code. Partitioned per 10 km
// tile (keys: the tiles holding staged UPRNs, as the other block assets): a tile selects its UPRNs by
// coordinates, reads the same tile of uprn_epc_blocks, and writes each table below as
// derived/<table>/<tile>.parquet; the per-postcode and per-combination steps cover only the postcodes and
// combinations of the tile's UPRNs (a key used by two tiles is built in both). Admin geography follows the
// one rule of GET /location too (transforms/area/point-geography.ts, docs/areas.md): ward, local authority,
// county, region and country from the boundary polygons at the UPRN's point; census small areas (and every
// other ONSPD field) from the live postcode nearest that point (the area postcode). Everything but the grants
// depends only on (answered postcode, area postcode, polygon codes), the area key, so within a tile the work
// is done once per key, not per UPRN:
//  1. UPRN → postcode (pipelines/transforms/area/nearest-postcode.ts): the latest EPC's postcode when ONSPD
//     knows it, else the nearest live postcode centroid (only the centroids within MAX_POSTCODE_DISTANCE_M of
//     the tile are loaded), answered as `postcode`; the area postcode, the polygon codes at the point and the
//     area key; derived table `uprn_postcodes`.
//  2. One DuckDB query joins each area key in use to the area postcode's ONSPD row, then by the polygon codes
//     to the HPI of the local authority / region / country (each figure of its latest month, hpi-latest.ts) and
//     fuel poverty (LA, region), and by the area postcode's codes to fuel poverty (LSOA), energy use (LSOA and
//     MSOA, latest year per fuel), IoD2019 (LSOA), WIMD / SIMD (its 2011 LSOA / Data Zone,
//     transforms/area/nation-join.ts), the 2011 rural-urban class (output area) and the Scottish Postcode
//     Directory row (Scottish urban-rural class, settlement); the pure buildAreaBlock shapes each; derived
//     table `postcode_area_blocks`.
//  3. Grants depend on the key's country, authority and deprivation and on the UPRN's EPC tenure and
//     band: the distinct combinations (a few thousand) are evaluated in JS into `uprn_area_grant_sets`.
//  4. DuckDB assembles the per-UPRN block from the three tables and writes it without passing rows through
//     JavaScript (measured: moving 14 JSON columns per UPRN through Node cost ~0.65 ms a row).
// Census codes are joined as ONSPD gives them (2021 output areas and LSOAs in current editions). IoD2019 is
// keyed by 2011 LSOAs: it is reached through the postcode's own 2011 LSOA when the ONSPD edition carries one,
// else through the ONS LSOA 2011→2021 lookup (one parent for unchanged and split LSOAs; for merged and
// redrawn ones the parent with the largest population), else by the same code; the block says which
// (lsoa_2011_match). RUC2011 (output areas) is joined by code: a changed output area finds no row and its
// block is null rather than guessed (docs/areas.md).
// Step 1 is uprn-postcodes.ts, step 2 postcode-area-blocks.ts, the tables and tile SQL they share
// area-tiles.ts; steps 3 and 4 and the per-UPRN incremental update are here.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RetrofitGrantRules } from '../../../schemas/api/retrofit';
import { loadRetrofitGrantRules } from '../../reference/retrofit-grants';
import {
  blockTextsPath,
  copyQueryToParquet,
  countRows,
  runsRelation,
  parquetPath,
  queryParquet,
  uprnRanges,
  writeParquet,
} from '../../io/parquet';
import { deltaOutputsOf, putFreshRows, removeDelta } from '../../io/fresh-rows';
import { jsonNumberSql } from '../../io/json-number-sql';
import { halfRunRows } from '../../io/run-files';
import { collectAfterBlocks } from '../../orchestration/collect-large-heap';
import { scratchFolder } from '../../io/scratch';
import { nestedColumnType } from '../../io/parquet-columns';
import { UprnAreaBlockRowSchema } from '../../../schemas/area-tables';
import { areaEnergyPrices } from '../../transforms/area/energy-prices';
import {
  buildEnergyPriceTable,
  energyPricesJsonPath,
  readEnergyPriceRows,
  type EnergyPriceTable,
} from '../../transforms/energy-prices/table';
import { applicableGrants } from '../../transforms/area/retrofit-grants';
import {
  partitionOf,
  sameBuildsBut,
  type AssetContext,
  type MaterializeResult,
} from '../../orchestration/definition';
import { defineAsset } from '../define';
import { UPRN_EPC_BLOCKS_TABLE } from '../epc/uprn-epc-blocks';
import { tilesHoldingUprns } from '../location/uprn-location-blocks';
import {
  UPRN_AREA_BLOCKS_TABLE,
  UPRN_POSTCODES_TABLE,
  POSTCODE_AREA_BLOCKS_TABLE,
  GRANT_SETS_TABLE,
  tilePath,
  tileFactsSql,
} from './area-tiles';
import { writeUprnPostcodes } from './uprn-postcodes';
import { EMPTY_ATTRIBUTES_OPEN, writePostcodeAreaBlocks } from './postcode-area-blocks';

/** The day's inputs of a build: the energy price table and the grant rules, read once a build. */
interface DayInputs {
  prices: EnergyPriceTable;
  rules: RetrofitGrantRules;
}

/** What the day of a build decides: the energy price period in force and the grant rules open. */
function dayTerms({ prices, rules }: DayInputs, day: string) {
  return {
    prices: areaEnergyPrices(prices, day),
    openRules: rules.schemes.filter((r) => day >= r.opens && (r.closes === null || day <= r.closes)),
  };
}

/**
 * Whether every block of the tile reads what it read at the tile's last build, but for its own UPRN's EPC
 * facts: the same code, the same builds of every upstream other than uprn_epc_blocks (os_open_uprn
 * included: the points), and a day with the same prices and open grant rules.
 */
function tileInputsHeld(ctx: AssetContext, day: DayInputs, asOf: string): boolean {
  if (!sameBuildsBut(ctx, CODE_VERSION, [UPRN_EPC_BLOCKS_TABLE])) return false;
  const then = dayTerms(day, ctx.previousBuild!.startedAt.slice(0, 10));
  return JSON.stringify(then) === JSON.stringify(dayTerms(day, asOf));
}

/**
 * The facts the grant rules read, per UPRN: the postcode's, else (no postcode) the EPC's country. `where`
 * (on the tile's UPRN postcodes, `p`) cuts the UPRNs before the join: after it, the join carried every
 * UPRN's area texts (a month's 439 blocks in five tiles: 0.5–1.5 CPU-s). The area blocks are cut to those
 * UPRNs' keys before the join too: otherwise its hash table held every key's texts (~200 MB for a run of
 * 8,192 UPRNs of a 120,000-UPRN tile).
 */
function grantFactsSql(ctx: AssetContext, tile: string, where = 'true'): string {
  const postcodes = parquetPath(tilePath(ctx, UPRN_POSTCODES_TABLE, tile));
  const keys = `(SELECT * FROM ${parquetPath(tilePath(ctx, POSTCODE_AREA_BLOCKS_TABLE, tile))}
      WHERE area_key IN (SELECT area_key FROM ${postcodes} p WHERE ${where}))`;
  return `
    SELECT p.uprn, p.postcode, p.postcode_source, p.postcode_distance, p.area_postcode, p.area_postcode_distance,
      b.admin_boundaries, b.area_attributes_open,
      COALESCE(b.country, p.epc_country) AS g_country, b.local_authority_district_code AS g_la,
      b.deprivation_decile AS g_decile, p.epc_tenure AS g_tenure, p.epc_band AS g_band
    FROM (SELECT * FROM ${postcodes} p WHERE ${where}) p
    LEFT JOIN ${keys} b USING (area_key)`;
}

const GRANT_KEYS = ['g_country', 'g_la', 'g_decile', 'g_tenure', 'g_band'] as const;

/** Step 3: the grants of every distinct combination of facts. */
async function writeGrantSets(ctx: AssetContext, tile: string, rules: RetrofitGrantRules, asOf: string) {
  const rows = (async function* () {
    // Ordered, so the table's bytes are the same on every run (DISTINCT alone follows thread timing).
    const keys = GRANT_KEYS.join(', ');
    const sql = `SELECT DISTINCT ${keys} FROM (${grantFactsSql(ctx, tile)}) ORDER BY ${keys} NULLS FIRST`;
    for await (const row of queryParquet(sql)) {
      const country = row.g_country as string | null;
      yield {
        ...row,
        grants: applicableGrants(
          rules,
          {
            country: country === 'England' || country === 'Wales' || country === 'Scotland' ? country : null,
            localAuthorityCode: (row.g_la as string | null) ?? null,
            tenure: (row.g_tenure as string | null) ?? null,
            epcBand: (row.g_band as string | null) ?? null,
            deprivationDecile: row.g_decile === null ? null : Number(row.g_decile),
          },
          asOf,
        ),
      };
    }
  })();
  return writeParquet(
    tilePath(ctx, GRANT_SETS_TABLE, tile),
    [
      { name: 'g_country', type: 'VARCHAR' },
      { name: 'g_la', type: 'VARCHAR' },
      { name: 'g_decile', type: 'BIGINT' },
      { name: 'g_tenure', type: 'VARCHAR' },
      { name: 'g_band', type: 'VARCHAR' },
      { name: 'grants', type: 'JSON' },
    ],
    rows,
  );
}

/**
 * Step 4: the per-UPRN block (of the UPRNs of `only`, an SQL query, and of `range`, when given), assembled
 * in DuckDB, the SHA-1 of its text and the digest of the EPC facts it was built from (`facts`, a file of
 * tileFactsSql).
 */
function assembleSql(
  ctx: AssetContext,
  tile: string,
  facts: string,
  only?: string,
  range?: readonly [number, number],
): string {
  const on = GRANT_KEYS.map((k) => `g.${k} IS NOT DISTINCT FROM f.${k}`).join(' AND ');
  const where = [
    range ? `p.uprn BETWEEN ${range[0]} AND ${range[1]}` : 'true',
    ...(only === undefined ? [] : [`p.uprn IN (${only})`]),
  ].join(' AND ');
  // The text in one concat: a chain of || copies the growing text at each step (~7 KB a block, ten steps),
  // which cost a run of 8,192 blocks ~200 MB and ~40 % more CPU. The EPC facts' digest is joined before the
  // text is made, so no hash table holds the texts.
  const text = [
    `'{"admin_boundaries":'`,
    `COALESCE(f.admin_boundaries, 'null')`,
    `',"area_attributes":'`,
    `COALESCE(f.area_attributes_open, '${EMPTY_ATTRIBUTES_OPEN}')`,
    `',"retrofit_grants":'`,
    `COALESCE(g.grants::VARCHAR, '[]')`,
    `'},"postcode_source":'`,
    `COALESCE('"' || f.postcode_source || '"', 'null')`,
    `',"postcode_distance":'`,
    jsonNumberSql('f.postcode_distance'),
    `',"area_postcode":'`,
    `COALESCE('"' || f.area_postcode || '"', 'null')`,
    `',"area_postcode_distance":'`,
    jsonNumberSql('f.area_postcode_distance'),
    `'}'`,
  ];
  const blocks = `
    SELECT f.uprn, f.postcode, f.g_country AS country, x.input_digest, concat(${text.join(', ')}) AS text
    FROM (${grantFactsSql(ctx, tile, where)}) f
    JOIN ${parquetPath(facts)} x USING (uprn)
    LEFT JOIN ${parquetPath(tilePath(ctx, GRANT_SETS_TABLE, tile))} g ON ${on}`;
  // block_digest: what properties_index compares to tell which documents changed, without reading blocks;
  // the SHA-1 of the text, as the other block tables' (~10 % less than an MD5 in DuckDB; not DuckDB's hash,
  // io/row-digest.ts). The block is its text here: written typed, the text kept beside it (AREA_BLOCK_TEXTS).
  return `SELECT uprn, postcode, country, text AS block, sha1(text) AS block_digest, input_digest
    FROM (${blocks}) ORDER BY uprn`;
}

const CODE_VERSION = '13';

/** The table's columns, as assembleSql gives them. */
const AREA_BLOCK_COLUMNS = ['uprn', 'postcode', 'country', 'block', 'block_digest', 'input_digest'].map(
  (name) => ({ name }),
);

/** assembleSql's block text, written as the stored block's typed columns (schemas/area-tables.ts
 * UprnAreaBlockRowSchema) with the text kept beside the table. */
const AREA_BLOCK_TEXTS = {
  key: 'uprn',
  column: 'block',
  type: nestedColumnType(UprnAreaBlockRowSchema, 'block'),
} as const;

export const uprnAreaBlocks = defineAsset({
  name: 'uprn_area_blocks',
  kind: 'derived',
  description:
    'Per UPRN: admin boundaries (boundary polygons at the UPRN point, census areas of the nearest postcode) and area attributes (HPI, fuel poverty, energy use, grants, rural-urban, deprivation) keyed on them',
  upstream: [
    'os_open_uprn',
    'onspd',
    'admin_boundaries',
    'uprn_epc_blocks',
    'hpi',
    'fuel_poverty',
    'energy_usage',
    'deprivation',
    'lsoa_lookup',
    'rural_urban',
    'wimd',
    'simd',
    'scottish_postcodes',
    'energy_prices',
  ],
  // 4: partitioned per 10 km tile; every table it writes is derived/<table>/<tile>.parquet. 5: each HPI
  // figure from its latest month.
  // 6: energy costs at the energy_prices dataset's unit rates for the postcode's region and the cap period in
  // force on the refresh date (was a fixed GB-average rate).
  // 7: Wales and Scotland answered: indices_of_deprivation.national_index (IoD2019 / WIMD / SIMD), the Scottish
  // urban-rural classification and NRS settlements as built-up areas (issue 16).
  // 8: one admin geography with GET /location (issue 15 item 8, point-geography.ts): ward, local authority,
  // county, region and country from the boundary polygons at the UPRN's point, the census small areas (and
  // every other ONSPD field) from the postcode nearest that point, not the certificate's; HPI and fuel
  // poverty's local authority / region rows by the polygon codes, the fuel poverty LSOA, energy use,
  // deprivation and rurality by the nearest postcode's areas. Blocks are built per (answered postcode, area
  // postcode, polygon codes); the block records area_postcode and area_postcode_distance.
  // 9: built per UPRN whose EPC facts changed when nothing else moved (tileInputsHeld), the rest kept from the
  // tile's last build; block_digest per row. 10: distances written as JSON.stringify writes them.
  // 11: the block as typed nested columns (issue 20). 12: its texts kept beside the table (blockTextsPath).
  // 13: block_digest the text's SHA-1.
  codeVersion: CODE_VERSION,
  owner: 'area-data',
  cadence: 'monthly',
  partitioning: { kind: 'bng-tile', keys: (ctx) => tilesHoldingUprns(ctx) },
  async materialize(ctx): Promise<MaterializeResult> {
    const tile = partitionOf(ctx);
    let started = Date.now();
    const step = (name: string, rows: number) => {
      ctx.log(
        `uprn_area_blocks ${tile}: ${name}: ${rows} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      started = Date.now();
    };
    // Energy costs at the cap period in force on the day of the refresh; grants open and close on dates:
    // blocks are judged on the day of the refresh.
    const asOf = new Date().toISOString().slice(0, 10);
    const rules = loadRetrofitGrantRules();
    const day: DayInputs = {
      prices: buildEnergyPriceTable(readEnergyPriceRows(energyPricesJsonPath(ctx.config.dataDir))),
      rules,
    };
    const { prices } = dayTerms(day, asOf);
    const paths = {
      blocks: tilePath(ctx, UPRN_AREA_BLOCKS_TABLE, tile),
      postcodes: tilePath(ctx, UPRN_POSTCODES_TABLE, tile),
      areaBlocks: tilePath(ctx, POSTCODE_AREA_BLOCKS_TABLE, tile),
      grantSets: tilePath(ctx, GRANT_SETS_TABLE, tile),
    };
    const scratch = await scratchFolder(`${paths.blocks}.work`);
    try {
      const factsFile = join(scratch, 'facts.parquet');
      const facts = await copyQueryToParquet(tileFactsSql(ctx, tile), factsFile);
      // The previous build's rows are kept for the UPRNs whose EPC facts held, when nothing else it read
      // moved; otherwise (and when forced) every row is built.
      const incremental =
        tileInputsHeld(ctx, day, asOf) &&
        [...Object.values(paths), blockTextsPath(paths.blocks)].every((p) => existsSync(p));
      // Which UPRNs are kept and which built, fixed now: the tables they are read from are rewritten below.
      const keptFile = join(scratch, 'kept.parquet');
      // The tile's blocks as they stand: its file and the delta of earlier months (io/delta-files.ts).
      const current = runsRelation(paths.blocks);
      if (incremental)
        await copyQueryToParquet(
          `SELECT b.uprn FROM ${current} b JOIN ${parquetPath(factsFile)} f
            ON b.uprn = f.uprn AND b.input_digest = f.input_digest`,
          keptFile,
        );
      const kept = incremental ? `SELECT uprn FROM ${parquetPath(keptFile)}` : null;
      // The UPRNs to build, written once: every step below reads them.
      const changedFile = join(scratch, 'changed.parquet');
      const built =
        kept === null
          ? facts.rows
          : (
              await copyQueryToParquet(
                `SELECT uprn FROM ${parquetPath(factsFile)} EXCEPT ${kept} ORDER BY uprn`,
                changedFile,
              )
            ).rows;
      const changed = kept === null ? undefined : `SELECT uprn FROM ${parquetPath(changedFile)}`;
      step('EPC facts', facts.rows);
      const outputs = [
        paths.blocks,
        blockTextsPath(paths.blocks),
        paths.postcodes,
        paths.areaBlocks,
        paths.grantSets,
      ];
      const previousRows = kept === null ? 0 : await countRows(`SELECT uprn FROM ${current}`);
      if (kept !== null && built === 0 && previousRows === facts.rows) {
        step('unchanged', facts.rows);
        return {
          rows: facts.rows,
          outputs: [...outputs, ...deltaOutputsOf(paths.blocks)],
          metrics: { built: 0 },
        } satisfies MaterializeResult;
      }
      // Step 1: the postcodes of the UPRNs to build, beside those kept (a full build writes them in place).
      const freshPostcodes = kept === null ? paths.postcodes : join(scratch, 'postcodes.parquet');
      const postcodes = await writeUprnPostcodes(ctx, tile, freshPostcodes, changed);
      if (kept !== null)
        await copyQueryToParquet(
          `SELECT * FROM ${parquetPath(paths.postcodes)} WHERE uprn IN (${kept})
           UNION ALL SELECT * FROM ${parquetPath(freshPostcodes)} ORDER BY uprn`,
          paths.postcodes,
        );
      step('UPRN postcodes', postcodes.rows);
      // Step 2: the blocks of area keys not built before (every key in use, on a full build). A month of
      // certificates seldom brings a key the tile had not: then the table stays as it is unless a key fell
      // out of use.
      const newKeys = join(scratch, 'new-keys.parquet');
      const keysNew =
        kept === null
          ? null
          : (
              await copyQueryToParquet(
                `SELECT * FROM ${parquetPath(freshPostcodes)}
                 WHERE area_key NOT IN (SELECT area_key FROM ${parquetPath(paths.areaBlocks)})`,
                newKeys,
              )
            ).rows;
      const freshAreaBlocks = kept === null ? paths.areaBlocks : join(scratch, 'area-blocks.parquet');
      const perPostcode =
        keysNew === 0
          ? { rows: 0 }
          : await writePostcodeAreaBlocks(
              ctx,
              kept !== null ? newKeys : paths.postcodes,
              freshAreaBlocks,
              prices,
            );
      const keysUnused = async () =>
        countRows(
          `SELECT area_key FROM ${parquetPath(paths.areaBlocks)}
           EXCEPT SELECT area_key FROM ${parquetPath(paths.postcodes)}`,
        );
      if (keysNew !== null && (keysNew > 0 || (await keysUnused()) > 0))
        await copyQueryToParquet(
          `SELECT * FROM (SELECT * FROM ${parquetPath(paths.areaBlocks)}
             ${keysNew > 0 ? `UNION ALL SELECT * FROM ${parquetPath(freshAreaBlocks)}` : ''})
           WHERE area_key IN (SELECT area_key FROM ${parquetPath(paths.postcodes)}) ORDER BY area_key`,
          paths.areaBlocks,
        );
      step('postcode blocks', perPostcode.rows);
      // Step 3: the grants of every combination of facts in use (a few thousand at most: all evaluated).
      const grantSets = await writeGrantSets(ctx, tile, rules, asOf);
      step(`grant sets (rules as of ${rules.as_of})`, grantSets.rows);
      // What steps 2 and 3 built in JavaScript (a block for each area key) is garbage by now, and the assembly is
      // DuckDB's: collected first, unless the tile builds few blocks (a month's). ST76 and ST17 at scale 20
      // forced, three each alternating: 488–497 → 462–469 and 448–464 → 407–419 MB, ~3 % more CPU.
      collectAfterBlocks(built);
      // Step 4: the blocks to build, then the kept ones in their order and the built ones in theirs (one
      // streaming copy, no sort of a whole tile's blocks). A full build writes the file sorted by UPRN.
      // Assembled half a run of UPRNs at a time (halfRunRows: a block is typed and kept as its text, like the
      // EPC blocks), each range sorted on its own: a 30,000-UPRN tile's ~260 MB of block texts sorted at once
      // took the worker ~300 MB more. ST76 forced, five each: ranges of 8,192 533–558 MB (mean 544), of 4,096
      // 497–561 (mean 523), for ~3 % more CPU.
      let written;
      const texts = { texts: AREA_BLOCK_TEXTS };
      const ranges = await uprnRanges(changed ?? `SELECT uprn FROM ${parquetPath(factsFile)}`, halfRunRows());
      // No UPRN to build: the one query (of no rows) still writes the file with its columns.
      const assembled =
        ranges.length > 0
          ? ranges.map((range) => assembleSql(ctx, tile, factsFile, changed, range))
          : assembleSql(ctx, tile, factsFile, changed);
      if (kept === null) {
        // The whole tile: an earlier month's delta would supersede its new rows.
        await removeDelta(paths.blocks);
        written = await copyQueryToParquet(assembled, paths.blocks, texts);
      } else {
        // A few changed blocks go to the tile's delta; many, or a UPRN gone, write the tile again. The query
        // runs once putFreshRows knows which: straight into the delta, usually.
        const fresh = join(scratch, 'blocks.parquet');
        written = await putFreshRows(paths.blocks, AREA_BLOCK_COLUMNS, {
          keptUprns: kept,
          fresh: {
            rows: built,
            write: (before) =>
              copyQueryToParquet(assembled, fresh, { ...texts, ...(before ? { before } : {}) }),
          },
          uprns: `SELECT uprn FROM ${parquetPath(factsFile)}`,
        });
      }
      step('UPRN blocks', built);
      return {
        rows: written.rows,
        outputs: [...outputs, ...deltaOutputsOf(paths.blocks)],
        // The roll-up sums partition metrics, so postcodes and grant sets shared by tiles count once per
        // tile; the grant rules' as_of (the same in every tile) is logged rather than summed. The postcode
        // sources count the UPRNs built this time.
        metrics: {
          built,
          postcode_from_epc: postcodes.fromEpc,
          postcode_from_nearest: postcodes.fromNearest,
          without_postcode: postcodes.rows - postcodes.fromEpc - postcodes.fromNearest,
          postcodes: perPostcode.rows,
          grant_sets: grantSets.rows,
        },
      };
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  },
});

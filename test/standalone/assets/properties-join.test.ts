// The properties index joins every block table onto the staged UPRNs. A tile-partitioned block asset whose
// partitions held no UPRN wrote no file at all: its glob matches nothing, and that is an empty table (the
// block answers null), not a failed join.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, dataPaths } from '../../../pipelines/config';
import type { AssetContext } from '../../../pipelines/orchestration/definition';
import {
  blockTable,
  joinedRows,
  sourcesInDelta,
  writeFacts,
} from '../../../pipelines/assets/index/properties-index';
import { PROPERTY_BLOCK_SOURCES } from '../../../pipelines/assets/index/property-blocks';
import { uprnLocationBlocksDir } from '../../../pipelines/assets/location/uprn-location-blocks';
import { deltaPath } from '../../../pipelines/io/delta-files';
import {
  blockTextsPath,
  writeParquet,
  writeParquetRuns,
  type ColumnSpec,
} from '../../../pipelines/io/parquet';
import { rows } from '../../helpers/parquet-rows';

/** A block table's columns: the UPRN and the block, typed as the source's. */
const columnsOf = (key: string): ColumnSpec[] => [
  { name: 'uprn', type: 'BIGINT' },
  { name: 'block', type: 'JSON', nested: PROPERTY_BLOCK_SOURCES.find((s) => s.key === key)!.type },
];
const ctxIn = (dataDir: string) => ({ config: { ...loadConfig(), dataDir } }) as AssetContext;

/** A data folder whose staged OS Open UPRN holds these points. */
async function ctxWithUprns(points: { uprn: number; x_coord: number; y_coord: number }[]) {
  const ctx = ctxIn(mkdtempSync(join(tmpdir(), 'pds-join-')));
  await writeParquet(
    resolve(dataPaths(ctx.config.dataDir).staged, 'os_open_uprn.parquet'),
    [
      { name: 'uprn', type: 'BIGINT' },
      { name: 'x_coord', type: 'DOUBLE' },
      { name: 'y_coord', type: 'DOUBLE' },
    ],
    points,
  );
  return ctx;
}

describe('properties index join', () => {
  it('joins an empty table for a glob that matches no file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-join-'));
    const glob = resolve(dir, 'missing-tiles', '*.parquet');
    const source = PROPERTY_BLOCK_SOURCES.find((s) => s.key === 'location_layers')!;
    expect(await rows(`SELECT count(*) AS n FROM ${blockTable(source, glob)}`)).toEqual([{ n: 0 }]);
    await writeParquet(resolve(dir, 'missing-tiles', 'ST76.parquet'), columnsOf('location_layers'), [
      { uprn: 7, block: { planning: null } },
    ]);
    expect(await rows(`SELECT uprn FROM ${blockTable(source, glob)}`)).toEqual([{ uprn: 7 }]);
  });

  it('names the asset to build again when a tile has no block texts beside it (an older build)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-join-'));
    const glob = resolve(dir, 'tiles', '*.parquet');
    const source = PROPERTY_BLOCK_SOURCES.find((s) => s.key === 'location_layers')!;
    await writeParquet(resolve(dir, 'tiles', 'ST76.parquet'), columnsOf('location_layers'), [
      { uprn: 7, block: { planning: null } },
    ]);
    expect(() => blockTable(source, glob, 'ST76', 'texts')).toThrow(
      /uprn_location_blocks: .*ST76\.parquet has no block texts beside it; build it again/,
    );
    await writeParquet(
      resolve(dir, 'tiles', 'ST76.parquet'),
      columnsOf('location_layers'),
      [{ uprn: 7, block: { planning: null } }],
      { texts: { key: 'uprn' } },
    );
    expect(await rows(`SELECT uprn, text FROM ${blockTable(source, glob, 'ST76', 'texts')}`)).toEqual([
      { uprn: 7, text: '{"planning":null}' },
    ]);
  });

  it('reads every run of a tile written in runs, with its texts, and no other tile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-join-'));
    const glob = resolve(dir, 'tiles', '*.parquet');
    const source = PROPERTY_BLOCK_SOURCES.find((s) => s.key === 'location_layers')!;
    const blocks = (uprns: number[]) => uprns.map((uprn) => ({ uprn, block: { planning: null } }));
    const texts = { key: 'uprn' };
    const runs = await writeParquetRuns(
      resolve(dir, 'tiles', 'ST76.parquet'),
      columnsOf('location_layers'),
      blocks([1, 2, 3, 4, 5]),
      { texts, runRows: 2 },
    );
    expect(runs.files.map((f) => f.slice(dir.length))).toEqual([
      '/tiles/ST76.0.parquet',
      '/tiles/ST76.1.parquet',
      '/tiles/ST76.2.parquet',
    ]);
    await writeParquet(resolve(dir, 'tiles', 'ST77.parquet'), columnsOf('location_layers'), blocks([9]), {
      texts,
    });
    expect(await rows(`SELECT uprn FROM ${blockTable(source, glob, 'ST76')} ORDER BY uprn`)).toEqual(
      [1, 2, 3, 4, 5].map((uprn) => ({ uprn })),
    );
    expect(
      await rows(`SELECT uprn, text FROM ${blockTable(source, glob, 'ST76', 'texts')} ORDER BY uprn`),
    ).toEqual([1, 2, 3, 4, 5].map((uprn) => ({ uprn, text: '{"planning":null}' })));
    // A tile of none of them is an empty table, not every tile's.
    expect(await rows(`SELECT count(*) AS n FROM ${blockTable(source, glob, 'ST78')}`)).toEqual([{ n: 0 }]);
  });

  it('indexes UPRNs with null location blocks when uprn_location_blocks wrote no tile', async () => {
    const ctx = await ctxWithUprns([
      { uprn: 1, x_coord: 375000, y_coord: 165000 },
      { uprn: 2, x_coord: 375100, y_coord: 165100 },
    ]);
    const texts = { key: 'uprn' };
    // Where each block table's file goes (a tile of a partitioned one).
    const fileOf = (key: string) => {
      const path = PROPERTY_BLOCK_SOURCES.find((s) => s.key === key)!.parquet(ctx);
      return path.includes('*') ? path.replace('*', 'ST76') : path;
    };
    await writeParquet(
      fileOf('epcs'),
      [
        { name: 'country', type: 'VARCHAR' },
        { name: 'epc_count', type: 'BIGINT' },
        { name: 'postcode', type: 'VARCHAR' },
        ...columnsOf('epcs'),
      ],
      [{ uprn: 1, country: 'England', epc_count: 1, postcode: 'BA1 1AA', block: { epc_country: 'England' } }],
      { texts },
    );
    await writeParquet(
      fileOf('area'),
      columnsOf('area'),
      [{ uprn: 2, block: { admin_boundaries: { postcode: 'CF10 1AA', country_name: 'Wales' } } }],
      { texts },
    );
    // Every other single-file block table is there, empty; the tile-partitioned ones have no file at all.
    for (const source of PROPERTY_BLOCK_SOURCES) {
      const path = source.parquet(ctx);
      if (!path.includes('*') && !['epcs', 'area'].includes(source.key))
        await writeParquet(path, columnsOf(source.key), [], { texts });
    }
    expect(existsSync(uprnLocationBlocksDir(ctx))).toBe(false);

    const joined: Record<string, unknown>[] = [];
    for await (const row of joinedRows(ctx)) joined.push(row);
    joined.sort((a, b) => Number(a.uprn) - Number(b.uprn));
    expect(joined.map((r) => Number(r.uprn))).toEqual([1, 2]);
    expect(joined[0]).toMatchObject({ country: 'England', location_layers: null, flood_risk: null });
    expect(joined[1]).toMatchObject({ country: null, location_layers: null, environment_layers: null });
    // Blocks come as the text their writer serialised (kept beside the typed table), its UTF-8 bytes; the
    // postcodes are the EPC table's latest postcode and the area block's, the country name the area block's.
    expect(Buffer.from(joined[0]!.epcs as Uint8Array).toString()).toBe('{"epc_country":"England"}');
    expect(joined[0]).toMatchObject({ epc_postcode: 'BA1 1AA' });
    expect(joined[1]).toMatchObject({ epc_postcode: null, area_postcode: 'CF10 1AA', area_country: 'Wales' });
  });

  it("reads a month's changed UPRNs from a tile's delta alone when it holds all their rows", async () => {
    const ctx = await ctxWithUprns(
      [1, 2, 3, 4].map((uprn) => ({ uprn, x_coord: 375000 + uprn, y_coord: 165000 })),
    );
    const epcs = PROPERTY_BLOCK_SOURCES.find((s) => s.key === 'epcs')!;
    const file = epcs.parquet(ctx).replace('*', 'ST76');
    const columns: ColumnSpec[] = [
      { name: 'country', type: 'VARCHAR' },
      { name: 'epc_count', type: 'BIGINT' },
      { name: 'postcode', type: 'VARCHAR' },
      ...columnsOf('epcs'),
    ];
    const block = (uprn: number, country: string) => ({
      uprn,
      country,
      epc_count: 1,
      postcode: 'BA1 1AA',
      block: { epc_country: country },
    });
    // The tile's file holds UPRNs 1 to 3; a month rebuilt 2 into the delta. UPRN 4 has no EPC block.
    await writeParquet(
      file,
      columns,
      [1, 2, 3].map((u) => block(u, 'England')),
      { texts: { key: 'uprn' } },
    );
    await writeParquet(deltaPath(file), columns, [block(2, 'Wales')]);
    await writeParquet(
      deltaPath(blockTextsPath(file)),
      [
        { name: 'uprn', type: 'BIGINT' },
        { name: 'text', type: 'VARCHAR' },
      ],
      [{ uprn: 2, text: '{"epc_country":"Wales"}' }],
    );
    for (const source of PROPERTY_BLOCK_SOURCES) {
      const path = source.parquet(ctx);
      if (!path.includes('*'))
        await writeParquet(path, columnsOf(source.key), [], { texts: { key: 'uprn' } });
    }

    const changed = 'SELECT 2 AS uprn UNION ALL SELECT 4';
    // Only the EPC blocks have a delta, and it holds both changed UPRNs' rows (UPRN 4 has none).
    expect(await sourcesInDelta(ctx, PROPERTY_BLOCK_SOURCES, 'ST76', changed)).toEqual(new Set(['epcs']));
    // UPRN 3's row is the file's: the file must be read.
    expect(await sourcesInDelta(ctx, [epcs], 'ST76', `${changed} UNION ALL SELECT 3`)).toEqual(new Set());

    const joinRows = async (fromDelta?: ReadonlySet<string>) => {
      const joined: Record<string, unknown>[] = [];
      for await (const row of joinedRows(ctx, 'ST76', changed, undefined, fromDelta))
        joined.push({ ...row, epcs: row.epcs && Buffer.from(row.epcs as Uint8Array).toString() });
      return joined.sort((a, b) => Number(a.uprn) - Number(b.uprn));
    };
    const fromDelta = await joinRows(new Set(['epcs']));
    expect(fromDelta).toEqual(await joinRows());
    expect(fromDelta.map((r) => [Number(r.uprn), r.country, r.epcs])).toEqual([
      [2, 'Wales', '{"epc_country":"Wales"}'],
      [4, null, null],
    ]);

    // A tile of several chunks writes what its documents read out of the blocks once, and each chunk reads
    // its range of that file: the same rows as each chunk's own join.
    const facts = await writeFacts(
      ctx,
      'ST76',
      changed,
      new Set(['epcs']),
      join(ctx.config.dataDir, 'facts.parquet'),
    );
    const chunked: Record<string, unknown>[] = [];
    for (const range of [
      [1, 2],
      [3, 4],
    ] as const)
      for await (const row of joinedRows(ctx, 'ST76', changed, range, new Set(['epcs']), facts))
        chunked.push({ ...row, epcs: row.epcs && Buffer.from(row.epcs as Uint8Array).toString() });
    expect(chunked).toEqual(fromDelta);
  });
});

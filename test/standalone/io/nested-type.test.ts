// A zod schema gives a block's nested Parquet type (STRUCT, LIST, MAP, typed scalars), a block is stored in it
// through DuckDB, and the text the writer serialised is kept beside the table as it was (the properties
// documents are built from it).
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  duckdbType,
  membersOutsideType,
  nestedMembers,
  nestedTypeOf,
} from '../../../pipelines/io/nested-type';
import { blockTextsPath, JsonText, queryParquet, writeParquet } from '../../../pipelines/io/parquet';

const Point = z.object({ x: z.number(), y: z.number() });
const Block = z.object({
  name: z.string(),
  count: z.number().int(),
  inside: z.boolean(),
  when: z.iso.datetime({ precision: 3 }).nullable(),
  day: z.iso.date().nullable(),
  nearest: Point.nullable(),
  note: z.string().optional(),
  tags: z.array(z.string()),
  raw: z.record(z.string(), z.string()),
  records: z.array(
    z.union([
      z.object({ kind: z.string(), area: z.number() }),
      z.object({ kind: z.string(), reference: z.string(), rooms: z.number().int().optional() }),
    ]),
  ),
});
type Block = z.infer<typeof Block>;

/** Writes the blocks to a typed column with their texts beside it; reads both back. */
async function roundTrip(blocks: Block[]): Promise<{ typed: Record<string, unknown>[]; texts: string[] }> {
  const type = nestedTypeOf(Block);
  const file = join(mkdtempSync(join(tmpdir(), 'pds-nested-')), 'blocks.parquet');
  await writeParquet(
    file,
    [
      { name: 'id', type: 'BIGINT' },
      { name: 'block', type: 'JSON', nested: type },
    ],
    blocks.map((block, id) => ({ id, block })),
    { texts: { key: 'id' } },
  );
  const typed: Record<string, unknown>[] = [];
  for await (const row of queryParquet(`SELECT block FROM read_parquet('${file}') ORDER BY id`))
    typed.push(row.block as Record<string, unknown>);
  const texts: string[] = [];
  for await (const row of queryParquet(
    `SELECT text FROM read_parquet('${blockTextsPath(file)}') ORDER BY id`,
  ))
    texts.push(row.text as string);
  return { typed, texts };
}

const BLOCKS: Block[] = [
  {
    name: 'Flat 1, "The Mews" \\ 2/3 é€😀',
    count: 12,
    inside: true,
    when: '2015-12-17T01:02:03.456Z',
    day: '2020-02-29',
    nearest: { x: 13, y: -0.000001 },
    note: 'kept',
    tags: ['a', 'b'],
    raw: { lmk_key: '123', 'walls-description': 'Cavity wall, as built' },
    records: [
      { kind: 'england', area: 1e21 },
      { kind: 'scotland', reference: 'R1', rooms: 4 },
      { kind: 'scotland', reference: 'R2' },
    ],
  },
  {
    name: 'line\nbreak\ttab\u0001',
    count: 0,
    inside: false,
    when: null,
    day: null,
    nearest: null,
    tags: [],
    raw: {},
    records: [{ kind: 'wales', area: 1.5e-7 }],
  },
];

describe('typed nested blocks', () => {
  it('types a schema: objects as STRUCTs in key order, arrays as LISTs, records as MAPs', () => {
    const type = duckdbType(nestedTypeOf(Block));
    expect(type).toMatch(
      /^STRUCT\("name" VARCHAR, "count" BIGINT, "inside" BOOLEAN, "when" TIMESTAMP, "day" DATE,/,
    );
    expect(type).toContain('"nearest" STRUCT("x" DOUBLE, "y" DOUBLE)');
    expect(type).toContain('"tags" VARCHAR[]');
    expect(type).toContain('"raw" MAP(VARCHAR, VARCHAR)');
    // A union of objects is one STRUCT of every variant's members.
    expect(type).toContain(
      '"records" STRUCT("kind" VARCHAR, "area" DOUBLE, "reference" VARCHAR, "rooms" BIGINT)[]',
    );
    expect(nestedMembers('block', nestedTypeOf(Block)).map((m) => m.path)).toContain(
      'block.records[].reference',
    );
  });

  it('stores every block typed and keeps the text its writer serialised beside it', async () => {
    const { typed, texts } = await roundTrip(BLOCKS);
    expect(texts).toEqual(BLOCKS.map((b) => JSON.stringify(b)));
    expect(typed[0]).toMatchObject({
      name: BLOCKS[0]!.name,
      count: 12,
      when: '2015-12-17T01:02:03.456Z',
      nearest: { x: 13, y: -0.000001 },
      raw: { lmk_key: '123', 'walls-description': 'Cavity wall, as built' },
    });
    // A union's variants share one STRUCT: members of the other variant are null.
    expect((typed[0]!.records as unknown[])[0]).toEqual({
      kind: 'england',
      area: 1e21,
      reference: null,
      rooms: null,
    });
    expect(typed[1]).toMatchObject({ name: 'line\nbreak\ttab\u0001', when: null, tags: [], raw: {} });
  });

  it('types a missing required member and an absent optional one as null', async () => {
    const { typed } = await roundTrip([{ ...BLOCKS[1]!, nearest: undefined } as unknown as Block]);
    expect(typed[0]).toMatchObject({ nearest: null, note: null });
  });

  it('refuses a block text that is not JSON, and writes no file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pds-nested-')), 'blocks.parquet');
    const columns = [
      { name: 'id', type: 'BIGINT' as const },
      { name: 'block', type: 'JSON' as const, nested: nestedTypeOf(Block) },
    ];
    await expect(
      writeParquet(file, columns, [{ id: 1, block: new JsonText('{"name": "x",') }]),
    ).rejects.toThrow(/Malformed JSON/);
    expect(existsSync(file)).toBe(false);
  });

  it('names the members of a text its type would drop (the conversion ignores them silently)', () => {
    const type = nestedTypeOf(Block);
    expect(membersOutsideType(BLOCKS[0], type)).toEqual([]);
    const grown = {
      ...BLOCKS[0]!,
      colour: 'red',
      nearest: { x: 1, y: 2, z: 3 },
      raw: { any: 'key' },
      records: [{ kind: 'england', area: 1, depth: 2 }],
    };
    expect(membersOutsideType(grown, type)).toEqual(['$.nearest.z', '$.records[].depth', '$.colour']);
  });
});

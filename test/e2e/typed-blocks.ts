// The per-UPRN block tables after a real refresh (issue 20): each stores its block as typed nested columns,
// and keeps beside it the text the documents are built from: what the block's writer serialised, of which
// the typed block is the conversion. Called from a test file
// that has refreshed the sample (refresh-and-epcs.test.ts), so it costs no refresh of its own.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PROPERTY_BLOCK_SOURCES } from '../../pipelines/assets/index/property-blocks';
import type { ServiceConfig } from '../../pipelines/config';
import { blockTextsPath, parquetPath, queryParquet } from '../../pipelines/io/parquet';
import { fromJsonSql, membersOutsideType } from '../../pipelines/io/nested-type';
import { TabledEpcBlockSchema } from '../../schemas/api/epcs';
import { StoredAreaBlockSchema } from '../../schemas/api/area';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

export function describeTypedBlocks(config: ServiceConfig): void {
  describe('typed blocks (docs/analysts.md#typed-blocks)', () => {
    const ctx = { config };

    it('every block table stores its block as STRUCT columns, not JSON text', async () => {
      for (const source of PROPERTY_BLOCK_SOURCES) {
        const types: string[] = [];
        for await (const row of queryParquet(
          `DESCRIBE SELECT block FROM ${parquetPath(source.parquet(ctx))}`,
        ))
          types.push(String(row.column_type));
        expect(types, source.key).toHaveLength(1);
        expect(types[0], source.key).toMatch(/^STRUCT\(/);
        expect(types[0], source.key).not.toContain('JSON');
      }
    });

    it('keeps every block text beside its table: the typed block is that text converted', async () => {
      for (const source of PROPERTY_BLOCK_SOURCES) {
        const path = source.parquet(ctx);
        let blocks = 0;
        for await (const row of queryParquet(
          `SELECT t.text, b.${source.digest} AS digest,
              b.block IS NOT DISTINCT FROM ${fromJsonSql('t.text', source.type)} AS same,
              b.uprn IS NOT NULL AND t.uprn IS NOT NULL AS paired
             FROM ${parquetPath(path)} b FULL JOIN ${parquetPath(blockTextsPath(path))} t ON b.uprn = t.uprn`,
        )) {
          const text = row.text as string | null;
          // One text per row of the table, and the typed block is its conversion.
          expect(row.paired, source.key).toBe(true);
          expect(row.same, `${source.key}: ${text?.slice(0, 200)}`).toBe(true);
          if (text === null) continue;
          blocks += 1;
          // Nothing the documents serve is missing from the typed table.
          expect(membersOutsideType(JSON.parse(text), source.type), source.key).toEqual([]);
          if (source.digest === 'block_digest') {
            // The digest is the SHA-1 of the text the writer serialised.
            expect(sha1(text), `${source.key}: ${text.slice(0, 200)}`).toBe(row.digest);
          } else {
            // The EPC block has no text digest: it is as JSON.stringify writes it, and valid for its schema.
            expect(JSON.stringify(JSON.parse(text))).toBe(text);
            expect(TabledEpcBlockSchema.safeParse(JSON.parse(text)).error, source.key).toBeUndefined();
          }
          if (source.key === 'area')
            expect(StoredAreaBlockSchema.safeParse(JSON.parse(text)).error, source.key).toBeUndefined();
        }
        expect(blocks, source.key).toBeGreaterThan(0);
      }
    }, 120_000);
  });
}

// The per-UPRN block tables after a real refresh (issue 20): each stores its block as typed nested columns,
// and the text the documents are built from is what the block's writer serialised. Called from a test file
// that has refreshed the sample (refresh-and-epcs.test.ts), so it costs no refresh of its own.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PROPERTY_BLOCK_SOURCES } from '../../pipelines/assets/index/property-blocks';
import type { ServiceConfig } from '../../pipelines/config';
import { parquetPath, queryParquet } from '../../pipelines/io/parquet';
import { nestedTextSql } from '../../pipelines/io/render-nested';
import { TabledEpcBlockSchema } from '../../schemas/api/epcs';
import { StoredAreaBlockSchema } from '../../schemas/api/area';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

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

    it('renders every block as its writer serialised it', async () => {
      for (const source of PROPERTY_BLOCK_SOURCES) {
        let blocks = 0;
        for await (const row of queryParquet(
          `SELECT ${nestedTextSql('block')} AS text, ${source.digest} AS digest
             FROM ${parquetPath(source.parquet(ctx))} WHERE block IS NOT NULL`,
          { render: { text: source.type } },
        )) {
          const text = row.text as string;
          blocks += 1;
          if (source.digest === 'block_digest' && source.key !== 'area') {
            // The digest is the MD5 of the text the writer serialised: the rendering is that text, byte for byte.
            expect(md5(text), `${source.key}: ${text.slice(0, 200)}`).toBe(row.digest);
          } else {
            // The area block is assembled in SQL (retrofit_grants last), the EPC block has no text digest:
            // each renders as JSON.stringify writes it, and is valid for its schema.
            expect(JSON.stringify(JSON.parse(text))).toBe(text);
            const schema = source.key === 'area' ? StoredAreaBlockSchema : TabledEpcBlockSchema;
            expect(schema.safeParse(JSON.parse(text)).error, source.key).toBeUndefined();
          }
        }
        expect(blocks, source.key).toBeGreaterThan(0);
      }
    }, 120_000);
  });
}

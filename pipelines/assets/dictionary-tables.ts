// Which Parquet tables the data dictionary describes: every table with a zod row schema. A dataset adds its
// tables here (a name → schema map from its schemas/ file) and `pds data-dictionary` picks them up.
import { z } from 'zod';
import { EPC_TABLES } from '../../schemas/epc';
import { FEATURE_TABLES } from '../../schemas/features';
import { PLANNING_FEATURE_TABLES } from '../../schemas/planning-features';
import type { DictionaryTable } from '../io/data-dictionary';

/** Every source's rejected rows: one quarantine table per staged table, of the same name. */
export const QuarantineRowSchema = z
  .object({
    dataset: z.string().describe('Dataset id, e.g. epc-england-wales-certificates'),
    file: z.string().describe('Source file as `<dataset folder>/<path inside it>`'),
    line: z.number().int().describe('1-based physical line where the rejected row starts'),
    reason: z.string().describe('Why the row was rejected, e.g. "expected 93 columns, found 91"'),
    raw: z.string().describe('The row as it stands in the file'),
  })
  .describe('Rows a loader rejected (one table per staged table, same name, under parquet/quarantine/)');

const fromMap = (layer: string, map: Record<string, z.ZodObject>): DictionaryTable[] =>
  Object.entries(map).map(([name, schema]) => ({ name, layer, schema }));

export function dictionaryTables(): DictionaryTable[] {
  return [
    ...Object.entries(EPC_TABLES).map(([name, t]) => ({
      name,
      layer: t.layer,
      schema: t.schema as z.ZodObject,
    })),
    ...fromMap('staged', FEATURE_TABLES),
    ...fromMap('staged', PLANNING_FEATURE_TABLES),
    {
      name: 'quarantine',
      layer: 'quarantine',
      schema: QuarantineRowSchema,
      path: 'parquet/quarantine/<staged table>.parquet',
    },
  ];
}

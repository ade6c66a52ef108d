// Which Parquet tables the data dictionary describes: every table with a zod row schema. A dataset adds its
// tables here (a name → schema map from its schemas/ file) and `pds data-dictionary` picks them up.
import { z } from 'zod';
import { AREA_TABLES } from '../../schemas/area-tables';
import { NATIONS_TABLES } from '../../schemas/nations-tables';
import { CLIMATE_TABLES } from '../../schemas/climate-tables';
import { ENERGY_PRICE_TABLES } from '../../schemas/energy-prices';
import { ENVIRONMENT_FEATURE_TABLES } from '../../schemas/environment-features';
import { EPC_TABLES } from '../../schemas/epc';
import { FEATURE_TABLES } from '../../schemas/features';
import { GB_HERITAGE_TABLES, HERITAGE_STAGED_TABLES } from '../../schemas/heritage-features';
import { PLANNING_FEATURE_TABLES } from '../../schemas/planning-features';
import { PROPERTY_BLOCK_TABLES } from '../../schemas/property-block-tables';
import { PROPERTIES_WIDE_TABLES } from '../../schemas/properties-wide';
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
  .describe(
    'Rows a loader rejected (one table per staged table, same name, under parquet/quarantine/; a partitioned staged table has one file per partition, <staged table>/<partition>.parquet)',
  );

const fromMap = (layer: string, map: Record<string, z.ZodObject>): DictionaryTable[] =>
  Object.entries(map).map(([name, schema]) => ({ name, layer, schema }));

const fromLayered = (
  map: Record<string, { layer: string; schema: z.ZodType; path?: string }>,
): DictionaryTable[] =>
  Object.entries(map).map(([name, t]) => ({
    name,
    layer: t.layer,
    schema: t.schema as z.ZodObject,
    ...(t.path ? { path: t.path } : {}),
  }));

// The England and Wales EPC tables are written one file per bulk-download folder (local authority or year),
// and so is the enhanced one (epc_enhanced's partitions).
const EPC_PARTITIONED = new Set([
  'epc_england_wales_certificates',
  'epc_england_wales_recommendations',
  'epc_enhanced_england_wales',
]);

// The per-UPRN tables written one file per 10 km tile (their assets are partitioned by tile).
const TILE_PARTITIONED = new Set([
  'epc_estimates',
  'epc_estimates_inputs',
  'uprn_epc_blocks',
  'uprn_postcodes',
  'postcode_area_blocks',
  'uprn_area_grant_sets',
  'uprn_area_blocks',
  'climate_cell_blocks',
  'uprn_climate_cells',
  'uprn_climate_blocks',
  'properties_wide',
  'properties_wide_digests',
]);

// Tables a large partition writes in runs, a file each (io/run-files.ts): `<name>.<run>.parquet`.
const RUN_WRITTEN = new Set([
  'epc_enhanced_england_wales',
  'epc_enhanced_scotland',
  'epc_scotland_certificates',
]);

export function dictionaryTables(): DictionaryTable[] {
  return [
    ...fromLayered(EPC_TABLES).map((t) => {
      const run = RUN_WRITTEN.has(t.name) ? '[.<run>]' : '';
      return EPC_PARTITIONED.has(t.name)
        ? { ...t, path: `parquet/${t.layer}/${t.name}/<folder>${run}.parquet` }
        : run
          ? { ...t, path: `parquet/${t.layer}/${t.name}${run}.parquet` }
          : t;
    }),
    ...fromMap('staged', FEATURE_TABLES),
    ...fromMap('staged', PLANNING_FEATURE_TABLES),
    ...fromMap('staged', HERITAGE_STAGED_TABLES),
    ...fromMap('derived', GB_HERITAGE_TABLES),
    ...fromMap('staged', ENVIRONMENT_FEATURE_TABLES),
    ...fromLayered(AREA_TABLES),
    ...fromLayered(NATIONS_TABLES),
    ...fromLayered(PROPERTY_BLOCK_TABLES),
    ...fromLayered(PROPERTIES_WIDE_TABLES),
    ...fromLayered(CLIMATE_TABLES),
    ...fromLayered(ENERGY_PRICE_TABLES),
  ]
    .map((t) =>
      TILE_PARTITIONED.has(t.name) ? { ...t, path: `parquet/${t.layer}/${t.name}/<tile>.parquet` } : t,
    )
    .concat([
      {
        name: 'quarantine',
        layer: 'quarantine',
        schema: QuarantineRowSchema,
        path: 'parquet/quarantine/<staged table>.parquet',
      },
    ]);
}

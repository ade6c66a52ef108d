// The analysts' catalog groups the current materialisation's files into one view per table: a layer's file is
// its table (or its runs' files), a folder of partitions is one table, quarantine tables go to their own schema, anything else is
// not a table; a partition's delta is read with its table.
import { describe, expect, it } from 'vitest';
import { catalogViews } from '../../../pipelines/catalog/analyst-catalog';

describe('catalogViews', () => {
  it('one view per table, partitions unioned, quarantine apart', () => {
    const root = '/data/parquet';
    const views = catalogViews(root, [
      `${root}/staged/flood_zones.parquet`,
      `${root}/quarantine/flood_zones.parquet`,
      `${root}/derived/properties_wide/TQ27.parquet`,
      `${root}/derived/properties_wide/ST17.parquet`,
      `${root}/derived/uprn_area_blocks/ST17.parquet`,
      // A tile's delta (io/delta-files.ts) belongs to its table; block texts are no table.
      `${root}/derived/uprn_epc_blocks/ST17.parquet`,
      `${root}/derived/uprn_epc_blocks/delta/ST17.parquet`,
      `${root}/derived/uprn_epc_blocks/texts/ST17.parquet`,
      `${root}/derived/uprn_epc_blocks/texts/delta/ST17.parquet`,
      // A table written in runs (io/run-files.ts).
      `${root}/derived/epc_enhanced_scotland.0.parquet`,
      `${root}/derived/epc_enhanced_scotland.1.parquet`,
      '/elsewhere/x.parquet',
      `${root}/derived/notes.txt`,
    ]);
    expect(views).toEqual([
      {
        schema: 'main',
        name: 'epc_enhanced_scotland',
        files: [
          `${root}/derived/epc_enhanced_scotland.0.parquet`,
          `${root}/derived/epc_enhanced_scotland.1.parquet`,
        ],
        deltas: [],
      },
      { schema: 'main', name: 'flood_zones', files: [`${root}/staged/flood_zones.parquet`], deltas: [] },
      {
        schema: 'main',
        name: 'properties_wide',
        files: [
          `${root}/derived/properties_wide/ST17.parquet`,
          `${root}/derived/properties_wide/TQ27.parquet`,
        ],
        deltas: [],
      },
      {
        schema: 'main',
        name: 'uprn_area_blocks',
        files: [`${root}/derived/uprn_area_blocks/ST17.parquet`],
        deltas: [],
      },
      {
        schema: 'main',
        name: 'uprn_epc_blocks',
        files: [`${root}/derived/uprn_epc_blocks/ST17.parquet`],
        deltas: [`${root}/derived/uprn_epc_blocks/delta/ST17.parquet`],
      },
      {
        schema: 'quarantine',
        name: 'flood_zones',
        files: [`${root}/quarantine/flood_zones.parquet`],
        deltas: [],
      },
    ]);
  });
});

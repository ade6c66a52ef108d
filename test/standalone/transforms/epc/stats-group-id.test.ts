// A statistics group's id is made in two places: in JavaScript (statsRowGroup, for the stored groups) and in
// DuckDB (statsRowIdSql, for the ids a block names and the groups a release writes). They must agree, or a
// block names a group that is stored under another id.
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../../pipelines/io/parquet';
import {
  STATS_KEY_COLUMNS as COLUMNS,
  statsRowGroup,
  statsRowIdSql,
} from '../../../../pipelines/transforms/epc/stats-group-id';

const rows = [
  { grouping: 'postcode', postcode: 'SW6 1AA' },
  { grouping: 'outcode', outcode: 'SW6' },
  { grouping: 'local_authority', local_authority_district_code: 'E09000013' },
  { grouping: 'region', region_code: 'E12000007' },
  { grouping: 'country', country: 'Wales' },
  {
    grouping: 'local_authority_property_type',
    local_authority_district_code: 'S12000036',
    property_type: 'Flat',
  },
  { grouping: 'country_property_type', country: 'England', property_type: 'House' },
  // A key missing: no group.
  {
    grouping: 'local_authority_property_type',
    local_authority_district_code: 'E09000013',
    property_type: null,
  },
  { grouping: 'postcode', postcode: null },
];

const literal = (v: unknown) => (v === null || v === undefined ? 'NULL::VARCHAR' : `'${String(v)}'`);

describe('statsRowIdSql', () => {
  it('gives every epc_stats row the id statsRowGroup gives it, and NULL where it gives none', async () => {
    const values = rows
      .map(
        (r) =>
          `(${[r.grouping, ...COLUMNS.map((c) => (r as Record<string, unknown>)[c])].map(literal).join(', ')})`,
      )
      .join(', ');
    const inSql = await queryRows(
      `SELECT ${statsRowIdSql('s')} AS id FROM (VALUES ${values}) s(grouping, ${COLUMNS.join(', ')})`,
    );
    expect(inSql.map((r) => r.id)).toEqual(rows.map((r) => statsRowGroup(r)?.id ?? null));
    expect(inSql.map((r) => r.id)).toContain('local_authority_property_type:S12000036|Flat');
  });
});

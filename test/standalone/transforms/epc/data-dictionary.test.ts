import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dictionaryTables } from '../../../../pipelines/catalog/dictionary-tables';
import { dataDictionaryMarkdown, tableSection, unitOf } from '../../../../pipelines/io/data-dictionary';
import { EPC_TABLES, EpcStatsRowSchema } from '../../../../schemas/epc';

const toJson = (s: z.ZodObject) => z.toJSONSchema(s, { io: 'output', unrepresentable: 'any' });

describe('unitOf', () => {
  it.each([
    ['CO2 emissions per floor area, kg per m² per year', 'kg CO2/m²/yr'],
    ['Space heating cost, GBP per year', 'GBP/yr'],
    ['Total floor area, m²', 'm²'],
    ['Floor U-value from the description, W/m²K', 'W/m²K'],
    ['Percentage of windows with multiple glazing, 0-100', '%'],
    ['Postcode, upper case with one space', ''],
  ])('%s → %s', (description, unit) => expect(unitOf(description)).toBe(unit));
});

describe('data dictionary', () => {
  it('describes one row per column with its Parquet type, unit and meaning', () => {
    const section = tableSection({ name: 'epc_stats', layer: 'derived', schema: EpcStatsRowSchema }, toJson);
    const rows = section.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows).toHaveLength(Object.keys(EpcStatsRowSchema.shape).length);
    expect(section).toContain('`parquet/derived/epc_stats.parquet`');
    expect(rows).toContain(
      '| `avg_co2_emissions_current` | DOUBLE | t CO2/yr | Mean of co2_emissions_current, tonnes CO2 per year |',
    );
    expect(rows).toContain(
      '| `energy_rating_a_count_current` | BIGINT |  | Number of properties whose current band is A |',
    );
  });

  it('covers every registered table, EPC tables included', () => {
    const markdown = dataDictionaryMarkdown(dictionaryTables(), toJson);
    for (const name of Object.keys(EPC_TABLES)) expect(markdown).toContain(`### ${name}\n`);
    expect(markdown).toContain('`parquet/quarantine/<staged table>.parquet`');
  });
});

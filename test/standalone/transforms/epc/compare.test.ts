import { describe, expect, it } from 'vitest';
import { assembleStats, compareEpc, compareWithGroup } from '../../../../pipelines/transforms/epc/compare';
import type { EpcStatsGroup } from '../../../../schemas/epc';

const group = (avgScore: number | null, avgCo2: number | null) =>
  ({ avg_energy_efficiency_current: avgScore, avg_co2_emissions_current: avgCo2 }) as EpcStatsGroup;

describe('compareWithGroup', () => {
  it('is better with a score above the mean and lower with emissions below it', () => {
    expect(
      compareWithGroup({ energy_efficiency_current: 72, co2_emissions_current: 2.1 }, group(64.5, 3.4)),
    ).toEqual({
      energy_efficiency: 'better',
      carbon_footprint: 'lower',
      average_energy_efficiency_score: 64.5,
      average_carbon_footprint: 3.4,
    });
  });

  it('counts a score on the mean as better and emissions on the mean as lower', () => {
    expect(
      compareWithGroup({ energy_efficiency_current: 60, co2_emissions_current: 3 }, group(60, 3)),
    ).toMatchObject({
      energy_efficiency: 'better',
      carbon_footprint: 'lower',
    });
    expect(
      compareWithGroup({ energy_efficiency_current: 40, co2_emissions_current: 6.2 }, group(60, 3)),
    ).toMatchObject({
      energy_efficiency: 'worse',
      carbon_footprint: 'higher',
    });
  });

  it('is null for an unknown group, and leaves a verdict null when a value is unknown', () => {
    expect(compareWithGroup({ energy_efficiency_current: 60, co2_emissions_current: 3 }, null)).toBeNull();
    expect(
      compareWithGroup({ energy_efficiency_current: null, co2_emissions_current: 3 }, group(60, 3)),
    ).toMatchObject({
      energy_efficiency: null,
      carbon_footprint: 'lower',
    });
  });
});

describe('compareEpc and assembleStats', () => {
  it('gives all seven relative_to_* blocks from the matching stats groups', () => {
    const stats = assembleStats({
      postcode_stats: { grouping: 'postcode', postcode: 'BA1 1AA', outcode: null, ...group(70, 2) },
      local_authority_property_type_stats: {
        grouping: 'local_authority_property_type',
        postcode: null,
        local_authority_district_code: 'E06000022',
        property_type: 'House',
        ...group(55, 4),
      },
    });
    expect(stats.postcode_stats).toEqual({ postcode: 'BA1 1AA', ...group(70, 2) });
    expect(stats.local_authority_property_type_stats).toEqual({
      local_authority_district_code: 'E06000022',
      property_type: 'House',
      ...group(55, 4),
    });
    expect(stats.country_stats).toBeNull();
    const compare = compareEpc({ energy_efficiency_current: 62, co2_emissions_current: 3 }, stats);
    expect(Object.keys(compare)).toEqual([
      'relative_to_postcode',
      'relative_to_outcode',
      'relative_to_local_authority',
      'relative_to_region',
      'relative_to_country',
      'relative_to_similar_properties_local_authority',
      'relative_to_similar_properties_country',
    ]);
    expect(compare.relative_to_postcode?.energy_efficiency).toBe('worse');
    expect(compare.relative_to_similar_properties_local_authority?.energy_efficiency).toBe('better');
    expect(compare.relative_to_country).toBeNull();
  });
});

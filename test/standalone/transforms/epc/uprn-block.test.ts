import { describe, expect, it } from 'vitest';
import {
  buildEpcBlock,
  latestCertificate,
  type UprnCertificate,
} from '../../../../pipelines/transforms/epc/uprn-block';

const cert = (over: Partial<UprnCertificate> & { id: string }): UprnCertificate => ({
  country: 'England',
  lodged_at: null,
  raw: { lmk_key: over.id },
  enhanced: { lmk_key: over.id } as never,
  recommendations: null,
  ...over,
});

describe('buildEpcBlock', () => {
  it('is null for a UPRN without certificates', () => {
    expect(buildEpcBlock([])).toBeNull();
  });

  it('keeps every England and Wales certificate, latest first, undated last', () => {
    const block = buildEpcBlock([
      cert({ id: 'old', lodged_at: '2010-01-05T00:00:00.000Z' }),
      cert({ id: 'undated' }),
      cert({ id: 'new', lodged_at: '2021-07-01T00:00:00.000Z' }),
    ])!;
    expect(block.epcs.map((r) => r.lmk_key)).toEqual(['new', 'old', 'undated']);
    expect(block.epcs_enhanced.map((r) => (r as { lmk_key: string }).lmk_key)).toEqual([
      'new',
      'old',
      'undated',
    ]);
    expect(block.latest_lodgement_date).toBe('2021-07-01T00:00:00.000Z');
    expect(block.epc_country).toBe('England');
  });

  it('keeps only the latest Scottish certificate', () => {
    const block = buildEpcBlock([
      cert({ id: 'a', country: 'Scotland', lodged_at: '2015-01-01T00:00:00.000Z' }),
      cert({ id: 'b', country: 'Scotland', lodged_at: '2019-01-01T00:00:00.000Z' }),
    ])!;
    expect(block.epcs.map((r) => r.lmk_key)).toEqual(['b']);
    expect(block.epc_retrofit_recommendations).toEqual([]);
  });

  it("lists the latest certificate's recommendations in item order with parsed costs", () => {
    const block = buildEpcBlock([
      cert({
        id: 'new',
        lodged_at: '2021-07-01T00:00:00.000Z',
        recommendations: [
          {
            improvement_item: '2',
            improvement_summary_text: 'Solar water heating',
            improvement_id: '19',
            indicative_cost: '£4,000 - £6,000',
          },
          {
            improvement_item: '1',
            improvement_summary_text: 'Increase loft insulation to 270 mm ',
            improvement_descr_text: '',
            improvement_id: '5',
            indicative_cost: '£100 - £350',
          },
        ],
      }),
      cert({
        id: 'old',
        lodged_at: '2012-01-01T00:00:00.000Z',
        recommendations: [{ improvement_item: '1', indicative_cost: '£15' }],
      }),
    ])!;
    expect(block.epc_retrofit_recommendations).toEqual([
      {
        improvement_summary_text: 'Increase loft insulation to 270 mm',
        improvement_description_text: null,
        improvement_id: 5,
        indicative_cost_min: 100,
        indicative_cost_max: 350,
      },
      {
        improvement_summary_text: 'Solar water heating',
        improvement_description_text: null,
        improvement_id: 19,
        indicative_cost_min: 4000,
        indicative_cost_max: 6000,
      },
    ]);
  });
});

describe('buildEpcBlock with statistics and estimates', () => {
  const stats = {
    postcode_stats: { postcode: 'BA1 1AA', avg_energy_efficiency_current: 70, avg_co2_emissions_current: 2 },
    outcode_stats: null,
    local_authority_stats: null,
    region_stats: null,
    country_stats: { country: 'England', avg_energy_efficiency_current: 60, avg_co2_emissions_current: 4 },
    local_authority_property_type_stats: null,
    country_property_type_stats: null,
  } as never;

  it("compares the latest certificate with its groups' means", () => {
    const block = buildEpcBlock(
      [
        cert({
          id: 'a',
          lodged_at: '2021-07-01T00:00:00.000Z',
          enhanced: { lmk_key: 'a', energy_efficiency_current: 65, co2_emissions_current: 3 } as never,
        }),
      ],
      { stats },
    )!;
    expect(block.epc_stats).toBe(stats);
    expect(block.epc_estimate).toBeNull();
    expect(block.epc_compare?.relative_to_postcode).toMatchObject({
      energy_efficiency: 'worse',
      carbon_footprint: 'higher',
    });
    expect(block.epc_compare?.relative_to_country).toMatchObject({
      energy_efficiency: 'better',
      carbon_footprint: 'lower',
    });
    expect(block.epc_compare?.relative_to_region).toBeNull();
  });

  it('gives a UPRN without certificates its estimate and statistics, and no comparison', () => {
    const estimate = { method: 'same_postcode', energy_efficiency_current: 66, confidence: 0.6 } as never;
    expect(buildEpcBlock([], { stats, estimate })).toEqual({
      epc_country: null,
      latest_lodgement_date: null,
      epcs: [],
      epcs_enhanced: [],
      epc_retrofit_recommendations: [],
      epc_stats: stats,
      epc_compare: null,
      epc_estimate: estimate,
    });
    expect(buildEpcBlock([], { stats, estimate: null })).toBeNull();
  });
});

describe('latestCertificate', () => {
  it('is the certificate the block takes as latest: the latest lodged, the first given of a tie, undated last', () => {
    const older = cert({ id: 'older', lodged_at: '2019-03-01T00:00:00.000Z' });
    const a = cert({ id: 'a', lodged_at: '2022-05-01T00:00:00.000Z' });
    const b = cert({ id: 'b', lodged_at: '2022-05-01T00:00:00.000Z' });
    const undated = cert({ id: 'undated' });
    for (const given of [
      [undated, older, a, b],
      [b, a, older],
    ]) {
      expect(latestCertificate(given)).toBe(given.includes(undated) ? a : b);
      expect(buildEpcBlock(given)!.epcs[0]).toBe(latestCertificate(given)!.raw);
    }
    expect(latestCertificate([undated])).toBe(undated);
    expect(latestCertificate([])).toBeUndefined();
  });
});

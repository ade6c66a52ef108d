import { describe, expect, it } from 'vitest';
import { adjustCosts, priceEra, type CostInputs } from '../../../../pipelines/transforms/epc/adjusted-costs';

const inputs = (over: Partial<CostInputs> = {}): CostInputs => ({
  lodgement_date: '2012-03-01T00:00:00.000Z',
  new_dwelling: false,
  main_fuel: 'Mains gas',
  has_mains_gas: true,
  energy_tariff: 'Single',
  hot_water_description: 'From main system',
  heating_cost_current: 620,
  heating_cost_potential: 410,
  hot_water_cost_current: 110,
  hot_water_cost_potential: 80,
  lighting_cost_current: 90,
  lighting_cost_potential: 50,
  ...over,
});

describe('priceEra', () => {
  it.each([
    ['2010-01-01', false, 'sap2009'],
    ['2014-04-05', false, 'sap2009'],
    ['2014-04-06', false, 'sap2012'],
    ['2023-01-01', false, 'sap2012'],
    ['2023-01-01', true, 'sap10'],
    ['2025-06-15', false, 'sap10'],
  ] as const)('%s (new dwelling %s) was priced with %s', (date, isNew, era) => {
    expect(priceEra(date, isNew)).toBe(era);
  });
});

describe('adjustCosts', () => {
  it('rescales a 2012 gas-heated certificate from SAP 2009 to SAP 10.2 prices', () => {
    // gas 3.64 / 3.10 = 1.17419; electricity 16.49 / 11.46 = 1.43892
    expect(adjustCosts(inputs())).toEqual({
      heating_cost_current: 728.0,
      heating_cost_potential: 481.42,
      hot_water_cost_current: 129.16,
      hot_water_cost_potential: 93.94,
      lighting_cost_current: 129.5,
      lighting_cost_potential: 71.95,
      total_fuel_cost_current: 986.66,
      total_fuel_cost_potential: 647.31,
      standing_charges: 160,
    });
  });

  it('prices electric immersion hot water as electricity, and an oil boiler without a standing charge', () => {
    const costs = adjustCosts(
      inputs({
        main_fuel: 'Oil',
        has_mains_gas: false,
        hot_water_description: 'Electric immersion, off-peak',
      }),
    )!;
    expect(costs.heating_cost_current).toBeCloseTo((620 * 4.94) / 4.06, 2);
    expect(costs.hot_water_cost_current).toBeCloseTo((110 * 16.49) / 11.46, 2);
    expect(costs.standing_charges).toBe(72);
  });

  it('prices electric storage heating on a 7-hour tariff at the low rate', () => {
    const costs = adjustCosts(inputs({ main_fuel: 'Electricity', energy_tariff: 'Off-peak 7 hour' }))!;
    expect(costs.heating_cost_current).toBeCloseTo((620 * 9.4) / 4.78, 2);
    expect(costs.standing_charges).toBe(72);
  });

  it('treats a community scheme as its fuel, and an unknown fuel as mains gas where the property has it', () => {
    const community = adjustCosts(inputs({ main_fuel: 'Mains gas (community)' }))!;
    const unknown = adjustCosts(inputs({ main_fuel: null }))!;
    expect(community.heating_cost_current).toBe(728.0);
    expect(unknown.heating_cost_current).toBe(728.0);
  });

  it('keeps a cost null where the fuel has no price history, and the total null with it', () => {
    const costs = adjustCosts(inputs({ main_fuel: 'Waste heat' }))!;
    expect(costs.heating_cost_current).toBeNull();
    expect(costs.total_fuel_cost_current).toBeNull();
    expect(costs.lighting_cost_current).toBe(129.5);
  });

  it('is null without a lodgement date or without costs', () => {
    expect(adjustCosts(inputs({ lodgement_date: null }))).toBeNull();
    expect(adjustCosts(inputs({ heating_cost_current: null, lighting_cost_current: null }))).toBeNull();
  });
});

// The engine against numbers in reference/energy (bredem.md worked values) and basic physics.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verticalSolarFlux } from '../../../serving/energy-model/climate/solar';
import {
  EXTERNAL_TEMPERATURE,
  HORIZONTAL_SOLAR,
  WIND_SPEED,
} from '../../../serving/energy-model/climate/tables';
import { baseInfiltration, effectiveAirChangeRate } from '../../../serving/energy-model/engine/heat-transfer';
import { hotWaterMonth, monthlyEnergyContent } from '../../../serving/energy-model/engine/hot-water';
import { runEngine, type DwellingDescription } from '../../../serving/energy-model/engine/index';
import { LIGHTING_MONTH_WEIGHT } from '../../../serving/energy-model/engine/lighting';
import { occupancyFromFloorArea } from '../../../serving/energy-model/engine/occupancy';
import { fractionHeated } from '../../../serving/energy-model/engine/temperature';
import { utilisationFactor } from '../../../serving/energy-model/engine/utilisation';

const dwelling = JSON.parse(
  readFileSync(new URL('../../../serving/energy-model/examples/dwelling.json', import.meta.url), 'utf8'),
) as DwellingDescription;

describe('reference values', () => {
  it('occupancy from floor area (SAP Table 1b): 100 m² → 2.740 and the listed values', () => {
    expect(occupancyFromFloorArea(100)).toBeCloseTo(2.7395, 3);
    const listed: [number, number][] = [
      [30, 1.173],
      [50, 1.69],
      [60, 1.982],
      [80, 2.463],
      [90, 2.626],
      [120, 2.863],
      [150, 2.934],
      [200, 3.002],
    ];
    for (const [tfa, n] of listed) expect(occupancyFromFloorArea(tfa)).toBeCloseTo(n, 2);
    expect(occupancyFromFloorArea(10)).toBe(1);
  });

  it('hot water energy content for 98.5 L/day matches the worked example month by month (annual 1,549.8 kWh)', () => {
    const expected = [160.7, 140.5, 145.0, 126.4, 121.3, 104.7, 97.0, 111.3, 112.6, 131.3, 143.3, 155.6];
    const months = expected.map((_, m) => hotWaterMonth({ efficiency: 1 }, monthlyEnergyContent(98.5, m), m));
    months.forEach((w, m) => expect(w.energyContent).toBeCloseTo(expected[m]!, 1));
    expect(months.reduce((s, w) => s + w.energyContent, 0)).toBeCloseTo(1549.8, 0);
    // SAP (62): the 15 % distribution loss is part of (45), not added to it: a piped system supplies (45).
    expect(months[0]!.distributionLoss).toBeCloseTo(0.15 * months[0]!.energyContent, 9);
    expect(months[0]!.output).toBeCloseTo(months[0]!.energyContent, 9);
    expect(months[0]!.fuel).toBe(months[0]!.output);
  });

  it('a point-of-use heater has no distribution loss and supplies 0.85 of the content; efficiency divides', () => {
    const content = monthlyEnergyContent(98.5, 0);
    const piped = hotWaterMonth({ efficiency: 0.8 }, content, 0);
    const atTap = hotWaterMonth({ efficiency: 0.8, pointOfUse: true }, content, 0);
    expect(atTap.distributionLoss).toBe(0);
    expect(atTap.output).toBeCloseTo(0.85 * content, 9);
    expect(atTap.fuel).toBeCloseTo((0.85 * content) / 0.8, 9);
    expect(piped.fuel).toBeCloseTo(content / 0.8, 9);
    // Gains (65): a quarter of the heat drawn, plus 80 % of the pipe loss when there are pipes.
    expect(atTap.gainsKwh).toBeCloseTo(0.25 * 0.85 * content, 9);
    expect(piped.gainsKwh).toBeCloseTo(0.25 * 0.85 * content + 0.8 * 0.15 * content, 9);
  });

  it("runEngine's hot water fuel is the year's content over the efficiency, and 0.85 of it at the point of use", () => {
    const d = dwelling;
    const piped = runEngine(d);
    const atTap = runEngine({ ...d, hotWater: { ...d.hotWater, pointOfUse: true } });
    const content = piped.monthly.hotWaterEnergyContent.reduce((a, b) => a + b, 0);
    expect(piped.annual.hotWaterFuel).toBeCloseTo(content / d.hotWater.efficiency, 6);
    expect(atTap.annual.hotWaterFuel).toBeCloseTo((0.85 * content) / d.hotWater.efficiency, 6);
  });

  it('lighting monthly weights are the published ones (sum 0.9985)', () => {
    const published = [
      0.1237, 0.0993, 0.0894, 0.0655, 0.0506, 0.0413, 0.0461, 0.06, 0.0779, 0.1022, 0.1154, 0.1272,
    ];
    LIGHTING_MONTH_WEIGHT.forEach((w, m) => expect(w).toBeCloseTo(published[m]!, 4));
    expect(LIGHTING_MONTH_WEIGHT.reduce((a, b) => a + b, 0)).toBeCloseTo(0.9985, 4);
  });

  it('climate tables have 22 regions of 12 months; UK average equals East Pennines', () => {
    for (const t of [EXTERNAL_TEMPERATURE, WIND_SPEED, HORIZONTAL_SOLAR]) {
      expect(t).toHaveLength(22);
      for (const row of t) expect(row).toHaveLength(12);
      expect(t[11]).toEqual(t[0]);
    }
  });

  it('south-facing glass gets more winter sun than north-facing, and summer more than winter', () => {
    const south = verticalSolarFlux(6, 'S');
    const north = verticalSolarFlux(6, 'N');
    expect(south[0]!).toBeGreaterThan(2 * north[0]!);
    expect(south[5]!).toBeGreaterThan(south[0]!);
    expect(verticalSolarFlux(6, 'E')).toEqual(verticalSolarFlux(6, 'W'));
  });
});

describe('building blocks', () => {
  it('utilisation factor: 1 with no gains, a/(a+1) at γ = 1, falls as gains grow', () => {
    expect(utilisationFactor(0, 100, 10, 30)).toBe(1);
    expect(utilisationFactor(1000, 100, 10, 30)).toBeCloseTo(3 / 4, 6);
    expect(utilisationFactor(500, 100, 10, 30)).toBeGreaterThan(utilisationFactor(1500, 100, 10, 30));
  });

  it('natural ventilation formula: n < 1 becomes 0.5 + 0.5 n²; more wind, more air change', () => {
    const v = dwelling.ventilation;
    const base = baseInfiltration(v, 250, 2);
    expect(base).toBeCloseTo(0.1 + 0.35 + 0.05 + 0.15, 6);
    const calm = effectiveAirChangeRate(base, v, 3);
    const windy = effectiveAirChangeRate(base, v, 8);
    expect(windy).toBeGreaterThan(calm);
    const n = base * (1 - 0.075 * v.shelteredSides) * (3 / 4) * v.siteExposureFactor;
    expect(calm).toBeCloseTo(0.5 + 0.5 * n * n, 9);
  });

  it('fraction of month heated switches smoothly from 0 to 1 around 4 K below demand', () => {
    expect(fractionHeated(21, 10)).toBeCloseTo(1, 6);
    expect(fractionHeated(21, 25)).toBeCloseTo(0, 6);
    expect(fractionHeated(21, 17)).toBeGreaterThan(0.2);
    expect(fractionHeated(21, 17)).toBeLessThan(0.8);
  });
});

describe('the example dwelling', () => {
  const result = runEngine(dwelling);

  it('gives twelve finite months and annual totals equal to their sums', () => {
    for (const [name, values] of Object.entries(result.monthly)) {
      expect(values, name).toHaveLength(12);
      for (const v of values) expect(Number.isFinite(v), name).toBe(true);
    }
    const s = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(result.annual.spaceHeatingFuel).toBeCloseTo(s(result.monthly.spaceHeatingFuel), 6);
    expect(result.annual.lighting).toBeCloseTo(s(result.monthly.lighting), 6);
  });

  it('January needs more heat than July, and the summer months almost none', () => {
    const q = result.monthly.spaceHeatingDemand;
    expect(q[0]!).toBeGreaterThan(q[6]!);
    expect(q[6]!).toBeLessThan(1);
    expect(result.monthly.meanInternalTemperature[0]!).toBeLessThan(21);
    expect(result.monthly.meanInternalTemperature[0]!).toBeGreaterThan(16);
  });

  it('SAP mode switches heating off June–September', () => {
    const sap = runEngine({ ...dwelling, heatingSeason: 'sap' });
    for (const m of [5, 6, 7, 8]) expect(sap.monthly.spaceHeatingDemand[m]).toBe(0);
    expect(sap.monthly.spaceHeatingDemand[0]).toBeCloseTo(result.monthly.spaceHeatingDemand[0]!, 0);
  });

  it('colder regions need more heat than warmer ones for the same dwelling', () => {
    const heat = (region: number) =>
      runEngine({ ...dwelling, climateRegion: region }).annual.spaceHeatingDemand;
    // Thames (1) and South West England (4) are the mildest; Highland (17) and Shetland (20) the coldest.
    expect(heat(17)).toBeGreaterThan(heat(6));
    expect(heat(20)).toBeGreaterThan(heat(6));
    expect(heat(6)).toBeGreaterThan(heat(1));
    expect(heat(6)).toBeGreaterThan(heat(4));
    expect(heat(15)).toBeGreaterThan(heat(12));
  });

  it('responds to explicit inputs the way the physics says', () => {
    const base = result.annual.spaceHeatingDemand;
    const worseWalls = runEngine({
      ...dwelling,
      elements: dwelling.elements.map((e) => (e.name === 'walls' ? { ...e, uValue: e.uValue * 2 } : e)),
    });
    expect(worseWalls.annual.spaceHeatingDemand).toBeGreaterThan(base);
    const tested = runEngine({
      ...dwelling,
      ventilation: { ...dwelling.ventilation, airPermeabilityQ50: 3 },
    });
    expect(tested.annual.spaceHeatingDemand).toBeLessThan(base);
    const efficient = runEngine({ ...dwelling, heating: { ...dwelling.heating, efficiency: 0.95 } });
    expect(efficient.annual.spaceHeatingFuel).toBeLessThan(result.annual.spaceHeatingFuel);
    expect(efficient.annual.spaceHeatingDemand).toBeCloseTo(base, 6);
  });

  it('rejects descriptions it cannot compute', () => {
    expect(() => runEngine({ ...dwelling, climateRegion: 22 })).toThrow(/climateRegion/);
    expect(() => runEngine({ ...dwelling, totalFloorArea: 0 })).toThrow(/totalFloorArea/);
  });
});

// A plain-text table of the engine's monthly results, for `pds energy-model engine`.
import type { EngineMonthly, EngineResult } from './types';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const ROWS: readonly [keyof EngineMonthly, string, number][] = [
  ['externalTemperature', 'external temperature °C', 1],
  ['windSpeed', 'wind speed m/s', 1],
  ['airChangeRate', 'effective air changes /h', 2],
  ['ventilationHeatLoss', 'ventilation loss W/K', 1],
  ['heatTransferCoefficient', 'heat transfer H W/K', 1],
  ['heatLossParameter', 'HLP W/m²K', 2],
  ['internalGains', 'internal gains W', 0],
  ['solarGains', 'solar gains W', 0],
  ['totalGains', 'total gains W', 0],
  ['utilisationFactor', 'utilisation factor', 3],
  ['livingAreaTemperature', 'living area °C', 2],
  ['restOfDwellingTemperature', 'rest of dwelling °C', 2],
  ['meanInternalTemperature', 'mean internal °C', 2],
  ['fractionHeated', 'fraction of month heated', 3],
  ['heatLossRate', 'heat loss rate W', 0],
  ['spaceHeatingDemand', 'space heating demand kWh', 1],
  ['spaceHeatingFuel', 'space heating fuel kWh', 1],
  ['hotWaterEnergyContent', 'hot water content kWh', 1],
  ['hotWaterDemand', 'hot water output kWh', 1],
  ['hotWaterFuel', 'hot water fuel kWh', 1],
  ['lighting', 'lighting kWh', 1],
];

export function formatEngineResult(r: EngineResult): string {
  const s = r.summary;
  const lines = [
    `volume ${s.volume.toFixed(1)} m³, fabric ΣUA ${s.fabricHeatLoss.toFixed(1)} W/K, thermal bridging ${s.thermalBridgingHeatLoss.toFixed(1)} W/K, ` +
      `infiltration ${s.baseInfiltration.toFixed(3)} ach before shelter and wind, hot water ${s.dailyHotWaterLitres.toFixed(1)} L/day`,
    '',
    ['', ...MONTHS, 'year'].map((h, i) => (i === 0 ? h.padEnd(28) : h.padStart(9))).join(''),
  ];
  for (const [key, label, dp] of ROWS) {
    const values = r.monthly[key];
    const total =
      key.endsWith('Demand') || key.endsWith('Fuel') || key === 'lighting' || key === 'hotWaterEnergyContent';
    const year = total ? values.reduce((a, b) => a + b, 0).toFixed(dp) : '';
    lines.push(label.padEnd(28) + values.map((v) => v.toFixed(dp).padStart(9)).join('') + year.padStart(9));
  }
  return `${lines.join('\n')}\n`;
}

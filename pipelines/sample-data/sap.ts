// A deliberately small SAP-like calculation so each synthetic certificate is internally consistent: heat loss
// from fabric U-values and ventilation, delivered energy through the heating system, costs at SAP-2012-style
// prices, then the SAP rating (energy cost factor -> 1..100+) and environmental impact rating (CO2 factor), the
// primary energy per m², CO2 and the displayed running costs. Recommendations are real measures applied to a copy
// of the state one after another; a measure is kept only if it raises the rating, so potential >= current.
// This is not SAP: it only makes EPC numbers move together the way real ones do.
import type { Dwelling, State } from './dwellings';
import type { Rng } from './rng';

export interface Performance {
  sap: number;
  ei: number;
  /** Primary energy, kWh/m²/yr (ENERGY_CONSUMPTION_*). */
  primaryPerM2: number;
  /** kg CO2/m²/yr. */
  co2PerM2: number;
  /** Tonnes CO2/yr. */
  co2Tonnes: number;
  /** Running costs in £/yr at the prices of the certificate's year. */
  heatingCost: number;
  hotWaterCost: number;
  lightingCost: number;
  /** kWh/yr of useful heat (Scottish SPACE_HEATING_DEMAND / WATER_HEATING_DEMAND). */
  spaceDemand: number;
  waterDemand: number;
}

const PRICE = { gas: 0.0348, elec: 0.1319, offPeak: 0.055, oil: 0.0544, community: 0.0424, wood: 0.0423 };
const CO2 = { gas: 0.216, elec: 0.519, oil: 0.298, community: 0.24, wood: 0.039 };
const PRIMARY = { gas: 1.22, elec: 3.07, oil: 1.1, community: 1.2, wood: 1.05 };
type Fuel = keyof typeof CO2;

const WALL_U: Record<Dwelling['wall'], readonly [number, number, number]> = {
  limestone: [1.7, 1.0, 0.55],
  sandstone: [1.7, 1.0, 0.55],
  granite: [2.0, 1.1, 0.55],
  solidBrick: [2.1, 1.2, 0.55],
  cavity: [1.5, 0.9, 0.5],
  timber: [0.8, 0.45, 0.3],
  system: [1.7, 1.0, 0.45],
  newBuild: [0.3, 0.3, 0.28],
};
const LOFT_U: readonly (readonly [number, number])[] = [
  [0, 2.3],
  [25, 1.5],
  [50, 0.7],
  [75, 0.55],
  [100, 0.4],
  [150, 0.3],
  [200, 0.21],
  [250, 0.17],
  [270, 0.16],
  [300, 0.14],
];
const WINDOW_U: Record<State['glazing'], number> = {
  single: 4.8,
  secondary: 2.9,
  doubleOld: 2.8,
  doubleNew: 1.9,
  triple: 1.2,
};

function loftU(mm: number): number {
  let u = 2.3;
  for (const [m, v] of LOFT_U) if (mm >= m) u = v;
  return u;
}

/** Display-price multiplier by certificate year (prices on certificates rose, sharply from 2022). */
export function priceFactor(year: number): number {
  if (year < 2012) return 1;
  if (year < 2017) return 1.05;
  if (year < 2022) return 1.12;
  return 1.9;
}

export function assess(d: Dwelling, s: State, year: number): Performance {
  const tfa = d.floorArea;
  const footprint = tfa / d.storeys;
  const perimeter = 4 * Math.sqrt(footprint) * 1.05;
  const grossWall = perimeter * d.roomHeight * d.storeys * d.exposure * (1 + 0.08 * d.extensions);
  const windowArea = 0.16 * tfa;
  const netWall = Math.max(5, grossWall - windowArea * 0.8);
  const wallU =
    d.wall === 'newBuild' ? (d.buildYear < 2012 ? 0.35 : 0.26) : (WALL_U[d.wall][s.wallInsulation] ?? 1);
  let roofU = 0;
  if (d.roof === 'pitched') roofU = d.buildYear >= 2012 ? 0.13 : loftU(s.loftMm);
  else if (d.roof === 'flat') roofU = s.loftMm >= 100 ? 0.35 : 2.3;
  else if (d.roof === 'roomInRoof') roofU = s.loftMm >= 100 ? 0.35 : 1.5;
  const roofArea = d.roof === 'dwellingAbove' ? 0 : footprint;
  const floorArea = d.floor === 'dwellingBelow' ? 0 : footprint;
  const floorU = d.floor === 'suspended' ? (s.floorInsulated ? 0.25 : 0.7) : s.floorInsulated ? 0.22 : 0.6;
  const p = s.glazing === 'single' ? s.glazedProportion / 100 : 1;
  const winU =
    s.glazing === 'single' ? p * WINDOW_U.doubleOld + (1 - p) * WINDOW_U.single : WINDOW_U[s.glazing];
  const volume = tfa * d.roomHeight;
  const vent = 0.33 * d.ach * volume * (d.mechanicalVentilation ? 0.8 : 1);
  const htc = netWall * wallU + roofArea * roofU + floorArea * floorU + windowArea * winU + vent;
  const degreeDays = d.scottish ? 2450 : 2100;
  const gains = 900 + 17 * tfa;
  // Even very airtight new flats need some space heating (SAP new builds: roughly 15-30 kWh/m²/yr).
  const spaceDemand = Math.max(18 * tfa, 0.25 * htc * degreeDays * 0.024, htc * degreeDays * 0.024 - gains);
  const waterDemand = (1500 + 10 * tfa) * (s.solarWater ? 0.6 : 1);

  const controlFactor: Record<State['controls'], number> = {
    none: 1.15,
    programmer: 1.1,
    thermostat: 1.05,
    full: 1,
    zone: 0.97,
    manualCharge: 1.1,
    autoCharge: 1.03,
  };
  let mainFuel: Fuel = 'gas';
  let mainPrice = PRICE.gas;
  let spaceEff = 0.72;
  let waterEff = 0.7;
  let waterFuel: Fuel = 'gas';
  let waterPrice = PRICE.gas;
  let standing = 120;
  switch (s.heating) {
    case 'gasBoiler':
      spaceEff = s.condensing ? 0.88 : 0.72;
      waterEff = (s.condensing ? 0.8 : 0.7) * (s.cylinderStat ? 1 : 0.92);
      break;
    case 'oilBoiler':
      mainFuel = waterFuel = 'oil';
      mainPrice = waterPrice = PRICE.oil;
      spaceEff = s.condensing ? 0.86 : 0.78;
      waterEff = 0.72;
      standing = 0;
      break;
    case 'storage':
      mainFuel = waterFuel = 'elec';
      mainPrice = waterPrice = PRICE.offPeak;
      spaceEff = 1;
      waterEff = 0.85;
      standing = 0;
      break;
    case 'roomHeaters':
      mainFuel = waterFuel = 'elec';
      mainPrice = waterPrice = PRICE.elec;
      spaceEff = 1;
      waterEff = 0.85;
      standing = 0;
      break;
    case 'heatPump':
      mainFuel = waterFuel = 'elec';
      mainPrice = waterPrice = PRICE.elec * 0.85;
      spaceEff = 2.6;
      waterEff = 2;
      standing = 0;
      break;
    case 'community':
      mainFuel = waterFuel = 'community';
      mainPrice = waterPrice = PRICE.community;
      spaceEff = 0.8;
      waterEff = 0.75;
      standing = 106;
      break;
  }
  const secondaryShare = s.secondary === 'none' ? 0 : 0.1;
  const mainSpace = ((spaceDemand * (1 - secondaryShare)) / spaceEff) * controlFactor[s.controls];
  let secFuel: Fuel = 'elec';
  let secPrice = PRICE.elec;
  let secEff = 1;
  if (s.secondary === 'gas') [secFuel, secPrice, secEff] = ['gas', PRICE.gas, 0.6];
  if (s.secondary === 'wood') [secFuel, secPrice, secEff] = ['wood', PRICE.wood, 0.65];
  const secSpace = (spaceDemand * secondaryShare) / secEff;
  const waterDelivered = waterDemand / waterEff;
  const lightingKwh = tfa * 9.3 * (1 - (0.5 * s.lowEnergyOutlets) / Math.max(1, d.fixedOutlets));
  const pvKwh =
    s.pvPercent > 0 ? Math.min(4, (footprint * s.pvPercent * 0.15) / 100) * (d.scottish ? 750 : 850) : 0;

  const heatingCostSap = mainSpace * mainPrice + secSpace * secPrice;
  const waterCostSap = waterDelivered * waterPrice;
  const lightingCostSap = lightingKwh * PRICE.elec;
  const totalSap = Math.max(
    30,
    heatingCostSap + waterCostSap + lightingCostSap + standing - pvKwh * PRICE.elec,
  );
  const ecf = (0.42 * totalSap) / (tfa + 45);
  const sapRaw = ecf >= 3.5 ? 117 - 121 * Math.log10(ecf) : 100 - 13.95 * ecf;

  const co2Kg = Math.max(
    50,
    mainSpace * CO2[mainFuel] +
      secSpace * CO2[secFuel] +
      waterDelivered * CO2[waterFuel] +
      lightingKwh * CO2.elec -
      pvKwh * CO2.elec,
  );
  const cf = co2Kg / (tfa + 45);
  const eiRaw = cf >= 28.3 ? 200 - 95 * Math.log10(cf) : 100 - 1.34 * cf;
  const primary = Math.max(
    200,
    mainSpace * PRIMARY[mainFuel] +
      secSpace * PRIMARY[secFuel] +
      waterDelivered * PRIMARY[waterFuel] +
      lightingKwh * PRIMARY.elec -
      pvKwh * PRIMARY.elec,
  );
  const f = priceFactor(year);
  return {
    sap: Math.max(1, Math.min(108, Math.round(sapRaw))),
    ei: Math.max(1, Math.min(108, Math.round(eiRaw))),
    primaryPerM2: Math.round(primary / tfa),
    co2PerM2: Math.round(co2Kg / tfa),
    co2Tonnes: Math.round(co2Kg / 100) / 10,
    heatingCost: Math.round(heatingCostSap * f),
    hotWaterCost: Math.round(waterCostSap * f),
    lightingCost: Math.round(lightingCostSap * f),
    spaceDemand: Math.round(spaceDemand),
    waterDemand: Math.round(waterDemand),
  };
}

/** Rating band from the SAP / EI score (A 92+, B 81-91, C 69-80, D 55-68, E 39-54, F 21-38, G 1-20). */
export function band(score: number): string {
  if (score >= 92) return 'A';
  if (score >= 81) return 'B';
  if (score >= 69) return 'C';
  if (score >= 55) return 'D';
  if (score >= 39) return 'E';
  if (score >= 21) return 'F';
  return 'G';
}

export interface Measure {
  key: string;
  /** IMPROVEMENT_ID (SAP improvement lookup code); blank for free-text recommendations. */
  id: string;
  idText: string;
  summary: string;
  description: string;
  /** Indicative cost as printed, e.g. "£100 - £350". */
  cost: (year: number) => string;
  applies: (d: Dwelling, s: State, year: number) => boolean;
  apply: (s: State, d: Dwelling) => void;
}

export const MEASURES: readonly Measure[] = [
  {
    key: 'loft',
    id: '5',
    idText: 'Increase loft insulation to 270 mm',
    summary: 'Increase loft insulation to 270 mm',
    description:
      'Loft insulation laid in the loft space or between roof rafters to a depth of at least 270 mm will significantly reduce heat loss through the roof; this will improve levels of comfort, reduce energy use and lower fuel bills.',
    cost: () => '£100 - £350',
    applies: (d, s) => d.roof === 'pitched' && s.loftMm >= 0 && s.loftMm < 200 && d.buildYear < 2012,
    apply: (s) => (s.loftMm = 270),
  },
  {
    key: 'cavity',
    id: '6',
    idText: 'Cavity wall insulation',
    summary: 'Cavity wall insulation',
    description:
      'Cavity wall insulation, to fill the gap between the inner and outer layers of external walls with an insulating material, reduces heat loss; this will improve levels of comfort, reduce energy use and lower fuel bills.',
    cost: () => '£500 - £1,500',
    applies: (d, s) => d.wall === 'cavity' && s.wallInsulation < 2,
    apply: (s) => (s.wallInsulation = 2),
  },
  {
    key: 'solidWall',
    id: '7',
    idText: 'Internal or external wall insulation',
    summary: 'Internal or external wall insulation',
    description:
      'Solid wall insulation involves adding a layer of insulation to either the inside or the outside surface of the external walls, which reduces heat loss and lowers fuel bills. As it is more expensive than cavity wall insulation it is only recommended for walls without a cavity, or where for technical reasons a cavity cannot be filled.',
    cost: () => '£4,000 - £14,000',
    applies: (d, s) =>
      ['limestone', 'sandstone', 'granite', 'solidBrick', 'system', 'timber'].includes(d.wall) &&
      s.wallInsulation < 2,
    apply: (s) => (s.wallInsulation = 2),
  },
  {
    key: 'floor',
    id: '47',
    idText: 'Floor insulation (suspended floor)',
    summary: 'Floor insulation (suspended floor)',
    description:
      'Insulation of a floor will significantly reduce heat loss; this will improve levels of comfort, reduce energy use and lower fuel bills. Suspended floors can often be insulated from below but must have adequate ventilation to prevent dampness.',
    cost: () => '£800 - £1,200',
    applies: (d, s) => d.floor === 'suspended' && !s.floorInsulated,
    apply: (s) => (s.floorInsulated = true),
  },
  {
    key: 'lighting',
    id: '35',
    idText: 'Low energy lighting for all fixed outlets',
    summary: 'Low energy lighting for all fixed outlets',
    description:
      'Replacement of traditional light bulbs with energy saving recommended ones will reduce lighting costs over the lifetime of the bulb, and they last up to 12 times longer than ordinary light bulbs.',
    cost: (year) => (year < 2013 ? '£15' : year < 2020 ? '£35' : '£5'),
    applies: (d, s) => s.lowEnergyOutlets < d.fixedOutlets,
    apply: (s, d) => (s.lowEnergyOutlets = d.fixedOutlets),
  },
  {
    key: 'cylinderStat',
    id: '12',
    idText: 'Hot water cylinder thermostat',
    summary: 'Hot water cylinder thermostat',
    description:
      'A hot water cylinder thermostat stops the boiler heating water once it reaches the set temperature, which avoids wasted energy.',
    cost: () => '£200 - £400',
    applies: (_d, s) => s.heating === 'gasBoiler' && !s.cylinderStat,
    apply: (s) => (s.cylinderStat = true),
  },
  {
    key: 'controls',
    id: '13',
    idText: 'Heating controls (room thermostat and TRVs)',
    summary: 'Heating controls (room thermostat and TRVs)',
    description:
      'The heating system should have a room thermostat to enable the boiler to switch off when no heat is required, and thermostatic radiator valves to allow the temperature of each room to be controlled to suit the needs, adding to comfort and reducing heating costs.',
    cost: () => '£350 - £450',
    applies: (_d, s) =>
      (s.heating === 'gasBoiler' || s.heating === 'oilBoiler') &&
      ['none', 'programmer', 'thermostat'].includes(s.controls),
    apply: (s) => (s.controls = 'full'),
  },
  {
    key: 'boiler',
    id: '20',
    idText: 'Replace boiler with new condensing boiler',
    summary: 'Replace boiler with new condensing boiler',
    description:
      'A condensing boiler is capable of much higher efficiencies than other types of boiler, meaning it will burn less fuel to heat the property, but there may be exceptional circumstances making this impractical.',
    cost: () => '£2,200 - £3,000',
    applies: (_d, s) => (s.heating === 'gasBoiler' || s.heating === 'oilBoiler') && !s.condensing,
    apply: (s) => (s.condensing = true),
  },
  {
    key: 'storageHeaters',
    id: '54',
    idText: 'High heat retention storage heaters',
    summary: 'High heat retention storage heaters',
    description:
      'Modern storage heaters have better insulation and controls, so they hold their heat for longer and release it when needed; this reduces running costs.',
    cost: () => '£1,200 - £1,800',
    applies: (_d, s) => s.heating === 'storage' && s.controls === 'manualCharge',
    apply: (s) => (s.controls = 'autoCharge'),
  },
  {
    key: 'gasSwitch',
    id: '23',
    idText: 'Change heating to gas condensing boiler',
    summary: 'Change heating to gas condensing boiler',
    description:
      'Changing the heating to a gas condensing boiler, with radiators, a programmer, room thermostat and thermostatic radiator valves, will reduce running costs where mains gas is available.',
    cost: () => '£3,000 - £7,000',
    applies: (d, s) => d.gasAvailable && (s.heating === 'storage' || s.heating === 'roomHeaters'),
    apply: (s) => {
      s.heating = 'gasBoiler';
      s.condensing = true;
      s.controls = 'full';
      s.offPeak = false;
    },
  },
  {
    key: 'solarWater',
    id: '19',
    idText: 'Solar water heating',
    summary: 'Solar water heating',
    description:
      'A solar water heating panel, usually fixed to the roof, uses the sun to pre-heat the hot water supply. This will significantly reduce the demand on the heating system to provide hot water and hence save fuel and money.',
    cost: () => '£4,000 - £6,000',
    applies: (d, s) => d.roof !== 'dwellingAbove' && !s.solarWater && d.propertyType !== 'Flat',
    apply: (s) => (s.solarWater = true),
  },
  {
    key: 'glazing',
    id: '8',
    idText: 'Replace single glazed windows with low-E double glazed windows',
    summary: 'Replace single glazed windows with low-E double glazed windows',
    description:
      'Double glazing is the term given to a system where two panes of glass are made up into a sealed unit. Replacing existing single-glazed windows with double glazing will improve comfort in the home by reducing draughts and cold spots near windows.',
    cost: () => '£3,300 - £6,500',
    applies: (d, s) => s.glazing === 'single' && !d.protectedFabric,
    apply: (s) => {
      s.glazing = 'doubleNew';
      s.glazedProportion = 100;
    },
  },
  {
    key: 'secondaryGlazing',
    id: '',
    idText: '',
    summary: 'Secondary glazing to single glazed windows',
    description:
      'Secondary glazing is a second pane fitted inside the existing window; it is suitable for listed buildings and properties in conservation areas where the original windows must be kept.',
    cost: () => '£1,000 - £1,500',
    applies: (d, s) => s.glazing === 'single' && d.protectedFabric,
    apply: (s) => (s.glazing = 'secondary'),
  },
  {
    key: 'pv',
    id: '34',
    idText: 'Solar photovoltaic panels, 2.5 kWp',
    summary: 'Solar photovoltaic panels, 2.5 kWp',
    description:
      'A solar PV system is one which converts light directly into electricity via panels placed on the roof with no waste and no emissions. This electricity is used throughout the home in the same way as the electricity purchased from an energy supplier.',
    cost: (year) => (year < 2014 ? '£9,000 - £14,000' : '£3,500 - £5,500'),
    applies: (d, s) => d.roof !== 'dwellingAbove' && s.pvPercent === 0 && d.propertyType !== 'Flat',
    apply: (s) => (s.pvPercent = 40),
  },
];

/** Share of eligible certificates on which an optional measure is recommended. */
const OPTIONAL_SHARE: Record<string, number> = { solarWater: 0.25, pv: 0.45, floor: 0.7 };

export interface AppliedMeasure {
  measure: Measure;
  after: Performance;
  /** £/yr saved by this step. */
  saving: number;
}

/** Recommended measures in order, each with the cumulative performance after it, and the potential. */
export function recommend(
  d: Dwelling,
  s: State,
  year: number,
  current: Performance,
  rng: Rng,
): { steps: AppliedMeasure[]; potential: Performance } {
  const steps: AppliedMeasure[] = [];
  let state = s;
  let perf = current;
  for (const m of MEASURES) {
    if (!m.applies(d, state, year)) continue;
    // Assessors recommend renewables only where the roof suits; without this nearly every house would be A/B.
    const optional = OPTIONAL_SHARE[m.key];
    if (optional !== undefined && !rng.chance(optional)) continue;
    const next: State = { ...state };
    m.apply(next, d);
    const after = assess(d, next, year);
    if (after.sap <= perf.sap) continue;
    const saving =
      perf.heatingCost +
      perf.hotWaterCost +
      perf.lightingCost -
      (after.heatingCost + after.hotWaterCost + after.lightingCost);
    steps.push({ measure: m, after, saving: Math.max(1, Math.round(saving)) });
    state = next;
    perf = after;
  }
  return { steps, potential: perf };
}

// Element descriptions and efficiency labels as lodged on real EPCs (reference/datasets/epc.md 1.3 lists the
// distinct raw values: glazing types, fuels with the "backwards compatibility" suffix, mojibake W/m²K spellings,
// Welsh "English|Welsh" cells, placeholders such as NO DATA!). Shared by the E&W and Scottish writers; each
// function returns the clean text and lets the writer add country-specific mess.
import type { Dwelling, State } from './dwellings';
import type { Rng } from './rng';

export const EFFICIENCY = ['Very Poor', 'Poor', 'Average', 'Good', 'Very Good'] as const;

/** 1..5 -> "Very Poor".."Very Good". */
export function eff(score: number): string {
  return EFFICIENCY[Math.max(1, Math.min(5, Math.round(score))) - 1] as string;
}

export interface Element {
  text: string;
  /** 1..5, or 0 for N/A. */
  energy: number;
  env: number;
}

const M2K_SPELLINGS: readonly (readonly [string, number])[] = [
  ['W/m²K', 80],
  ['W/m?K', 8],
  ['W/mÂ²K', 8],
  ['W/m&#0178;K', 4],
];

/** "Average thermal transmittance 0.26 W/m²K", with the ² spelled the ways real files spell it. */
export function uValueText(u: number, rng: Rng): string {
  return `Average thermal transmittance ${u.toFixed(2)} ${rng.weighted(M2K_SPELLINGS)}`;
}

export function wallElement(d: Dwelling, s: State, rng: Rng): Element {
  const ins = s.wallInsulation;
  switch (d.wall) {
    case 'newBuild': {
      const u = d.buildYear < 2012 ? 0.35 : rng.pick([0.26, 0.28, 0.24, 0.3]);
      return { text: uValueText(u, rng), energy: u < 0.3 ? 5 : 4, env: u < 0.3 ? 5 : 4 };
    }
    case 'cavity': {
      const text =
        ins === 0
          ? 'Cavity wall, as built, no insulation (assumed)'
          : ins === 1
            ? 'Cavity wall, as built, partial insulation (assumed)'
            : d.buildYear >= 1991
              ? 'Cavity wall, as built, insulated (assumed)'
              : 'Cavity wall, filled cavity';
      const score = ins === 0 ? 2 : ins === 1 ? 3 : 4;
      return { text, energy: score, env: score };
    }
    case 'timber': {
      const text =
        ins === 0
          ? 'Timber frame, as built, no insulation (assumed)'
          : ins === 1
            ? 'Timber frame, as built, partial insulation (assumed)'
            : 'Timber frame, as built, insulated (assumed)';
      const score = ins === 0 ? 2 : ins === 1 ? 3 : 4;
      return { text, energy: score, env: score };
    }
    default: {
      const name =
        d.wall === 'limestone' || d.wall === 'sandstone'
          ? 'Sandstone or limestone'
          : d.wall === 'granite'
            ? 'Granite or whinstone'
            : d.wall === 'system'
              ? 'System built'
              : 'Solid brick';
      const text =
        ins === 0
          ? `${name}, as built, no insulation (assumed)`
          : ins === 1
            ? `${name}, as built, partial insulation (assumed)`
            : `${name}, with ${d.protectedFabric || d.wall === 'limestone' ? 'internal' : rng.pick(['internal', 'external'])} insulation`;
      const score = ins === 0 ? 1 : ins === 1 ? 2 : 4;
      return { text, energy: score, env: score };
    }
  }
}

export function roofElement(d: Dwelling, s: State, rng: Rng): Element {
  if (d.roof === 'dwellingAbove')
    return {
      text: rng.chance(0.03) ? '(other premises above)' : '(another dwelling above)',
      energy: 0,
      env: 0,
    };
  if (d.roof === 'pitched' && d.buildYear >= 2012) return { text: uValueText(0.13, rng), energy: 5, env: 5 };
  if (d.roof === 'flat') {
    return s.loftMm >= 100
      ? { text: 'Flat, insulated (assumed)', energy: 4, env: 4 }
      : { text: 'Flat, no insulation (assumed)', energy: 1, env: 1 };
  }
  if (d.roof === 'roomInRoof') {
    return s.loftMm >= 100
      ? { text: 'Roof room(s), insulated (assumed)', energy: 4, env: 4 }
      : { text: 'Roof room(s), no insulation (assumed)', energy: 1, env: 1 };
  }
  const mm = s.loftMm;
  if (mm <= 0) return { text: 'Pitched, no insulation (assumed)', energy: 1, env: 1 };
  const text = mm >= 300 ? 'Pitched, 300+ mm loft insulation' : `Pitched, ${mm} mm loft insulation`;
  const score = mm < 50 ? 1 : mm < 75 ? 2 : mm < 150 ? 3 : mm < 300 ? 4 : 5;
  return { text, energy: score, env: score };
}

export function floorElement(d: Dwelling, s: State, rng: Rng, newBuildSap: boolean): Element {
  if (d.floor === 'dwellingBelow')
    return {
      text: rng.chance(0.05) ? '(other premises below)' : '(another dwelling below)',
      energy: 0,
      env: 0,
    };
  if (newBuildSap) {
    const u = rng.pick([0.13, 0.15, 0.18, 0.2]);
    return { text: uValueText(u, rng), energy: u < 0.16 ? 5 : 4, env: u < 0.16 ? 5 : 4 };
  }
  const base = d.floor === 'suspended' ? 'Suspended' : 'Solid';
  const text = s.floorInsulated
    ? `${base}, insulated (assumed)`
    : d.buildYear >= 1976 && d.floor === 'solid'
      ? 'Solid, limited insulation (assumed)'
      : `${base}, no insulation (assumed)`;
  return { text, energy: 0, env: 0 };
}

export function windowsElement(d: Dwelling, s: State): Element {
  switch (s.glazing) {
    case 'single':
      if (s.glazedProportion >= 50) return { text: 'Partial double glazing', energy: 2, env: 2 };
      if (s.glazedProportion > 0) return { text: 'Some double glazing', energy: 1, env: 1 };
      return { text: 'Single glazed', energy: 1, env: 1 };
    case 'secondary':
      return { text: 'Full secondary glazing', energy: 3, env: 3 };
    case 'doubleOld':
      return { text: 'Fully double glazed', energy: 3, env: 3 };
    case 'doubleNew':
      return d.buildYear >= 2012
        ? { text: 'High performance glazing', energy: 5, env: 5 }
        : { text: 'Fully double glazed', energy: 4, env: 4 };
    case 'triple':
      return { text: 'Fully triple glazed', energy: 5, env: 5 };
  }
}

export function glazedType(d: Dwelling, s: State, rng: Rng): string {
  switch (s.glazing) {
    case 'single':
      return s.glazedProportion > 0 ? 'double glazing installed before 2002' : 'single glazing';
    case 'secondary':
      return 'secondary glazing';
    case 'doubleOld':
      return rng.chance(0.85)
        ? 'double glazing installed before 2002'
        : 'double glazing, unknown install date';
    case 'doubleNew':
      if (d.buildYear >= 2012) return 'double, known data';
      return rng.chance(0.85)
        ? 'double glazing installed during or after 2002'
        : 'double glazing, unknown install date';
    case 'triple':
      return d.buildYear >= 2012 ? 'triple, known data' : 'triple glazing';
  }
}

export function mainHeatElement(d: Dwelling, s: State, rng: Rng): Element {
  switch (s.heating) {
    case 'gasBoiler':
      return {
        text:
          d.buildYear >= 2012 && rng.chance(0.1)
            ? 'Boiler and underfloor heating, mains gas'
            : 'Boiler and radiators, mains gas',
        energy: s.condensing ? 4 : 3,
        env: s.condensing ? 4 : 3,
      };
    case 'oilBoiler':
      return { text: 'Boiler and radiators, oil', energy: 3, env: 2 };
    case 'storage':
      return { text: 'Electric storage heaters', energy: 2, env: 1 };
    case 'roomHeaters':
      return { text: 'Room heaters, electric', energy: 1, env: 1 };
    case 'heatPump':
      return { text: 'Air source heat pump, radiators, electric', energy: 4, env: 4 };
    case 'community':
      return { text: 'Community scheme', energy: 4, env: 4 };
  }
}

export function controlsElement(s: State): Element & { code: string } {
  switch (s.controls) {
    case 'none':
      return { text: 'No time or thermostatic control of room temperature', energy: 1, env: 1, code: '2101' };
    case 'programmer':
      return { text: 'Programmer, no room thermostat', energy: 2, env: 2, code: '2102' };
    case 'thermostat':
      return { text: 'Programmer and room thermostat', energy: 3, env: 3, code: '2104' };
    case 'full':
      return { text: 'Programmer, room thermostat and TRVs', energy: 4, env: 4, code: '2106' };
    case 'zone':
      return { text: 'Time and temperature zone control', energy: 5, env: 5, code: '2110' };
    case 'manualCharge':
      return { text: 'Manual charge control', energy: 2, env: 2, code: '2401' };
    case 'autoCharge':
      return { text: 'Automatic charge control', energy: 3, env: 3, code: '2402' };
  }
}

export function hotWaterElement(s: State): Element {
  if (s.solarWater) return { text: 'From main system, plus solar', energy: 5, env: 5 };
  switch (s.heating) {
    case 'gasBoiler':
      return s.cylinderStat
        ? { text: 'From main system', energy: s.condensing ? 4 : 3, env: s.condensing ? 4 : 3 }
        : { text: 'From main system, no cylinder thermostat', energy: 3, env: 3 };
    case 'oilBoiler':
      return { text: 'From main system', energy: 3, env: 2 };
    case 'storage':
      return { text: 'Electric immersion, off-peak', energy: 2, env: 2 };
    case 'roomHeaters':
      return { text: 'Electric immersion, standard tariff', energy: 1, env: 1 };
    case 'heatPump':
      return { text: 'From main system', energy: 4, env: 4 };
    case 'community':
      return { text: 'Community scheme', energy: 4, env: 4 };
  }
}

export function lightingElement(d: Dwelling, s: State): Element & { percent: number } {
  const percent = Math.round((100 * s.lowEnergyOutlets) / Math.max(1, d.fixedOutlets));
  const text =
    percent >= 100
      ? 'Low energy lighting in all fixed outlets'
      : percent <= 0
        ? 'No low energy lighting'
        : `Low energy lighting in ${percent}% of fixed outlets`;
  const score = percent >= 75 ? 5 : percent >= 50 ? 4 : percent >= 25 ? 3 : percent >= 10 ? 2 : 1;
  return { text, energy: score, env: score, percent };
}

export function secondHeatText(s: State, rng: Rng): string {
  switch (s.secondary) {
    case 'none':
      return 'None';
    case 'electric':
      return rng.chance(0.02) ? 'Room heaters, (null)' : 'Room heaters, electric';
    case 'gas':
      return 'Room heaters, mains gas';
    case 'wood':
      return 'Room heaters, wood logs';
  }
}

/** MAIN_FUEL text, with the older "backwards compatibility" spellings on older certificates. */
export function mainFuelText(s: State, year: number, rng: Rng): string {
  const legacy = year < 2012 && rng.chance(0.45);
  switch (s.heating) {
    case 'gasBoiler':
      if (legacy) return 'mains gas - this is for backwards compatibility only and should not be used';
      return rng.chance(0.02) ? 'Gas: mains gas' : 'mains gas (not community)';
    case 'oilBoiler':
      return 'oil (not community)';
    case 'community':
      return 'mains gas (community)';
    default:
      if (legacy) return 'electricity - this is for backwards compatibility only and should not be used';
      return rng.chance(0.03)
        ? 'Electricity: electricity, unspecified tariff'
        : 'electricity (not community)';
  }
}

export function energyTariff(s: State, rng: Rng): string {
  if (s.offPeak) return rng.pick(['dual', 'off-peak 7 hour', 'dual', 'dual (24 hour)']);
  return rng.weighted([
    ['Single', 70],
    ['standard tariff', 8],
    ['Unknown', 6],
    ['unknown', 2],
    ['dual', 4],
  ] as const);
}

/** Welsh renderings of common descriptions (bilingual Welsh certificates put "English|Welsh" in one cell). */
const WELSH: Record<string, string> = {
  'Solid brick, as built, no insulation (assumed)':
    "Brics solet, fel y'u hadeiladwyd, dim inswleiddio (rhagdybiaeth)",
  'Cavity wall, as built, no insulation (assumed)':
    "Waliau ceudod, fel y'u hadeiladwyd, dim inswleiddio (rhagdybiaeth)",
  'Cavity wall, filled cavity': "Waliau ceudod, ceudod wedi'i lenwi",
  'Sandstone or limestone, as built, no insulation (assumed)':
    "Tywodfaen neu galchfaen, fel y'u hadeiladwyd, dim inswleiddio (rhagdybiaeth)",
  'Fully double glazed': 'Gwydrau dwbl llawn',
  'Single glazed': 'Gwydrau sengl',
  'Boiler and radiators, mains gas': 'Bwyler a rheiddiaduron, nwy prif gyflenwad',
  'Electric storage heaters': 'Gwresogyddion storio trydan',
  'From main system': "O'r brif system",
  'Programmer, room thermostat and TRVs':
    'Rhaglennydd, thermostat ystafell a falfiau thermostatig rheiddiaduron',
  '(another dwelling above)': '(annedd arall uwchben)',
  '(another dwelling below)': '(annedd arall islaw)',
  'Suspended, no insulation (assumed)': 'Crog, dim inswleiddio (rhagdybiaeth)',
  'Solid, no insulation (assumed)': 'Solet, dim inswleiddio (rhagdybiaeth)',
  'No low energy lighting': 'Dim goleuadau ynni-isel',
  None: 'Dim',
};

/** "English|Welsh" when a Welsh rendering is known, else the English text unchanged. */
export function bilingual(text: string): string {
  const pitched = /^Pitched, (\d+) mm loft insulation$/.exec(text);
  if (pitched) return `${text}|Ar oleddf, ${pitched[1]} mm o inswleiddio yn y llofft`;
  const light = /^Low energy lighting in (\d+)% of fixed outlets$/.exec(text);
  if (light) return `${text}|Goleuadau ynni-isel mewn ${light[1]}% o'r mannau gosod`;
  const u = /^Average thermal transmittance ([\d.]+) (.*)$/.exec(text);
  if (u) return `${text}|Trawsyriannedd thermol cyfartalog ${u[1]} ${u[2]}`;
  const w = WELSH[text];
  return w ? `${text}|${w}` : text;
}

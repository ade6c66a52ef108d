// What each sample address physically is (its archetype, fixed for life) and how it changes over time (upgrade
// events: loft top-ups, cavity fill, new glazing, boiler replacement, PV, heat pumps, brighter lighting). EPC
// certificates at different dates read this one history, so successive certificates for a UPRN tell a coherent
// story. Everything is seeded per address, so a certificate never depends on the order rows are written.
import type { AddressBook } from './addresses';
import { hashSeed, Rng } from './rng';

/** Build eras, first and last build year (aligned with the E&W RdSAP age bands). */
export const BUILD_ERAS: readonly (readonly [number, number])[] = [
  [1780, 1899],
  [1900, 1929],
  [1930, 1949],
  [1950, 1966],
  [1967, 1975],
  [1976, 1982],
  [1983, 1990],
  [1991, 1995],
  [1996, 2002],
  [2003, 2006],
  [2007, 2011],
  [2012, 2023],
];

export type PropertyType = 'House' | 'Flat' | 'Maisonette' | 'Bungalow';
export type WallKind =
  'limestone' | 'sandstone' | 'granite' | 'solidBrick' | 'cavity' | 'timber' | 'system' | 'newBuild';
export type RoofKind = 'pitched' | 'flat' | 'roomInRoof' | 'dwellingAbove';
export type FloorKind = 'suspended' | 'solid' | 'dwellingBelow';
export type HeatingKind = 'gasBoiler' | 'storage' | 'roomHeaters' | 'oilBoiler' | 'heatPump' | 'community';
export type Glazing = 'single' | 'secondary' | 'doubleOld' | 'doubleNew' | 'triple';
export type Controls = 'none' | 'programmer' | 'thermostat' | 'full' | 'zone' | 'manualCharge' | 'autoCharge';
export type Secondary = 'none' | 'electric' | 'gas' | 'wood';
export type Tenure = 'owner' | 'social' | 'private';

export interface Dwelling {
  propertyType: PropertyType;
  builtForm:
    | 'Detached'
    | 'Semi-Detached'
    | 'Mid-Terrace'
    | 'End-Terrace'
    | 'Enclosed Mid-Terrace'
    | 'Enclosed End-Terrace';
  buildYear: number;
  /** Total floor area, m². */
  floorArea: number;
  storeys: number;
  roomHeight: number;
  /** Flat floor level (-1 basement, 0 ground, ...); 0 for houses. */
  flatLevel: number;
  topStorey: boolean;
  flatStoreyCount: number;
  /** Fraction of the gross wall exposed to outside air (party walls excluded). */
  exposure: number;
  wall: WallKind;
  roof: RoofKind;
  floor: FloorKind;
  gasAvailable: boolean;
  rooms: number;
  extensions: number;
  fireplaces: number;
  fixedOutlets: number;
  tenure: Tenure;
  /** Air changes per hour from infiltration. */
  ach: number;
  heatLossCorridor: 'no corridor' | 'heated corridor' | 'unheated corridor' | '';
  corridorLength: number;
  mechanicalVentilation: boolean;
  /** Listed/conservation: keeps single or secondary glazing, no external insulation. */
  protectedFabric: boolean;
  scottish: boolean;
}

/** The fabric and services at a moment in time. */
export interface State {
  /** Loft insulation (mm); -1 when there is no loft to insulate. */
  loftMm: number;
  /** 0 none, 1 partial, 2 full/filled. */
  wallInsulation: number;
  floorInsulated: boolean;
  glazing: Glazing;
  glazedProportion: number;
  heating: HeatingKind;
  condensing: boolean;
  controls: Controls;
  cylinderStat: boolean;
  lowEnergyOutlets: number;
  pvPercent: number;
  solarWater: boolean;
  secondary: Secondary;
  tenure: Tenure;
  offPeak: boolean;
}

// Event values are drawn when the history is built, never inside apply(), so replaying a history is pure.
interface UpgradeEvent {
  year: number;
  apply: (s: State, d: Dwelling) => void;
}

export interface DwellingHistory {
  dwelling: Dwelling;
  initial: State;
  events: UpgradeEvent[];
  /** Lighting: share of outlets made low-energy per year after 2006, and an offset. */
  lightingPace: number;
  lightingOffset: number;
}

function pickForm(rng: Rng, kind: string, b: number, buildingsOnStreetGuess: number): Dwelling['builtForm'] {
  if (kind === 'terrace') return b <= 2 || b >= buildingsOnStreetGuess - 1 ? 'End-Terrace' : 'Mid-Terrace';
  if (kind === 'semi') return 'Semi-Detached';
  if (kind === 'detached') return 'Detached';
  if (kind === 'bungalow') return rng.chance(0.7) ? 'Detached' : 'Semi-Detached';
  if (kind === 'conversion') return rng.chance(0.7) ? 'Mid-Terrace' : 'End-Terrace';
  return rng.weighted([
    ['Mid-Terrace', 30],
    ['End-Terrace', 20],
    ['Detached', 20],
    ['Semi-Detached', 15],
    ['Enclosed Mid-Terrace', 10],
    ['Enclosed End-Terrace', 5],
  ] as const);
}

const EXPOSURE: Record<Dwelling['builtForm'], number> = {
  Detached: 1,
  'Semi-Detached': 0.75,
  'End-Terrace': 0.75,
  'Mid-Terrace': 0.5,
  'Enclosed End-Terrace': 0.5,
  'Enclosed Mid-Terrace': 0.3,
};

function wallFor(rng: Rng, year: number, areaId: string, scottish: boolean): WallKind {
  if (year < 1919) {
    if (areaId === 'bath') return rng.chance(0.9) ? 'limestone' : 'solidBrick';
    if (scottish) return rng.chance(0.7) ? 'sandstone' : 'granite';
    return rng.chance(0.65) ? 'solidBrick' : 'sandstone';
  }
  if (year < 1930) return rng.chance(0.55) ? 'solidBrick' : 'cavity';
  if (year < 1976) {
    if (year >= 1950 && rng.chance(0.12)) return 'system';
    return rng.chance(0.88) ? 'cavity' : 'solidBrick';
  }
  if (year < 2003) return scottish && rng.chance(0.45) ? 'timber' : rng.chance(0.9) ? 'cavity' : 'timber';
  return 'newBuild';
}

/** The archetype and upgrade history of address `i`. */
export function dwellingHistory(book: AddressBook, i: number, seed: number): DwellingHistory {
  const rng = new Rng(hashSeed(seed, 'dwelling', book.area.id, i));
  const street = book.streetOf(i);
  const scottish = book.area.country === 'Scotland';
  const year = street.buildYear;
  const flats = book.flatsInBuilding[i] ?? 1;
  const flatNo = book.flat[i] ?? 0;
  const houseNo = book.houseNo[i] ?? 1;
  const kind = street.kind;
  const isFlat = flats > 1;

  let propertyType: PropertyType;
  if (isFlat) propertyType = rng.chance(kind === 'conversion' ? 0.18 : 0.07) ? 'Maisonette' : 'Flat';
  else propertyType = kind === 'bungalow' ? 'Bungalow' : 'House';
  const builtForm = pickForm(rng, kind, houseNo, 24);

  let flatLevel = 0;
  let flatStoreyCount = 0;
  let topStorey = false;
  if (isFlat) {
    const perFloor = kind === 'conversion' ? 1 : rng.int(2, 4);
    const levels = Math.ceil(flats / perFloor);
    const basement = kind === 'conversion' && year < 1900 && rng.chance(0.3) ? 1 : 0;
    flatLevel = Math.floor((flatNo - 1) / perFloor) - basement;
    flatStoreyCount = levels;
    topStorey = flatLevel === levels - 1 - basement;
  }

  const georgian = year < 1900 && book.area.id === 'bath' && kind === 'terrace';
  let floorArea: number;
  if (propertyType === 'Flat') floorArea = kind === 'conversion' ? rng.real(42, 105) : rng.real(34, 78);
  else if (propertyType === 'Maisonette') floorArea = rng.real(58, 95);
  else if (propertyType === 'Bungalow') floorArea = rng.real(55, 105);
  else if (builtForm === 'Detached') floorArea = rng.real(110, 240);
  else if (builtForm === 'Semi-Detached') floorArea = rng.real(72, 115);
  else floorArea = georgian ? rng.real(110, 190) : rng.real(58, 105);
  floorArea = Math.round(floorArea);

  const storeys = propertyType === 'Flat' || propertyType === 'Bungalow' ? 1 : georgian ? 3 : 2;
  const roomHeight = year < 1919 ? rng.real(2.7, 3.3) : rng.real(2.3, 2.6);
  const wall = wallFor(rng, year, book.area.id, scottish);
  const groundContact = !isFlat || flatLevel <= 0;
  const floor: FloorKind = !groundContact ? 'dwellingBelow' : year < 1930 ? 'suspended' : 'solid';
  let roof: RoofKind;
  if (isFlat && !topStorey) roof = 'dwellingAbove';
  else if (isFlat) roof = kind === 'flats' && rng.chance(0.4) ? 'flat' : 'pitched';
  else roof = year < 1930 && rng.chance(0.12) ? 'roomInRoof' : 'pitched';

  const gasAvailable = rng.chance(0.93);
  const rooms = Math.max(1, Math.min(10, Math.round(floorArea / 19 + rng.real(-0.6, 0.6))));
  const tenure: Tenure = rng.weighted([
    ['owner', isFlat ? 40 : 68],
    ['social', isFlat ? 28 : 12],
    ['private', isFlat ? 32 : 20],
  ] as const);
  const protectedFabric = year < 1900 && rng.chance(book.area.id === 'bath' ? 0.45 : 0.15);

  const dwelling: Dwelling = {
    propertyType,
    builtForm,
    buildYear: year,
    floorArea,
    storeys: propertyType === 'Maisonette' ? 2 : storeys,
    roomHeight,
    flatLevel,
    topStorey,
    flatStoreyCount,
    exposure: isFlat ? Math.min(0.7, EXPOSURE[builtForm]) : EXPOSURE[builtForm],
    wall,
    roof,
    floor,
    gasAvailable,
    rooms,
    extensions:
      propertyType === 'House' || propertyType === 'Bungalow'
        ? rng.weighted([
            [0, 70],
            [1, 25],
            [2, 5],
          ] as const)
        : 0,
    fireplaces:
      year < 1930 && !isFlat
        ? rng.weighted([
            [0, 60],
            [1, 30],
            [2, 10],
          ] as const)
        : 0,
    fixedOutlets: Math.max(4, Math.round(floorArea / 7 + rng.real(-2, 3))),
    tenure,
    ach:
      year < 1930
        ? rng.real(0.9, 1.2)
        : year < 1990
          ? rng.real(0.7, 0.95)
          : year < 2012
            ? rng.real(0.5, 0.7)
            : rng.real(0.3, 0.45),
    heatLossCorridor:
      isFlat && kind === 'flats'
        ? rng.pick(['no corridor', 'heated corridor', 'unheated corridor'] as const)
        : '',
    corridorLength: Math.round(rng.real(3, 12) * 10) / 10,
    mechanicalVentilation: year >= 2012 && rng.chance(0.4),
    protectedFabric,
    scottish,
  };

  // Initial state at build (or at 2008 for anything older: the register starts then).
  let heating: HeatingKind;
  if (!gasAvailable) heating = isFlat ? 'storage' : rng.chance(0.6) ? 'oilBoiler' : 'storage';
  else if (isFlat && year >= 1955 && year < 1990 && rng.chance(0.3)) heating = 'storage';
  else if (isFlat && rng.chance(0.05)) heating = 'community';
  else if (floorArea < 90 && rng.chance(0.04)) heating = 'roomHeaters';
  else if (year >= 2012 && rng.chance(0.12)) heating = 'heatPump';
  else heating = 'gasBoiler';
  const initialLoft =
    roof === 'pitched'
      ? year < 1976
        ? rng.pick([0, 25, 50, 75, 100, 100, 150])
        : year < 1991
          ? rng.pick([50, 75, 100])
          : year < 2003
            ? rng.pick([150, 200])
            : rng.pick([270, 300])
      : roof === 'flat' || roof === 'roomInRoof'
        ? year >= 1991
          ? 100
          : 0
        : -1;
  const initial: State = {
    loftMm: initialLoft,
    wallInsulation: year < 1976 ? 0 : year < 1991 ? 1 : 2,
    floorInsulated: year >= 2000 && floor !== 'dwellingBelow',
    glazing:
      year >= 2012
        ? rng.chance(0.2)
          ? 'triple'
          : 'doubleNew'
        : year >= 2002
          ? 'doubleNew'
          : protectedFabric
            ? rng.chance(0.5)
              ? 'secondary'
              : 'single'
            : rng.chance(0.75)
              ? 'doubleOld'
              : 'single',
    glazedProportion: 100,
    heating,
    condensing: year >= 2005,
    controls:
      heating === 'storage'
        ? 'manualCharge'
        : year >= 2005
          ? 'full'
          : rng.pick(['programmer', 'thermostat', 'thermostat', 'none']),
    cylinderStat: year >= 1990 || rng.chance(0.5),
    lowEnergyOutlets: 0,
    pvPercent: year >= 2012 && !isFlat && rng.chance(0.2) ? rng.pick([20, 30, 40, 50]) : 0,
    solarWater: false,
    secondary: isFlat
      ? 'none'
      : rng.weighted([
          ['none', 70],
          ['electric', 12],
          ['gas', 10],
          ['wood', 8],
        ] as const),
    tenure,
    offPeak: heating === 'storage',
  };
  if (initial.glazing === 'single' && !protectedFabric) initial.glazedProportion = rng.pick([0, 0, 20, 50]);

  const events: UpgradeEvent[] = [];
  const at = (from: number, to: number): number => rng.int(Math.max(from, year + 1), Math.max(to, year + 2));
  if (initial.loftMm >= 0 && initial.loftMm < 200 && rng.chance(0.7)) {
    const mm = rng.pick([250, 270, 270, 300]);
    events.push({ year: at(2004, 2030), apply: (s) => (s.loftMm = mm) });
  }
  if (wall === 'cavity' && initial.wallInsulation === 0 && rng.chance(0.65)) {
    events.push({ year: at(2000, 2028), apply: (s) => (s.wallInsulation = 2) });
  }
  if (
    ['solidBrick', 'system', 'sandstone', 'granite'].includes(wall) &&
    !protectedFabric &&
    rng.chance(0.08)
  ) {
    events.push({ year: at(2010, 2032), apply: (s) => (s.wallInsulation = 2) });
  }
  if (
    (initial.glazing === 'single' || initial.glazing === 'doubleOld') &&
    !protectedFabric &&
    rng.chance(0.75)
  ) {
    events.push({
      year: at(1990, 2030),
      apply: (s) => {
        s.glazing = 'doubleNew';
        s.glazedProportion = 100;
      },
    });
  }
  if (heating === 'gasBoiler' && !initial.condensing) {
    events.push({
      year: at(2005, 2032),
      apply: (s) => {
        s.condensing = true;
        s.controls = 'full';
      },
    });
  }
  if (heating === 'storage' && rng.chance(0.35)) {
    events.push({ year: at(2012, 2030), apply: (s) => (s.controls = 'autoCharge') });
  }
  if (heating === 'storage' && gasAvailable && !isFlat && rng.chance(0.5)) {
    events.push({
      year: at(2008, 2028),
      apply: (s) => {
        s.heating = 'gasBoiler';
        s.condensing = true;
        s.controls = 'full';
        s.offPeak = false;
      },
    });
  }
  if (!isFlat && rng.chance(0.08)) {
    const pv = rng.pick([20, 30, 40, 50, 60]);
    events.push({ year: at(2011, 2026), apply: (s) => (s.pvPercent = pv) });
  }
  if (!isFlat && rng.chance(0.03)) {
    events.push({
      year: at(2019, 2026),
      apply: (s) => {
        s.heating = 'heatPump';
        s.controls = 'zone';
      },
    });
  }
  if (!isFlat && rng.chance(0.02)) events.push({ year: at(2009, 2020), apply: (s) => (s.solarWater = true) });
  if (rng.chance(0.15)) {
    const next = rng.pick(['owner', 'social', 'private'] as const);
    events.push({ year: at(2010, 2028), apply: (s) => (s.tenure = next) });
  }
  events.sort((a, b) => a.year - b.year);

  return {
    dwelling,
    initial,
    events,
    lightingPace: rng.real(0.06, 0.14),
    lightingOffset: rng.real(-0.25, 0.2),
  };
}

/** The state on a date (fractional year), given the history. */
export function stateAt(h: DwellingHistory, when: number): State {
  const s: State = { ...h.initial };
  for (const e of h.events) {
    if (e.year > when) break;
    e.apply(s, h.dwelling);
  }
  const frac = Math.max(0, Math.min(1, h.lightingOffset + (when - 2006) * h.lightingPace));
  s.lowEnergyOutlets =
    h.dwelling.buildYear >= 2012 ? h.dwelling.fixedOutlets : Math.round(frac * h.dwelling.fixedOutlets);
  return s;
}

// The synthetic address model of one sample area: streets laid out as straight segments around each postcode
// district's centre, numbered houses and flats along them (odd numbers one side, even the other; flats in one
// building share the building's point, as in OS Open UPRN), postcode units covering runs of consecutive
// addresses, and census/admin geographies from nested grids (OA 250 m inside LSOA 750 m inside MSOA 2250 m, so
// the hierarchy is consistent). Every file writer reads this one model, so UPRNs, postcodes and EPC addresses
// agree across datasets. Held in typed arrays: ~300k addresses per area at scale 200 cost a few tens of MB.
import type { SampleArea } from './areas';
import { certificatesFor, ENGLAND_WALES_POLICY, SCOTLAND_POLICY } from './certificates';
import { BUILD_ERAS } from './dwellings';
import { hashSeed, Rng } from './rng';

export type StreetKind = 'terrace' | 'semi' | 'detached' | 'bungalow' | 'flats' | 'conversion';

export interface Street {
  name: string;
  locality: string;
  district: number;
  kind: StreetKind;
  buildYear: number;
}

export interface PostcodeUnit {
  outward: string;
  inward: string;
  /** Variable length, single space: "BA1 1AA", "CF10 1AA". */
  pcds: string;
  /** 7 characters: outward padded to 4, then inward: "BA1 1AA", "CF101AA". */
  pcd7: string;
  /** 8 characters: inward right-aligned: "BA1  1AA", "CF10 1AA". */
  pcd8: string;
  district: number;
  /** Centroid of the postcode's addresses (whole metres, BNG). */
  x: number;
  y: number;
  addresses: number;
  ward: number;
  oa: string;
  lsoa: string;
  msoa: string;
  wz: string;
  imd: number;
  oac: string;
  ruc: string;
  dointr: string;
  doterm: string;
  /** No grid reference published (ONSPD gridind 9). */
  noGrid: boolean;
  /** Index of a terminated postcode this one replaced (old EPCs may still quote it), or -1. */
  previous: number;
}

export class AddressBook {
  readonly uprn: Float64Array;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly street: Int32Array;
  /** House number; 0 when the house has a name instead. */
  readonly houseNo: Int32Array;
  /** Flat number within the building; 0 for a whole house. */
  readonly flat: Int16Array;
  /** Flats in the building (1 for a house). */
  readonly flatsInBuilding: Int16Array;
  /** Index into HOUSE_NAMES, or -1. */
  readonly houseName: Int16Array;
  readonly postcode: Int32Array;
  readonly streets: Street[] = [];
  readonly postcodes: PostcodeUnit[] = [];

  constructor(
    readonly area: SampleArea,
    readonly size: number,
  ) {
    this.uprn = new Float64Array(size);
    this.x = new Float64Array(size);
    this.y = new Float64Array(size);
    this.street = new Int32Array(size);
    this.houseNo = new Int32Array(size);
    this.flat = new Int16Array(size);
    this.flatsInBuilding = new Int16Array(size);
    this.houseName = new Int16Array(size);
    this.postcode = new Int32Array(size);
  }

  streetOf(i: number): Street {
    return this.streets[this.street[i] as number] as Street;
  }

  postcodeOf(i: number): PostcodeUnit {
    return this.postcodes[this.postcode[i] as number] as PostcodeUnit;
  }
}

export const HOUSE_NAMES: readonly string[] = [
  'Rose Cottage',
  'The Old Rectory',
  'Hillside',
  'Orchard House',
  'The Coach House',
  'Beech House',
  'Ivy Cottage',
  'Fernlea',
  'Woodlands',
  'The Lodge',
  'Brae View',
  'Tŷ Gwyn',
];

const SYNTHETIC_STREET_STEMS = [
  'Abbey',
  'Alder',
  'Beech',
  'Cedar',
  'Chapel',
  'Church',
  'Elm',
  'Hazel',
  'Holly',
  'Laurel',
  'Maple',
  'Mill',
  'Oak',
  'Orchard',
  'Park',
  'Quarry',
  'Rowan',
  'Station',
  'Victoria',
  'Willow',
  'York',
  'Albion',
  'Kingsley',
  'Hanover',
];
const SYNTHETIC_STREET_SUFFIXES = [
  'Close',
  'Mews',
  'Gardens',
  'Court',
  'Place',
  'Lane',
  'Way',
  'View',
  'Drive',
  'Row',
];

/** Royal Mail inward-code letters (never C, I, K, M, O or V). */
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

interface Layout {
  buildings: [number, number];
  spacing: number;
  flats: [number, number];
  setback: number;
}
const LAYOUTS: Record<StreetKind, Layout> = {
  terrace: { buildings: [10, 36], spacing: 5.5, flats: [1, 1], setback: 8 },
  semi: { buildings: [8, 24], spacing: 9, flats: [1, 1], setback: 12 },
  detached: { buildings: [4, 14], spacing: 18, flats: [1, 1], setback: 15 },
  bungalow: { buildings: [6, 16], spacing: 14, flats: [1, 1], setback: 12 },
  flats: { buildings: [1, 3], spacing: 45, flats: [6, 30], setback: 25 },
  conversion: { buildings: [6, 20], spacing: 7, flats: [2, 5], setback: 6 },
};

function kindWeights(buildYear: number, scottish: boolean): (readonly [StreetKind, number])[] {
  const flatBoost = scottish ? 1.6 : 1;
  if (buildYear < 1919)
    return [
      ['terrace', 45],
      ['conversion', 25 * flatBoost],
      ['semi', 8],
      ['detached', 12],
      ['flats', 5 * flatBoost],
    ];
  if (buildYear < 1950)
    return [
      ['semi', 40],
      ['terrace', 25],
      ['detached', 15],
      ['bungalow', 8],
      ['flats', 7 * flatBoost],
      ['conversion', 5],
    ];
  if (buildYear < 1976)
    return [
      ['semi', 30],
      ['terrace', 20],
      ['flats', 25 * flatBoost],
      ['bungalow', 12],
      ['detached', 13],
    ];
  if (buildYear < 2003)
    return [
      ['detached', 25],
      ['semi', 25],
      ['terrace', 20],
      ['flats', 20 * flatBoost],
      ['bungalow', 10],
    ];
  return [
    ['flats', 45 * flatBoost],
    ['terrace', 20],
    ['semi', 15],
    ['detached', 20],
  ];
}

function formatPostcode(outward: string, inward: string): Pick<PostcodeUnit, 'pcds' | 'pcd7' | 'pcd8'> {
  return {
    pcds: `${outward} ${inward}`,
    pcd7: `${outward.padEnd(4, ' ')}${inward}`,
    pcd8: `${outward.padEnd(4, ' ')} ${inward}`,
  };
}

/** Hands out unused inward codes per sector, in a seeded random order. */
class InwardPool {
  private readonly pools = new Map<string, string[]>();
  constructor(private readonly rng: Rng) {}

  take(outward: string, sector: number): string | undefined {
    const key = `${outward} ${sector}`;
    let pool = this.pools.get(key);
    if (!pool) {
      pool = [];
      for (const a of INWARD_LETTERS) for (const b of INWARD_LETTERS) pool.push(`${sector}${a}${b}`);
      this.rng.shuffle(pool);
      this.pools.set(key, pool);
    }
    return pool.pop();
  }
}

function yyyymm(year: number, month: number): string {
  return `${year}${String(month).padStart(2, '0')}`;
}

/** Build the address model for `count` addresses in `area`. Deterministic in (seed, area, count). */
export function buildAddressBook(area: SampleArea, seed: number, count: number): AddressBook {
  const rng = new Rng(hashSeed(seed, 'addresses', area.id));
  const book = new AddressBook(area, count);
  const inwards = new InwardPool(rng);
  const scottish = area.country === 'Scotland';
  const districtWeights = area.districts.map((d, i) => [i, d.weight] as const);
  const totalWeight = area.districts.reduce((s, d) => s + d.weight, 0);
  // Each sector holds 400 inward codes; at large scales postcodes must hold more addresses to fit.
  // Groups are g..g+16 addresses (mean g+8); keep the expected number of postcodes under ~85% of capacity.
  const minGroup = area.districts.map((d) => {
    const expected = (count * d.weight) / totalWeight;
    return Math.max(6, Math.ceil(expected / (d.sectors.length * 400 * 0.85)) - 8);
  });
  // The open postcode of each district: a postcode may run on into the next street of the same district.
  const open = area.districts.map(() => ({ pc: -1, left: 0 }));
  const streetQueues = area.districts.map((d) => rng.shuffle([...d.streets]));
  const usedStreetNames = new Set<string>();
  const sums: { sx: number; sy: number }[] = [];

  let uprn = area.uprnBase + rng.int(1000, 9000);
  let uprnNew = area.uprnNewBase + rng.int(1000, 9000);
  // The two ranges count up on their own and meet at large scales (Fulham's from scale ~20, 24,000 addresses
  // at scale 80 gave 19 repeated UPRNs): a value already given is passed over, as the published file never
  // repeats one. The random draws are the same, so a region without a meeting is unchanged.
  const given = new Set<number>();
  const unused = (value: number): number => {
    while (given.has(value)) value++;
    given.add(value);
    return value;
  };
  let n = 0;

  const newPostcode = (districtIdx: number, sector: number, buildYear: number): number => {
    const district = area.districts[districtIdx];
    if (!district) throw new Error('bad district');
    let inward = inwards.take(district.outward, sector);
    for (const s of district.sectors) {
      if (inward) break;
      inward = inwards.take(district.outward, s);
    }
    if (!inward) throw new Error(`postcode district ${district.outward} is full`);
    const intro = buildYear < 1980 ? '198001' : yyyymm(Math.min(buildYear, 2025), rng.int(1, 12));
    book.postcodes.push({
      outward: district.outward,
      inward,
      ...formatPostcode(district.outward, inward),
      district: districtIdx,
      x: 0,
      y: 0,
      addresses: 0,
      ward: 0,
      oa: '',
      lsoa: '',
      msoa: '',
      wz: '',
      imd: 0,
      oac: '',
      ruc: '',
      dointr: intro,
      doterm: '',
      noGrid: false,
      previous: -1,
    });
    sums.push({ sx: 0, sy: 0 });
    return book.postcodes.length - 1;
  };

  while (n < count) {
    const districtIdx = rng.weighted(districtWeights);
    const district = area.districts[districtIdx];
    if (!district) throw new Error('bad district');
    const era = BUILD_ERAS[rng.weighted(district.eraWeights.map((w, i) => [i, w] as const))];
    if (!era) throw new Error('bad era');
    const buildYear = rng.int(era[0], era[1]);
    const kind = rng.weighted(kindWeights(buildYear, scottish));
    let name = streetQueues[districtIdx]?.pop();
    // Real names first, then synthetic ones; at large scales the synthetic space runs out and names repeat (as
    // "Church Road" does across a town), still told apart by postcode.
    for (let tries = 0; !name || (usedStreetNames.has(name) && tries < 30); tries++) {
      name = `${rng.pick(SYNTHETIC_STREET_STEMS)} ${rng.pick(SYNTHETIC_STREET_SUFFIXES)}`;
      if (usedStreetNames.has(name)) name = `${rng.pick(['Upper', 'Lower', 'Little', 'Old', 'New'])} ${name}`;
    }
    usedStreetNames.add(name);
    const streetIdx = book.streets.length;
    book.streets.push({
      name,
      locality: rng.pick(district.localities),
      district: districtIdx,
      kind,
      buildYear,
    });

    const layout = LAYOUTS[kind];
    const buildings = rng.int(layout.buildings[0], layout.buildings[1]);
    const r = district.radius * Math.sqrt(rng.next());
    const theta = rng.real(0, 2 * Math.PI);
    const x0 = district.centre.x + r * Math.cos(theta);
    const y0 = district.centre.y + r * Math.sin(theta);
    const heading = rng.real(0, 2 * Math.PI);
    const ux = Math.cos(heading);
    const uy = Math.sin(heading);
    const group = open[districtIdx] ?? { pc: -1, left: 0 };

    for (let b = 0; b < buildings && n < count; b++) {
      const side = b % 2 === 0 ? 1 : -1;
      const along = Math.floor(b / 2) * layout.spacing + 10;
      const bx = Math.round((x0 + ux * along - uy * side * layout.setback + rng.real(-1.5, 1.5)) * 100) / 100;
      const by = Math.round((y0 + uy * along + ux * side * layout.setback + rng.real(-1.5, 1.5)) * 100) / 100;
      const flats = rng.int(layout.flats[0], layout.flats[1]);
      const named = (kind === 'detached' || kind === 'bungalow') && rng.chance(0.12);
      for (let f = 0; f < flats && n < count; f++) {
        if (group.left <= 0) {
          const g = minGroup[districtIdx] ?? 6;
          group.left = rng.int(g, g + 16);
          group.pc = newPostcode(districtIdx, rng.pick(district.sectors), buildYear);
        }
        group.left--;
        const pc = group.pc;
        // Newer addresses sometimes come from a separate, younger UPRN range (11 digits in England/Wales).
        if (buildYear >= 2005 && rng.chance(0.5)) {
          uprnNew = unused(uprnNew + rng.int(1, 30));
          book.uprn[n] = uprnNew;
        } else {
          uprn = unused(uprn + rng.int(1, 40));
          book.uprn[n] = uprn;
        }
        book.x[n] = bx;
        book.y[n] = by;
        book.street[n] = streetIdx;
        book.houseNo[n] = named ? 0 : b + 1;
        book.houseName[n] = named ? rng.int(0, HOUSE_NAMES.length - 1) : -1;
        book.flat[n] = flats > 1 ? f + 1 : 0;
        book.flatsInBuilding[n] = flats;
        book.postcode[n] = pc;
        const pcSum = sums[pc];
        const unit = book.postcodes[pc];
        if (pcSum && unit) {
          pcSum.sx += bx;
          pcSum.sy += by;
          unit.addresses++;
        }
        n++;
      }
    }
  }

  for (let p = 0; p < book.postcodes.length; p++) {
    const unit = book.postcodes[p] as PostcodeUnit;
    const s = sums[p] as { sx: number; sy: number };
    unit.x = Math.round(s.sx / unit.addresses);
    unit.y = Math.round(s.sy / unit.addresses);
  }
  addTerminatedPostcodes(book, rng, inwards);
  markNoGridPostcode(book, rng);
  assignGeographies(book, rng);
  pinDocumentedUprns(book, seed);
  return book;
}

/**
 * Gives each documented UPRN of the area (areas.ts) to the address nearest its point among those with two
 * certificates (one in Scotland) in a live postcode with a grid reference (else one certificate, else any), so the
 * real service's test UPRNs answer fully. The address keeps everything else; only its UPRN changes.
 */
function pinDocumentedUprns(book: AddressBook, seed: number): void {
  const scottish = book.area.country === 'Scotland';
  const policy = scottish ? SCOTLAND_POLICY : ENGLAND_WALES_POLICY;
  // Two certificates (a history) in England and Wales; Scotland's register mostly holds one per address.
  const wanted = scottish ? 1 : 2;
  const taken = new Set<number>();
  for (const doc of book.area.documentedUprns) {
    for (let i = 0; i < book.size; i++)
      if (book.uprn[i] === doc.uprn) throw new Error(`documented UPRN ${doc.uprn} is already in use`);
    // Nearest first; certificates are computed only until a full match (at most a few dozen addresses).
    const order = Array.from({ length: book.size }, (_, i) => i)
      .filter((i) => !taken.has(i))
      .map((i) => ({
        i,
        d: Math.hypot((book.x[i] as number) - doc.near.x, (book.y[i] as number) - doc.near.y),
      }))
      .sort((a, b) => a.d - b.d || a.i - b.i);
    let best = -1;
    let bestTier = 3;
    for (const { i } of order) {
      const unit = book.postcodeOf(i);
      const certs = certificatesFor(book, i, seed, policy).certs.length;
      const tier = certs >= wanted && unit.previous < 0 && !unit.noGrid ? 0 : certs >= 1 ? 1 : 2;
      if (tier < bestTier) {
        best = i;
        bestTier = tier;
      }
      if (tier === 0) break;
    }
    if (best < 0) continue;
    taken.add(best);
    book.uprn[best] = doc.uprn;
  }
}

/** Whether address `i` holds one of its area's documented UPRNs (writers keep its UPRN on every record). */
export function isDocumentedUprn(book: AddressBook, i: number): boolean {
  const uprn = book.uprn[i];
  return book.area.documentedUprns.some((d) => d.uprn === uprn);
}

/** A few postcodes terminated (doterm set) and recoded to a live one; older EPCs may still quote them. */
function addTerminatedPostcodes(book: AddressBook, rng: Rng, inwards: InwardPool): void {
  const live = book.postcodes.length;
  const wanted = Math.max(3, Math.round(live * 0.03));
  for (let k = 0, tries = 0; k < wanted && tries < wanted * 20; tries++) {
    const p = rng.int(0, live - 1);
    const target = book.postcodes[p] as PostcodeUnit;
    if (target.previous >= 0 || target.dointr !== '198001') continue;
    const district = book.area.districts[target.district];
    if (!district) continue;
    const sector = Number(target.inward[0]);
    const inward =
      inwards.take(district.outward, sector) ?? inwards.take(district.outward, rng.pick(district.sectors));
    if (!inward) continue;
    const termYear = rng.int(2011, 2019);
    book.postcodes.push({
      ...target,
      inward,
      ...formatPostcode(district.outward, inward),
      x: target.x + rng.int(-30, 30),
      y: target.y + rng.int(-30, 30),
      addresses: 0,
      dointr: '198001',
      doterm: yyyymm(termYear, rng.int(1, 12)),
      previous: -1,
    });
    target.previous = book.postcodes.length - 1;
    k++;
  }
}

/** One live postcode per area without a grid reference (ONSPD gridind 9): its UPRNs still have coordinates. */
function markNoGridPostcode(book: AddressBook, rng: Rng): void {
  let best = -1;
  let bestYear = -1;
  for (let p = 0; p < book.postcodes.length; p++) {
    const unit = book.postcodes[p] as PostcodeUnit;
    if (unit.doterm || unit.previous >= 0) continue;
    const year = Number(unit.dointr.slice(0, 4));
    if (year > bestYear || (year === bestYear && rng.chance(0.3))) {
      best = p;
      bestYear = year;
    }
  }
  const unit = book.postcodes[best];
  if (unit) {
    unit.noGrid = true;
    unit.dointr = '202508';
  }
}

/** Ward by nearest ward centre; OA/LSOA/MSOA/workplace zone from nested grid cells, numbered by first use. */
function assignGeographies(book: AddressBook, rng: Rng): void {
  const c = book.area.onspd;
  const oa = new Map<string, { code: string; oac: string; ruc: string }>();
  const lsoa = new Map<string, { code: string; imd: number; wz: string }>();
  const msoa = new Map<string, string>();
  const code = (prefix: string, n: number): string => `${prefix}${String(n).padStart(6, '0')}`;
  for (const unit of book.postcodes) {
    let bestWard = 0;
    let bestD = Infinity;
    book.area.wards.forEach((w, i) => {
      const d = (w.centre.x - unit.x) ** 2 + (w.centre.y - unit.y) ** 2;
      if (d < bestD) {
        bestD = d;
        bestWard = i;
      }
    });
    unit.ward = bestWard;
    const cell = (size: number): string => `${Math.floor(unit.x / size)},${Math.floor(unit.y / size)}`;
    const oaKey = cell(250);
    const lsoaKey = cell(750);
    const msoaKey = cell(2250);
    let o = oa.get(oaKey);
    if (!o) {
      o = {
        code: code(c.oaPrefix, c.oaBase + oa.size),
        oac: `${rng.int(1, 8)}${rng.pick(['A', 'B', 'C'])}${rng.int(1, 3)}`,
        ruc: rng.pick(c.ruralUrban),
      };
      oa.set(oaKey, o);
    }
    let l = lsoa.get(lsoaKey);
    if (!l) {
      l = {
        code: code(c.lsoaPrefix, c.lsoaBase + lsoa.size),
        imd: rng.int(1, c.imdMax),
        wz: code(c.wzPrefix, c.wzBase + lsoa.size),
      };
      lsoa.set(lsoaKey, l);
    }
    let m = msoa.get(msoaKey);
    if (!m) {
      m = code(c.msoaPrefix, c.msoaBase + msoa.size);
      msoa.set(msoaKey, m);
    }
    unit.oa = o.code;
    unit.oac = o.oac;
    unit.ruc = o.ruc;
    unit.lsoa = l.code;
    unit.imd = l.imd;
    unit.wz = l.wz;
    unit.msoa = m;
  }
}

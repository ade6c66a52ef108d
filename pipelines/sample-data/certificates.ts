// The certificates an address has over time, as facts (dates, kind of assessment, state, ratings, measures),
// before either country's file format is applied. About 15% of addresses never get an EPC; new dwellings start
// with a SAP "new dwelling" certificate in their build year; later ones are RdSAP re-assessments at sales,
// lettings and grant schemes, with ratings drifting up as the dwelling history applies upgrades.
import type { AddressBook } from './addresses';
import { dwellingHistory, stateAt, type Dwelling, type DwellingHistory, type State } from './dwellings';
import { hashSeed, Rng } from './rng';
import { assess, recommend, type AppliedMeasure, type Performance } from './sap';

export interface CalendarDate {
  y: number;
  m: number;
  d: number;
}

export interface CertificateFacts {
  /** 0-based position among this address's certificates (chronological). */
  seq: number;
  lodged: CalendarDate;
  /** Seconds after midnight of the lodgement. */
  lodgedSecond: number;
  inspected: CalendarDate;
  /** Fractional year of lodgement, for era-dependent formatting. */
  when: number;
  newDwelling: boolean;
  transaction: string;
  /** The dwelling as measured by this assessor (floor area varies a little between assessments). */
  dwelling: Dwelling;
  state: State;
  current: Performance;
  potential: Performance;
  steps: AppliedMeasure[];
}

export interface CertificatePolicy {
  /** Share of addresses with at least one certificate. */
  coverage: number;
  /** Weights for 1, 2, 3, ... certificates. */
  countWeights: readonly number[];
  /** First and last possible lodgement (UTC day numbers since 1970-01-01). */
  firstDay: number;
  lastDay: number;
}

const DAY_MS = 86_400_000;

export function dayNumber(y: number, m: number, d: number): number {
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

export function calendar(day: number): CalendarDate {
  const dt = new Date(day * DAY_MS);
  return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate() };
}

export const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
export const isoDate = (c: CalendarDate): string => `${c.y}-${pad2(c.m)}-${pad2(c.d)}`;

export const ENGLAND_WALES_POLICY: CertificatePolicy = {
  coverage: 0.85,
  countWeights: [28, 30, 22, 11, 6, 3],
  firstDay: dayNumber(2009, 1, 5),
  lastDay: dayNumber(2025, 9, 30),
};

export const SCOTLAND_POLICY: CertificatePolicy = {
  coverage: 0.85,
  countWeights: [84, 13, 3],
  firstDay: dayNumber(2012, 1, 9),
  lastDay: dayNumber(2025, 9, 30),
};

function transactionFor(rng: Rng, s: State, when: number, d: Dwelling): string {
  if (s.tenure === 'social') return rng.chance(0.15) ? 'Stock condition survey' : 'rental (social)';
  if (s.tenure === 'private') return 'rental (private)';
  if (s.pvPercent > 0 && when < 2019 && rng.chance(0.3)) return 'FiT application';
  if (s.heating === 'heatPump' && rng.chance(0.3)) return 'RHI application';
  return rng.weighted([
    ['marketed sale', 60],
    ['non marketed sale', 10],
    ['ECO assessment', when >= 2013 ? 8 : 0],
    ['assessment for green deal', when >= 2013 && when < 2016 ? 6 : 0],
    ['following green deal', when >= 2013 && when < 2016 ? 2 : 0],
    ['none of the above', 6],
    ['not sale or rental', d.propertyType === 'Flat' ? 2 : 4],
  ] as const);
}

/** The address's dwelling history and its certificates, oldest first (empty when it has none). */
export function certificatesFor(
  book: AddressBook,
  i: number,
  seed: number,
  policy: CertificatePolicy,
): { history: DwellingHistory; certs: CertificateFacts[] } {
  const history = dwellingHistory(book, i, seed);
  const rng = new Rng(hashSeed(seed, 'certs', book.area.id, i));
  const certs: CertificateFacts[] = [];
  if (!rng.chance(policy.coverage)) return { history, certs };
  const d0 = history.dwelling;
  const count = 1 + rng.weighted(policy.countWeights.map((w, k) => [k, w] as const));

  const days: number[] = [];
  const buildDay = dayNumber(d0.buildYear, rng.int(1, 12), rng.int(1, 28));
  const isNew = buildDay >= policy.firstDay && buildDay <= policy.lastDay;
  const start = Math.max(policy.firstDay, buildDay + 200);
  if (isNew) days.push(buildDay);
  const span = policy.lastDay - start;
  if (span > 60) {
    for (let k = days.length, tries = 0; k < count && tries < count * 10; tries++) {
      const day = start + Math.floor(rng.next() * span);
      if (days.every((x) => Math.abs(x - day) > 90)) {
        days.push(day);
        k++;
      }
    }
  }
  days.sort((a, b) => a - b);

  days.forEach((day, seq) => {
    const lodged = calendar(day);
    const inspected = calendar(day - rng.int(0, 21));
    const when = lodged.y + (lodged.m - 1) / 12 + lodged.d / 365;
    const newDwelling = isNew && seq === 0;
    // Each assessor measures the floor area a little differently.
    const dwelling: Dwelling = {
      ...d0,
      floorArea: Math.max(20, Math.round(d0.floorArea * rng.real(0.97, 1.03) * 100) / 100),
    };
    const state = stateAt(history, when);
    const current = assess(dwelling, state, lodged.y);
    const { steps, potential } = recommend(dwelling, state, lodged.y, current, rng);
    certs.push({
      seq,
      lodged,
      lodgedSecond: rng.int(7 * 3600, 19 * 3600),
      inspected,
      when,
      newDwelling,
      transaction: newDwelling ? 'new dwelling' : transactionFor(rng, state, when, d0),
      dwelling,
      state,
      current,
      potential,
      steps,
    });
  });
  return { history, certs };
}

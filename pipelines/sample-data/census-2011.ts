// The 2011 census geography of the sample's postcodes, one model for every file that carries it: ONSPD's
// 2011 columns (lsoa11cd, ruc11ind), the Scottish EPCs' DATA_ZONE_2011, the RUC2011 file of output areas.
//   - England and Wales: the 2011 LSOA of the sample's 2011→2021 lookup (lsoa-lookup.ts); where a 2021 LSOA
//     has two 2011 parents (merged, redrawn) each postcode lies in one of them, picked by a hash of the
//     postcode so the choice is stable;
//   - Scotland: the 2011 Data Zone (S01 codes 12000-13399, a synthetic map of the 2021 data zone);
//   - RUC2011 of an output area (England and Wales), seeded by the area code; Scotland's ruc11ind is its
//     own 1-8 scheme, the postcode's class.
import type { AddressBook, PostcodeUnit } from './addresses';
import { codesOf } from './area-datasets/area-codes';
import type { Census2011 } from './onspd';
import { sampleLsoaPairs } from './lsoa-lookup';
import { hashSeed, Rng } from './rng';

/** The sample's 2011 Data Zone of a (2021) Scottish data zone code. */
export function dataZone2011(dataZone: string): string {
  const n = Number(dataZone.slice(3));
  return `S01${String(12000 + (n % 1400)).padStart(6, '0')}`;
}

/** The RUC2011 class the sample gives an England or Wales output area: mostly urban, some fringe. */
export function sampleRuc2011(seed: number, outputArea: string): string {
  const rng = new Rng(hashSeed(seed, 'ruc', outputArea));
  return rng.chance(0.85) ? 'C1' : rng.chance(0.8) ? 'D1' : 'E1';
}

/** The 2011 columns of every postcode of `books` (one model for the whole sample). */
export function census2011Model(
  books: readonly AddressBook[],
  seed: number,
): (book: AddressBook, unit: PostcodeUnit) => Census2011 {
  // The lookup numbers the England and Wales areas in book order (its invented codes depend on it).
  const parents = new Map<string, string[]>();
  books
    .filter((b) => b.area.country !== 'Scotland')
    .forEach((book, areaNo) => {
      for (const pair of sampleLsoaPairs(book.area, areaNo, codesOf(book).lsoas)) {
        const list = parents.get(pair.lsoa21.code) ?? [];
        if (!list.includes(pair.lsoa11.code)) list.push(pair.lsoa11.code);
        parents.set(pair.lsoa21.code, list.sort());
      }
    });
  return (book, unit) => {
    if (book.area.country === 'Scotland') return { lsoa: dataZone2011(unit.lsoa), ruc: unit.ruc };
    const list = parents.get(unit.lsoa) ?? [unit.lsoa];
    return {
      lsoa: list[hashSeed('lsoa11', unit.pcds) % list.length]!,
      ruc: sampleRuc2011(seed, unit.oa),
    };
  };
}

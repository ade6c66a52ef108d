// The codes of one sample area's address book that the area datasets are keyed by: its output areas, LSOAs
// (with MSOA, ONSPD IMD rank and a name) and MSOAs, as ONSPD gives them.
import type { AddressBook } from '../addresses';
import type { SampleArea } from '../areas';

export interface AreaCodes {
  area: SampleArea;
  oas: string[];
  /** LSOA code → its MSOA, its IMD rank (ONSPD) and name. */
  lsoas: { code: string; msoa: string; imd: number; name: string }[];
  msoas: { code: string; name: string }[];
}

export function codesOf(book: AddressBook): AreaCodes {
  const oas = new Set<string>();
  const lsoas = new Map<string, { code: string; msoa: string; imd: number; name: string }>();
  const msoas = new Map<string, { code: string; name: string }>();
  for (const unit of book.postcodes) {
    if (unit.oa) oas.add(unit.oa);
    if (unit.msoa && !msoas.has(unit.msoa))
      msoas.set(unit.msoa, {
        code: unit.msoa,
        name: `${book.area.localAuthority.name} ${String(msoas.size + 1).padStart(3, '0')}`,
      });
    if (unit.lsoa && !lsoas.has(unit.lsoa)) {
      const msoaName = msoas.get(unit.msoa)?.name ?? book.area.localAuthority.name;
      const letter = String.fromCharCode(
        65 + ([...lsoas.values()].filter((l) => l.msoa === unit.msoa).length % 26),
      );
      lsoas.set(unit.lsoa, { code: unit.lsoa, msoa: unit.msoa, imd: unit.imd, name: `${msoaName}${letter}` });
    }
  }
  const byCode = <T extends { code: string }>(a: T, b: T) => a.code.localeCompare(b.code);
  return {
    area: book.area,
    oas: [...oas].sort(),
    lsoas: [...lsoas.values()].sort(byCode),
    msoas: [...msoas.values()].sort(byCode),
  };
}

// ONS "LSOA (2011) to LSOA (2021) to Local Authority District (2022) Lookup for England and Wales" for the
// sample region, in the Open Geography Portal's CSV layout:
//   lsoa-lookup/LSOA_(2011)_to_LSOA_(2021)_to_Local_Authority_District_(2022)_Lookup_for_England_and_Wales_(Version_2).csv
//   LSOA11CD,LSOA11NM,LSOA21CD,LSOA21NM,CHGIND,LAD22CD,LAD22NM,LAD22NMW,ObjectId — UTF-8 with BOM, CRLF,
//   one row per 2011–2021 pair, LAD22NMW blank outside Wales, ObjectId counting from 1.
// The sample's LSOA codes are 2021 codes (ONSPD's lsoa21cd). Most are unchanged (U, same code); in each
// England and Wales area the three highest-numbered ones carry the other three kinds (so even the smallest
// --scale meets each), with invented codes E01/W01 9xxxxx for their 2011 parents and for 2021 siblings that
// hold no sample postcode:
//   S  the last 2021 LSOA, split (with an invented sibling) from one 2011 LSOA;
//   M  the second-last, merged from two 2011 LSOAs;
//   X  the third-last, redrawn from two 2011 LSOAs, one of which also feeds an invented 2021 LSOA.
// The IoD2019 sample (area-datasets) is written for the 2011 LSOAs this model gives (sampleLsoas2011), so the
// deprivation join meets every case.
import { join } from 'node:path';
import type { SampleArea } from './areas';
import { BufferedFileWriter, csvRow, type WrittenFile } from './csv-writer';

export const LSOA_LOOKUP_FILE =
  'LSOA_(2011)_to_LSOA_(2021)_to_Local_Authority_District_(2022)_Lookup_for_England_and_Wales_(Version_2).csv';

export const LSOA_LOOKUP_HEADER = [
  'LSOA11CD',
  'LSOA11NM',
  'LSOA21CD',
  'LSOA21NM',
  'CHGIND',
  'LAD22CD',
  'LAD22NM',
  'LAD22NMW',
  'ObjectId',
] as const;

/** An LSOA of the sample as the area datasets see it (code, its MSOA, IMD rank, name). */
export interface SampleLsoa {
  code: string;
  msoa: string;
  imd: number;
  name: string;
}

export interface SampleLsoaPair {
  lsoa11: SampleLsoa;
  lsoa21: SampleLsoa;
  change: 'U' | 'S' | 'M' | 'X';
}

const LSOAS_ENGLAND = 32844;

/**
 * The 2011–2021 pairs of one area, given its 2021 LSOAs sorted by code. `areaNo` keeps the invented codes of
 * different areas apart.
 */
export function sampleLsoaPairs(
  area: SampleArea,
  areaNo: number,
  lsoas21: readonly SampleLsoa[],
): SampleLsoaPair[] {
  const n = lsoas21.length;
  const prefix = lsoas21[0]?.code.slice(0, 3) ?? 'E01';
  // Invented LSOAs: 2011 parents, and 2021 siblings that hold no sample postcode.
  const invented = (k: number, like: SampleLsoa, imd: number): SampleLsoa => ({
    code: `${prefix}${900000 + areaNo * 100 + k}`,
    msoa: like.msoa,
    imd,
    name: `${area.localAuthority.name} ${900 + k}Z`,
  });
  // Another LSOA's rank, far from `imd`, for the second parent of a merge or redraw.
  const other = (imd: number): number => ((imd + 9000 - 1) % LSOAS_ENGLAND) + 1;
  const changed = Math.min(3, n);
  const pairs: SampleLsoaPair[] = lsoas21
    .slice(0, n - changed)
    .map((l) => ({ lsoa11: l, lsoa21: l, change: 'U' }));
  const [x, m, s] = [lsoas21[n - 3], lsoas21[n - 2], lsoas21[n - 1]];
  if (s) {
    const parent = invented(1, s, s.imd);
    pairs.push(
      { lsoa11: parent, lsoa21: s, change: 'S' },
      { lsoa11: parent, lsoa21: invented(11, s, s.imd), change: 'S' },
    );
  }
  if (m)
    pairs.push(
      { lsoa11: invented(2, m, m.imd), lsoa21: m, change: 'M' },
      { lsoa11: invented(3, m, other(m.imd)), lsoa21: m, change: 'M' },
    );
  if (x) {
    const shared = invented(5, x, other(x.imd));
    pairs.push(
      { lsoa11: invented(4, x, x.imd), lsoa21: x, change: 'X' },
      { lsoa11: shared, lsoa21: x, change: 'X' },
      { lsoa11: shared, lsoa21: invented(12, x, x.imd), change: 'X' },
    );
  }
  return pairs;
}

/** The distinct 2011 LSOAs of an area (what IoD2019 lists), sorted by code. */
export function sampleLsoas2011(pairs: readonly SampleLsoaPair[]): SampleLsoa[] {
  const byCode = new Map(pairs.map((p) => [p.lsoa11.code, p.lsoa11]));
  return [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code));
}

/** Writes the lookup for the England and Wales areas (each with its 2021 LSOAs sorted by code). */
export async function writeLsoaLookup(
  outDir: string,
  areas: readonly { area: SampleArea; lsoas: readonly SampleLsoa[] }[],
): Promise<WrittenFile> {
  const out = await BufferedFileWriter.open(join(outDir, 'lsoa-lookup', LSOA_LOOKUP_FILE), '\r\n');
  out.raw('\uFEFF');
  out.line(LSOA_LOOKUP_HEADER.join(','));
  const rows = areas.flatMap(({ area, lsoas }, areaNo) =>
    sampleLsoaPairs(area, areaNo, lsoas).map((p) => ({ area, p })),
  );
  rows.sort(
    (a, b) =>
      a.p.lsoa11.code.localeCompare(b.p.lsoa11.code) || a.p.lsoa21.code.localeCompare(b.p.lsoa21.code),
  );
  let objectId = 1;
  for (const { area, p } of rows) {
    const la = area.localAuthority;
    await out.row(
      csvRow([
        p.lsoa11.code,
        p.lsoa11.name,
        p.lsoa21.code,
        p.lsoa21.name,
        p.change,
        la.code,
        la.name,
        la.nameWelsh ?? '',
        String(objectId++),
      ]),
    );
  }
  return out.close();
}

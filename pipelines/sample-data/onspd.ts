// ONS Postcode Directory, 2025 editions: onspd/Data/ONSPD_NOV_2025_UK.csv plus name-and-code lookups in
// onspd/Documents/.
//
// The header is the full published one, 53 columns (reference/datasets/wales-scotland.md section 6, which
// corrects the 35-column test fixture of postcodes-uprn.md 2.2): it carries hlth19cd, eer20cd and the 2011
// census columns (oa11cd, lsoa11cd: the Welsh 2011 LSOA and the Scottish 2011 Data Zone, msoa11cd,
// ruc11ind). Every field double-quoted except lat, long and imd20ind, pcd7 = outward padded to 4 + inward,
// pcd8 = outward padded to 4 + space + inward ("BA1  1AA"), pcds single space, dointr/doterm YYYYMM (doterm
// blank = live), gridind 1 = building-level, 9 = no grid reference, east1m/north1m whole metres BNG without
// zero padding (as in the 2025 example row), lat/long WGS84 to 6 decimals, country codes
// E92000001/W92000004/S92000003, pseudo codes X99999999 where a geography does not apply (region outside
// England, county/CED for unitary authorities, ...). For a postcode with no grid reference we write blank
// east1m/north1m and the placeholder lat 99.999999, long 0.000000 (the reference marks that value unverified).
// Rows sorted by pcd7; CRLF line endings (ONS CSVs; public loaders of the Documents use '\r\n').
// Sample values: lsoa11cd follows the sample's 2011→2021 LSOA lookup (lsoa-lookup.ts) in England and Wales
// and the Data Zone the Scottish EPCs give (dataZone2011); oa11cd and msoa11cd are the 2021 codes (unchanged
// in the sample); ruc11ind is the RUC2011 class the rural-urban file gives the output area. The 2001-2005
// geographies (oa01cd, lsoa01cd, msoa01cd, ruc01ind, oac01ind, wdstl05cd, wdcas03cd) are left blank and
// ssr95cd, educ23cd, pco19cd, cal24cd, parncp25cd carry per-area synthetic codes: nothing reads them and the
// reference gives no values.
//
// Documents: the reference names the legacy files ("LA_UA names and codes UK as at ..."); the 2025-format
// downloads seen in public loaders (ONSPD/ONSUD 2025-26) use a code-prefixed naming instead, which we follow:
//   LAD Local Authority District names and codes UK as at 04_25.csv   LAD25CD,LAD25NM,LAD25NMW
//   WD Ward names and codes UK as at 05_25.csv                        WD25CD,WD25NM,WD25NMW
//   CTY County names and codes UK as at 05_25.csv                     CTY25CD,CTY25NM
//   RGN Region names and codes EN as at 05_25.csv                     RGN25CD,RGN25NM
//   CTRY Country names and codes UK as at 05_25.csv                   CTRY25CD,CTRY25NM,CTRY25NMW
//   PCON Westminster Parliamentary Constituency names and codes UK as at 07_24.csv  PCON24CD,PCON24NM,PCON24NMW
// Column names follow the ONS <GEO><YY>CD/NM/NMW convention; UTF-8 with BOM (ONS Open Geography CSV style),
// CRLF, quoted only where needed. Loaders should match these files by pattern and columns by CD/NM suffix.
import { join } from 'node:path';
import { bngToWgs84 } from '../geo/bng';
import type { AddressBook, PostcodeUnit } from './addresses';
import { COUNTRY_NAMES, NEIGHBOUR_AUTHORITIES, REGION_NAMES, type NamedCode, type SampleArea } from './areas';
import { BufferedFileWriter, csvRow, type WrittenFile } from './csv-writer';

export const ONSPD_FILE = 'ONSPD_NOV_2025_UK.csv';

export const ONSPD_COLUMNS = [
  'pcd7',
  'pcd8',
  'pcds',
  'dointr',
  'doterm',
  'cty25cd',
  'ced25cd',
  'lad25cd',
  'wd25cd',
  'parncp25cd',
  'usrtypind',
  'east1m',
  'north1m',
  'gridind',
  'hlth19cd',
  'nhser24cd',
  'ctry25cd',
  'rgn25cd',
  'ssr95cd',
  'pcon24cd',
  'eer20cd',
  'educ23cd',
  'ttwa15cd',
  'pco19cd',
  'itl25cd',
  'wdstl05cd',
  'oa01cd',
  'wdcas03cd',
  'npark16cd',
  'lsoa01cd',
  'msoa01cd',
  'ruc01ind',
  'oac01ind',
  'oa11cd',
  'lsoa11cd',
  'msoa11cd',
  'wz11cd',
  'sicbl24cd',
  'bua24cd',
  'ruc11ind',
  'oac11ind',
  'lat',
  'long',
  'lep21cd1',
  'lep21cd2',
  'pfa23cd',
  'imd20ind',
  'cal24cd',
  'icb23cd',
  'oa21cd',
  'lsoa21cd',
  'msoa21cd',
  'ruc21ind',
] as const;

/** Columns written without quotes. */
const UNQUOTED = new Set<string>(['lat', 'long', 'imd20ind']);

export const ONSPD_DOCUMENTS = {
  lad: 'LAD Local Authority District names and codes UK as at 04_25.csv',
  ward: 'WD Ward names and codes UK as at 05_25.csv',
  county: 'CTY County names and codes UK as at 05_25.csv',
  region: 'RGN Region names and codes EN as at 05_25.csv',
  country: 'CTRY Country names and codes UK as at 05_25.csv',
  pcon: 'PCON Westminster Parliamentary Constituency names and codes UK as at 07_24.csv',
} as const;

/** The 2011 census columns of a postcode (lsoa11cd, ruc11ind), from the sample's 2011 models. */
export interface Census2011 {
  lsoa: string;
  ruc: string;
}

function onspdRow(area: SampleArea, unit: PostcodeUnit, census2011: Census2011): string {
  const c = area.onspd;
  const ward = area.wards[unit.ward];
  const district = area.districts[unit.district];
  let lat = '99.999999';
  let long = '0.000000';
  if (!unit.noGrid) {
    const ll = bngToWgs84(unit.x, unit.y);
    lat = ll.latitude.toFixed(6);
    long = ll.longitude.toFixed(6);
  }
  const values: Record<(typeof ONSPD_COLUMNS)[number], string> = {
    pcd7: unit.pcd7,
    pcd8: unit.pcd8,
    pcds: unit.pcds,
    dointr: unit.dointr,
    doterm: unit.doterm,
    parncp25cd: c.parish,
    usrtypind: '0',
    east1m: unit.noGrid ? '' : String(unit.x),
    north1m: unit.noGrid ? '' : String(unit.y),
    gridind: unit.noGrid ? '9' : '1',
    cty25cd: c.county,
    ced25cd: c.countyElectoralDivision,
    lad25cd: area.localAuthority.code,
    wd25cd: ward?.code ?? '',
    hlth19cd: c.healthArea,
    nhser24cd: c.nhsRegion,
    ctry25cd: area.countryCode,
    rgn25cd: area.regionCode,
    ssr95cd: `${area.countryCode.charAt(0)}99999999`,
    pcon24cd: district?.constituency.code ?? '',
    eer20cd: c.europeanElectoralRegion,
    educ23cd: area.localAuthority.code,
    ttwa15cd: c.ttwa,
    pco19cd: c.primaryCareOrganisation,
    itl25cd: c.itl,
    wdstl05cd: '',
    oa01cd: '',
    wdcas03cd: '',
    npark16cd: c.nationalPark,
    lsoa01cd: '',
    msoa01cd: '',
    ruc01ind: '',
    oac01ind: '',
    oa11cd: unit.oa,
    lsoa11cd: census2011.lsoa,
    msoa11cd: unit.msoa,
    wz11cd: unit.wz,
    sicbl24cd: c.subIcbLocation,
    bua24cd: c.builtUpArea,
    ruc11ind: census2011.ruc,
    oac11ind: unit.oac,
    lat,
    long,
    lep21cd1: c.lep1,
    lep21cd2: c.lep2,
    pfa23cd: c.policeForceArea,
    imd20ind: String(unit.imd),
    cal24cd: c.cancerAlliance,
    icb23cd: c.icb,
    oa21cd: unit.oa,
    lsoa21cd: unit.lsoa,
    msoa21cd: unit.msoa,
    ruc21ind: unit.ruc,
  };
  return ONSPD_COLUMNS.map((col) => (UNQUOTED.has(col) ? values[col] : `"${values[col]}"`)).join(',');
}

/** `census2011(book, unit)` gives the postcode's 2011 columns (the sample's 2011 models). */
export async function writeOnspd(
  books: readonly AddressBook[],
  outDir: string,
  census2011: (book: AddressBook, unit: PostcodeUnit) => Census2011,
): Promise<WrittenFile> {
  const out = await BufferedFileWriter.open(join(outDir, 'onspd', 'Data', ONSPD_FILE), '\r\n');
  out.line(ONSPD_COLUMNS.join(','));
  const all: { book: AddressBook; unit: PostcodeUnit }[] = [];
  for (const book of books) for (const unit of book.postcodes) all.push({ book, unit });
  all.sort((a, b) => (a.unit.pcd7 < b.unit.pcd7 ? -1 : a.unit.pcd7 > b.unit.pcd7 ? 1 : 0));
  for (const { book, unit } of all) {
    const p = out.row(onspdRow(book.area, unit, census2011(book, unit)));
    if (p) await p;
  }
  return out.close();
}

async function writeLookup(
  path: string,
  header: readonly string[],
  rows: readonly NamedCode[],
  welsh: boolean,
): Promise<WrittenFile> {
  const out = await BufferedFileWriter.open(path, '\r\n');
  out.raw('\uFEFF');
  out.line(header.join(','));
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.code)) continue;
    seen.add(r.code);
    const p = out.row(csvRow(welsh ? [r.code, r.name, r.nameWelsh ?? ''] : [r.code, r.name]));
    if (p) await p;
  }
  return out.close();
}

export async function writeOnspdDocuments(
  areas: readonly SampleArea[],
  outDir: string,
): Promise<{ name: string; file: WrittenFile }[]> {
  const dir = join(outDir, 'onspd', 'Documents');
  const lads = [...areas.map((a) => a.localAuthority), ...NEIGHBOUR_AUTHORITIES].sort((a, b) =>
    a.code.localeCompare(b.code),
  );
  const wards = areas.flatMap((a) => a.wards).sort((a, b) => a.code.localeCompare(b.code));
  const pcons = areas
    .flatMap((a) => a.districts.map((d) => d.constituency))
    .sort((a, b) => a.code.localeCompare(b.code));
  const counties: NamedCode[] = [
    { code: 'E10000008', name: 'Devon' },
    { code: 'E10000013', name: 'Gloucestershire' },
    { code: 'E99999999', name: '(pseudo) England (UA/MD/LB)' },
    { code: 'W99999999', name: '(pseudo) Wales' },
    { code: 'S99999999', name: '(pseudo) Scotland' },
    { code: 'N99999999', name: '(pseudo) Northern Ireland' },
    { code: 'L99999999', name: '(pseudo) Channel Islands' },
    { code: 'M99999999', name: '(pseudo) Isle of Man' },
  ];
  const d = ONSPD_DOCUMENTS;
  return [
    {
      name: d.lad,
      file: await writeLookup(join(dir, d.lad), ['LAD25CD', 'LAD25NM', 'LAD25NMW'], lads, true),
    },
    {
      name: d.ward,
      file: await writeLookup(join(dir, d.ward), ['WD25CD', 'WD25NM', 'WD25NMW'], wards, true),
    },
    { name: d.county, file: await writeLookup(join(dir, d.county), ['CTY25CD', 'CTY25NM'], counties, false) },
    {
      name: d.region,
      file: await writeLookup(join(dir, d.region), ['RGN25CD', 'RGN25NM'], REGION_NAMES, false),
    },
    {
      name: d.country,
      file: await writeLookup(
        join(dir, d.country),
        ['CTRY25CD', 'CTRY25NM', 'CTRY25NMW'],
        COUNTRY_NAMES,
        true,
      ),
    },
    {
      name: d.pcon,
      file: await writeLookup(join(dir, d.pcon), ['PCON24CD', 'PCON24NM', 'PCON24NMW'], pcons, true),
    },
  ];
}

// England & Wales domestic EPCs in the legacy bulk layout of epc.opendatacommunities.org
// (all-domestic-certificates.zip, one folder per local authority: domestic-<LA code>-<LA-name-with-hyphens>/
// certificates.csv + recommendations.csv).
//
// From reference/datasets/epc.md: the 93 UPPERCASE certificate columns in file order (1.1, ending UPRN,
// UPRN_SOURCE, REPORT_TYPE), the 7 recommendation columns (1.2), UTF-8, comma separated, RFC 4180 quoting of
// values with commas, and the messy raw values of 1.3: age bands with the "England and Wales: " prefix and bare
// years, glazing texts, tenure spellings, floor-level variants, MAIN_FUEL with the "backwards compatibility"
// suffix, NO DATA!/NODATA!/INVALID!/N/A/not recorded placeholders, mojibake W/m?K and W/mÂ²K, "English|Welsh"
// cells, integers written "4.0", bad years like 0012-05-01, LODGEMENT_DATETIME "YYYY-MM-DD HH:MM:SS", blank
// UPRNs, INDICATIVE_COST styles "£100 - £350", "£15", "2000" and blank. Line endings are "\n".
import { join } from 'node:path';
import { HOUSE_NAMES, isDocumentedUprn, type AddressBook } from './addresses';
import { certificatesFor, ENGLAND_WALES_POLICY, isoDate, pad2, type CertificateFacts } from './certificates';
import {
  EW_REGISTER_2025_CERTIFICATE_COLUMNS,
  EW_REGISTER_2025_RECOMMENDATION_COLUMNS,
  RAW_EW_CERTIFICATE_COLUMNS,
  RAW_EW_RECOMMENDATION_COLUMNS,
} from '../../schemas/epc';
import { BufferedFileWriter, csvRow, type WrittenFile } from './csv-writer';
import type { Dwelling } from './dwellings';
import {
  bilingual,
  controlsElement,
  eff,
  energyTariff,
  floorElement,
  glazedType,
  hotWaterElement,
  lightingElement,
  mainFuelText,
  mainHeatElement,
  roofElement,
  secondHeatText,
  wallElement,
  windowsElement,
  type Element,
} from './epc-text';
import { hashSeed, mix32, Rng } from './rng';
import { band } from './sap';

/** "domestic-E06000022-Bath-and-North-East-Somerset" (LA name with spaces as hyphens). */
export function laFolderName(code: string, name: string): string {
  return `domestic-${code}-${name.replace(/,/g, '').replace(/\s+/g, '-')}`;
}

const AGE_BANDS_EW: readonly (readonly [number, string, readonly string[]])[] = [
  [1899, 'before 1900', ['1800', '1820', '1850', '1890']],
  [1929, '1900-1929', ['1900', '1902', '1920', '1929']],
  [1949, '1930-1949', ['1930', '1935', '1940']],
  [1966, '1950-1966', ['1950', '1960']],
  [1975, '1967-1975', ['1969', '1970']],
  [1982, '1976-1982', ['1980']],
  [1990, '1983-1990', ['1988']],
  [1995, '1991-1995', ['1992']],
  [2002, '1996-2002', ['2002']],
  [2006, '2003-2006', ['2004', '2005', '2006']],
  [2011, '2007-2011', ['2007', '2008', '2009', '2010', '2011']],
  [9999, '2012 onwards', ['2012', '2015', '2018']],
];

function ageBand(d: Dwelling, c: CertificateFacts, rng: Rng): string {
  if (c.newDwelling && rng.chance(0.7)) return String(d.buildYear);
  const r = rng.next();
  if (r < 0.035) return 'NO DATA!';
  if (r < 0.045) return 'INVALID!';
  if (r < 0.05) return 'Not applicable';
  if (r < 0.08) return '';
  const entry = AGE_BANDS_EW.find(([last]) => d.buildYear <= last) ?? AGE_BANDS_EW[AGE_BANDS_EW.length - 1];
  if (!entry) return '';
  if (r < 0.12) return rng.pick(entry[2]);
  const label = entry[1] === '2007-2011' && c.lodged.y < 2013 ? '2007 onwards' : entry[1];
  return `England and Wales: ${label}`;
}

function tenureText(c: CertificateFacts, rng: Rng): string {
  if (c.newDwelling && rng.chance(0.5))
    return 'Not defined - use in the case of a new dwelling for which the intended tenure in not known. It is no';
  if (c.lodged.y < 2011 && rng.chance(0.4)) return rng.pick(['', 'NO DATA!']);
  if (rng.chance(0.02)) return 'unknown';
  const modern = c.lodged.y >= 2018;
  switch (c.state.tenure) {
    case 'owner':
      return modern ? 'Owner-occupied' : 'owner-occupied';
    case 'social':
      return modern ? 'Rented (social)' : 'rental (social)';
    case 'private':
      return modern ? 'Rented (private)' : 'rental (private)';
  }
}

function ordinal(n: number): string {
  const s =
    n % 100 >= 11 && n % 100 <= 13
      ? 'th'
      : n % 10 === 1
        ? 'st'
        : n % 10 === 2
          ? 'nd'
          : n % 10 === 3
            ? 'rd'
            : 'th';
  return `${n}${s}`;
}

function floorLevel(d: Dwelling, rng: Rng): string {
  if (d.propertyType !== 'Flat' && d.propertyType !== 'Maisonette')
    return rng.weighted([
      ['', 60],
      ['NODATA!', 25],
      ['NO DATA!', 15],
    ] as const);
  const l = d.flatLevel;
  const style = rng.next();
  if (style < 0.03) return rng.pick(['NO DATA!', 'NODATA!']);
  if (l < 0) return rng.pick(['Basement', '-1', '-1.0']);
  if (style < 0.35) return l === 0 ? rng.pick(['Ground', 'ground floor']) : ordinal(l);
  if (style < 0.55) return pad2(l);
  if (style < 0.7) return `${l}.0`;
  if (style < 0.85) return `${l}`;
  return l === 0 ? 'ground floor' : d.topStorey ? 'top floor' : 'mid floor';
}

function indicativeCost(text: string, rng: Rng): string {
  const r = rng.next();
  if (r < 0.03) return '';
  if (r < 0.06) {
    // Plain number without £, as in some register rows ("2000").
    const nums = text
      .replace(/[£,]/g, '')
      .split('-')
      .map((x) => Number(x.trim()));
    const mid = nums.length === 2 ? ((nums[0] ?? 0) + (nums[1] ?? 0)) / 2 : (nums[0] ?? 0);
    return String(Math.round(mid / 100) * 100 || mid);
  }
  return text;
}

/** Occasional trailing space or trailing comma on free text, as in the raw files. */
function messy(text: string, rng: Rng): string {
  const r = rng.next();
  if (r < 0.015) return `${text} `;
  if (r < 0.02 && text) return `${text},`;
  return text;
}

/** LMK_KEY: older rows a long digit string, newer ones a 32-hex hash; the counter makes it unique. */
function lmkKey(c: CertificateFacts, brn: string, counter: number, rng: Rng): string {
  if (c.lodged.y < 2020) {
    const t = c.lodgedSecond;
    return `${brn.slice(-9)}${c.lodged.y}${pad2(c.lodged.m)}${pad2(c.lodged.d)}${pad2(Math.floor(t / 3600))}${pad2(Math.floor(t / 60) % 60)}${String(counter % 100000).padStart(5, '0')}${rng.int(10, 99)}`;
  }
  const hex = (n: number): string => n.toString(16).padStart(8, '0');
  return `${hex(mix32(counter))}${hex(rng.uint32())}${hex(rng.uint32())}${hex(mix32(counter ^ 0x5bd1e995))}`;
}

export function buildingReference(book: AddressBook, areaIndex: number, i: number): string {
  return String(10_000_000_000 + (areaIndex + 1) * 300_000_000 + i * 7 + (hashSeed(book.area.id, i) % 7));
}

export interface AddressLines {
  address1: string;
  address2: string;
  address3: string;
}

/** Address lines as an assessor might type them (occasional comma after the number, capitals). */
export function addressLines(book: AddressBook, i: number, rng: Rng): AddressLines {
  const street = book.streetOf(i);
  const no = book.houseNo[i] ?? 0;
  const flat = book.flat[i] ?? 0;
  const nameIdx = book.houseName[i] ?? -1;
  const sep = rng.chance(0.05) ? ', ' : ' ';
  const house = nameIdx >= 0 ? (HOUSE_NAMES[nameIdx] ?? '') : `${no}${sep}${street.name}`;
  let lines: AddressLines;
  if (flat > 0)
    lines = {
      address1: rng.chance(0.1) ? `Flat ${flat},` : `Flat ${flat}`,
      address2: house,
      address3: street.locality,
    };
  else if (nameIdx >= 0) lines = { address1: house, address2: street.name, address3: street.locality };
  else lines = { address1: house, address2: street.locality, address3: '' };
  if (rng.chance(0.03)) {
    lines = {
      address1: lines.address1.toUpperCase(),
      address2: lines.address2.toUpperCase(),
      address3: lines.address3.toUpperCase(),
    };
  }
  return lines;
}

export interface SampleUprn {
  uprn: string;
  postcode: string;
  certificates: number;
}

export interface EpcWriteResult {
  files: { dataset: string; format: string; file: WrittenFile }[];
  certificates: number;
  recommendations: number;
  /** Broken rows written for the loaders to quarantine (wrong column count, stray quote, impossible date). */
  corrupted: number;
  /** A UPRN with several certificates, and one with none. */
  withEpc?: SampleUprn;
  withoutEpc?: SampleUprn;
}

const LEGACY_NAME_2025: Readonly<Record<string, string>> = {
  certificate_number: 'LMK_KEY',
  low_energy_fixed_lighting_outlets_count: 'LOW_ENERGY_FIXED_LIGHT_COUNT',
};
/** An older release: HEAT_LOSS_CORRIDOOR (sic) and no UPRN, UPRN_SOURCE or REPORT_TYPE columns. */
const OLDER_RELEASE_COLUMNS = RAW_EW_CERTIFICATE_COLUMNS.slice(0, -3).map((c) =>
  c === 'HEAT_LOSS_CORRIDOR' ? 'HEAT_LOSS_CORRIDOOR' : c,
);

/** RRN-style certificate number (0000-0000-0000-0000-0000) of the 2025+ register. */
function certificateNumber(counter: number): string {
  const digits =
    String(mix32(counter) % 10_000_000_000).padStart(10, '0') + String(counter).padStart(10, '0').slice(-10);
  return digits.match(/.{4}/g)!.join('-');
}

/**
 * Rows a loader must quarantine, in the ways real files break: a row one column short, a quote inside an
 * unquoted field, and an impossible lodgement date. Extra copies of a good row (with their own id), so
 * the good data is unchanged.
 */
function corruptedRow(row: readonly string[], kind: number): string {
  const plain = row.map((v) => v.replace(/[",\r\n]/g, ' '));
  plain[0] = `${plain[0]}Q${kind}`;
  if (kind === 0) return plain.slice(0, -1).join(',');
  if (kind === 1) {
    plain[1] = `Flat 2 "The Maltings`;
    return plain.join(',');
  }
  const lodgement = RAW_EW_CERTIFICATE_COLUMNS.indexOf('LODGEMENT_DATE');
  plain[lodgement] = `${plain[lodgement]!.slice(0, 5)}02-30`;
  return plain.join(',');
}

class FilePair {
  private constructor(
    readonly certificates: BufferedFileWriter,
    readonly recommendations: BufferedFileWriter,
  ) {}
  static async open(
    dir: string,
    names: [string, string],
    headers: [readonly string[], readonly string[]],
  ): Promise<FilePair> {
    const pair = new FilePair(
      await BufferedFileWriter.open(join(dir, names[0]), '\n'),
      await BufferedFileWriter.open(join(dir, names[1]), '\n'),
    );
    pair.certificates.line(headers[0].join(','));
    pair.recommendations.line(headers[1].join(','));
    return pair;
  }
}

/** Write certificates.csv and recommendations.csv for one England or Wales sample area. */
export async function writeEpcEnglandWales(
  book: AddressBook,
  areaIndex: number,
  outDir: string,
  seed: number,
): Promise<EpcWriteResult> {
  const area = book.area;
  const dir = join(
    outDir,
    'epc-england-wales',
    'all-domestic-certificates',
    laFolderName(area.localAuthority.code, area.localAuthority.name),
  );
  const certOut = await BufferedFileWriter.open(join(dir, 'certificates.csv'), '\n');
  const recOut = await BufferedFileWriter.open(join(dir, 'recommendations.csv'), '\n');
  // The published headers (epc.md 1.1 and 1.2), declared once in schemas/epc.ts.
  certOut.line(RAW_EW_CERTIFICATE_COLUMNS.join(','));
  recOut.line(RAW_EW_RECOMMENDATION_COLUMNS.join(','));
  const welshArea = area.country === 'Wales';
  const result: EpcWriteResult = { files: [], certificates: 0, recommendations: 0, corrupted: 0 };
  let older: FilePair | undefined;
  const register = new Map<number, FilePair>();
  let counter = areaIndex * 50_000_000;

  for (let i = 0; i < book.size; i++) {
    const { certs } = certificatesFor(book, i, seed, ENGLAND_WALES_POLICY);
    const unit = book.postcodeOf(i);
    const uprn = String(book.uprn[i]);
    if (certs.length === 0) {
      if (!result.withoutEpc) result.withoutEpc = { uprn, postcode: unit.pcds, certificates: 0 };
      continue;
    }
    const rng = new Rng(hashSeed(seed, 'epc-ew', area.id, i));
    const brn = buildingReference(book, areaIndex, i);
    const district = area.districts[unit.district];
    const previous = unit.previous >= 0 ? book.postcodes[unit.previous] : undefined;
    let uprnDropped = false;
    const documented = isDocumentedUprn(book, i);
    for (const c of certs) {
      counter++;
      const d = c.dwelling;
      const s = c.state;
      const floaty = rng.chance(0.25);
      const int = (n: number): string => (floaty ? `${n}.0` : `${n}`);
      const welsh = welshArea && c.lodged.y < 2016 && rng.chance(0.12);
      const desc = (e: Element): string => messy(welsh ? bilingual(e.text) : e.text, rng);
      const rating = (score: number): string =>
        score === 0 ? 'N/A' : rng.chance(0.003) ? 'NO DATA!' : eff(score);
      const newSap = c.newDwelling;
      const walls = wallElement(d, s, rng);
      const roof = roofElement(d, s, rng);
      if (rng.chance(0.0005)) roof.text = 'Pitched, *** INVALID INPUT Code : 57 *** loft insulation';
      const floor = floorElement(d, s, rng, newSap);
      const windows = windowsElement(d, s);
      const heat = mainHeatElement(d, s, rng);
      const controls = controlsElement(s);
      const water = hotWaterElement(s);
      const light = lightingElement(d, s);
      const lines = addressLines(book, i, rng);
      const lodgedPostcode =
        previous && c.lodged.y * 100 + c.lodged.m < Number(previous.doterm) && rng.chance(0.7)
          ? previous.pcds
          : unit.pcds;
      const cur = c.current;
      const pot = c.potential;
      const eiPot = Math.max(cur.ei, pot.ei);
      let inspection = isoDate(c.inspected);
      let lodgement = isoDate(c.lodged);
      if (rng.chance(0.001)) inspection = `00${inspection.slice(2)}`;
      if (rng.chance(0.0005)) lodgement = `00${lodgement.slice(2)}`;
      const t = c.lodgedSecond;
      const cost = (n: number): string =>
        rng.chance(0.08) ? (n + rng.int(1, 99) / 100).toFixed(2) : floaty ? `${n}.0` : `${n}`;
      const tfa = rng.chance(0.5)
        ? d.floorArea.toFixed(2).replace(/\.?0+$/, '')
        : floaty
          ? d.floorArea.toFixed(1)
          : String(Math.round(d.floorArea));
      const isFlat = d.propertyType === 'Flat' || d.propertyType === 'Maisonette';
      // Blank UPRN for ~2% of certificates (not address-matched); stays blank for that address's later certs too.
      // The real service's documented test UPRNs keep their UPRN on every certificate (same draws either way).
      if (!uprnDropped && rng.chance(0.02) && !documented) uprnDropped = true;
      const address = [lines.address1, lines.address2, lines.address3].filter((x) => x).join(', ');
      const modernCounts = c.lodged.y >= 2012;
      const row = [
        lmkKey(c, brn, counter, rng),
        messy(lines.address1, rng),
        lines.address2,
        lines.address3,
        lodgedPostcode,
        brn,
        rng.chance(0.0005) ? 'INVALID!' : band(cur.sap),
        band(Math.max(cur.sap, pot.sap)),
        String(cur.sap),
        String(Math.max(cur.sap, pot.sap)),
        d.propertyType,
        rng.chance(0.005) ? 'NO DATA!' : d.builtForm,
        inspection,
        rng.chance(0.01) ? area.legacyLaCode : area.localAuthority.code,
        district?.constituency.code ?? '',
        '',
        lodgement,
        rng.chance(0.005)
          ? 'not recorded'
          : c.lodged.y < 2012 && c.transaction.startsWith('rental') && rng.chance(0.3)
            ? `${c.transaction} - this is for backwards compatibility only and should not be used`
            : c.transaction,
        String(cur.ei),
        String(eiPot),
        String(cur.primaryPerM2),
        String(Math.min(cur.primaryPerM2, pot.primaryPerM2)),
        cur.co2Tonnes.toFixed(1),
        String(cur.co2PerM2),
        Math.min(cur.co2Tonnes, pot.co2Tonnes).toFixed(1),
        cost(cur.lightingCost),
        cost(Math.min(cur.lightingCost, pot.lightingCost)),
        cost(cur.heatingCost),
        cost(Math.min(cur.heatingCost, pot.heatingCost)),
        cost(cur.hotWaterCost),
        cost(Math.min(cur.hotWaterCost, pot.hotWaterCost)),
        tfa,
        rng.chance(0.01) ? rng.pick(['NO DATA!', 'INVALID!', '', '5']) : energyTariff(s, rng),
        rng.chance(0.03) ? '' : d.gasAvailable ? 'Y' : 'N',
        floorLevel(d, rng),
        isFlat ? (d.topStorey ? 'Y' : 'N') : '',
        isFlat ? int(d.flatStoreyCount) : '',
        rng.chance(0.0005) ? '%%MAINHEATCONTROL%%' : controls.code,
        int(s.glazing === 'single' ? s.glazedProportion : 100),
        rng.chance(0.02) ? rng.pick(['NO DATA!', 'INVALID!', 'not defined', '']) : glazedType(d, s, rng),
        rng.weighted([
          ['Normal', 85],
          ['More Than Typical', 5],
          ['Less Than Typical', 5],
          ['Much More Than Typical', 1],
          ['Much Less Than Typical', 1],
          ['NO DATA!', 2],
          ['', 1],
        ] as const),
        int(d.extensions),
        int(d.rooms),
        int(Math.max(1, d.rooms - (rng.chance(0.1) ? 1 : 0))),
        int(light.percent),
        int(d.fireplaces),
        desc(water),
        rating(water.energy),
        rating(water.env),
        desc(floor),
        rating(floor.energy),
        rating(floor.env),
        desc(windows),
        rating(windows.energy),
        rating(windows.env),
        desc(walls),
        rating(walls.energy),
        rating(walls.env),
        messy(welsh ? bilingual(secondHeatText(s, rng)) : secondHeatText(s, rng), rng),
        'N/A',
        'N/A',
        desc(roof),
        rating(roof.energy),
        rating(roof.env),
        desc(heat),
        rating(heat.energy),
        rating(heat.env),
        desc(controls),
        rating(controls.energy),
        rating(controls.env),
        desc(light),
        rating(light.energy),
        rating(light.env),
        rng.chance(0.004) ? rng.pick(['NO DATA!', 'INVALID!', '']) : mainFuelText(s, c.when, rng),
        rng.chance(0.2) ? '' : int(0),
        isFlat && d.heatLossCorridor ? d.heatLossCorridor : rng.chance(0.1) ? 'NO DATA!' : '',
        isFlat && d.heatLossCorridor === 'unheated corridor' ? d.corridorLength.toFixed(1) : '',
        rng.chance(0.1) ? '' : d.roomHeight.toFixed(2),
        s.pvPercent > 0 ? int(s.pvPercent) : rng.pick(['0', '0.0', '']),
        rng.chance(0.1) ? '' : rng.chance(0.01) ? String(s.solarWater) : s.solarWater ? 'Y' : 'N',
        d.mechanicalVentilation
          ? rng.pick(['mechanical, extract only', 'mechanical, supply and extract'])
          : rng.weighted([
              ['natural', 75],
              ['', 15],
              ['NO DATA!', 10],
            ] as const),
        address,
        area.localAuthority.name,
        district?.constituency.name ?? '',
        rng.chance(0.3) ? area.postTown.charAt(0) + area.postTown.slice(1).toLowerCase() : area.postTown,
        ageBand(d, c, rng),
        `${isoDate(c.lodged)} ${pad2(Math.floor(t / 3600))}:${pad2(Math.floor(t / 60) % 60)}:${pad2(t % 60)}`,
        tenureText(c, rng),
        modernCounts ? int(d.fixedOutlets) : '',
        modernCounts ? int(s.lowEnergyOutlets) : '',
        uprnDropped ? '' : uprn,
        uprnDropped ? '' : rng.chance(0.6) ? 'Energy Assessor' : 'Address Matched',
        newSap ? '3' : '2',
      ];
      // Where the certificate is published: certificates that were never address-matched come in an older
      // release (no UPRN columns, HEAT_LOSS_CORRIDOOR); 2025 lodgements in the 2025+ register export.
      let out = certOut;
      let recs = recOut;
      let recommendationRow = (k: number, m: (typeof c.steps)[number] & object, id: string): string[] => [
        id,
        String(k + 1),
        m.measure.summary,
        m.measure.description,
        m.measure.id,
        m.measure.idText,
        indicativeCost(m.measure.cost(c.lodged.y), rng),
      ];
      let line: string;
      if (uprnDropped) {
        older ??= await FilePair.open(
          join(
            outDir,
            'epc-england-wales',
            'older-release',
            laFolderName(area.localAuthority.code, area.localAuthority.name),
          ),
          ['certificates.csv', 'recommendations.csv'],
          [OLDER_RELEASE_COLUMNS, RAW_EW_RECOMMENDATION_COLUMNS],
        );
        ({ certificates: out, recommendations: recs } = older);
        line = csvRow(row.slice(0, OLDER_RELEASE_COLUMNS.length));
      } else if (c.lodged.y >= 2025) {
        let pair = register.get(c.lodged.y);
        if (!pair) {
          pair = await FilePair.open(
            join(outDir, 'epc-england-wales', 'register-export', area.id),
            [`certificates-${c.lodged.y}.csv`, `recommendations-${c.lodged.y}.csv`],
            [EW_REGISTER_2025_CERTIFICATE_COLUMNS, EW_REGISTER_2025_RECOMMENDATION_COLUMNS],
          );
          register.set(c.lodged.y, pair);
        }
        ({ certificates: out, recommendations: recs } = pair);
        row[0] = certificateNumber(counter);
        const byName = new Map<string, string>(
          RAW_EW_CERTIFICATE_COLUMNS.map((name, k) => [name, row[k] as string]),
        );
        line = csvRow(
          EW_REGISTER_2025_CERTIFICATE_COLUMNS.map((col) =>
            col === 'country'
              ? area.country
              : col === 'region'
                ? area.country === 'England'
                  ? area.regionCode
                  : ''
                : (byName.get(LEGACY_NAME_2025[col] ?? col.toUpperCase()) ?? ''),
          ),
        );
        recommendationRow = (k, m, id) => [
          id,
          String(k + 1),
          m.measure.id,
          m.measure.summary,
          m.measure.description,
          indicativeCost(m.measure.cost(c.lodged.y), rng),
        ];
      } else {
        line = csvRow(row);
        if (result.certificates % 997 === 500) {
          // A broken copy now and then, for the quarantine (not counted as a certificate).
          const p = certOut.row(corruptedRow(row, result.corrupted++ % 3));
          if (p) await p;
        }
      }
      const lmk = row[0] as string;
      const pending = out.row(line);
      if (pending) await pending;
      result.certificates++;
      for (let k = 0; k < c.steps.length; k++) {
        const step = c.steps[k];
        if (!step) continue;
        const p = recs.row(csvRow(recommendationRow(k, step, lmk)));
        if (p) await p;
        result.recommendations++;
      }
    }
    if (!result.withEpc && certs.length >= 2 && !uprnDropped && unit.previous < 0 && !unit.noGrid) {
      result.withEpc = { uprn, postcode: unit.pcds, certificates: certs.length };
    }
  }
  const certFile = await certOut.close();
  const recFile = await recOut.close();
  if (older) {
    result.files.push(
      {
        dataset: 'epc-england-wales',
        format: 'csv (ODC older release: HEAT_LOSS_CORRIDOOR, no UPRN/UPRN_SOURCE/REPORT_TYPE, UTF-8, LF)',
        file: await older.certificates.close(),
      },
      {
        dataset: 'epc-england-wales',
        format: 'csv (ODC recommendations, UTF-8, LF)',
        file: await older.recommendations.close(),
      },
    );
  }
  for (const pair of register.values()) {
    result.files.push(
      {
        dataset: 'epc-england-wales',
        format: 'csv (MHCLG 2025+ register export: per year, lower-case, certificate_number, UTF-8, LF)',
        file: await pair.certificates.close(),
      },
      {
        dataset: 'epc-england-wales',
        format: 'csv (MHCLG 2025+ register export recommendations, per year, UTF-8, LF)',
        file: await pair.recommendations.close(),
      },
    );
  }
  result.files.push(
    { dataset: 'epc-england-wales', format: 'csv (ODC legacy bulk certificates, UTF-8, LF)', file: certFile },
    {
      dataset: 'epc-england-wales',
      format: 'csv (ODC legacy bulk recommendations, UTF-8, LF)',
      file: recFile,
    },
  );
  return result;
}

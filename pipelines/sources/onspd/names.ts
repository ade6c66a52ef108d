// ONSPD `Documents/` name-and-code lookups (`LA_UA names and codes UK as at 04_25.csv`: LAD25CD,LAD25NM,
// often with a Welsh-name column too). Small files, read whole; their encoding varies by edition (Welsh
// names), so it is detected.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeBytes, detectEncoding, parseCsv } from '../../io/csv-reader';
import { DataError } from '../../io/errors';
import { cleanHeaderCell } from '../common/header';

/** The code column (…CD) and the name column (…NM), preferring a pair with the same prefix (LAD25). */
export function findCodeAndNameColumns(header: readonly string[]): { code: number; name: number } | null {
  const names = header.map((h) => cleanHeaderCell(h).toUpperCase());
  const codes = names.flatMap((n, i) => (n.endsWith('CD') ? [i] : []));
  const labels = names.flatMap((n, i) => (n.endsWith('NM') ? [i] : []));
  for (const code of codes) {
    const prefix = names[code]!.slice(0, -2);
    const name = labels.find((i) => names[i]!.slice(0, -2) === prefix);
    if (name !== undefined) return { code, name };
  }
  return codes[0] !== undefined && labels[0] !== undefined ? { code: codes[0], name: labels[0] } : null;
}

/** Parse a lookup CSV's text into code → name. */
export function parseNameLookup(text: string, file = 'lookup'): Map<string, string> {
  const rows = parseCsv(text);
  const header = rows[0];
  if (!header?.ok) throw new DataError(`${file}: no header row`);
  const columns = findCodeAndNameColumns(header.fields);
  if (!columns) {
    throw new DataError(`${file}: no code (…CD) and name (…NM) columns in ${header.fields.join(',')}`);
  }
  const lookup = new Map<string, string>();
  for (const row of rows.slice(1)) {
    if (!row.ok) continue;
    const code = row.fields[columns.code]?.trim();
    const name = row.fields[columns.name]?.trim();
    if (code && name) lookup.set(code, name);
  }
  return lookup;
}

export async function readOnspdNameLookup(file: string): Promise<Map<string, string>> {
  const bytes = await readFile(file);
  return parseNameLookup(decodeBytes(bytes, detectEncoding(bytes)), file);
}

// Editions name these files two ways: legacy `LA_UA names and codes UK as at 04_25.csv`, and from the 2025
// redesign a code prefix first, `LAD Local Authority District names and codes UK as at 04_25.csv`.
export const ADMIN_NAME_LOOKUPS = {
  county: /^(CTY )?County names and codes/i,
  local_authority_district: /^(LA_UA|LAD Local Authority District) names and codes/i,
  electoral_area: /^(WD )?Ward names and codes/i,
  region: /^(RGN )?Region names and codes/i,
  country: /^(CTRY )?Country names and codes/i,
} as const;
export type AdminLookupKind = keyof typeof ADMIN_NAME_LOOKUPS;
export type AdminNameLookups = Record<AdminLookupKind, Map<string, string>>;

// "… as at 04_25.csv" → 2504, so the newest lookup of a kind sorts last.
function asAtKey(fileName: string): number {
  const m = /as at (\d{2})_(\d{2})/i.exec(fileName);
  return m ? Number(m[2]) * 100 + Number(m[1]) : -1;
}

/** The newest lookup file of each kind in an ONSPD `Documents/` folder. */
export async function findOnspdLookupFiles(
  documentsDir: string,
): Promise<Partial<Record<AdminLookupKind, string>>> {
  const files = (await readdir(documentsDir)).filter((f) => f.toLowerCase().endsWith('.csv'));
  const found: Partial<Record<AdminLookupKind, string>> = {};
  for (const [kind, pattern] of Object.entries(ADMIN_NAME_LOOKUPS) as [AdminLookupKind, RegExp][]) {
    const matches = files.filter((f) => pattern.test(f)).sort((a, b) => asAtKey(a) - asAtKey(b));
    const newest = matches.at(-1);
    if (newest !== undefined) found[kind] = join(documentsDir, newest);
  }
  return found;
}

/** All five admin-name lookups from a `Documents/` folder (an absent file gives an empty map). */
export async function loadOnspdAdminNames(documentsDir: string): Promise<AdminNameLookups> {
  const files = await findOnspdLookupFiles(documentsDir);
  const load = async (kind: AdminLookupKind) => (files[kind] ? readOnspdNameLookup(files[kind]) : new Map());
  return {
    county: await load('county'),
    local_authority_district: await load('local_authority_district'),
    electoral_area: await load('electoral_area'),
    region: await load('region'),
    country: await load('country'),
  };
}

export interface AdminNames {
  local_authority_district_name: string | null;
  electoral_area_name: string | null;
  county_name: string | null;
  region_name: string | null;
  country_name: string | null;
}

/** Names for a postcode record's codes. */
export function adminNamesFor(
  codes: {
    local_authority_district_code: string | null;
    electoral_area_code: string | null;
    county_code: string | null;
    region_code: string | null;
    country_code: string | null;
  },
  lookups: AdminNameLookups,
): AdminNames {
  const name = (lookup: Map<string, string>, code: string | null) =>
    code === null ? null : (lookup.get(code) ?? null);
  return {
    local_authority_district_name: name(
      lookups.local_authority_district,
      codes.local_authority_district_code,
    ),
    electoral_area_name: name(lookups.electoral_area, codes.electoral_area_code),
    county_name: name(lookups.county, codes.county_code),
    region_name: name(lookups.region, codes.region_code),
    country_name: name(lookups.country, codes.country_code),
  };
}

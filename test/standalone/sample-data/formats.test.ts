// The sample files must match the real published formats (reference/datasets/epc.md, postcodes-uprn.md):
// exact headers, encodings, quoting, line endings, and the messy values real files carry.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bngToWgs84, transformAt } from '../../../pipelines/geo/bng';
import { band } from '../../../pipelines/sample-data/sap';
import { generate, parseCsv, PATHS, records, type Generated } from './helpers';

// Literal lists copied from the reference documents, not from the generator.
const EW_CERTIFICATES_HEADER =
  'LMK_KEY,ADDRESS1,ADDRESS2,ADDRESS3,POSTCODE,BUILDING_REFERENCE_NUMBER,CURRENT_ENERGY_RATING,POTENTIAL_ENERGY_RATING,' +
  'CURRENT_ENERGY_EFFICIENCY,POTENTIAL_ENERGY_EFFICIENCY,PROPERTY_TYPE,BUILT_FORM,INSPECTION_DATE,LOCAL_AUTHORITY,' +
  'CONSTITUENCY,COUNTY,LODGEMENT_DATE,TRANSACTION_TYPE,ENVIRONMENT_IMPACT_CURRENT,ENVIRONMENT_IMPACT_POTENTIAL,' +
  'ENERGY_CONSUMPTION_CURRENT,ENERGY_CONSUMPTION_POTENTIAL,CO2_EMISSIONS_CURRENT,CO2_EMISS_CURR_PER_FLOOR_AREA,' +
  'CO2_EMISSIONS_POTENTIAL,LIGHTING_COST_CURRENT,LIGHTING_COST_POTENTIAL,HEATING_COST_CURRENT,HEATING_COST_POTENTIAL,' +
  'HOT_WATER_COST_CURRENT,HOT_WATER_COST_POTENTIAL,TOTAL_FLOOR_AREA,ENERGY_TARIFF,MAINS_GAS_FLAG,FLOOR_LEVEL,' +
  'FLAT_TOP_STOREY,FLAT_STOREY_COUNT,MAIN_HEATING_CONTROLS,MULTI_GLAZE_PROPORTION,GLAZED_TYPE,GLAZED_AREA,' +
  'EXTENSION_COUNT,NUMBER_HABITABLE_ROOMS,NUMBER_HEATED_ROOMS,LOW_ENERGY_LIGHTING,NUMBER_OPEN_FIREPLACES,' +
  'HOTWATER_DESCRIPTION,HOT_WATER_ENERGY_EFF,HOT_WATER_ENV_EFF,FLOOR_DESCRIPTION,FLOOR_ENERGY_EFF,FLOOR_ENV_EFF,' +
  'WINDOWS_DESCRIPTION,WINDOWS_ENERGY_EFF,WINDOWS_ENV_EFF,WALLS_DESCRIPTION,WALLS_ENERGY_EFF,WALLS_ENV_EFF,' +
  'SECONDHEAT_DESCRIPTION,SHEATING_ENERGY_EFF,SHEATING_ENV_EFF,ROOF_DESCRIPTION,ROOF_ENERGY_EFF,ROOF_ENV_EFF,' +
  'MAINHEAT_DESCRIPTION,MAINHEAT_ENERGY_EFF,MAINHEAT_ENV_EFF,MAINHEATCONT_DESCRIPTION,MAINHEATC_ENERGY_EFF,' +
  'MAINHEATC_ENV_EFF,LIGHTING_DESCRIPTION,LIGHTING_ENERGY_EFF,LIGHTING_ENV_EFF,MAIN_FUEL,WIND_TURBINE_COUNT,' +
  'HEAT_LOSS_CORRIDOR,UNHEATED_CORRIDOR_LENGTH,FLOOR_HEIGHT,PHOTO_SUPPLY,SOLAR_WATER_HEATING_FLAG,' +
  'MECHANICAL_VENTILATION,ADDRESS,LOCAL_AUTHORITY_LABEL,CONSTITUENCY_LABEL,POSTTOWN,CONSTRUCTION_AGE_BAND,' +
  'LODGEMENT_DATETIME,TENURE,FIXED_LIGHTING_OUTLETS_COUNT,LOW_ENERGY_FIXED_LIGHT_COUNT,UPRN,UPRN_SOURCE,REPORT_TYPE';
const EW_RECOMMENDATIONS_HEADER =
  'LMK_KEY,IMPROVEMENT_ITEM,IMPROVEMENT_SUMMARY_TEXT,IMPROVEMENT_DESCR_TEXT,IMPROVEMENT_ID,IMPROVEMENT_ID_TEXT,INDICATIVE_COST';
const UPRN_HEADER = 'UPRN,X_COORDINATE,Y_COORDINATE,LATITUDE,LONGITUDE';
// The full published 2025+ header, 53 columns (wales-scotland.md section 6).
const ONSPD_HEADER =
  'pcd7,pcd8,pcds,dointr,doterm,cty25cd,ced25cd,lad25cd,wd25cd,parncp25cd,usrtypind,east1m,north1m,gridind,' +
  'hlth19cd,nhser24cd,ctry25cd,rgn25cd,ssr95cd,pcon24cd,eer20cd,educ23cd,ttwa15cd,pco19cd,itl25cd,wdstl05cd,' +
  'oa01cd,wdcas03cd,npark16cd,lsoa01cd,msoa01cd,ruc01ind,oac01ind,oa11cd,lsoa11cd,msoa11cd,wz11cd,sicbl24cd,' +
  'bua24cd,ruc11ind,oac11ind,lat,long,lep21cd1,lep21cd2,pfa23cd,imd20ind,cal24cd,icb23cd,oa21cd,lsoa21cd,' +
  'msoa21cd,ruc21ind';
const ONSPD_COLUMN = Object.fromEntries(ONSPD_HEADER.split(',').map((c, i) => [c, i]));
// interface-spec 2.10 "Raw EPC, Scotland" field names (without the service-added `id`), upper-cased, plus POST_TOWN
// (listed in epc.md section 3).
const SCOTLAND_SPEC_FIELDS =
  '3_yr_energy_cost_current, 3_yr_energy_savings_potential, addendum_text, address1, address2, address3, air_tightness_description, air_tightness_energy_eff, air_tightness_env_eff, alternative_improvements, building_reference_number, built_form, co2_emiss_curr_per_floor_area, co2_emissions_current, co2_emissions_potential, constituency, constituency_label, construction_age_band, current_energy_efficiency, current_energy_rating, current_environmental_rating, data_zone, data_zone_2011, energy_consumption_current, energy_consumption_potential, energy_tariff, environment_impact_current, environment_impact_potential, extension_count, fixed_lighting_outlets_count, flat_top_storey, floor_description, floor_energy_eff, floor_env_eff, floor_height, floor_level, glazed_area, glazed_type, heat_loss_corridoor, heating_cost_current, heating_cost_potential, hot_water_cost_current, hot_water_cost_potential, hot_water_energy_eff, hot_water_env_eff, hotwater_description, impact_cavity_wall_insulation, impact_loft_insulation, impact_solid_wall_insulation, improvements, inspection_date, lighting_cost_current, lighting_cost_potential, lighting_description, lighting_energy_eff, lighting_env_eff, local_authority_label, lodgement_date, low_energy_fixed_light_count, low_energy_lighting, lzc_energy_sources, main_fuel, main_heating_category, main_heating_controls, mainheat_description, mainheat_energy_eff, mainheat_env_eff, mainheatc_energy_eff, mainheatc_env_eff, mainheatcont_description, mains_gas_flag, mechanical_ventilation, multi_glaze_proportion, number_habitable_rooms, number_heated_rooms, number_open_fireplaces, osg_reference_number, photo_supply, postcode, potential_energy_efficiency, potential_energy_rating, potential_environmental_rating, property_type, roof_description, roof_energy_eff, roof_env_eff, secondheat_description, sheating_energy_eff, sheating_env_eff, solar_water_heating_flag, space_heating_demand, tenure, total_floor_area, transaction_type, type_of_assessment, unheated_corridor_length, wall_description, wall_energy_eff, wall_env_eff, water_heating_demand, wind_turbine_count, windows_description, windows_energy_eff, windows_env_eff'
    .split(', ')
    .map((s) => s.toUpperCase());

const BAND_RANGE: Record<string, [number, number]> = {
  A: [92, 200],
  B: [81, 91],
  C: [69, 80],
  D: [55, 68],
  E: [39, 54],
  F: [21, 38],
  G: [-2000, 20],
};

let g: Generated;
let bath: Record<string, string>[];
let cardiff: Record<string, string>[];
let ew: Record<string, string>[];
let bathBroken: string[];
let cardiffBroken: string[];

// The generator marks its broken copies by suffixing the LMK_KEY with Q0 (a column short), Q1 (a stray quote in
// an unquoted field) or Q2 (an impossible date); everything else must be well formed.
function wellFormed(text: string): [Record<string, string>[], string[]] {
  const lines = text.split('\n');
  const broken = lines.filter((l) => /^[^,]*Q[012],/.test(l));
  const good = records(lines.filter((l) => !/^[^,]*Q[012],/.test(l)).join('\n'));
  return [good, broken];
}

beforeAll(async () => {
  g = await generate(0.5);
  // The certificates files carry a few deliberately broken rows for the quarantine (wrong column count,
  // stray quote, impossible date); the format checks below are about the well-formed ones.
  [bath, bathBroken] = wellFormed(await g.text(PATHS.bathCerts));
  [cardiff, cardiffBroken] = wellFormed(await g.text(PATHS.cardiffCerts));
  ew = [...bath, ...cardiff];
}, 60_000);

describe('OS Open UPRN', () => {
  it('is UTF-8 with a BOM and the exact 5-column header', async () => {
    const bytes = await g.bytes(PATHS.uprn);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\n');
    expect(lines[0]).toBe(UPRN_HEADER);
  });

  it('has BNG to 2 decimals and OSTN15 latitudes and longitudes of those points to 1 cm, sorted by UPRN', async () => {
    const rows = parseCsv((await g.text(PATHS.uprn)).slice(1)).slice(1);
    expect(rows.length).toBe(g.manifest.areas.reduce((s, a) => s + a.uprns, 0));
    let prev = 0;
    for (const [uprn, x, y, lat, lon] of rows) {
      expect(x).toMatch(/^\d{6}\.\d{2}$/);
      expect(y).toMatch(/^\d{6}\.\d{2}$/);
      expect(lat).toMatch(/^\d{2}\.\d{8}$/);
      expect(lon).toMatch(/^-\d\.\d{8}$/);
      // As OS publishes them: OSTN15 of the grid point (8 decimals are 1 mm).
      expect(transformAt(Number(x), Number(y))).toBe('OSTN15');
      const ll = bngToWgs84(Number(x), Number(y));
      const metres = Math.hypot(
        (ll.latitude - Number(lat)) * 111_200,
        (ll.longitude - Number(lon)) * 111_200 * Math.cos((ll.latitude * Math.PI) / 180),
      );
      expect(metres).toBeLessThanOrEqual(0.01);
      expect(Number(uprn)).toBeGreaterThan(prev);
      prev = Number(uprn);
    }
  });
});

describe('ONSPD', () => {
  let rows: string[][];
  let lines: string[];
  beforeAll(async () => {
    const text = await g.text(PATHS.onspd);
    expect(text).toContain('\r\n');
    lines = text.split('\r\n').filter((l) => l);
    rows = parseCsv(text).slice(1);
  });

  it('has the full 2025 header and quotes every field except lat, long and imd20ind', () => {
    expect(lines[0]).toBe(ONSPD_HEADER);
    for (const line of lines.slice(1)) {
      // 53 fields: 41 quoted, lat/long unquoted (42nd, 43rd), 3 quoted, imd20ind unquoted, 6 quoted.
      expect(line).toMatch(/^("[^"]*",){41}-?\d+\.\d{6},-?\d+\.\d{6},("[^"]*",){3}\d+,("[^"]*",){5}"[^"]*"$/);
    }
  });

  it('carries the European Electoral Region, health area and 2011 census columns of each country', () => {
    const col = (r: string[], name: string) => r[ONSPD_COLUMN[name]!]!;
    const eer: Record<string, RegExp> = { E: /^E150000\d\d$/, W: /^W08000001$/, S: /^S15000001$/ };
    const health: Record<string, RegExp> = { E: /^E18/, W: /^W11/, S: /^S08/ };
    for (const r of rows) {
      const c = col(r, 'ctry25cd').charAt(0);
      expect(col(r, 'eer20cd')).toMatch(eer[c]!);
      expect(col(r, 'hlth19cd')).toMatch(health[c]!);
      expect(col(r, 'lsoa11cd')).toMatch(c === 'S' ? /^S01\d{6}$/ : new RegExp(`^${c}01\\d{6}$`));
      expect(col(r, 'oa11cd')).toBe(col(r, 'oa21cd'));
      if (c !== 'S') expect(['C1', 'D1', 'E1']).toContain(col(r, 'ruc11ind'));
    }
    // Most 2021 LSOAs are unchanged since 2011; the changed ones have other 2011 codes.
    const same = rows.filter(
      (r) => col(r, 'ctry25cd') !== 'S92000003' && col(r, 'lsoa11cd') === col(r, 'lsoa21cd'),
    );
    const changed = rows.filter(
      (r) => col(r, 'ctry25cd') !== 'S92000003' && col(r, 'lsoa11cd') !== col(r, 'lsoa21cd'),
    );
    expect(same.length).toBeGreaterThan(0);
    for (const r of changed) expect(col(r, 'lsoa11cd')).toMatch(/^[EW]019\d{5}$/); // the lookup's invented codes
  });

  it('formats postcodes as pcd7 / pcd8 / pcds and puts each in the right country', () => {
    // By the outward code's first two characters (SW6 and W6: Fulham; EH5 and EH6: Edinburgh).
    const country: Record<string, string> = {
      BA: 'E92000001',
      CF: 'W92000004',
      FK: 'S92000003',
      SW: 'E92000001',
      W6: 'E92000001',
      EH: 'S92000003',
    };
    const region: Record<string, string> = {
      BA: 'E12000009',
      CF: 'W99999999',
      FK: 'S99999999',
      SW: 'E12000007',
      W6: 'E12000007',
      EH: 'S99999999',
    };
    const la: Record<string, string> = {
      BA: 'E06000022',
      CF: 'W06000015',
      FK: 'S12000030',
      SW: 'E09000013',
      W6: 'E09000013',
      EH: 'S12000036',
    };
    const districts = new Set<string>();
    for (const r of rows) {
      const [pcd7, pcd8, pcds] = r as [string, string, string];
      expect(pcds).toMatch(/^(BA[12]|CF1[0145]|CF24|FK[789]|SW6|W6|EH[56]) \d[ABDEFGHJLNPQRSTUWXYZ]{2}$/);
      const [outward, inward] = pcds.split(' ') as [string, string];
      districts.add(outward);
      expect(pcd7).toHaveLength(7);
      expect(pcd7).toBe(outward.padEnd(4, ' ') + inward);
      expect(pcd8).toHaveLength(8);
      expect(pcd8).toBe(`${outward.padEnd(4, ' ')} ${inward}`);
      const areaLetters = outward.slice(0, 2);
      const col = (name: string) => r[ONSPD_COLUMN[name]!];
      expect(col('ctry25cd')).toBe(country[areaLetters]);
      expect(col('rgn25cd')).toBe(region[areaLetters]);
      expect(col('lad25cd')).toBe(la[areaLetters]);
      const prefix = (country[areaLetters] ?? '').charAt(0);
      for (const name of ['oa21cd', 'wd25cd', 'lsoa21cd', 'msoa21cd'])
        expect(col(name)?.charAt(0)).toBe(prefix);
      if (areaLetters === 'FK' || areaLetters === 'EH') {
        expect(col('oa21cd')).toMatch(/^S00/);
        expect(col('lsoa21cd')).toMatch(/^S01/);
        expect(col('msoa21cd')).toMatch(/^S02/);
        expect(col('wd25cd')).toMatch(/^S13/);
      }
    }
    expect([...districts].sort()).toEqual([
      'BA1',
      'BA2',
      'CF10',
      'CF11',
      'CF14',
      'CF24',
      'EH5',
      'EH6',
      'FK7',
      'FK8',
      'FK9',
      'SW6',
      'W6',
    ]);
  });

  it('includes terminated postcodes and a postcode with no grid reference', () => {
    const terminated = rows.filter((r) => r[ONSPD_COLUMN.doterm!] !== '');
    expect(terminated.length).toBeGreaterThanOrEqual(3);
    for (const r of terminated) expect(r[ONSPD_COLUMN.doterm!]).toMatch(/^20[12]\d(0[1-9]|1[0-2])$/);
    const noGrid = rows.filter((r) => r[ONSPD_COLUMN.gridind!] === '9');
    expect(noGrid.length).toBeGreaterThanOrEqual(1);
    const at = (r: string[], name: string) => r[ONSPD_COLUMN[name]!];
    for (const r of noGrid)
      expect([at(r, 'east1m'), at(r, 'north1m'), at(r, 'lat'), at(r, 'long')]).toEqual([
        '',
        '',
        '99.999999',
        '0.000000',
      ]);
  });

  it('writes Documents name lookups with ONS-style headers', async () => {
    const docs = g.manifest.files.filter((f) => f.path.startsWith('onspd/Documents/'));
    expect(docs.map((d) => d.path.split('/').pop()).sort()).toEqual([
      'CTRY Country names and codes UK as at 05_25.csv',
      'CTY County names and codes UK as at 05_25.csv',
      'LAD Local Authority District names and codes UK as at 04_25.csv',
      'PCON Westminster Parliamentary Constituency names and codes UK as at 07_24.csv',
      'RGN Region names and codes EN as at 05_25.csv',
      'WD Ward names and codes UK as at 05_25.csv',
    ]);
    const lad = records(
      await g.text('onspd/Documents/LAD Local Authority District names and codes UK as at 04_25.csv'),
    );
    expect(lad).toContainEqual({ LAD25CD: 'W06000015', LAD25NM: 'Cardiff', LAD25NMW: 'Caerdydd' });
    expect(lad).toContainEqual({
      LAD25CD: 'E06000022',
      LAD25NM: 'Bath and North East Somerset',
      LAD25NMW: '',
    });
    const ctry = records(await g.text('onspd/Documents/CTRY Country names and codes UK as at 05_25.csv'));
    expect(ctry.map((r) => r.CTRY25CD)).toEqual(
      expect.arrayContaining(['E92000001', 'W92000004', 'S92000003']),
    );
  });
});

describe('EPC England & Wales', () => {
  it('has the 93 published certificate columns and 7 recommendation columns, LF line endings', async () => {
    for (const path of [PATHS.bathCerts, PATHS.cardiffCerts]) {
      const text = await g.text(path);
      expect(text.split('\n')[0]).toBe(EW_CERTIFICATES_HEADER);
      expect(text).not.toContain('\r');
    }
    expect(EW_CERTIFICATES_HEADER.split(',')).toHaveLength(93);
    for (const path of [PATHS.bathRecs, PATHS.cardiffRecs]) {
      expect((await g.text(path)).split('\n')[0]).toBe(EW_RECOMMENDATIONS_HEADER);
    }
    for (const r of ew) expect(Object.keys(r)).toHaveLength(93);
    // A handful of broken rows (about 1 in 1,000) for the loader to quarantine.
    const broken = [...bathBroken, ...cardiffBroken];
    expect(broken.length).toBeGreaterThan(0);
    expect(broken.length).toBeLessThan(ew.length / 200);
    expect(broken.some((l) => l.split(',').length === 92)).toBe(true);
    expect(broken.some((l) => l.includes('"'))).toBe(true);
  });

  it('has plausible, internally consistent ratings and values', () => {
    for (const r of ew) {
      const cur = Number(r.CURRENT_ENERGY_EFFICIENCY);
      const pot = Number(r.POTENTIAL_ENERGY_EFFICIENCY);
      expect(pot).toBeGreaterThanOrEqual(cur);
      const rating = r.CURRENT_ENERGY_RATING ?? '';
      if (rating !== 'INVALID!') {
        const [lo, hi] = BAND_RANGE[rating] ?? [NaN, NaN];
        expect(cur).toBeGreaterThanOrEqual(lo);
        expect(cur).toBeLessThanOrEqual(hi);
      }
      expect(r.POTENTIAL_ENERGY_RATING).toBe(band(pot));
      expect(Number(r.ENVIRONMENT_IMPACT_POTENTIAL)).toBeGreaterThanOrEqual(
        Number(r.ENVIRONMENT_IMPACT_CURRENT),
      );
      const tfa = Number(r.TOTAL_FLOOR_AREA);
      expect(tfa).toBeGreaterThan(r.PROPERTY_TYPE === 'Flat' ? 25 : 40);
      expect(tfa).toBeLessThan(r.PROPERTY_TYPE === 'Flat' ? 120 : 260);
      const heating = Number(r.HEATING_COST_CURRENT);
      expect(heating).toBeGreaterThan(10);
      expect(heating).toBeLessThan(8000);
      expect(r.LODGEMENT_DATETIME).toMatch(/^20(09|1\d|2[0-5])-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(r.INSPECTION_DATE).toMatch(/^(20|00)\d\d-\d\d-\d\d$/);
      expect(['2', '3']).toContain(r.REPORT_TYPE);
    }
    const keys = new Set(ew.map((r) => r.LMK_KEY));
    expect(keys.size).toBe(ew.length);
  }, 60_000);

  it('has several certificates for some UPRNs, none for about 15%, and some blank UPRNs', async () => {
    const perUprn = new Map<string, number>();
    for (const r of ew) if (r.UPRN) perUprn.set(r.UPRN, (perUprn.get(r.UPRN) ?? 0) + 1);
    expect(Math.max(...perUprn.values())).toBeGreaterThanOrEqual(4);
    const ewUprns = g.manifest.areas.filter((a) => a.country !== 'Scotland').reduce((s, a) => s + a.uprns, 0);
    const without = 1 - perUprn.size / ewUprns;
    expect(without).toBeGreaterThan(0.1);
    expect(without).toBeLessThan(0.25);
    // Certificates never matched to an address come in an older release without the UPRN columns.
    const older = g.manifest.files.filter(
      (f) => f.path.includes('/older-release/') && f.path.endsWith('certificates.csv'),
    );
    expect(older.length).toBeGreaterThan(0);
    const olderHeader = (await g.text(older[0]!.path)).split('\n')[0]!.split(',');
    expect(olderHeader).toContain('HEAT_LOSS_CORRIDOOR');
    expect(olderHeader).not.toContain('UPRN');
    const certs = ew.length / (ewUprns / 3000);
    expect(certs).toBeGreaterThan(5000);
    expect(certs).toBeLessThan(7500);
  });

  it('carries the messy raw values real files have', async () => {
    const all = ew.flatMap((r) => Object.values(r));
    const has = (v: string | RegExp): boolean =>
      all.some((x) => (typeof v === 'string' ? x === v : v.test(x)));
    for (const v of ['NO DATA!', 'NODATA!', 'INVALID!', 'N/A', 'not recorded', ''])
      expect(has(v), v).toBe(true);
    expect(has(/^England and Wales: (before 1900|1900-1929|1930-1949|1950-1966)$/)).toBe(true);
    expect(ew.some((r) => /^\d{4}$/.test(r.CONSTRUCTION_AGE_BAND ?? ''))).toBe(true);
    for (const v of [
      'double glazing installed before 2002',
      'double glazing installed during or after 2002',
      'single glazing',
    ]) {
      expect(has(v), v).toBe(true);
    }
    for (const v of ['owner-occupied', 'Owner-occupied', 'rental (social)', 'Rented (private)'])
      expect(has(v), v).toBe(true);
    expect(has(/ - this is for backwards compatibility only and should not be used$/)).toBe(true);
    expect(has(/W\/m\?K/)).toBe(true);
    expect(has(/W\/mÂ²K/)).toBe(true);
    expect(has(/ $/)).toBe(true);
    expect(has(/[^,],$/)).toBe(true);
    expect(has(/^\d+\.0$/)).toBe(true);
    expect(ew.some((r) => r.INSPECTION_DATE?.startsWith('00'))).toBe(true);
    expect(cardiff.some((r) => (r.WALLS_DESCRIPTION ?? '').includes('|'))).toBe(true);
    expect(bath.every((r) => !(r.WALLS_DESCRIPTION ?? '').includes('|'))).toBe(true);
    for (const v of ['Ground', 'ground floor', '1st', '01', '1.0', 'mid floor']) expect(has(v), v).toBe(true);
    const recs = records(await g.text(PATHS.bathRecs));
    const costs = new Set(recs.map((r) => r.INDICATIVE_COST));
    for (const v of ['£100 - £350', '£4,000 - £14,000', '']) expect(costs.has(v), v).toBe(true);
    expect([...costs].some((c) => /^£\d+$/.test(c ?? ''))).toBe(true);
    expect([...costs].some((c) => /^\d+$/.test(c ?? ''))).toBe(true);
    // Quoted values with commas round-trip.
    expect(recs.every((r) => Object.keys(r).length === 7)).toBe(true);
    const lmk = new Set(bath.map((r) => r.LMK_KEY));
    expect(recs.filter((r) => !lmk.has(r.LMK_KEY)).map((r) => r.LMK_KEY)).toEqual([]);
  });
});

describe('EPC Scotland', () => {
  let bytes: Buffer;
  let rows: string[][];
  beforeAll(async () => {
    bytes = await g.bytes(PATHS.scotland);
    rows = parseCsv(bytes.toString('utf8').slice(1));
  });

  it('is UTF-8 with a BOM, CRLF, and shows the documented Latin-1 artefacts when read as Latin-1', () => {
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const latin1 = bytes.toString('latin1');
    expect(latin1.startsWith('ï»¿OSG_REFERENCE_NUMBER,')).toBe(true);
    expect(latin1).toContain('Total floor area (mÂ²)');
    const utf8 = bytes.toString('utf8');
    expect(utf8).toContain('Total floor area (m²)');
    expect(utf8.split('\r\n').length).toBeGreaterThan(rows.length - 1);
  });

  it('has two header rows: machine names (the spec list) then friendly names', () => {
    const [machine, friendly] = rows as [string[], string[]];
    expect([...machine].sort()).toEqual([...SCOTLAND_SPEC_FIELDS, 'POST_TOWN'].sort());
    expect(machine).toHaveLength(105);
    expect(machine).toContain('WALL_DESCRIPTION');
    expect(machine).not.toContain('WALLS_DESCRIPTION');
    expect(friendly).toHaveLength(machine.length);
    expect(friendly[machine.indexOf('OSG_REFERENCE_NUMBER')]).toBe('OSG_UPRN');
    expect(friendly[machine.indexOf('BUILDING_REFERENCE_NUMBER')]).toBe('Property_UPRN');
    expect(friendly[machine.indexOf('INSPECTION_DATE')]).toBe('Date of Assessment');
    expect(friendly[machine.indexOf('LODGEMENT_DATE')]).toBe('Date of Certificate');
    expect(friendly[machine.indexOf('WALL_DESCRIPTION')]).toBe('WALL_DESCRIPTION');
    for (const r of rows) expect(r).toHaveLength(machine.length);
  });

  it('carries Scottish value formats', () => {
    const header = rows[0] as string[];
    const data = rows.slice(2).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
    const col = (name: string): string[] => data.map((r) => r[name] ?? '');
    expect(col('CONSTRUCTION_AGE_BAND')).toEqual(
      expect.arrayContaining(['before 1919', '1919-1929', '1950-1964']),
    );
    expect(col('TENURE')).toEqual(
      expect.arrayContaining(['rented (social)', 'rented (private)', 'owner-occupied']),
    );
    expect(col('WALL_DESCRIPTION').some((v) => v.includes(' | '))).toBe(true);
    expect(col('WALL_ENERGY_EFF').some((v) => / \| /.test(v))).toBe(true);
    expect(col('LODGEMENT_DATE').some((v) => /^\d\d\/\d\d\/20\d\d$/.test(v))).toBe(true);
    expect(col('LODGEMENT_DATE').some((v) => /^20\d\d-\d\d-\d\d$/.test(v))).toBe(true);
    expect(data.some((r) => Object.values(r).includes('NULL'))).toBe(true);
    expect(col('PHOTO_SUPPLY').some((v) => /^Array: .*; {2}\|$/.test(v))).toBe(true);
    const item =
      /^Description: [^;]+; Indicative Cost: [^;]*; Typical Saving: £\d+; Energy Rating after improvement: [A-G] \d+; Environmental Rating after improvement: [A-G] \d+; Green Deal Eligible: [YN]$/;
    const items = col('IMPROVEMENTS').flatMap((v) => (v ? v.split(' | ') : []));
    expect(items.length).toBeGreaterThan(100);
    for (const it of items) expect(it).toMatch(item);
    expect(col('DATA_ZONE').every((v) => /^S01\d{6}$/.test(v))).toBe(true);
    const perOsg = new Map<string, number>();
    for (const v of col('OSG_REFERENCE_NUMBER')) if (v) perOsg.set(v, (perOsg.get(v) ?? 0) + 1);
    expect(Math.max(...perOsg.values())).toBeGreaterThanOrEqual(2);
    for (const r of data) {
      const cur = Number(r.CURRENT_ENERGY_EFFICIENCY);
      expect(r.CURRENT_ENERGY_RATING).toBe(band(cur));
      expect(Number(r.POTENTIAL_ENERGY_EFFICIENCY)).toBeGreaterThanOrEqual(cur);
      expect(r.POSTCODE).toMatch(/^(FK[789]|EH[56]) \d[A-Z]{2}$/);
    }
  });
});

describe('manifest', () => {
  it('lists every file with rows and checksums, and sample UPRNs per country', async () => {
    for (const f of g.manifest.files) {
      const bytes = await g.bytes(f.path);
      expect(bytes.length, f.path).toBe(f.bytes);
      expect(createHash('sha256').update(bytes).digest('hex'), f.path).toBe(f.sha256);
    }
    // Every dataset the refresh reads by default has sample files.
    const datasets = new Set(g.manifest.files.map((f) => f.dataset));
    for (const d of ['os-open-uprn', 'onspd', 'epc-england-wales', 'epc-scotland'])
      expect(datasets).toContain(d);
    for (const country of ['England', 'Wales', 'Scotland']) {
      const s = g.manifest.samples.filter((x) => x.country === country);
      expect(s.some((x) => x.certificates >= 2)).toBe(true);
      expect(s.some((x) => x.certificates === 0)).toBe(true);
    }
  });
});

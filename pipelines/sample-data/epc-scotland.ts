// Scottish domestic EPCs as published by the Scottish Government (statistics.gov.scot "Domestic Energy
// Performance Certificates"), one quarterly extract: epc-scotland/D_EPC_data_2025Q3.csv.
//
// From reference/datasets/epc.md section 3 and interface-spec 2.10: TWO header rows (row 1 machine names,
// row 2 "friendly" names such as OSG_UPRN, Property_UPRN, Date of Assessment, Total floor area (m²)), the
// Scottish column set (WALL_* singular, HEAT_LOSS_CORRIDOOR, IMPROVEMENTS, DATA_ZONE, ...; the machine names
// listed in the spec, upper-cased, without the service-added `id`, plus POST_TOWN which epc.md lists), Scottish
// age bands ("before 1919", "1919-1929", ...), "rented (social)" tenure, " | "-joined multi-part elements,
// PHOTO_SUPPLY "Array: ...;  |" text, NULL literals, &amp; entities and trailing spaces. The column ORDER is not
// known (epc.md: "Exact column order: unknown"); ours follows the E&W order with Scottish extras at the end.
// Loaders must map by name and detect which header row is which (older extracts had them reversed).
//
// Bytes and encoding: the file is UTF-8 with a BOM (EF BB BF) and CRLF line endings; "m²" is C2 B2 and "£" is
// C2 A3. The artefacts epc.md quotes -- "ï»¿" before the first header cell and "Total floor area (mÂ²)" -- are
// exactly what these bytes look like when read as Windows-1252/ISO-8859-1, which is how the public loader that
// documented them reads the file (pandas encoding="ISO-8859-1", skiprows=1). So a loader reading UTF-8 sees
// clean names after stripping the BOM; one reading Latin-1 sees the mojibake. CRLF is our assumption (the
// extract is produced on Windows); the reference does not say.
//
// The IMPROVEMENTS item labels are not published; the spec names the parts (Description, Indicative Cost,
// Typical Saving, Energy Rating after improvement, Environmental Rating after improvement, Green Deal
// Eligible) and epc.md confirms "Description: ...;" and "Indicative Cost: ..." with items split by " | ". We
// write: "Description: <text>; Indicative Cost: £a - £b; Typical Saving: £n; Energy Rating after improvement:
// C 72; Environmental Rating after improvement: C 70; Green Deal Eligible: Y".
import { join } from 'node:path';
import { isDocumentedUprn, type AddressBook } from './addresses';
import { dataZone2011 } from './census-2011';
import {
  certificatesFor,
  isoDate,
  pad2,
  SCOTLAND_POLICY,
  type CalendarDate,
  type CertificateFacts,
} from './certificates';
import { BufferedFileWriter, csvRow } from './csv-writer';
import type { Dwelling } from './dwellings';
import { addressLines, buildingReference, type EpcWriteResult } from './epc-england-wales';
import {
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
import { hashSeed, Rng } from './rng';
import { band } from './sap';

export const SCOTLAND_FILE = 'D_EPC_data_2025Q3.csv';

/** [machine name (row 1), friendly name (row 2)]. Friendly names from epc.md; others keep the machine name. */
export const SCOTLAND_COLUMNS: readonly (readonly [string, string])[] = [
  ['OSG_REFERENCE_NUMBER', 'OSG_UPRN'],
  ['BUILDING_REFERENCE_NUMBER', 'Property_UPRN'],
  ['ADDRESS1', 'ADDRESS1'],
  ['ADDRESS2', 'ADDRESS2'],
  ['ADDRESS3', 'ADDRESS3'],
  ['POST_TOWN', 'POST_TOWN'],
  ['POSTCODE', 'Postcode'],
  ['CURRENT_ENERGY_RATING', 'Current energy efficiency rating band'],
  ['POTENTIAL_ENERGY_RATING', 'Potential energy efficiency rating band'],
  ['CURRENT_ENERGY_EFFICIENCY', 'Current energy efficiency rating'],
  ['POTENTIAL_ENERGY_EFFICIENCY', 'Potential Energy Efficiency Rating'],
  ['PROPERTY_TYPE', 'Property Type'],
  ['BUILT_FORM', 'Built Form'],
  ['INSPECTION_DATE', 'Date of Assessment'],
  ['LOCAL_AUTHORITY_LABEL', 'Local Authority'],
  ['CONSTITUENCY', 'Ward Code'],
  ['CONSTITUENCY_LABEL', 'Ward Name'],
  ['LODGEMENT_DATE', 'Date of Certificate'],
  ['TRANSACTION_TYPE', 'Transaction Type'],
  ['TYPE_OF_ASSESSMENT', 'TYPE_OF_ASSESSMENT'],
  ['ENVIRONMENT_IMPACT_CURRENT', 'Current Environmental Impact Rating'],
  ['ENVIRONMENT_IMPACT_POTENTIAL', 'Potential Environmental Impact Rating'],
  ['ENERGY_CONSUMPTION_CURRENT', 'Primary Energy Indicator (kWh/m²/year)'],
  ['ENERGY_CONSUMPTION_POTENTIAL', 'Energy Consumption Potential'],
  ['CO2_EMISSIONS_CURRENT', 'Current Emissions (T.CO2/yr)'],
  ['CO2_EMISS_CURR_PER_FLOOR_AREA', 'CO2 Emissions Current Per Floor Area (kg.CO2/m²/yr)'],
  ['CO2_EMISSIONS_POTENTIAL', 'Potential Reduction in Emissions (T.CO2/yr)'],
  ['3_YR_ENERGY_COST_CURRENT', '3_YR_ENERGY_COST_CURRENT'],
  ['3_YR_ENERGY_SAVINGS_POTENTIAL', '3_YR_ENERGY_SAVINGS_POTENTIAL'],
  ['CURRENT_ENVIRONMENTAL_RATING', 'CURRENT_ENVIRONMENTAL_RATING'],
  ['POTENTIAL_ENVIRONMENTAL_RATING', 'POTENTIAL_ENVIRONMENTAL_RATING'],
  ['LIGHTING_COST_CURRENT', 'LIGHTING_COST_CURRENT'],
  ['LIGHTING_COST_POTENTIAL', 'LIGHTING_COST_POTENTIAL'],
  ['HEATING_COST_CURRENT', 'HEATING_COST_CURRENT'],
  ['HEATING_COST_POTENTIAL', 'HEATING_COST_POTENTIAL'],
  ['HOT_WATER_COST_CURRENT', 'HOT_WATER_COST_CURRENT'],
  ['HOT_WATER_COST_POTENTIAL', 'HOT_WATER_COST_POTENTIAL'],
  ['TOTAL_FLOOR_AREA', 'Total floor area (m²)'],
  ['ENERGY_TARIFF', 'Meter Type'],
  ['MAINS_GAS_FLAG', 'Main Gas'],
  ['FLOOR_LEVEL', 'Flat Level'],
  ['FLAT_TOP_STOREY', 'Flat Location'],
  ['MAIN_HEATING_CONTROLS', 'Main Heating 1 Control'],
  ['MULTI_GLAZE_PROPORTION', 'Multiple Glazed Proportion'],
  ['GLAZED_TYPE', 'Multiple Glazing Type'],
  ['GLAZED_AREA', 'Glazed Area'],
  ['EXTENSION_COUNT', 'Extensions Count'],
  ['NUMBER_HABITABLE_ROOMS', 'Habitable Room Count'],
  ['NUMBER_HEATED_ROOMS', 'Heated Room Count'],
  ['LOW_ENERGY_LIGHTING', 'Low Energy Lighting %'],
  ['FIXED_LIGHTING_OUTLETS_COUNT', 'Fixed Lighting Outlets Count'],
  ['LOW_ENERGY_FIXED_LIGHT_COUNT', 'Low Energy Lighting Outlets Count'],
  ['NUMBER_OPEN_FIREPLACES', 'Open Fireplaces Count'],
  ['HOTWATER_DESCRIPTION', 'HOTWATER_DESCRIPTION'],
  ['HOT_WATER_ENERGY_EFF', 'HOT_WATER_ENERGY_EFF'],
  ['HOT_WATER_ENV_EFF', 'HOT_WATER_ENV_EFF'],
  ['FLOOR_DESCRIPTION', 'FLOOR_DESCRIPTION'],
  ['FLOOR_ENERGY_EFF', 'FLOOR_ENERGY_EFF'],
  ['FLOOR_ENV_EFF', 'FLOOR_ENV_EFF'],
  ['WINDOWS_DESCRIPTION', 'WINDOWS_DESCRIPTION'],
  ['WINDOWS_ENERGY_EFF', 'WINDOWS_ENERGY_EFF'],
  ['WINDOWS_ENV_EFF', 'WINDOWS_ENV_EFF'],
  ['WALL_DESCRIPTION', 'WALL_DESCRIPTION'],
  ['WALL_ENERGY_EFF', 'WALL_ENERGY_EFF'],
  ['WALL_ENV_EFF', 'WALL_ENV_EFF'],
  ['SECONDHEAT_DESCRIPTION', 'SECONDHEAT_DESCRIPTION'],
  ['SHEATING_ENERGY_EFF', 'SHEATING_ENERGY_EFF'],
  ['SHEATING_ENV_EFF', 'SHEATING_ENV_EFF'],
  ['ROOF_DESCRIPTION', 'ROOF_DESCRIPTION'],
  ['ROOF_ENERGY_EFF', 'ROOF_ENERGY_EFF'],
  ['ROOF_ENV_EFF', 'ROOF_ENV_EFF'],
  ['MAINHEAT_DESCRIPTION', 'MAINHEAT_DESCRIPTION'],
  ['MAINHEAT_ENERGY_EFF', 'MAINHEAT_ENERGY_EFF'],
  ['MAINHEAT_ENV_EFF', 'MAINHEAT_ENV_EFF'],
  ['MAINHEATCONT_DESCRIPTION', 'MAINHEATCONT_DESCRIPTION'],
  ['MAINHEATC_ENERGY_EFF', 'MAINHEATC_ENERGY_EFF'],
  ['MAINHEATC_ENV_EFF', 'MAINHEATC_ENV_EFF'],
  ['LIGHTING_DESCRIPTION', 'LIGHTING_DESCRIPTION'],
  ['LIGHTING_ENERGY_EFF', 'LIGHTING_ENERGY_EFF'],
  ['LIGHTING_ENV_EFF', 'LIGHTING_ENV_EFF'],
  ['AIR_TIGHTNESS_DESCRIPTION', 'AIR_TIGHTNESS_DESCRIPTION'],
  ['AIR_TIGHTNESS_ENERGY_EFF', 'AIR_TIGHTNESS_ENERGY_EFF'],
  ['AIR_TIGHTNESS_ENV_EFF', 'AIR_TIGHTNESS_ENV_EFF'],
  ['MAIN_FUEL', 'Main Heating 1 Fuel Type'],
  ['MAIN_HEATING_CATEGORY', 'Main Heating 1 Category'],
  ['WIND_TURBINE_COUNT', 'Wind Turbines Count'],
  ['HEAT_LOSS_CORRIDOOR', 'Heat Loss Corridor'],
  ['UNHEATED_CORRIDOR_LENGTH', 'Unheated Corridor Length'],
  ['FLOOR_HEIGHT', 'Part 1 Floor 0 Room Height'],
  ['PHOTO_SUPPLY', 'Photovoltaic Supply'],
  ['SOLAR_WATER_HEATING_FLAG', 'Solar Water Heating'],
  ['MECHANICAL_VENTILATION', 'Mechanical Ventilation'],
  ['CONSTRUCTION_AGE_BAND', 'Part 1 Construction Age Band'],
  ['TENURE', 'Tenure'],
  ['LZC_ENERGY_SOURCES', 'LZC_ENERGY_SOURCES'],
  ['SPACE_HEATING_DEMAND', 'SPACE_HEATING_DEMAND'],
  ['WATER_HEATING_DEMAND', 'WATER_HEATING_DEMAND'],
  ['IMPACT_LOFT_INSULATION', 'IMPACT_LOFT_INSULATION'],
  ['IMPACT_CAVITY_WALL_INSULATION', 'IMPACT_CAVITY_WALL_INSULATION'],
  ['IMPACT_SOLID_WALL_INSULATION', 'IMPACT_SOLID_WALL_INSULATION'],
  ['IMPROVEMENTS', 'IMPROVEMENTS'],
  ['ALTERNATIVE_IMPROVEMENTS', 'ALTERNATIVE_IMPROVEMENTS'],
  ['ADDENDUM_TEXT', 'ADDENDUM_TEXT'],
  ['DATA_ZONE', 'Data Zone'],
  ['DATA_ZONE_2011', 'DATA_ZONE_2011'],
];

const AGE_BANDS_SCOTLAND: readonly (readonly [number, string])[] = [
  [1918, 'before 1919'],
  [1929, '1919-1929'],
  [1949, '1930-1949'],
  [1964, '1950-1964'],
  [1975, '1965-1975'],
  [1983, '1976-1983'],
  [1991, '1984-1991'],
  [1998, '1992-1998'],
  [2002, '1999-2002'],
  [2007, '2003-2007'],
  [9999, '2008 onwards'],
];

function ageBand(d: Dwelling, c: CertificateFacts, rng: Rng): string {
  const r = rng.next();
  if (r < 0.02) return 'NULL';
  if (r < 0.035) return 'NO DATA!';
  if (r < 0.04) return 'INVALID!';
  const label = AGE_BANDS_SCOTLAND.find(([last]) => d.buildYear <= last)?.[1] ?? '2008 onwards';
  // Newer extracts split the last band.
  if (label === '2008 onwards' && c.lodged.y >= 2015)
    return d.buildYear >= 2012 ? '2012 onwards' : '2008-2011';
  return label;
}

const ddmmyyyy = (c: CalendarDate): string => `${pad2(c.d)}/${pad2(c.m)}/${c.y}`;

/** Join a main element and its extensions' elements with " | ", as Scottish cells do. */
function parts(main: Element, extras: readonly Element[]): { text: string; energy: string; env: string } {
  const all = [main, ...extras];
  const label = (n: number): string => (n === 0 ? 'N/A' : eff(n));
  return {
    text: all.map((e) => e.text).join(' | '),
    energy: all.map((e) => label(e.energy)).join(' | '),
    env: all.map((e) => label(e.env)).join(' | '),
  };
}

const HEATING_CATEGORY: Record<CertificateFacts['state']['heating'], string> = {
  gasBoiler: 'boiler with radiators or underfloor heating',
  oilBoiler: 'boiler with radiators or underfloor heating',
  storage: 'electric storage heaters',
  roomHeaters: 'room heaters',
  heatPump: 'heat pump with radiators or underfloor heating',
  community: 'community heating without CHP',
};

const GREEN_DEAL = new Set([
  'loft',
  'cavity',
  'solidWall',
  'floor',
  'boiler',
  'glazing',
  'gasSwitch',
  'pv',
  'solarWater',
  'storageHeaters',
]);

const ALTERNATIVES = [
  ['Biomass boiler (Exempted Appliance if in Smoke Control Area)', '£7,000 - £13,000'],
  ['Air or ground source heat pump', '£4,000 - £6,000'],
  ['Micro CHP', '£5,000 - £7,000'],
  ['Wind turbine', '£15,000 - £25,000'],
] as const;

const ADDENDA = [
  'Cavity fill is recommended although there may be difficulty in finding a contractor to insulate this type of wall construction &amp; additional costs may apply.',
  'The dwelling has stone walls. Solid wall insulation should be carried out by an experienced installer.',
  'Dwelling may be exposed to wind-driven rain &amp; cavity wall insulation may not be suitable.',
];

function photoSupply(pv: number, rng: Rng): string {
  if (pv > 0) {
    return rng.chance(0.5)
      ? `Array: Roof Area: ${pv}%; Connection: connected to dwelling's electricity meter;  |`
      : `Array: Peak Power: ${(pv / 15).toFixed(1)}; Orientation: South; Pitch: 30 degrees; Overshading: None or very little;  |`;
  }
  return rng.weighted([
    ['', 55],
    ['NULL', 20],
    ['Array: Supply: 0;  |', 20],
    ['Array: Roof Area: %;  |', 5],
  ] as const);
}

function trailing(text: string, rng: Rng): string {
  return rng.chance(0.02) ? `${text} ` : text;
}

/** The national quarterly extract, open for every Scottish area's rows (its two header rows written). */
export async function openScotlandExtract(outDir: string): Promise<BufferedFileWriter> {
  const out = await BufferedFileWriter.open(join(outDir, 'epc-scotland', SCOTLAND_FILE), '\r\n');
  out.raw('\uFEFF');
  out.line(SCOTLAND_COLUMNS.map(([m]) => m).join(','));
  out.line(csvRow(SCOTLAND_COLUMNS.map(([, f]) => f)));
  return out;
}

export const SCOTLAND_EXTRACT_FORMAT = 'csv (Scottish EPC extract, two header rows, UTF-8 with BOM, CRLF)';

/**
 * Write a Scottish sample area's certificates into the quarterly extract: into `extract` when given (one
 * national file for every Scottish area; the caller closes it), else into a file of its own (closed here).
 */
export async function writeEpcScotland(
  book: AddressBook,
  areaIndex: number,
  outDir: string,
  seed: number,
  extract?: BufferedFileWriter,
): Promise<EpcWriteResult> {
  const area = book.area;
  const out = extract ?? (await openScotlandExtract(outDir));
  const result: EpcWriteResult = { files: [], certificates: 0, recommendations: 0, corrupted: 0 };

  for (let i = 0; i < book.size; i++) {
    const { certs } = certificatesFor(book, i, seed, SCOTLAND_POLICY);
    const unit = book.postcodeOf(i);
    const uprn = String(book.uprn[i]);
    if (certs.length === 0) {
      if (!result.withoutEpc) result.withoutEpc = { uprn, postcode: unit.pcds, certificates: 0 };
      continue;
    }
    const rng = new Rng(hashSeed(seed, 'epc-scotland', area.id, i));
    const brn = buildingReference(book, areaIndex, i);
    const ward = area.wards[unit.ward];
    // The real service's documented test UPRNs are always matched (same draw either way).
    const unmatched = rng.chance(0.01) && !isDocumentedUprn(book, i);
    const dz2011 = dataZone2011(unit.lsoa);
    for (const c of certs) {
      const d = c.dwelling;
      const s = c.state;
      const cur = c.current;
      const pot = c.potential;
      const sapPot = Math.max(cur.sap, pot.sap);
      const eiPot = Math.max(cur.ei, pot.ei);
      const isFlat = d.propertyType === 'Flat' || d.propertyType === 'Maisonette';
      const lines = addressLines(book, i, rng);
      const dateStyle = rng.chance(0.4) ? ddmmyyyy : isoDate;
      const extensionWalls: Element[] = [];
      const extensionRoofs: Element[] = [];
      const extensionFloors: Element[] = [];
      for (let e = 0; e < d.extensions; e++) {
        const ext: Dwelling = { ...d, wall: 'cavity', buildYear: Math.max(d.buildYear, 1985) };
        extensionWalls.push(wallElement(ext, { ...s, wallInsulation: 2 }, rng));
        extensionRoofs.push(
          rng.chance(0.5)
            ? { text: 'Flat, limited insulation (assumed)', energy: 2, env: 2 }
            : roofElement(ext, s, rng),
        );
        extensionFloors.push({ text: 'Solid, insulated (assumed)', energy: 0, env: 0 });
      }
      const walls = parts(wallElement(d, s, rng), extensionWalls);
      const roof = parts(roofElement(d, s, rng), extensionRoofs);
      const floor = parts(floorElement(d, s, rng, c.newDwelling), extensionFloors);
      const windows = windowsElement(d, s);
      const heat = mainHeatElement(d, s, rng);
      const controls = controlsElement(s);
      const water = hotWaterElement(s);
      const light = lightingElement(d, s);
      const nullable = (v: string, p = 0.02): string => (rng.chance(p) ? 'NULL' : v);
      const runningCur = cur.heatingCost + cur.hotWaterCost + cur.lightingCost;
      const runningPot = Math.min(runningCur, pot.heatingCost + pot.hotWaterCost + pot.lightingCost);

      const improvements = c.steps
        .map((step) => {
          const m = step.measure;
          const eiAfter = Math.max(cur.ei, step.after.ei);
          return `Description: ${m.summary}; Indicative Cost: ${m.cost(c.lodged.y)}; Typical Saving: £${step.saving}; Energy Rating after improvement: ${band(step.after.sap)} ${step.after.sap}; Environmental Rating after improvement: ${band(eiAfter)} ${eiAfter}; Green Deal Eligible: ${GREEN_DEAL.has(m.key) ? 'Y' : 'N'}`;
        })
        .join(' | ');
      const alternatives = rng.chance(0.15)
        ? ALTERNATIVES.slice(0, rng.int(1, 2))
            .map(([text, cost]) => {
              const after = Math.min(100, sapPot + rng.int(1, 4));
              const eiAfter = Math.min(100, eiPot + rng.int(1, 6));
              return `Description: ${text}; Indicative Cost: ${cost}; Typical Saving: £${rng.int(40, 400)}; Energy Rating after improvement: ${band(after)} ${after}; Environmental Rating after improvement: ${band(eiAfter)} ${eiAfter}; Green Deal Eligible: N`;
            })
            .join(' | ')
        : rng.chance(0.3)
          ? 'NULL'
          : '';
      const impact = (key: string): string => {
        let prev = cur.spaceDemand;
        for (const step of c.steps) {
          if (step.measure.key === key) return String(-(prev - step.after.spaceDemand));
          prev = step.after.spaceDemand;
        }
        return rng.chance(0.3) ? 'NULL' : '';
      };
      const lzc = [
        s.pvPercent > 0 ? 'Solar photovoltaics' : '',
        s.heating === 'heatPump' ? 'Air source heat pump' : '',
        s.solarWater ? 'Solar water heating' : '',
        s.secondary === 'wood' ? 'Biomass secondary heating' : '',
      ].filter((x) => x);
      const flatLevelText = !isFlat
        ? rng.pick(['NULL', ''])
        : d.flatLevel < 0
          ? 'Basement'
          : d.flatLevel === 0
            ? 'ground floor'
            : d.topStorey
              ? rng.pick(['top floor', String(d.flatLevel)])
              : rng.pick([
                  'mid floor',
                  String(d.flatLevel),
                  `${d.flatLevel}${d.flatLevel === 1 ? 'st' : d.flatLevel === 2 ? 'nd' : d.flatLevel === 3 ? 'rd' : 'th'}`,
                ]);
      const controlsText =
        controls.text.includes(' and ') && rng.chance(0.05)
          ? controls.text.replace(' and ', ' &amp; ')
          : controls.text;

      const row = [
        unmatched ? '' : uprn,
        brn,
        trailing(lines.address1, rng),
        lines.address2,
        lines.address3,
        rng.chance(0.3) ? area.name : area.postTown,
        unit.pcds,
        band(cur.sap),
        band(sapPot),
        String(cur.sap),
        String(sapPot),
        d.propertyType,
        d.builtForm,
        dateStyle(c.inspected),
        area.localAuthority.name,
        ward?.code ?? '',
        ward?.name ?? '',
        dateStyle(c.lodged),
        c.transaction,
        c.newDwelling ? 'SAP' : 'RdSAP',
        String(cur.ei),
        String(eiPot),
        String(cur.primaryPerM2),
        String(Math.min(cur.primaryPerM2, pot.primaryPerM2)),
        cur.co2Tonnes.toFixed(1),
        String(cur.co2PerM2),
        Math.min(cur.co2Tonnes, pot.co2Tonnes).toFixed(1),
        String(runningCur * 3),
        String((runningCur - runningPot) * 3),
        band(cur.ei),
        band(eiPot),
        String(cur.lightingCost),
        String(Math.min(cur.lightingCost, pot.lightingCost)),
        String(cur.heatingCost),
        String(Math.min(cur.heatingCost, pot.heatingCost)),
        String(cur.hotWaterCost),
        String(Math.min(cur.hotWaterCost, pot.hotWaterCost)),
        rng.chance(0.5) ? String(Math.round(d.floorArea)) : d.floorArea.toFixed(2),
        nullable(energyTariff(s, rng)),
        nullable(d.gasAvailable ? 'Y' : 'N'),
        flatLevelText,
        isFlat ? (d.topStorey ? 'Y' : 'N') : 'NULL',
        controls.code,
        String(s.glazing === 'single' ? s.glazedProportion : 100),
        glazedType(d, s, rng),
        rng.weighted([
          ['Normal', 80],
          ['3', 8],
          ['2', 3],
          ['4', 3],
          ['Not Defined', 3],
          ['NULL', 3],
        ] as const),
        String(d.extensions),
        String(d.rooms),
        String(Math.max(1, d.rooms - (rng.chance(0.1) ? 1 : 0))),
        String(light.percent),
        String(d.fixedOutlets),
        String(s.lowEnergyOutlets),
        String(d.fireplaces),
        trailing(water.text, rng),
        eff(water.energy),
        eff(water.env),
        trailing(floor.text, rng),
        floor.energy,
        floor.env,
        windows.text,
        eff(windows.energy),
        eff(windows.env),
        trailing(walls.text, rng),
        walls.energy,
        walls.env,
        secondHeatText(s, rng),
        'N/A',
        'N/A',
        roof.text,
        roof.energy,
        roof.env,
        trailing(heat.text, rng),
        eff(heat.energy),
        eff(heat.env),
        controlsText,
        eff(controls.energy),
        eff(controls.env),
        light.text,
        eff(light.energy),
        eff(light.env),
        c.newDwelling
          ? `Air permeability ${(rng.real(3, 7) + 0.0).toFixed(1)} m³/h.m² (as tested)`
          : nullable('', 0.4),
        c.newDwelling ? 'Good' : nullable('', 0.4),
        c.newDwelling ? 'Good' : nullable('', 0.4),
        mainFuelText(s, c.when, rng),
        HEATING_CATEGORY[s.heating],
        rng.chance(0.3) ? 'NULL' : '0',
        isFlat && d.heatLossCorridor ? d.heatLossCorridor : 'NULL',
        isFlat && d.heatLossCorridor === 'unheated corridor' ? d.corridorLength.toFixed(1) : 'NULL',
        d.roomHeight.toFixed(2),
        photoSupply(s.pvPercent, rng),
        nullable(s.solarWater ? 'Y' : 'N', 0.1),
        d.mechanicalVentilation ? 'mechanical, extract only' : nullable('natural', 0.1),
        ageBand(d, c, rng),
        rng.chance(0.02)
          ? rng.pick(['NULL', 'unknown'])
          : s.tenure === 'owner'
            ? 'owner-occupied'
            : s.tenure === 'social'
              ? 'rented (social)'
              : 'rented (private)',
        lzc.length ? lzc.join(' | ') : nullable('', 0.3),
        String(cur.spaceDemand),
        String(cur.waterDemand),
        impact('loft'),
        impact('cavity'),
        impact('solidWall'),
        improvements,
        alternatives,
        rng.weighted([
          ['', 85],
          ['NULL', 5],
          [rng.pick(ADDENDA), 10],
        ] as const),
        unit.lsoa,
        dz2011,
      ];
      const p = out.row(csvRow(row));
      if (p) await p;
      result.certificates++;
      result.recommendations += c.steps.length;
    }
    if (!result.withEpc && certs.length >= 2 && !unmatched && !unit.noGrid) {
      result.withEpc = { uprn, postcode: unit.pcds, certificates: certs.length };
    }
  }
  if (!extract)
    result.files.push({ dataset: 'epc-scotland', format: SCOTLAND_EXTRACT_FORMAT, file: await out.close() });
  return result;
}

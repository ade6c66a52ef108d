// POST /energy-model (spec 2.2, 2.3, 4.1): request and response. The request schemas validate and document
// the body as clients send it (both occupant names, primary_fuel at either level, and the vendor's sample form
// with everything inside `parameters`); normaliseEnergyModelRequest turns a parsed body into one shape. Energy in kWh, CO2 in kg CO2e, money in pounds (GBP),
// monthly arrays January first. Every level of the body is strict: an unknown key is a 400 naming it, since a
// misspelt or misplaced field (`primary_fuell`, a top-level `total_floor_area`) would otherwise be dropped
// silently and the answer be for another dwelling (the spec lists the fields and allows no others).
import { z } from 'zod';
import { PAYMENT_METHODS, type PaymentMethod } from '../energy-prices';

export const BUILDING_TYPES = [
  'Detached',
  'Semi-detached',
  'Flat',
  'Terraced',
  'Tenement',
  '4-in-block',
  'Tower/Slab',
  'Conversion',
] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];

/** The SAP age bands A–L, then the split of L the spec also lists. */
export const AGE_BANDS = [
  'before 1900',
  '1900-1929',
  '1930-1949',
  '1950-1966',
  '1967-1975',
  '1976-1982',
  '1983-1990',
  '1991-1995',
  '1996-2002',
  '2003-2006',
  '2007-2011',
  '2012 onwards',
  '2012-2021',
  '2022 onwards',
] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** The construction years each band covers, first and last (SAP Table S1, England & Wales). */
export const AGE_BAND_YEARS: Readonly<Record<AgeBand, readonly [first: number, last: number]>> = {
  'before 1900': [-Infinity, 1899],
  '1900-1929': [1900, 1929],
  '1930-1949': [1930, 1949],
  '1950-1966': [1950, 1966],
  '1967-1975': [1967, 1975],
  '1976-1982': [1976, 1982],
  '1983-1990': [1983, 1990],
  '1991-1995': [1991, 1995],
  '1996-2002': [1996, 2002],
  '2003-2006': [2003, 2006],
  '2007-2011': [2007, 2011],
  '2012 onwards': [2012, Infinity],
  '2012-2021': [2012, 2021],
  '2022 onwards': [2022, Infinity],
};

/** The bands that contain a year: one, or two after 2011 ("2012 onwards" overlaps the later split). */
export function bandsContaining(year: number): AgeBand[] {
  return AGE_BANDS.filter((band) => year >= AGE_BAND_YEARS[band][0] && year <= AGE_BAND_YEARS[band][1]);
}

export const FUELS = [
  'Anthracite',
  'B30K',
  'Biodiesel',
  'Bioethanol',
  'Biogas',
  'Bottled Gas',
  'Dual Fuel Anthracite Wood',
  'Electricity',
  'House Coal',
  'Lpg',
  'Lpg Special',
  'Mains Gas',
  'Mineral Oil',
  'Oil',
  'Rapeseed Oil',
  'Smokeless Fuel',
  'Wood Chips',
  'Wood Logs',
  'Wood Pellets Bulk',
  'Wood Pellets In Bags',
] as const;
export type Fuel = (typeof FUELS)[number];

export const REGION_NAMES = [
  'Borders',
  'East Anglia',
  'East Pennines',
  'East Scotland',
  'Highlands',
  'Midlands',
  'N Ireland',
  'NE England',
  'NE Scotland',
  'NW England',
  'Orkney',
  'SE England',
  'Severn',
  'Shetland',
  'South England',
  'SW England',
  'SW Scotland',
  'Thames',
  'Wales',
  'West Pennines',
  'West Scotland',
  'Western Isles',
] as const;
export type RegionName = (typeof REGION_NAMES)[number];

/** A full UK postcode ("SW1A 1AA", space optional) or an outward code alone ("SW1A"); any case. */
export const POSTCODE_PATTERN = /^([A-Za-z]{1,2})([0-9][0-9A-Za-z]?)(\s*[0-9][A-Za-z]{2})?$/;

/**
 * The UK postcode areas the energy model knows (SAP's postcode table, and the Crown dependencies, which take
 * the UK average): a postcode of another area is refused (a test keeps this equal to the table).
 */
// prettier-ignore
export const POSTCODE_AREAS = [
  'B', 'E', 'G', 'L', 'M', 'N', 'S', 'W', 'AB', 'AL', 'BA', 'BB', 'BD', 'BH', 'BL', 'BN', 'BR', 'BS', 'BT',
  'CA', 'CB', 'CF', 'CH', 'CM', 'CO', 'CR', 'CT', 'CV', 'CW', 'DA', 'DD', 'DE', 'DG', 'DH', 'DL', 'DN', 'DT',
  'DY', 'EC', 'EH', 'EN', 'EX', 'FK', 'FY', 'GL', 'GU', 'GY', 'HA', 'HD', 'HG', 'HP', 'HR', 'HS', 'HU', 'HX',
  'IG', 'IM', 'IP', 'IV', 'JE', 'KA', 'KT', 'KW', 'KY', 'LA', 'LD', 'LE', 'LL', 'LN', 'LS', 'LU', 'ME', 'MK',
  'ML', 'NE', 'NG', 'NN', 'NP', 'NR', 'NW', 'OL', 'OX', 'PA', 'PE', 'PH', 'PL', 'PO', 'PR', 'RG', 'RH', 'RM',
  'SA', 'SE', 'SG', 'SK', 'SL', 'SM', 'SN', 'SO', 'SP', 'SR', 'SS', 'ST', 'SW', 'SY', 'TA', 'TD', 'TF', 'TN',
  'TQ', 'TR', 'TS', 'TW', 'UB', 'WA', 'WC', 'WD', 'WF', 'WN', 'WR', 'WS', 'WV', 'YO', 'ZE',
] as const;

/**
 * What `location` takes as a postcode: POSTCODE_PATTERN with its area one of POSTCODE_AREAS (in any case) and
 * the spaces around it that the body may carry (they are ignored). JSON Schema patterns have no flags, so the
 * case is spelt out.
 */
const POSTCODE_IN_BODY = new RegExp(
  `^\\s*(${POSTCODE_AREAS.map((a) => a.replace(/[A-Z]/g, (c) => `[${c}${c.toLowerCase()}]`)).join('|')})` +
    `${POSTCODE_PATTERN.source.slice(1, -1).replace(/^\([^)]*\)/, '')}\\s*$`,
);

const notALocation = (issue: { input?: unknown }): string =>
  issue.input === undefined
    ? 'is required'
    : `must be a UK postcode or one of: ${REGION_NAMES.map((r) => `"${r}"`).join(', ')}`;

/** An enumeration whose error lists every allowed value. */
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined ? 'is required' : `must be one of: ${values.map((v) => `"${v}"`).join(', ')}`,
  });

/**
 * Which prices cost the answer: the price cap (the energy prices dataset: Ofgem's unit rates and standing
 * charges for the cap period in force, the location's region and the payment method) or SAP 10.2's Table 12
 * reference prices (2012 money; for comparisons with SAP-style figures).
 */
export const ENERGY_PRICE_BASES = ['Price Cap', 'SAP 10.2'] as const;
export type EnergyPriceBasis = (typeof ENERGY_PRICE_BASES)[number];

const proportion = (what: string) => z.number().min(0).max(1).describe(`${what}, 0..1`);
/** Below 1 % the fuel needed overflows (5e-324 gave Infinity, sent as null); no real system is that poor. */
const MIN_EFFICIENCY = 0.01;
const efficiency = (what: string) =>
  z
    .number()
    .min(MIN_EFFICIENCY, `must be at least ${MIN_EFFICIENCY}`)
    .max(1)
    .describe(`${what}, ${MIN_EFFICIENCY} to 1`);
const level = (max: number, meaning: string) =>
  z.number().int().min(1).max(max).describe(`1..${max}; higher means ${meaning}`);

/** An object that answers an unknown key with the names it does know (a typo is then easy to spot). */
const strictObject = <S extends z.ZodRawShape>(what: string, shape: S) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `is not a field of ${what}; its fields are: ${Object.keys(shape).join(', ')}`
        : undefined,
  });

export const BuildingCharacteristicsSchema = strictObject('building_characteristics', {
  exposure_value: level(5, 'fewer surroundings blocking wind, so more exposed'),
  insulation_value: level(5, 'better insulation'),
  air_leakage_value: level(5, 'worse air tightness, more air and heat loss'),
  capacity_value: level(2, 'more internal volume, larger thermal mass'),
  solar_ingress_value: level(3, 'more sunlight entering through windows'),
  occupancy_value: level(5, 'property in use (heated) for more of the time'),
  living_area_value: level(5, 'more of the property is heated to living-room temperature'),
});
export type BuildingCharacteristics = z.infer<typeof BuildingCharacteristicsSchema>;

const occupants = z.number().int().min(1).max(50);
const thisYear = new Date().getUTCFullYear();

/** The body's top-level fields (spec 2.2); flat inside `parameters` in the vendor's wrapped form. */
const TOP_FIELDS = {
  // A union rather than a refinement, so the OpenAPI document carries the enum and the pattern.
  location: z
    .union(
      [
        z.enum(REGION_NAMES, { error: notALocation }),
        z.string().regex(POSTCODE_IN_BODY, { error: notALocation }),
      ],
      {
        error: notALocation,
      },
    )
    .describe(
      'A UK postcode (full, or its outward code alone; any case, spaces around ignored) of a UK postcode ' +
        'area, or one of the 22 SAP climate region names',
    ),
  building_type: oneOf(BUILDING_TYPES),
  construction_year: z
    .number()
    .int()
    .min(1500)
    .max(thisYear + 5)
    .optional()
    .describe(
      'Year built; mapped to its age band. At least one of construction_year and building_age_band; ' +
        'when both are sent the band must contain the year',
    ),
  building_age_band: oneOf(AGE_BANDS)
    .optional()
    .describe(
      'Age band, instead of or as well as construction_year. When both are sent the band must contain the ' +
        'year, or the answer is a 400 on building_age_band naming the band the year falls in; a year after ' +
        '2011 fits "2012 onwards" and the split band ("2012-2021" or "2022 onwards") alike',
    ),
  primary_fuel: oneOf(FUELS).optional().describe('Main heating and hot water fuel; default "Mains Gas"'),
};

/** The spec's `options` (spec 2.2), other than primary_fuel. */
const OPTION_FIELDS = {
  total_floor_area: z.number().gt(0).max(5000).optional().describe('Total floor area, m²'),
  number_of_occupants: occupants.optional().describe('People living in the property, a whole number'),
  occupant_count: occupants.optional().describe('Same as number_of_occupants'),
  main_heating_efficiency: efficiency('Seasonal efficiency of the main heating unit').optional(),
  water_heating_efficiency: efficiency('Efficiency of the water heating unit').optional(),
  low_energy_lighting_proportion: proportion('Fraction of lighting that is low energy').optional(),
  building_characteristics: BuildingCharacteristicsSchema.partial()
    .optional()
    .describe('Any omitted characteristic is determined from building_type'),
  energy_prices: oneOf(ENERGY_PRICE_BASES)
    .optional()
    .describe(
      'Prices to cost with: "Price Cap" (default: Ofgem price cap unit rates and standing charges of the period ' +
        "in force, for the location's region; mains gas and electricity, other fuels at SAP 10.2 prices) or " +
        '"SAP 10.2" (SAP 10.2 Table 12 prices for every fuel, for SAP-style comparisons)',
    ),
  payment_method: oneOf(PAYMENT_METHODS)
    .optional()
    .describe('Payment method for price-cap prices; default "Direct Debit"'),
};

type Path = (string | number)[];
interface Agreement {
  construction_year?: number;
  building_age_band?: AgeBand;
  number_of_occupants?: number;
  occupant_count?: number;
}

/**
 * The rules across fields, wherever the fields sit: at least one of year and band, a band that contains the
 * year, and the two occupant names agreeing. `at` gives each field's path in the body.
 */
function checkAgreement(v: Agreement, ctx: z.RefinementCtx, at: (field: keyof Agreement) => Path): void {
  const year = v.construction_year;
  const band = v.building_age_band;
  if (year === undefined && band === undefined)
    ctx.addIssue({
      code: 'custom',
      path: at('construction_year'),
      message: 'one of construction_year or building_age_band is required',
    });
  // Two answers to one question: rather than pick one silently, say which band the year falls in.
  const yearBands = year === undefined ? null : bandsContaining(year);
  if (band !== undefined && yearBands && !yearBands.includes(band))
    ctx.addIssue({
      code: 'custom',
      path: at('building_age_band'),
      message:
        `does not contain construction_year ${year}, which falls in ` +
        `${yearBands.map((b) => `"${b}"`).join(' or ')}; send a band that contains the year, or only one of them`,
    });
  if (
    v.number_of_occupants !== undefined &&
    v.occupant_count !== undefined &&
    v.number_of_occupants !== v.occupant_count
  )
    ctx.addIssue({
      code: 'custom',
      path: at('occupant_count'),
      message: `differs from ${at('number_of_occupants').join('.')}; send one of them`,
    });
}

/**
 * The rules across fields that JSON Schema can state, for the OpenAPI document (zod checks them in
 * `checkAgreement`, which its JSON Schema output cannot carry): one of year and band at least, and a band
 * that contains the year. Where the occupant and fuel fields must agree is said in the descriptions.
 */
const AGREEMENT_JSON_SCHEMA = {
  anyOf: [{ required: ['construction_year'] }, { required: ['building_age_band'] }],
  allOf: AGE_BANDS.map((band) => {
    const [first, last] = AGE_BAND_YEARS[band];
    return {
      if: {
        properties: { building_age_band: { const: band } },
        required: ['building_age_band', 'construction_year'],
      },
      then: {
        properties: {
          construction_year: {
            ...(Number.isFinite(first) ? { minimum: first } : {}),
            ...(Number.isFinite(last) ? { maximum: last } : {}),
          },
        },
      },
    };
  }),
};

const OCCUPANTS_RULE = 'number_of_occupants and occupant_count, when both are sent, must be equal';

/** The spec's form (spec 2.2): options in `options`, primary_fuel at either level. */
export const EnergyModelRequestSchema = strictObject('the body', {
  ...TOP_FIELDS,
  options: strictObject('options', {
    primary_fuel: oneOf(FUELS).optional().describe('Accepted here too (the spec shows both placements)'),
    ...OPTION_FIELDS,
  }).optional(),
})
  .superRefine((body, ctx) => {
    const o = body.options;
    checkAgreement({ ...body, ...o }, ctx, (field) =>
      field === 'number_of_occupants' || field === 'occupant_count' ? ['options', field] : [field],
    );
    if (
      body.primary_fuel !== undefined &&
      o?.primary_fuel !== undefined &&
      body.primary_fuel !== o.primary_fuel
    )
      ctx.addIssue({
        code: 'custom',
        path: ['options', 'primary_fuel'],
        message: 'differs from primary_fuel; send one of them',
      });
  })
  .meta({
    ...AGREEMENT_JSON_SCHEMA,
    examples: [{ location: 'BA1 1AA', building_type: 'Semi-detached', construction_year: 1935 }],
  })
  .describe(
    'Energy model request (spec 2.2), sent with Content-Type: application/json (another type, or none, is a ' +
      '400 on content-type). An unknown key at any level is a 400 naming it. At least one of ' +
      'construction_year and building_age_band; when both, the band contains the year; primary_fuel, when ' +
      `sent at both levels, the same; ${OCCUPANTS_RULE}`,
  );
export type EnergyModelRequest = z.infer<typeof EnergyModelRequestSchema>;

/**
 * The vendor's own sample form: everything inside `parameters`, the options flat beside the other fields
 * (`{"parameters": {"location": …, "total_floor_area": 60, "building_characteristics": {…}}}`). The same
 * fields, rules and answer as the spec's form; a 400 names a field by its path here (`parameters.location`).
 */
export const EnergyModelWrappedRequestSchema = strictObject('the body', {
  parameters: strictObject('parameters', { ...TOP_FIELDS, ...OPTION_FIELDS })
    .superRefine((p, ctx) => checkAgreement(p, ctx, (field) => [field]))
    .meta(AGREEMENT_JSON_SCHEMA)
    .describe(
      "The request's fields and options side by side; at least one of construction_year and " +
        `building_age_band, and when both the band contains the year; ${OCCUPANTS_RULE}`,
    ),
}).describe(
  "Energy model request in the vendor's sample form: the spec's fields and options flat inside `parameters`",
);
export type EnergyModelWrappedRequest = z.infer<typeof EnergyModelWrappedRequestSchema>;

/** Either form: what the endpoint accepts and documents. */
export const EnergyModelBodySchema = z
  .union([EnergyModelRequestSchema, EnergyModelWrappedRequestSchema])
  .describe(
    "Energy model request (spec 2.2), in the spec's form or the vendor's sample form (everything inside " +
      '`parameters`, options flat); the same answer either way',
  );

/**
 * Validates a body against the form it is written in (a `parameters` key means the wrapped form), so a 400
 * names the fields of that form rather than every way neither form matched.
 */
export function parseEnergyModelBody(
  body: unknown,
): z.ZodSafeParseResult<EnergyModelRequest | EnergyModelWrappedRequest> {
  const wrapped = typeof body === 'object' && body !== null && !Array.isArray(body) && 'parameters' in body;
  return wrapped ? EnergyModelWrappedRequestSchema.safeParse(body) : EnergyModelRequestSchema.safeParse(body);
}

/** A request with one name per field and every optional value either given or undefined. */
export interface EnergyModelInput {
  location: string;
  building_type: BuildingType;
  construction_year?: number;
  building_age_band?: AgeBand;
  primary_fuel: Fuel;
  total_floor_area?: number;
  number_of_occupants?: number;
  main_heating_efficiency?: number;
  water_heating_efficiency?: number;
  low_energy_lighting_proportion?: number;
  building_characteristics: Partial<BuildingCharacteristics>;
  energy_prices?: EnergyPriceBasis;
  payment_method?: PaymentMethod;
}

export function normaliseEnergyModelRequest(
  body: EnergyModelRequest | EnergyModelWrappedRequest,
): EnergyModelInput {
  // Both forms carry the same fields; only where the options sit differs.
  const [top, o] = 'parameters' in body ? [body.parameters, body.parameters] : [body, body.options ?? {}];
  return {
    location: top.location,
    building_type: top.building_type,
    construction_year: top.construction_year,
    building_age_band: top.building_age_band,
    primary_fuel: top.primary_fuel ?? o.primary_fuel ?? 'Mains Gas',
    total_floor_area: o.total_floor_area,
    number_of_occupants: o.number_of_occupants ?? o.occupant_count,
    main_heating_efficiency: o.main_heating_efficiency,
    water_heating_efficiency: o.water_heating_efficiency,
    low_energy_lighting_proportion: o.low_energy_lighting_proportion,
    building_characteristics: o.building_characteristics ?? {},
    energy_prices: o.energy_prices,
    payment_method: o.payment_method,
  };
}

const months = (what: string) => z.array(z.number()).length(12).describe(`${what}, 12 months, January first`);

export const EnergyPricesUsedSchema = z
  .object({
    basis: z
      .enum(ENERGY_PRICE_BASES)
      .describe(
        '"Price Cap" or "SAP 10.2": as asked; "SAP 10.2" also when the service has no price-cap table loaded',
      ),
    source: z
      .string()
      .describe(
        '"Ofgem energy price cap" (mains gas and electricity; other fuels SAP 10.2) or "SAP 10.2 Table 12"',
      ),
    period: z
      .string()
      .nullable()
      .describe('The cap period, as Ofgem labels it ("July 2026 - September 2026")'),
    period_start: z.string().nullable().describe('First day of the cap period, YYYY-MM-DD'),
    period_end: z.string().nullable().describe('Last day of the cap period, YYYY-MM-DD'),
    region_code: z
      .string()
      .nullable()
      .describe(
        'Price region (GSP group `_A` … `_P`) of the location, or `GB` for the GB average (a climate region ' +
          'spanning several price regions, Northern Ireland, Isle of Man, Channel Islands)',
      ),
    region_name: z.string().nullable().describe('Ofgem\'s name of the price region, or "GB average"'),
    payment_method: z.enum(PAYMENT_METHODS).nullable().describe('The payment method priced'),
  })
  .describe('Which prices the costs use: null fields for SAP 10.2 prices');

export const EnergyModelParametersSchema = z
  .object({
    location: z.string().describe('The location as given (a postcode is upper-cased and spaced)'),
    climate_region: z
      .enum(REGION_NAMES)
      .nullable()
      .describe(
        "The climate region used, by the spec's region names (those `location` accepts; a postcode's region). " +
          'null for Isle of Man and Channel Islands postcodes, which use the UK-average climate',
      ),
    building_type: z.enum(BUILDING_TYPES),
    construction_year: z.number().int().nullable().describe('As given; null when only the age band was sent'),
    building_age_band: z.enum(AGE_BANDS).describe('As given, or the band of construction_year'),
    total_floor_area: z.number().describe('m², given or the building type default'),
    number_of_occupants: z
      .number()
      .describe(
        "The occupancy the model used: the whole number given, or, when none was given, SAP's real-valued " +
          'occupancy N from floor area (SAP Table 1b), to 2 decimal places (e.g. 2.74 for 100 m²). ' +
          'Not rounded to whole people: hot water, gains and lighting scale with N',
      ),
    main_heating_efficiency: z.number().describe('0..1, given or the default for the fuel and insulation'),
    water_heating_efficiency: z.number().describe('0..1, given or the default for the fuel and insulation'),
    low_energy_lighting_proportion: z.number().describe('0..1, given or the default'),
    primary_fuel: z.enum(FUELS),
    building_characteristics: BuildingCharacteristicsSchema.describe('Given, or the building type default'),
    energy_prices: EnergyPricesUsedSchema,
  })
  .describe('Inputs used, provided or assumed');

export const EnergyModelResponseSchema = z
  .object({
    parameters: EnergyModelParametersSchema,
    total_energy_usage: z.number().describe('kWh/yr: space heating + hot water + lighting'),
    space_heating_annual: z.number().describe('kWh/yr of fuel delivered for space heating'),
    space_heating_monthly: months('kWh of fuel for space heating'),
    hot_water_annual: z.number().describe('kWh/yr of fuel delivered for hot water'),
    hot_water_monthly: months('kWh of fuel for hot water'),
    lighting_annual: z.number().describe('kWh/yr of electricity for lighting'),
    lighting_monthly: months('kWh of electricity for lighting; follows daylight'),
    primary_fuel_price_per_kwh: z.number().describe('GBP per kWh'),
    primary_fuel_co2_equivalent_per_kwh: z
      .number()
      .describe(
        'kg CO2e per kWh: the factor that turns primary_fuel_usage_annual into primary_fuel_co2_equivalent_annual ' +
          "(the fuel's SAP 10.2 factor; for Electricity, as electricity_co2_equivalent_per_kwh)",
      ),
    primary_fuel_usage_annual: z.number().describe('kWh/yr supplied by the primary fuel'),
    primary_fuel_usage_monthly: months('kWh supplied by the primary fuel'),
    primary_fuel_cost_annual: z.number().describe('GBP/yr'),
    primary_fuel_cost_monthly: months('GBP'),
    primary_fuel_standing_charges_annual: z
      .number()
      .describe('GBP/yr, national average; 0 for unmetered fuels'),
    primary_fuel_standing_charges_monthly: months('GBP, pro rata by days'),
    primary_fuel_co2_equivalent_annual: z.number().describe('kg CO2e/yr'),
    primary_fuel_co2_equivalent_monthly: months('kg CO2e'),
    electricity_price_per_kwh: z.number().describe('GBP per kWh (standard tariff)'),
    electricity_co2_equivalent_per_kwh: z
      .number()
      .describe(
        'kg CO2e per kWh, to 6 dp: the effective factor of the year, so electricity_usage_annual × this = ' +
          "electricity_co2_equivalent_annual. Each month is counted at SAP 10.2's grid factor for that month " +
          '(Table 12d, 0.163 in January to 0.111 in July); this is their mean weighted by the monthly usage',
      ),
    electricity_usage_annual: z.number().describe('kWh/yr of electricity'),
    electricity_usage_monthly: months('kWh of electricity'),
    electricity_cost_annual: z.number().describe('GBP/yr'),
    electricity_cost_monthly: months('GBP'),
    electricity_standing_charges_annual: z.number().describe('GBP/yr, national average'),
    electricity_standing_charges_monthly: months('GBP, pro rata by days'),
    electricity_co2_equivalent_annual: z.number().describe('kg CO2e/yr'),
    electricity_co2_equivalent_monthly: months('kg CO2e'),
    total_fuel_cost_annual: z
      .number()
      .describe('GBP/yr: primary fuel + electricity (once when they are the same)'),
    total_fuel_cost_monthly: months('GBP'),
    total_standing_charges_annual: z.number().describe('GBP/yr'),
    total_standing_charges_monthly: months('GBP'),
    total_cost_annual: z.number().describe('GBP/yr: fuel plus standing charges'),
    total_cost_monthly: months('GBP'),
    total_co2_equivalent_annual: z.number().describe('kg CO2e/yr'),
    total_co2_equivalent_monthly: months('kg CO2e'),
  })
  .describe(
    'Energy model response (spec 2.3). Energy in kWh, CO2 in kg CO2e, money in pounds (GBP); every *_monthly array has 12 values, January first',
  );
export type EnergyModelResponse = z.infer<typeof EnergyModelResponseSchema>;

// POST /energy-model through the Express app (in-memory accounts): answers, and 400s that name the field.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGE_BANDS, BUILDING_TYPES, FUELS } from '../../../schemas/api/energy-model';
import { openAccountStore } from '../../../serving/accounts/store';
import { createApp } from '../../../serving/app';
import { silentLogger } from '../../../serving/log';
import type { PropertiesRepository } from '../../../serving/repository/properties';
import { validate } from '../../helpers/json-schema';

const repo: PropertiesRepository = { getStored: async () => null, getShared: async () => new Map() };
const accounts = openAccountStore(':memory:');
const { key } = accounts.createKey('test');
let server: Server;
let base: string;

beforeAll(async () => {
  const app = createApp({ accounts, properties: repo, log: silentLogger });
  server = await new Promise((resolve) => {
    const s = createServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => server.close());

const post = async (body: unknown, contentType: string | null = 'application/json') => {
  const res = await fetch(`${base}/energy-model`, {
    method: 'POST',
    headers: { 'x-api-key': key, ...(contentType === null ? {} : { 'content-type': contentType }) },
    // Bytes, not a string: fetch would add its own text/plain content type to a string.
    body: new TextEncoder().encode(JSON.stringify(body)),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

const valid = { location: 'BA1 1AA', building_type: 'Semi-detached', construction_year: 1930 };
const fields = (body: Record<string, any>) =>
  body.error.details.issues.map((i: { field: string }) => i.field);

describe('POST /energy-model', () => {
  it('answers 200 with every spec 2.3 field', async () => {
    const { status, body } = await post(valid);
    expect(status).toBe(200);
    expect(body.parameters).toMatchObject({
      location: 'BA1 1AA',
      climate_region: 'Severn',
      building_age_band: '1930-1949',
      primary_fuel: 'Mains Gas',
    });
    for (const k of ['space_heating', 'hot_water', 'lighting', 'total_cost', 'electricity_usage'])
      expect(body[`${k}_monthly`]).toHaveLength(12);
    expect(body.total_energy_usage).toBeGreaterThan(0);
  });

  it('accepts both occupant names and primary_fuel at either level', async () => {
    const a = await post({ ...valid, options: { occupant_count: 4, primary_fuel: 'Oil' } });
    const b = await post({ ...valid, primary_fuel: 'Oil', options: { number_of_occupants: 4 } });
    expect(a.status).toBe(200);
    expect(a.body.parameters).toMatchObject({ number_of_occupants: 4, primary_fuel: 'Oil' });
    expect(b.body).toEqual(a.body);
    const clash = await post({ ...valid, primary_fuel: 'Oil', options: { primary_fuel: 'Lpg' } });
    expect(clash.status).toBe(400);
    expect(fields(clash.body)).toEqual(['options.primary_fuel']);
  });

  it('a wrong enumerated value is a 400 that lists the allowed values', async () => {
    const { status, body } = await post({ ...valid, primary_fuel: 'Peat' });
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_parameter');
    expect(fields(body)).toEqual(['primary_fuel']);
    for (const fuel of FUELS) expect(body.error.details.issues[0].message).toContain(`"${fuel}"`);
    const type = await post({ ...valid, building_type: 'Castle' });
    expect(type.body.error.details.issues[0].message).toContain('"Tower/Slab"');
    const band = await post({ location: 'Wales', building_type: 'Flat', building_age_band: '1850' });
    expect(band.body.error.details.issues[0].message).toContain('"2022 onwards"');
  });

  it('every enumerated field, at either level, lists all of its allowed values in the 400', async () => {
    const cases: [Record<string, unknown>, string, readonly string[]][] = [
      [{ ...valid, building_type: 'Castle' }, 'building_type', BUILDING_TYPES],
      [
        { location: 'Wales', building_type: 'Flat', building_age_band: '1850' },
        'building_age_band',
        AGE_BANDS,
      ],
      [{ ...valid, primary_fuel: 'Peat' }, 'primary_fuel', FUELS],
      [{ ...valid, options: { primary_fuel: 'Peat' } }, 'options.primary_fuel', FUELS],
    ];
    for (const [body, field, allowed] of cases) {
      const answer = await post(body);
      expect(answer.status, field).toBe(400);
      expect(fields(answer.body), field).toEqual([field]);
      const message: string = answer.body.error.details.issues[0].message;
      for (const value of allowed) expect(message, field).toContain(`"${value}"`);
    }
  });

  it('needs location, building_type and one of construction_year / building_age_band', async () => {
    const none = await post({});
    expect(none.status).toBe(400);
    expect(fields(none.body)).toEqual(expect.arrayContaining(['location', 'building_type']));
    const noAge = await post({ location: 'Wales', building_type: 'Flat' });
    expect(fields(noAge.body)).toEqual(['construction_year']);
    expect(noAge.body.error.details.issues[0].message).toMatch(/building_age_band/);
    const bandOnly = await post({
      location: 'Wales',
      building_type: 'Flat',
      building_age_band: '2022 onwards',
    });
    expect(bandOnly.status).toBe(200);
    expect(bandOnly.body.parameters.construction_year).toBeNull();
  });

  it('checks ranges: efficiencies and proportions 0..1, characteristics, a plausible year', async () => {
    const bad = await post({
      ...valid,
      construction_year: 1066.5,
      options: {
        main_heating_efficiency: 1.2,
        water_heating_efficiency: 0,
        low_energy_lighting_proportion: -0.1,
        total_floor_area: -5,
        building_characteristics: {
          insulation_value: 6,
          capacity_value: 3,
          solar_ingress_value: 0,
          occupancy_value: 2.5,
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(fields(bad.body)).toEqual(
      expect.arrayContaining([
        'construction_year',
        'options.main_heating_efficiency',
        'options.water_heating_efficiency',
        'options.low_energy_lighting_proportion',
        'options.total_floor_area',
        'options.building_characteristics.insulation_value',
        'options.building_characteristics.capacity_value',
        'options.building_characteristics.solar_ingress_value',
        'options.building_characteristics.occupancy_value',
      ]),
    );
  });

  it('location: a malformed postcode or unknown area is a 400; an unknown district uses its area', async () => {
    const malformed = await post({ ...valid, location: 'not a place' });
    expect(malformed.status).toBe(400);
    expect(fields(malformed.body)).toEqual(['location']);
    expect(malformed.body.error.details.issues[0].message).toContain('"Western Isles"');
    const unknownArea = await post({ ...valid, location: 'QQ1 1AA' });
    expect(unknownArea.status).toBe(400);
    expect(fields(unknownArea.body)).toEqual(['location']);
    const district = await post({ ...valid, location: 'BD99 9ZZ' });
    expect(district.status).toBe(200);
    expect(district.body.parameters.climate_region).toBe('East Pennines');
  });

  it('construction_year and building_age_band: a 400 when they disagree, fine when they agree', async () => {
    const clash = await post({ ...valid, construction_year: 1990, building_age_band: '2012 onwards' });
    expect(clash.status).toBe(400);
    expect(clash.body.error.code).toBe('invalid_parameter');
    expect(fields(clash.body)).toEqual(['building_age_band']);
    expect(clash.body.error.details.issues[0].message).toContain('falls in "1983-1990"');
    const agree = await post({ ...valid, construction_year: 1990, building_age_band: '1983-1990' });
    expect(agree.status).toBe(200);
    expect(agree.body.parameters).toMatchObject({ construction_year: 1990, building_age_band: '1983-1990' });
    // "2012 onwards" overlaps the split: either band fits a year after 2011, and the same band gives the same answer.
    const onwards = await post({ ...valid, construction_year: 2015, building_age_band: '2012 onwards' });
    const split = await post({ ...valid, construction_year: 2015, building_age_band: '2012-2021' });
    const yearOnly = await post({ ...valid, construction_year: 2015 });
    expect([onwards.status, split.status]).toEqual([200, 200]);
    expect(split.body).toEqual(yearOnly.body);
    expect(onwards.body.space_heating_annual).toBe(yearOnly.body.space_heating_annual);
  });

  it('an unknown key anywhere in the body is a 400 naming it', async () => {
    const typo = await post({
      ...valid,
      options: { total_floor_aera: 200, building_characteristics: { insulaton_value: 5 } },
    });
    expect(typo.status).toBe(400);
    expect(typo.body.error.message).toBe(
      'Invalid body parameter: options.building_characteristics.insulaton_value, options.total_floor_aera',
    );
    expect(typo.body.error.details.issues[1].message).toContain('total_floor_area');
    const top = await post({ ...valid, primary_fuell: 'Oil' });
    expect(top.status).toBe(400);
    expect(fields(top.body)).toEqual(['primary_fuell']);
  });

  it('climate_region uses the spec region names, for region names and postcodes alike', async () => {
    const region = async (location: string) =>
      (await post({ ...valid, location })).body.parameters.climate_region;
    expect(await region('Highlands')).toBe('Highlands');
    expect(await region('IV1 1AA')).toBe('Highlands');
    expect(await region('BT7 1NN')).toBe('N Ireland');
    expect(await region('CA1 1AA')).toBe('NW England');
    expect(await region('DG1 1AA')).toBe('SW Scotland');
    // Isle of Man: a real postcode outside SAP's table, modelled with the UK-average climate, which has no name.
    expect(await region('IM1 1AA')).toBeNull();
  });

  it("a derived number_of_occupants is SAP's real-valued N; a given one is echoed as sent", async () => {
    const derived = await post({ ...valid, options: { total_floor_area: 100 } });
    expect(derived.body.parameters.number_of_occupants).toBe(2.74);
    const given = await post({ ...valid, options: { total_floor_area: 100, occupant_count: 3 } });
    expect(given.body.parameters.number_of_occupants).toBe(3);
    expect(given.body.hot_water_annual).toBeGreaterThan(derived.body.hot_water_annual);
    const fractional = await post({ ...valid, options: { number_of_occupants: 2.74 } });
    expect(fields(fractional.body)).toEqual(['options.number_of_occupants']);
  });

  it('needs Content-Type: application/json (spec 4.1), not a 400 on fields that were sent', async () => {
    for (const type of [null, 'text/plain', 'application/x-www-form-urlencoded']) {
      const answer = await post(valid, type);
      expect(answer.status, String(type)).toBe(400);
      expect(answer.body.error, String(type)).toMatchObject({
        code: 'invalid_parameter',
        message: 'Invalid header: content-type',
      });
      expect(fields(answer.body)).toEqual(['content-type']);
      expect(answer.body.error.details.issues[0].message).toBe(
        type === null ? 'is required: application/json' : `must be application/json, not "${type}"`,
      );
    }
    expect((await post(valid, 'Application/JSON; charset=utf-8')).status).toBe(200);
  });

  it('Electricity: every primary_fuel_* field equals its electricity_* twin', async () => {
    const { body } = await post({ ...valid, primary_fuel: 'Electricity' });
    for (const k of Object.keys(body).filter((k) => k.startsWith('primary_fuel_')))
      expect(body[k], k).toEqual(body[k.replace('primary_fuel_', 'electricity_')]);
  });
});

describe("POST /energy-model in the vendor's sample form (everything inside `parameters`)", () => {
  // The real service's own sample body, as its documentation prints it.
  const VENDOR_SAMPLE = {
    parameters: {
      location: 'PL26 6BJ',
      building_type: 'Flat',
      construction_year: 1999,
      total_floor_area: 60,
      number_of_occupants: 2,
      main_heating_efficiency: 0.95,
      water_heating_efficiency: 0.8,
      low_energy_lighting_proportion: 0.8,
      primary_fuel: 'Mains Gas',
      building_characteristics: { exposure_value: 2, insulation_value: 2, air_leakage_value: 3 },
    },
  };
  // The same request in the spec's form: options in `options`.
  const { location, building_type, construction_year, primary_fuel, ...options } = VENDOR_SAMPLE.parameters;
  const SPEC_FORM = { location, building_type, construction_year, primary_fuel, options };

  it("answers 200, the same answer as the spec's form of the same request", async () => {
    const [wrapped, spec] = [await post(VENDOR_SAMPLE), await post(SPEC_FORM)];
    expect(wrapped.status).toBe(200);
    expect(wrapped.body.parameters).toMatchObject({
      location: 'PL26 6BJ',
      climate_region: 'SW England',
      total_floor_area: 60,
      number_of_occupants: 2,
      main_heating_efficiency: 0.95,
      building_characteristics: { exposure_value: 2, insulation_value: 2, air_leakage_value: 3 },
    });
    expect(wrapped.body).toEqual(spec.body);
  });

  it('a bad field is a 400 naming it by its path inside parameters', async () => {
    const bad = (extra: object) => post({ parameters: { ...VENDOR_SAMPLE.parameters, ...extra } });
    const cases: [object, string[]][] = [
      [{ building_type: 'Bungalow' }, ['parameters.building_type']],
      [{ total_floor_area: -5 }, ['parameters.total_floor_area']],
      [
        { building_characteristics: { insulation_value: 9 } },
        ['parameters.building_characteristics.insulation_value'],
      ],
      [{ total_floor_aera: 60 }, ['parameters.total_floor_aera']],
      [{ building_age_band: '2012 onwards' }, ['parameters.building_age_band']],
      [{ number_of_occupants: 2, occupant_count: 3 }, ['parameters.occupant_count']],
      [{ location: 'QQ1 1AA' }, ['parameters.location']],
    ];
    for (const [extra, expected] of cases) {
      const res = await bad(extra);
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(fields(res.body), JSON.stringify(extra)).toEqual(expected);
    }
    const { construction_year: _y, ...noYear } = VENDOR_SAMPLE.parameters;
    expect(fields((await post({ parameters: noYear })).body)).toEqual(['parameters.construction_year']);
  });

  it('the two forms do not mix: a field beside `parameters`, or `options` inside it, is a 400', async () => {
    const beside = await post({ ...VENDOR_SAMPLE, location: 'Wales' });
    expect(beside.status).toBe(400);
    expect(fields(beside.body)).toEqual(['location']);
    const nested = await post({
      parameters: { ...VENDOR_SAMPLE.parameters, options: { total_floor_area: 60 } },
    });
    expect(fields(nested.body)).toEqual(['parameters.options']);
  });
});

describe('POST /energy-model in /openapi.json', () => {
  it('documents the body and the response, and real answers validate against it', async () => {
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as Record<string, any>;
    const op = doc.paths['/energy-model'].post;
    expect(op['x-credit-cost']).toBe(15);
    expect(JSON.stringify(op.requestBody)).toContain('occupant_count');
    // Both forms are documented: the spec's and the vendor's wrapped one.
    const forms = op.requestBody.content['application/json'].schema.anyOf;
    expect(forms.map((f: { properties: object }) => Object.keys(f.properties))).toContainEqual([
      'parameters',
    ]);
    const schemaFor = (status: number) => {
      let r = op.responses[String(status)];
      if (r.$ref) r = doc.components.responses[r.$ref.split('/').pop()];
      return r.content['application/json'].schema;
    };
    expect(JSON.stringify(schemaFor(200))).toContain('January first');
    for (const [body, status] of [
      [valid, 200],
      [{ ...valid, primary_fuel: 'Electricity', options: { occupant_count: 2 } }, 200],
      [{ ...valid, primary_fuel: 'Peat' }, 400],
      [{ parameters: { ...valid, total_floor_area: 80 } }, 200],
    ] as const) {
      const res = await post(body);
      expect(res.status).toBe(status);
      expect(validate(schemaFor(status), res.body, doc)).toEqual([]);
    }
  });
});

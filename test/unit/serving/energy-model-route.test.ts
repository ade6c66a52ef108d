// POST /energy-model through the Express app (in-memory accounts): answers, and 400s that name the field.
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGE_BANDS, BUILDING_TYPES, FUELS } from '../../../schemas/api/energy-model';
import { openAccountStore } from '../../../serving/accounts/store';
import { createApp } from '../../../serving/app';
import { silentLogger } from '../../../serving/log';
import type { PropertiesRepository } from '../../../serving/repository/properties';
import { validate } from '../../helpers/json-schema';

const repo: PropertiesRepository = { getByUprn: async () => null };
const accounts = openAccountStore(':memory:');
const { key } = accounts.createKey('test');
let server: Server;
let base: string;

beforeAll(async () => {
  const app = createApp({ accounts, properties: repo, log: silentLogger });
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => server.close());

const post = async (body: unknown) => {
  const res = await fetch(`${base}/energy-model`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
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
      climate_region: 'Severn Wales / Severn England',
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

  it('Electricity: every primary_fuel_* field equals its electricity_* twin', async () => {
    const { body } = await post({ ...valid, primary_fuel: 'Electricity' });
    for (const k of Object.keys(body).filter((k) => k.startsWith('primary_fuel_')))
      expect(body[k], k).toEqual(body[k.replace('primary_fuel_', 'electricity_')]);
  });
});

describe('POST /energy-model in /openapi.json', () => {
  it('documents the body and the response, and real answers validate against it', async () => {
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as Record<string, any>;
    const op = doc.paths['/energy-model'].post;
    expect(op['x-credit-cost']).toBe(15);
    expect(JSON.stringify(op.requestBody)).toContain('occupant_count');
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
    ] as const) {
      const res = await post(body);
      expect(res.status).toBe(status);
      expect(validate(schemaFor(status), res.body, doc)).toEqual([]);
    }
  });
});

// The POST /energy-model request schema on its own: year and band must agree, unknown keys are refused at
// every level, and a year's bands come from one table.
import { describe, expect, it } from 'vitest';
import {
  AGE_BANDS,
  bandsContaining,
  EnergyModelRequestSchema,
  normaliseEnergyModelRequest,
} from '../../../schemas/api/energy-model';
import { bandForYear } from '../../../serving/energy-model/archetypes/age-bands';

const base = { location: 'Wales', building_type: 'Flat' };
const issues = (body: unknown) =>
  EnergyModelRequestSchema.safeParse(body).error?.issues.map((i) => ({
    path: i.path.join('.'),
    message: i.message,
  })) ?? [];

describe('construction_year and building_age_band together', () => {
  it.each([
    [1899, 'before 1900'],
    [1990, '1983-1990'],
    [1991, '1991-1995'],
    [2011, '2007-2011'],
    [2012, '2012 onwards'],
    [2012, '2012-2021'],
    [2021, '2012-2021'],
    [2022, '2012 onwards'],
    [2030, '2022 onwards'],
  ])('%i in "%s" is accepted, and the band is the one used', (year, band) => {
    const body = EnergyModelRequestSchema.parse({
      ...base,
      construction_year: year,
      building_age_band: band,
    });
    expect(normaliseEnergyModelRequest(body)).toMatchObject({
      construction_year: year,
      building_age_band: band,
    });
  });

  it.each([
    [1990, '2012 onwards', '"1983-1990"'],
    [1983, '1976-1982', '"1983-1990"'],
    [1899, '1900-1929', '"before 1900"'],
    [2015, '2022 onwards', '"2012 onwards" or "2012-2021"'],
    [2022, '2012-2021', '"2012 onwards" or "2022 onwards"'],
  ])('%i with "%s" is a 400 on building_age_band saying the year falls in %s', (year, band, fallsIn) => {
    expect(issues({ ...base, construction_year: year, building_age_band: band })).toEqual([
      {
        path: 'building_age_band',
        message: `does not contain construction_year ${year}, which falls in ${fallsIn}; send a band that contains the year, or only one of them`,
      },
    ]);
  });

  it('every year from 1500 to 2040 falls in one band, or two after 2011; bandForYear picks the narrowest', () => {
    for (let year = 1500; year <= 2040; year++) {
      const bands = bandsContaining(year);
      expect(bands.length, String(year)).toBe(year >= 2012 ? 2 : 1);
      expect(bandForYear(year)).toBe(bands.at(-1));
    }
    expect(bandForYear(2012)).toBe('2012-2021');
    expect(bandForYear(2022)).toBe('2022 onwards');
    // Every band is reachable from some year.
    const reached = new Set(Array.from({ length: 541 }, (_, i) => bandsContaining(1500 + i)).flat());
    expect([...reached].sort()).toEqual([...AGE_BANDS].sort());
  });
});

describe('unknown keys are a 400 naming them, at every level', () => {
  it('a misspelt option or characteristic is refused, with the fields that exist', () => {
    const found = issues({
      ...base,
      construction_year: 1990,
      options: { total_floor_aera: 200, building_characteristics: { insulaton_value: 5 } },
    });
    expect(found.map((i) => i.path).sort()).toEqual(['options', 'options.building_characteristics']);
    const byPath = Object.fromEntries(found.map((i) => [i.path, i.message]));
    expect(byPath['options']).toMatch(/^is not a field of options; its fields are: .*total_floor_area/);
    expect(byPath['options.building_characteristics']).toMatch(/insulation_value/);
  });

  it('the top level too: a misspelt primary_fuel or a misplaced option would otherwise be dropped', () => {
    for (const extra of [{ primary_fuell: 'Oil' }, { total_floor_area: 200 }, { climate_region: 'Wales' }]) {
      const found = issues({ ...base, construction_year: 1990, ...extra });
      expect(found, Object.keys(extra)[0]).toEqual([
        {
          path: '',
          message:
            'is not a field of the body; its fields are: location, building_type, construction_year, ' +
            'building_age_band, primary_fuel, options',
        },
      ]);
    }
  });

  it('every documented field is still accepted', () => {
    const body = {
      location: 'BA1 1AA',
      building_type: 'Detached',
      construction_year: 1978,
      building_age_band: '1976-1982',
      primary_fuel: 'Oil',
      options: {
        primary_fuel: 'Oil',
        total_floor_area: 140,
        number_of_occupants: 3,
        occupant_count: 3,
        main_heating_efficiency: 0.88,
        water_heating_efficiency: 0.7,
        low_energy_lighting_proportion: 1,
        building_characteristics: {
          exposure_value: 5,
          insulation_value: 4,
          air_leakage_value: 2,
          capacity_value: 2,
          solar_ingress_value: 3,
          occupancy_value: 1,
          living_area_value: 5,
        },
      },
    };
    expect(issues(body)).toEqual([]);
  });
});

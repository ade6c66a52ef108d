// Each characteristic moves the results the way the spec says, at every step, for every building type.
import { describe, expect, it } from 'vitest';
import type { AGE_BANDS } from '../../../schemas/api/energy-model';
import {
  BUILDING_TYPES,
  type BuildingCharacteristics,
  type BuildingType,
} from '../../../schemas/api/energy-model';
import { bandForYear } from '../../../serving/energy-model/archetypes/age-bands';
import { fabricLevels } from '../../../serving/energy-model/archetypes/fabric';
import { evaluateEnergyModel } from '../../../serving/energy-model/evaluate';

const spaceHeating = (
  building_type: BuildingType,
  building_characteristics: Partial<BuildingCharacteristics>,
  band: (typeof AGE_BANDS)[number] = '1950-1966',
  location = 'Midlands',
) =>
  evaluateEnergyModel({
    location,
    building_type,
    building_age_band: band,
    primary_fuel: 'Mains Gas',
    // Fixed efficiency so insulation steps show the fabric alone.
    main_heating_efficiency: 0.84,
    building_characteristics,
  }).space_heating_annual;

const levels = (max: number) => Array.from({ length: max }, (_, i) => i + 1);

/** Space heating at each level of one characteristic. */
const sweep = (
  type: BuildingType,
  name: keyof BuildingCharacteristics,
  max: number,
  band?: (typeof AGE_BANDS)[number],
) => levels(max).map((v) => spaceHeating(type, { [name]: v }, band));

const strictlyDecreasing = (xs: number[]) => xs.slice(1).every((x, i) => x < xs[i]!);
const strictlyIncreasing = (xs: number[]) => xs.slice(1).every((x, i) => x > xs[i]!);

describe('directions, every building type, every step a real change', () => {
  for (const type of BUILDING_TYPES) {
    it(`${type}: better insulation and less air leakage lower space heating; more exposure raises it`, () => {
      for (const band of ['before 1900', '1967-1975', '2012 onwards'] as const) {
        expect(strictlyDecreasing(sweep(type, 'insulation_value', 5, band)), `insulation ${band}`).toBe(true);
        expect(strictlyIncreasing(sweep(type, 'air_leakage_value', 5, band)), `air leakage ${band}`).toBe(
          true,
        );
      }
      expect(strictlyIncreasing(sweep(type, 'exposure_value', 5))).toBe(true);
    });

    it(`${type}: more occupancy and a larger living area raise it; more solar ingress lowers it`, () => {
      expect(strictlyIncreasing(sweep(type, 'occupancy_value', 5))).toBe(true);
      expect(strictlyIncreasing(sweep(type, 'living_area_value', 5))).toBe(true);
      expect(strictlyDecreasing(sweep(type, 'solar_ingress_value', 3))).toBe(true);
    });
  }

  it('capacity changes the result (more thermal mass and volume)', () => {
    const [low, high] = sweep('Semi-detached', 'capacity_value', 2);
    expect(high).not.toBe(low);
  });

  it('each insulation level lowers every element U-value in every age band', () => {
    for (let band = 0; band < 12; band++) {
      const f = fabricLevels(band);
      for (let i = 1; i < 5; i++) {
        expect(f[i]!.wallU).toBeLessThan(f[i - 1]!.wallU);
        expect(f[i]!.roofU).toBeLessThan(f[i - 1]!.roofU);
        expect(f[i]!.windowU).toBeLessThan(f[i - 1]!.windowU);
        expect(f[i]!.floorInsulation).toBeGreaterThan(f[i - 1]!.floorInsulation);
      }
    }
  });

  it('newer age bands need less heat than older ones for the same type', () => {
    const old = spaceHeating('Terraced', {}, 'before 1900');
    const mid = spaceHeating('Terraced', {}, '1967-1975');
    const recent = spaceHeating('Terraced', {}, '2012 onwards');
    expect(old).toBeGreaterThan(mid);
    expect(mid).toBeGreaterThan(recent);
  });
});

describe('age bands', () => {
  it('a year maps to its band, after 2011 to the finer split', () => {
    expect(bandForYear(1899)).toBe('before 1900');
    expect(bandForYear(1900)).toBe('1900-1929');
    expect(bandForYear(1966)).toBe('1950-1966');
    expect(bandForYear(1967)).toBe('1967-1975');
    expect(bandForYear(2011)).toBe('2007-2011');
    expect(bandForYear(2012)).toBe('2012-2021');
    expect(bandForYear(2021)).toBe('2012-2021');
    expect(bandForYear(2024)).toBe('2022 onwards');
  });
});

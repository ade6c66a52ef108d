// Property type, built form, and the two combined in words (dwelling_type).
import type { BuiltForm, PropertyType } from '../../../../../schemas/epc';
import { categoryKey, lookup } from './normalise';
import { memoise } from '../values/memo';

const PROPERTY_TYPE = new Map<string, PropertyType>([
  ['house', 'House'],
  ['flat', 'Flat'],
  ['maisonette', 'Maisonette'],
  ['bungalow', 'Bungalow'],
  ['park home', 'Park home'],
]);

/** `House`, `Flat`, `Maisonette`, `Bungalow`, `Park home` in any case; anything else → null. */
function toPropertyTypeRule(value: string | null | undefined): PropertyType | null {
  return lookup(PROPERTY_TYPE, value);
}

const BUILT_FORM = new Map<string, BuiltForm>([
  ['detached', 'Detached'],
  ['semi-detached', 'Semi-Detached'],
  ['mid-terrace', 'Mid-Terrace'],
  ['end-terrace', 'End-Terrace'],
  ['enclosed-mid-terrace', 'Enclosed Mid-Terrace'],
  ['enclosed-end-terrace', 'Enclosed End-Terrace'],
]);

/** The six published forms (`Semi-Detached`, `Mid-Terrace`, ...) whatever the case, spaces or hyphens. */
function toBuiltFormRule(value: string | null | undefined): BuiltForm | null {
  const key = categoryKey(value);
  return key === null ? null : (BUILT_FORM.get(key.replace(/[\s_-]+/g, '-')) ?? null);
}

export interface DwellingParts {
  property_type: PropertyType | null;
  built_form: BuiltForm | null;
  floor_level: string | null;
  is_flat_top_storey: boolean | null;
}

/**
 * In words: houses and bungalows by built form (`Semi-detached house`, `Mid-terrace bungalow`); flats and
 * maisonettes by position (`Ground-floor flat`, `Mid-floor flat`, `Top-floor flat`, `Basement flat`).
 */
export function toDwellingType(parts: DwellingParts): string | null {
  const type = parts.property_type;
  if (type === null) return null;
  if (type === 'Park home') return 'Park home';
  const noun = type.toLowerCase();
  if (type === 'House' || type === 'Bungalow') {
    if (parts.built_form === null) return type;
    const form = parts.built_form.toLowerCase();
    return `${form.charAt(0).toUpperCase()}${form.slice(1)} ${noun}`;
  }
  const level = parts.floor_level;
  if (parts.is_flat_top_storey === true || level === 'Top floor') return `Top-floor ${noun}`;
  if (level === 'Ground') return `Ground-floor ${noun}`;
  if (level === 'Basement') return `Basement ${noun}`;
  if (level !== null) return `Mid-floor ${noun}`;
  return type;
}

export const toPropertyType = memoise(toPropertyTypeRule);

export const toBuiltForm = memoise(toBuiltFormRule);

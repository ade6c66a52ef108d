// Categorical standardisation: every distinct messy value of epc.md 1.3 maps to one standard value.
import { describe, expect, it } from 'vitest';
import {
  ageBandForYear,
  toBuiltForm,
  toConstructionAgeBand,
  toDwellingType,
  toEfficiencyRating,
  toEnergyRating,
  toEnergyTariff,
  toFloorLevel,
  toGlazedArea,
  toGlazedType,
  toHeatLossCorridor,
  toMainFuel,
  toMechanicalVentilation,
  toPropertyType,
  toTenure,
  toTransactionType,
} from '../../../../pipelines/transforms/epc/enhance';

const table = <T>(rule: (v: string) => T, cases: [string, T][]) =>
  it.each(cases)('%j → %j', (raw, expected) => expect(rule(raw)).toEqual(expected));

describe('energy rating', () => {
  table(toEnergyRating, [
    ['D', 'D'],
    ['c', 'C'],
    [' B ', 'B'],
    ['INVALID!', null],
    ['H', null],
    ['', null],
  ]);
});

describe('efficiency rating', () => {
  table(toEfficiencyRating, [
    ['Very Good', 'Very Good'],
    ['very good', 'Very Good'],
    ['Good', 'Good'],
    ['Average', 'Average'],
    ['Poor', 'Poor'],
    ['Very Poor', 'Very Poor'],
    ['Poor |', 'Poor'],
    ['Good | Average', 'Good'],
    ['N/A | Average', 'Average'],
    ['N/A | N/A', null],
    ['N/A', null],
    ['NO DATA!', null],
    ['Da iawn', 'Very Good'],
    ['Gwael', 'Poor'],
  ]);
});

describe('glazed type', () => {
  table(toGlazedType, [
    ['double glazing installed before 2002', 'Double'],
    ['double glazing installed during or after 2002', 'Double'],
    ['double glazing, unknown install date', 'Double'],
    ['double, known data', 'Double'],
    ['triple glazing', 'Triple'],
    ['triple, known data', 'Triple'],
    ['single glazing', 'Single'],
    ['secondary glazing', 'Secondary'],
    ['not defined', null],
    ['unknown complex glazing regime', null],
    ['NO DATA!', null],
    ['INVALID!', null],
    ['', null],
  ]);
});

describe('glazed area', () => {
  table(toGlazedArea, [
    ['Much Less Than Typical', 'Much Less Than Typical'],
    ['less than typical', 'Less Than Typical'],
    ['Normal', 'Normal'],
    ['More Than Typical', 'More Than Typical'],
    ['Much More Than Typical', 'Much More Than Typical'],
    ['Not Defined', null],
    ['NO DATA!', null],
    ['3', null],
  ]);
});

describe('tenure', () => {
  table(toTenure, [
    ['owner-occupied', 'Owner-occupied'],
    ['Owner-occupied', 'Owner-occupied'],
    ['rental (social)', 'Rented (social)'],
    ['Rented (social)', 'Rented (social)'],
    ['rented (social)', 'Rented (social)'],
    ['rental (private)', 'Rented (private)'],
    ['Rented (private)', 'Rented (private)'],
    ['unknown', null],
    ['NO DATA!', null],
    ['', null],
    [
      'Not defined - use in the case of a new dwelling for which the intended tenure in not known. It is no',
      null,
    ],
  ]);
});

describe('property type and built form', () => {
  table(toPropertyType, [
    ['House', 'House'],
    ['flat', 'Flat'],
    ['Maisonette', 'Maisonette'],
    ['Bungalow', 'Bungalow'],
    ['Park home', 'Park home'],
    ['NO DATA!', null],
    ['Castle', null],
  ]);
  table(toBuiltForm, [
    ['Detached', 'Detached'],
    ['Semi-Detached', 'Semi-Detached'],
    ['semi detached', 'Semi-Detached'],
    ['Mid-Terrace', 'Mid-Terrace'],
    ['End-Terrace', 'End-Terrace'],
    ['Enclosed Mid-Terrace', 'Enclosed Mid-Terrace'],
    ['enclosed end terrace', 'Enclosed End-Terrace'],
    ['NO DATA!', null],
    ['', null],
  ]);
});

describe('dwelling type', () => {
  const base = { built_form: null, floor_level: null, is_flat_top_storey: null } as const;
  it('combines built form and property type for houses and bungalows', () => {
    expect(toDwellingType({ ...base, property_type: 'House', built_form: 'Semi-Detached' })).toBe(
      'Semi-detached house',
    );
    expect(toDwellingType({ ...base, property_type: 'Bungalow', built_form: 'Mid-Terrace' })).toBe(
      'Mid-terrace bungalow',
    );
    expect(toDwellingType({ ...base, property_type: 'House' })).toBe('House');
  });
  it('places flats and maisonettes by floor', () => {
    expect(toDwellingType({ ...base, property_type: 'Flat', floor_level: 'Ground' })).toBe(
      'Ground-floor flat',
    );
    expect(
      toDwellingType({ ...base, property_type: 'Flat', floor_level: '3rd', is_flat_top_storey: true }),
    ).toBe('Top-floor flat');
    expect(toDwellingType({ ...base, property_type: 'Maisonette', floor_level: '2nd' })).toBe(
      'Mid-floor maisonette',
    );
    expect(toDwellingType({ ...base, property_type: 'Flat', floor_level: 'Basement' })).toBe('Basement flat');
    expect(toDwellingType({ ...base, property_type: 'Flat' })).toBe('Flat');
    expect(toDwellingType({ ...base, property_type: null })).toBeNull();
  });
});

describe('floor level', () => {
  table(toFloorLevel, [
    ['Basement', 'Basement'],
    ['Ground', 'Ground'],
    ['ground floor', 'Ground'],
    ['00', 'Ground'],
    ['0', 'Ground'],
    ['0.0', 'Ground'],
    ['-1', 'Basement'],
    ['-1.0', 'Basement'],
    ['01', '1st'],
    ['1.0', '1st'],
    ['1st', '1st'],
    ['2nd', '2nd'],
    ['3rd', '3rd'],
    ['4th', '4th'],
    ['11', '11th'],
    ['12', '12th'],
    ['20th', '20th'],
    ['21st', '21st'],
    ['22nd', '22nd'],
    ['30th', '30th'],
    ['20+', '20th or above'],
    ['21st or above', '21st or above'],
    ['mid floor', 'Mid floor'],
    ['top floor', 'Top floor'],
    ['NO DATA!', null],
    ['NODATA!', null],
    ['', null],
    ['1.5', null],
  ]);
});

describe('main fuel', () => {
  table(toMainFuel, [
    ['mains gas (not community)', 'Mains gas'],
    ['mains gas (community)', 'Mains gas (community)'],
    ['mains gas - this is for backwards compatibility only and should not be used', 'Mains gas'],
    ['Gas: mains gas', 'Mains gas'],
    ['electricity (not community)', 'Electricity'],
    ['electricity (community)', 'Electricity (community)'],
    ['electricity - this is for backwards compatibility only and should not be used', 'Electricity'],
    ['Electricity: electricity, unspecified tariff', 'Electricity'],
    ['oil (not community)', 'Oil'],
    ['oil (community)', 'Oil (community)'],
    ['LPG (not community)', 'LPG'],
    ['LPG (community)', 'LPG (community)'],
    ['LPG special condition', 'LPG'],
    ['bottled LPG', 'Bottled LPG'],
    ['house coal (not community)', 'Coal'],
    ['coal (community)', 'Coal (community)'],
    ['anthracite', 'Anthracite'],
    ['smokeless coal', 'Smokeless coal'],
    ['dual fuel - mineral + wood', 'Dual fuel (mineral and wood)'],
    ['wood logs', 'Wood logs'],
    ['wood chips', 'Wood chips'],
    ['bulk wood pellets', 'Wood pellets'],
    ['wood pellets in bags for secondary heating', 'Wood pellets'],
    ['biomass (community)', 'Biomass (community)'],
    ['biogas (community)', 'Biogas (community)'],
    ['biogas - landfill - this is for backwards compatibility only and should not be used', 'Biogas'],
    ['rapeseed oil', 'Rapeseed oil'],
    ['appliances able to use mineral oil or liquid biofuel', 'Oil'],
    ['B30K (not community)', 'Biodiesel'],
    ['B30D (community)', 'Biodiesel (community)'],
    ['biodiesel from used cooking oil only', 'Biodiesel'],
    ['bioethanol from any biomass source', 'Bioethanol'],
    ['waste combustion (community)', 'Waste combustion (community)'],
    ['Community heating schemes: heat from boilers - biomass', 'Biomass (community)'],
    ['Community heating schemes: waste heat from power stations', 'Waste heat (community)'],
    ['To be used only when there is no heating/hot-water system', 'No heating system'],
    ['Community heating schemes: special fuel', null],
    ['NO DATA!', null],
    ['INVALID!', null],
    ['', null],
  ]);
});

describe('energy tariff', () => {
  table(toEnergyTariff, [
    ['Single', 'Single'],
    ['standard tariff', 'Single'],
    ['dual', 'Dual'],
    ['dual (24 hour)', 'Dual (24 hour)'],
    ['24 hour', '24 hour'],
    ['off-peak 7 hour', 'Off-peak 7 hour'],
    ['off-peak 10 hour', 'Off-peak 10 hour'],
    ['off-peak 18 hour', 'Off-peak 18 hour'],
    ['Unknown', null],
    ['unknown', null],
    ['NO DATA!', null],
    ['INVALID!', null],
    ['5', null],
    ['', null],
  ]);
});

describe('mechanical ventilation', () => {
  table(toMechanicalVentilation, [
    ['natural', 'Natural'],
    ['mechanical, extract only', 'Mechanical, extract only'],
    ['mechanical, supply and extract', 'Mechanical, supply and extract'],
    ['none', 'Natural'],
    ['mechanical - heat recovering', 'Mechanical, supply and extract'],
    ['mechanical - non recovering', 'Mechanical'],
    ['NO DATA!', null],
    ['', null],
  ]);
});

describe('heat loss corridor', () => {
  table(toHeatLossCorridor, [
    ['no corridor', 'No corridor'],
    ['heated corridor', 'Heated corridor'],
    ['unheated corridor', 'Unheated corridor'],
    ['NO DATA!', null],
  ]);
});

describe('transaction type', () => {
  table(toTransactionType, [
    ['marketed sale', 'Marketed sale'],
    ['non marketed sale', 'Non marketed sale'],
    ['rental', 'Rental'],
    ['rental (social)', 'Rental (social)'],
    ['rental (private)', 'Rental (private)'],
    ['new dwelling', 'New dwelling'],
    ['ECO assessment', 'ECO assessment'],
    ['assessment for green deal', 'Green Deal assessment'],
    ['following green deal', 'Following Green Deal'],
    ['RHI application', 'RHI application'],
    ['FiT application', 'FiT application'],
    ['Stock Condition Survey', 'Stock condition survey'],
    ['Stock condition survey', 'Stock condition survey'],
    ['not sale or rental', 'Not sale or rental'],
    ['none of the above', 'None of the above'],
    [
      'rental (private) - this is for backwards compatibility only and should not be used',
      'Rental (private)',
    ],
    ['rental (social) - this is for backwards compatibility only and should not be used', 'Rental (social)'],
    ['not recorded - this is for backwards compatibility only and should not be used', null],
    ['not recorded', null],
    ['unknown', null],
  ]);
});

describe('construction age band, England and Wales', () => {
  const ew = (v: string) => toConstructionAgeBand(v, 'england-wales');
  table(ew, [
    ['England and Wales: before 1900', 'before 1900'],
    ['England and Wales: 1900-1929', '1900-1929'],
    ['England and Wales: 1930-1949', '1930-1949'],
    ['England and Wales: 1950-1966', '1950-1966'],
    ['England and Wales: 1967-1975', '1967-1975'],
    ['England and Wales: 1976-1982', '1976-1982'],
    ['England and Wales: 1983-1990', '1983-1990'],
    ['England and Wales: 1991-1995', '1991-1995'],
    ['England and Wales: 1996-2002', '1996-2002'],
    ['England and Wales: 2003-2006', '2003-2006'],
    ['England and Wales: 2007-2011', '2007-2011'],
    ['England and Wales: 2007 onwards', '2007 onwards'],
    ['England and Wales: 2012 onwards', '2012 onwards'],
    ['Northern Ireland: 2007-2013', '2007-2013'],
    ['Post-2006', 'Post-2006'],
    ['1800', 'before 1900'],
    ['1900', '1900-1929'],
    ['1929', '1900-1929'],
    ['1935', '1930-1949'],
    ['1969', '1967-1975'],
    ['1988', '1983-1990'],
    ['2004', '2003-2006'],
    ['2011', '2007-2011'],
    ['2012', '2012 onwards'],
    ['2024', '2012 onwards'],
    ['NO DATA!', null],
    ['INVALID!', null],
    ['Not applicable', null],
    ['Not recorded', null],
    ['', null],
  ]);
});

describe('construction age band, Scotland', () => {
  const scot = (v: string) => toConstructionAgeBand(v, 'scotland');
  table(scot, [
    ['before 1919', 'before 1919'],
    ['1919-1929', '1919-1929'],
    ['1950-1964', '1950-1964'],
    ['1965 - 1975', '1965-1975'],
    ['2008 onwards', '2008 onwards'],
    ['2008-2011', '2008-2011'],
    ['2012 onwards', '2012 onwards'],
    ['1960', '1950-1964'],
    ['2009', '2008-2011'],
    ['NULL', null],
    ['NO DATA!', null],
  ]);
  it('bands years by country', () => {
    expect(ageBandForYear(1910, 'england-wales')).toBe('1900-1929');
    expect(ageBandForYear(1910, 'scotland')).toBe('before 1919');
  });
});

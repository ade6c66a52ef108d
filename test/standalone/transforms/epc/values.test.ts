// The value-level cleaning rules, with raw values as they appear in the published files (epc.md 1.3).
import { describe, expect, it } from 'vitest';
import {
  cleanText,
  cleanTextFully,
  decodeHtmlEntities,
  englandWalesDescription,
  firstPart,
  fixBrokenYear,
  fixMojibake,
  fixUnitSymbols,
  isNullLike,
  normalisePostcode,
  nullIfMissing,
  removeCountryPrefix,
  removeNullFragments,
  removeSpecialCharacters,
  repairDoubleEncoding,
  scottishDescription,
  tidyWhitespace,
  toBoolean,
  toCount,
  toInteger,
  toMoney,
  toNonNegative,
  toNumber,
  toOnsCode,
  toPercentage,
  toPositive,
  toTimestamp,
  toUprn,
} from '../../../../pipelines/transforms/epc/enhance';

describe('null-like markers → null', () => {
  it.each([
    'NO DATA!',
    'NODATA!',
    'INVALID!',
    'N/A',
    'not recorded',
    'Not recorded',
    'NULL',
    '',
    '   ',
    'Not applicable',
  ])('%j is null-like', (value) => {
    expect(isNullLike(value)).toBe(true);
    expect(nullIfMissing(value)).toBeNull();
  });

  it('treats placeholders and all-null multi-part values as null', () => {
    for (const v of [
      'SAP05:Walls',
      'SAP05:Main-Heating-Controls',
      '%%MAINHEATCONTROL%%',
      '*** INVALID INPUT Code : 57 ***',
      'N/A | N/A',
    ]) {
      expect(isNullLike(v), v).toBe(true);
    }
  });

  it('keeps real values (trimmed)', () => {
    expect(nullIfMissing('  Good ')).toBe('Good');
    expect(isNullLike('Poor | N/A')).toBe(false);
    expect(isNullLike(undefined)).toBe(true);
  });
});

describe('mojibake and special characters', () => {
  it.each([
    ['Average thermal transmittance 0.25 W/m?K', 'Average thermal transmittance 0.25 W/m²K'],
    ['Average thermal transmittance 0.25 W/mÂ²K', 'Average thermal transmittance 0.25 W/m²K'],
    ['Average thermal transmittance 0.25 W/m&#0178;K', 'Average thermal transmittance 0.25 W/m²K'],
    ['Average thermal transmittance 0.25 W/m2K', 'Average thermal transmittance 0.25 W/m²K'],
    ['Boiler &amp; radiators, mains gas', 'Boiler & radiators, mains gas'],
    ['Total floor area (mÂ²)', 'Total floor area (m²)'],
  ])('%j → %j', (raw, fixed) => expect(fixMojibake(raw)).toBe(fixed));

  it('repairs UTF-8 read as Windows-1252 and leaves real accents alone', () => {
    expect(repairDoubleEncoding('CafÃ© â€“ Ynys MÃ´n')).toBe('Café – Ynys Môn');
    expect(repairDoubleEncoding('Ynys Môn, â')).toBe('Ynys Môn, â');
  });

  it('decodes entities and spells the U-value unit one way', () => {
    expect(decodeHtmlEntities('a &lt; b &quot;c&quot; &#39;d&#39; &#xB2; &unknown;')).toBe(
      'a < b "c" \'d\' ² &unknown;',
    );
    expect(fixUnitSymbols('0.3 W / m? K')).toBe('0.3 W/m²K');
  });

  it('removes control characters, replacement characters and zero-width spaces', () => {
    expect(removeSpecialCharacters('Flat\u00A01\u200B\uFFFD\u0007,\tHigh St')).toBe('Flat 1, High St');
  });
});

describe('trailing spaces, commas and separators', () => {
  it.each([
    ['Flat 1, ', 'Flat 1'],
    ['12 High Street,,', '12 High Street'],
    ['  Pitched,  250 mm loft insulation  ', 'Pitched, 250 mm loft insulation'],
    ['Poor |', 'Poor'],
    ['Array: Supply: 0;  |', 'Array: Supply: 0;'],
    ['From main system|From main system', 'From main system | From main system'],
  ])('%j → %j', (raw, clean) => expect(tidyWhitespace(raw)).toBe(clean));

  it('drops (null) fragments', () => {
    expect(removeNullFragments('Room heaters, (null)')).toBe('Room heaters');
  });

  it("drops the register's invalid-input slot inside a description", () => {
    expect(cleanText('Pitched, *** INVALID INPUT Code : 57 *** loft insulation')).toBe(
      'Pitched, loft insulation',
    );
    expect(cleanText('*** INVALID INPUT Code : 57 ***')).toBeNull();
  });

  it('cleanText composes the rules and returns null when nothing is left', () => {
    expect(cleanText(' Boiler &amp; radiators, mains gas, ')).toBe('Boiler & radiators, mains gas');
    expect(cleanText('NO DATA!,')).toBeNull();
    expect(cleanText(undefined)).toBeNull();
  });

  it('gives the same answer on its fast path for plain text as the full rules', () => {
    const samples = [
      'Cavity wall, as built, insulated (assumed)',
      'Pitched, 250 mm loft insulation',
      'Average thermal transmittance 0.25 W/m2K',
      'Average thermal transmittance 0.25 W / m?K',
      'Room heaters, (NULL)',
      'Pitched, *** INVALID INPUT Code : 57 *** loft insulation',
      'Flat 2,',
      ',Flat 2',
      'a  b',
      'Good|Average',
      'x',
      'A & B',
      '50%',
      "O'Brien's Cottage",
      'TOTNES',
    ];
    for (const s of samples) expect(cleanText(s), s).toBe(cleanTextFully(s));
  });

  it('takes the first meaningful part of a multi-part value', () => {
    expect(firstPart('N/A | Good | Average')).toBe('Good');
    expect(firstPart(null)).toBeNull();
  });
});

describe('descriptions', () => {
  it('keeps the English part of an E&W bilingual cell', () => {
    expect(
      englandWalesDescription(
        'Average thermal transmittance 0.30 W/m?K|Trawsyriannedd thermol cyfartalog 0.30 W/m?K',
      ),
    ).toBe('Average thermal transmittance 0.30 W/m²K');
  });

  it('keeps every meaningful part of a Scottish multi-part cell', () => {
    expect(
      scottishDescription('Cavity wall, filled cavity | Timber frame, as built, insulated (assumed) | N/A |'),
    ).toBe('Cavity wall, filled cavity | Timber frame, as built, insulated (assumed)');
    expect(scottishDescription('N/A | N/A')).toBeNull();
  });
});

describe('prefixes', () => {
  it('removes country prefixes', () => {
    expect(removeCountryPrefix('England and Wales: 1930-1949')).toBe('1930-1949');
    expect(removeCountryPrefix('Northern Ireland: 2014 onwards')).toBe('2014 onwards');
    expect(removeCountryPrefix('1930-1949')).toBe('1930-1949');
  });
});

describe('dates and timestamps', () => {
  it.each([
    ['2019-05-31', '2019-05-31T00:00:00.000Z'],
    ['0012-05-01', '2012-05-01T00:00:00.000Z'],
    ['31/05/2019', '2019-05-31T00:00:00.000Z'],
    ['1/5/2019', '2019-05-01T00:00:00.000Z'],
    ['2019/05/31', '2019-05-31T00:00:00.000Z'],
    ['2019-05-31 13:04:08', '2019-05-31T13:04:08.000Z'],
    ['31/05/2019 13:04:08', '2019-05-31T13:04:08.000Z'],
    ['2019-05-31T13:04:08.5Z', '2019-05-31T13:04:08.500Z'],
    ['2019-05-31T13:04:08+01:00', '2019-05-31T12:04:08.000Z'],
  ])('%j → %j', (raw, iso) => expect(toTimestamp(raw)).toBe(iso));

  it.each(['2019-02-30', '2019-13-01', '31/02/2019', '1012-05-01', 'NO DATA!', '', 'yesterday'])(
    '%j → null',
    (raw) => expect(toTimestamp(raw)).toBeNull(),
  );

  it('restores the lost century', () => {
    expect(fixBrokenYear(12)).toBe(2012);
    expect(fixBrokenYear(2019)).toBe(2019);
  });
});

describe('numbers', () => {
  it('parses decimals strictly', () => {
    expect(toNumber('120.50')).toBe(120.5);
    expect(toNumber('-1199')).toBe(-1199);
    expect(toNumber('£1,234.50')).toBe(1234.5);
    expect(toNumber('12 m')).toBeNull();
    expect(toNumber('')).toBeNull();
    expect(toNumber('NO DATA!')).toBeNull();
  });

  it('reads integer fields published as 4.0', () => {
    expect(toInteger('4.0')).toBe(4);
    expect(toInteger('4.5')).toBeNull();
    expect(toCount('3')).toBe(3);
    expect(toCount('-1')).toBeNull();
  });

  it('bounds percentages and measurements', () => {
    expect(toPercentage('75')).toBe(75);
    expect(toPercentage('33.3')).toBe(33);
    expect(toPercentage('140')).toBeNull();
    expect(toPositive('0')).toBeNull();
    expect(toPositive('56.0')).toBe(56);
    expect(toNonNegative('0')).toBe(0);
  });

  it('rounds costs to pence', () => {
    expect(toMoney('512.00000001')).toBe(512);
    expect(toMoney('98.456')).toBe(98.46);
  });

  it('reads UPRNs', () => {
    expect(toUprn('100023336956')).toBe(100023336956);
    expect(toUprn('100023336956.0')).toBe(100023336956);
    expect(toUprn('0')).toBeNull();
    expect(toUprn('1234567890123')).toBeNull();
  });
});

describe('booleans', () => {
  it.each([
    ['Y', true],
    ['N', false],
    ['y', true],
    ['true', true],
    ['false', false],
    ['TRUE', true],
    ['', null],
    ['NO DATA!', null],
    ['maybe', null],
  ] as const)('%j → %j', (raw, value) => expect(toBoolean(raw)).toBe(value));
});

describe('codes', () => {
  it('formats postcodes with one space', () => {
    expect(normalisePostcode('tq95rp')).toBe('TQ9 5RP');
    expect(normalisePostcode('SW1A  1AA')).toBe('SW1A 1AA');
    expect(normalisePostcode('EH1 1YZ ')).toBe('EH1 1YZ');
    expect(normalisePostcode('NOT KNOWN')).toBe('NOT KNOWN');
    expect(normalisePostcode('')).toBeNull();
  });

  it('keeps ONS codes and drops legacy register codes', () => {
    expect(toOnsCode('E07000044')).toBe('E07000044');
    expect(toOnsCode('w06000001')).toBe('W06000001');
    expect(toOnsCode('00EM')).toBeNull();
    expect(toOnsCode('16UD')).toBeNull();
  });
});

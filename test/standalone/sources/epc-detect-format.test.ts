import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectEpcFileFormat, detectEpcFormat } from '../../../pipelines/sources/epc/detect-format';
import { LEGACY_HEADER } from './epc-fixtures';

describe('detectEpcFormat', () => {
  it('recognises each published header', () => {
    expect(detectEpcFormat(LEGACY_HEADER.split(','))).toBe('ew-legacy');
    expect(detectEpcFormat(['certificate_number', 'address1', 'postcode', 'current_energy_rating'])).toBe(
      'ew-2025',
    );
    expect(
      detectEpcFormat(['LMK_KEY', 'IMPROVEMENT_ITEM', 'IMPROVEMENT_SUMMARY_TEXT', 'IMPROVEMENT_DESCR_TEXT']),
    ).toBe('ew-recommendations');
    expect(detectEpcFormat(['certificate_number', 'improvement_item', 'improvement_id'])).toBe(
      'ew-recommendations',
    );
    expect(detectEpcFormat(['ï»¿OSG_REFERENCE_NUMBER', 'BUILDING_REFERENCE_NUMBER', 'ADDRESS1'])).toBe(
      'scotland',
    );
    // Older Scottish extracts put the friendly row first.
    expect(detectEpcFormat(['OSG_UPRN', 'Property_UPRN', 'Date of Assessment'])).toBe('scotland');
  });

  it('names the columns it found when the format is unknown', () => {
    expect(() => detectEpcFormat(['UPRN', 'X_COORDINATE'], 'osopenuprn.csv')).toThrow(
      /osopenuprn\.csv: unknown EPC format: .* found UPRN,X_COORDINATE/,
    );
  });

  it('reads the header of a file with a BOM', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'detect-')), 'certificates.csv');
    await writeFile(file, `\uFEFF${LEGACY_HEADER}\r\n1,2\r\n`);
    expect(await detectEpcFileFormat(file)).toBe('ew-legacy');
  });
});

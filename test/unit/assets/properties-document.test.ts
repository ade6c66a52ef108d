// A properties document carries every block table's row for its UPRN; its postcode and country come from
// the EPC when there is one, else from the area block (nearest postcode), so UPRNs without EPCs are findable.
import { describe, expect, it } from 'vitest';
import { toPropertyDocument } from '../../../pipelines/assets/properties-index';

const base = { uprn: 1, x_coord: 375000, y_coord: 165000, latitude: 51.38, longitude: -2.36 };

describe('toPropertyDocument', () => {
  it('takes postcode and country from the latest EPC first', () => {
    const doc = toPropertyDocument({
      ...base,
      country: 'England',
      epc_count: 1,
      epcs: { epcs: [{ postcode: 'BA1 1AA ' }] },
      area: { admin_boundaries: { postcode: 'BA1 9ZZ', country_name: 'England' } },
    });
    expect(doc).toMatchObject({ postcode: 'BA1 1AA', country: 'England', epc_count: 1 });
    expect(doc.blocks.area).toEqual({ admin_boundaries: { postcode: 'BA1 9ZZ', country_name: 'England' } });
  });

  it('falls back to the area block for a UPRN without certificates', () => {
    const doc = toPropertyDocument({
      ...base,
      country: null,
      epc_count: null,
      epcs: null,
      area: { admin_boundaries: { postcode: 'CF10 1AA', country_name: 'Wales' } },
    });
    expect(doc).toMatchObject({ postcode: 'CF10 1AA', country: 'Wales', epc_count: 0 });
    expect(doc.blocks.epcs).toBeNull();
  });

  it('leaves postcode and country null when nothing knows them, and blocks not built are null', () => {
    const doc = toPropertyDocument({ ...base, country: null, epc_count: null });
    expect(doc).toMatchObject({ postcode: null, country: null });
    expect(doc.blocks.flood_risk).toBeNull();
  });
});

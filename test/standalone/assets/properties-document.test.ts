// A properties document carries every block table's row for its UPRN, cut into the pieces the endpoints read;
// its postcode and country come from the EPC when there is one, else from the area block (nearest postcode),
// so UPRNs without EPCs are findable.
import { describe, expect, it } from 'vitest';
import { indexedProperty, type JoinedRow } from '../../../pipelines/assets/index/properties-index';
import { StoredProperty } from '../../../pipelines/indexing/stored-property';

const base = { uprn: 1, x_coord: 375000, y_coord: 165000, latitude: 51.38, longitude: -2.36 };
const row = (r: Partial<JoinedRow>): JoinedRow =>
  ({
    ...base,
    country: null,
    epc_count: null,
    epc_postcode: null,
    area_postcode: null,
    area_country: null,
    ...r,
  }) as JoinedRow;

describe('indexedProperty', () => {
  it('takes postcode and country from the latest EPC first', () => {
    const doc = indexedProperty(
      row({
        country: 'England',
        epc_count: 1,
        epc_postcode: 'BA1 1AA ',
        area_postcode: 'BA1 9ZZ',
        area_country: 'England',
        epcs: '{"epcs":[{"postcode":"BA1 1AA "}]}',
        area: '{"admin_boundaries":{"postcode":"BA1 9ZZ","country_name":"England"}}',
      }),
    );
    expect(doc).toMatchObject({ uprn: 1, postcode: 'BA1 1AA', country: 'England' });
    const source = JSON.parse(Buffer.concat(doc.parts).toString());
    expect(source).toMatchObject({
      uprn: 1,
      location: { lat: 51.38, lon: -2.36 },
      x_coord: 375000,
      y_coord: 165000,
      postcode: 'BA1 1AA',
      country: 'England',
      epc_count: 1,
    });
    expect(source.pieces).toEqual({
      'epcs/epcs': [{ postcode: 'BA1 1AA ' }],
      'area/admin_boundaries': { postcode: 'BA1 9ZZ', country_name: 'England' },
    });
  });

  it('falls back to the area block for a UPRN without certificates', () => {
    const doc = indexedProperty(
      row({
        area_postcode: 'CF10 1AA',
        area_country: 'Wales',
        epcs: null,
        area: '{"admin_boundaries":{"postcode":"CF10 1AA","country_name":"Wales"}}',
      }),
    );
    expect(doc).toMatchObject({ postcode: 'CF10 1AA', country: 'Wales' });
    expect(JSON.parse(Buffer.concat(doc.parts).toString())).toMatchObject({ epc_count: 0 });
  });

  it('leaves postcode and country null when nothing knows them, and blocks not built are absent', () => {
    const doc = indexedProperty(row({}));
    expect(doc).toMatchObject({ postcode: null, country: null });
    const stored = new StoredProperty(1, Buffer.concat(doc.parts));
    expect(stored.get('flood_risk')).toBeUndefined();
    expect(stored.coordinates).toBe('{"x_coord":375000,"y_coord":165000,"latitude":51.38,"longitude":-2.36}');
  });
});

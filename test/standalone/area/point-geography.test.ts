// The one admin-geography rule of GET /properties and GET /location (issue 15 item 8), pure.
import { describe, expect, it } from 'vitest';
import { ADMIN_BOUNDARY_FIELDS } from '../../../schemas/api/area';
import {
  pointAdminBoundaries,
  pointAreaKeys,
  polygonAdmin,
  statisticsCountry,
} from '../../../pipelines/transforms/area/point-geography';
import { pointAreaStatistics } from '../../../pipelines/transforms/area/point-statistics';

// Ward E05012442 and its authority hold the point; the certificate's postcode lies in ward E05012444.
const polygons = polygonAdmin({
  electoral_area_code: 'E05012442',
  electoral_area_name: 'Widcombe & Lyncombe',
  local_authority_district_code: 'E06000022',
  local_authority_district_name: 'Bath and North East Somerset',
  region_code: 'E12000009',
  region_name: 'South West',
  country_code: 'E92000001',
  country_name: 'England',
});
const nearest = { postcode: 'BA2 4AA', lsoa: 'E01014400', country: 'E92000001' };
const onspdOfNearest = Object.fromEntries(ADMIN_BOUNDARY_FIELDS.map((f) => [f, `onspd:${f}`])) as Parameters<
  typeof pointAdminBoundaries
>[1];

describe('point geography', () => {
  it('polygon levels from the polygons, every other field from the nearest postcode, postcode as answered', () => {
    const admin = pointAdminBoundaries('BA2 9ZZ', onspdOfNearest, polygons)!;
    expect(Object.keys(admin)).toEqual([...ADMIN_BOUNDARY_FIELDS]);
    expect(admin.postcode).toBe('BA2 9ZZ');
    expect(admin.electoral_area_code).toBe('E05012442');
    expect(admin.county_code).toBeNull(); // no county polygon holds the point
    expect(admin.census_lower_layer_super_output_area_code).toBe(
      'onspd:census_lower_layer_super_output_area_code',
    );
    expect(admin.parliamentary_constituency_code).toBe('onspd:parliamentary_constituency_code');
    expect(pointAdminBoundaries(null, null, polygonAdmin(null))).toBeNull();
  });

  it('statistics are keyed on the polygon authority and region and the nearest postcode LSOA', () => {
    expect(pointAreaKeys(polygons, nearest)).toEqual({
      hpi: { localAuthority: 'E06000022', region: 'E12000009', country: 'E92000001' },
      fuelPoverty: { lsoa: 'E01014400', localAuthority: 'E06000022', region: 'E12000009' },
      areaPostcode: 'BA2 4AA',
      country: 'England',
    });
  });

  it('the gating country is the polygon one, else the nearest postcode one', () => {
    expect(statisticsCountry('E92000001', 'W92000004')).toBe('England');
    expect(statisticsCountry(null, 'W92000004')).toBe('Wales');
    expect(statisticsCountry(null, null)).toBeNull();
  });

  it('house prices and fuel poverty follow those keys (the live answer)', () => {
    const fp = (code: string) => ({
      code,
      name: code,
      household_count: 10,
      fuel_poor_household_count: 1,
      fuel_poor_household_percentage: 10,
    });
    const rows: Record<string, Record<string, unknown>> = {
      'hpi:E06000022': {
        date: '2025-09-01',
        region_name: 'Bath and North East Somerset',
        area_code: 'E06000022',
      },
      'hpi:E06000023': { date: '2025-09-01', region_name: 'Bristol', area_code: 'E06000023' },
      'fuel_poverty:lsoa:E01014400': fp('E01014400'),
      'fuel_poverty:local_authority:E06000022': fp('E06000022'),
      'fuel_poverty:region:E12000009': fp('E12000009'),
    };
    const s = pointAreaStatistics(polygons, nearest, (k) => rows[k] ?? null);
    expect(s.house_price_index!.area_code).toBe('E06000022');
    expect(s.fuel_poverty!.lower_layer_super_output_area!.lower_layer_super_output_area_code).toBe(
      'E01014400',
    );
    expect(s.fuel_poverty!.local_authority!.local_authority_district_code).toBe('E06000022');
    // Outside every polygon, off England's postcodes: no fuel poverty.
    expect(pointAreaStatistics(polygonAdmin(null), null, (k) => rows[k] ?? null).fuel_poverty).toBeNull();
  });
});

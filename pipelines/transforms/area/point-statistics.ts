// A point's house price index and fuel poverty blocks by the one rule (point-geography.ts), from rows looked
// up by key: GET /location answers these live (serving/repository/location.ts, rows from the location feature
// index); uprn_area_blocks joins the same keys in DuckDB and shapes the rows with the same housePriceIndex and
// fuelPoverty (area-block.ts).
import type { FuelPoverty, HousePriceIndex } from '../../../schemas/api/area';
import type { LocationAdminBoundaries } from '../../../schemas/api/planning';
import { fuelPoverty, housePriceIndex, type FuelPovertyRow } from './area-block';
import { pointAreaKeys, type NearestPostcodeCodes } from './point-geography';

type Row = Record<string, unknown>;

/**
 * `rows(key)`: the latest HPI row of an area (`hpi:<code>`) or a fuel poverty row (`fuel_poverty:<level>:<code>`),
 * null when there is none.
 */
export function pointAreaStatistics(
  polygons: LocationAdminBoundaries,
  nearest: NearestPostcodeCodes | null,
  rows: (key: string) => Row | null,
): { house_price_index: HousePriceIndex | null; fuel_poverty: FuelPoverty } {
  const keys = pointAreaKeys(polygons, nearest);
  const row = (key: string | null) => (key ? rows(key) : null);
  const fp = (level: string, code: string | null) =>
    row(code && `fuel_poverty:${level}:${code}`) as FuelPovertyRow | null;
  return {
    house_price_index: housePriceIndex({
      localAuthority: row(keys.hpi.localAuthority && `hpi:${keys.hpi.localAuthority}`),
      region: row(keys.hpi.region && `hpi:${keys.hpi.region}`),
      country: row(keys.hpi.country && `hpi:${keys.hpi.country}`),
    }),
    fuel_poverty: fuelPoverty(keys.country, {
      lsoa: fp('lsoa', keys.fuelPoverty.lsoa),
      localAuthority: fp('local_authority', keys.fuelPoverty.localAuthority),
      region: fp('region', keys.fuelPoverty.region),
    }),
  };
}

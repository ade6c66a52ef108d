// The API's 22 region names and their SAP Appendix U region numbers (climate.md, "Mapping the 22 API region
// names"): NW England and SW Scotland are both SAP region 8, hence 22 names for 21 regions.
import type { RegionName } from '../../../schemas/api/energy-model';

export const REGION_NUMBERS: Readonly<Record<RegionName, number>> = {
  Thames: 1,
  'SE England': 2,
  'South England': 3,
  'SW England': 4,
  Severn: 5,
  Midlands: 6,
  'West Pennines': 7,
  'NW England': 8,
  'SW Scotland': 8,
  Borders: 9,
  'NE England': 10,
  'East Pennines': 11,
  'East Anglia': 12,
  Wales: 13,
  'West Scotland': 14,
  'East Scotland': 15,
  'NE Scotland': 16,
  Highlands: 17,
  'Western Isles': 18,
  Orkney: 19,
  Shetland: 20,
  'N Ireland': 21,
};

/** UK average (region 0): used for postcodes outside the SAP table (Isle of Man, Channel Islands). */
export const UK_AVERAGE_REGION = 0;

/** Each SAP region's API name (the first listed: region 8 is NW England's; postcode.ts tells SW Scotland). */
export const REGION_NAME_OF: readonly (RegionName | undefined)[] = (() => {
  const names: (RegionName | undefined)[] = [];
  for (const [name, region] of Object.entries(REGION_NUMBERS) as [RegionName, number][])
    names[region] ??= name;
  return names;
})();

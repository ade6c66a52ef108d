// Sample planning, transport and boundary layers around the sample areas, each in its publisher's layout
// (reference terrain-coast-heritage.md 3-5, amenities-transport.md 1-3), one writer per dataset as
// pipelines/sources/ has one loader per dataset:
//   conservation-areas          planning/conservation-areas.ts   planning.data.gov.uk CSV, England
//   nhle-listed-buildings       planning/nhle.ts                 NHLE shapefile points
//   nhle-world-heritage-sites   planning/nhle.ts                 NHLE shapefile polygons
//   ons-national-parks          planning/national-parks.ts       ONS BFC shapefile, Wales and Scotland
//   ncr-charge-points           transport/ev-charge-points.ts    National Chargepoint Registry CSV
//   low-emission-zones          transport/low-emission-zones.ts  council GeoJSON; Spatial Hub shapefile
//   ourairports                 transport/airports.ts            airports.csv (a data file beside it)
//   admin-boundaries            boundaries/admin-boundaries.ts   ONS BFC shapefiles per level
import { adminBoundaries } from '../boundaries/admin-boundaries';
import type { SampleArea } from '../areas';
import { airports } from '../transport/airports';
import { chargePoints } from '../transport/ev-charge-points';
import { lowEmissionZones } from '../transport/low-emission-zones';
import { conservationAreas } from './conservation-areas';
import type { PlanningSampleFile } from './layer-files';
import { nationalParks } from './national-parks';
import { listedBuildings, worldHeritageSites } from './nhle';

export function writePlanningSamples(
  areas: readonly SampleArea[],
  outDir: string,
  seed: number,
): PlanningSampleFile[] {
  const england = areas.filter((a) => a.country === 'England');
  return [
    conservationAreas(england, outDir),
    listedBuildings(england, outDir, seed),
    worldHeritageSites(england, outDir),
    nationalParks(areas, outDir),
    chargePoints(areas, outDir, seed),
    ...lowEmissionZones(areas, outDir),
    airports(outDir),
    ...adminBoundaries(areas, outDir),
  ];
}

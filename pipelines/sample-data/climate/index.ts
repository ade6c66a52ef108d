// Sample climate sources around the sample areas, in the publishers' formats (reference climate.md):
//   metoffice-haduk-grid             NetCDF-4 (HDF5) 1991-2020 monthly climatologies, one file per variable
//                                    (`tas_hadukgrid_uk_1km_mon-30y_199101-202012.nc`: tas, tasmax, tasmin,
//                                    rainfall, sun, sfcWind): `<var>(time, projection_y_coordinate,
//                                    projection_x_coordinate)` doubles with `_FillValue` 1e20, CF attributes,
//                                    the BNG `transverse_mercator` grid mapping, coordinate variables attached
//                                    as dimension scales, deflate-compressed chunks
//   metoffice-ukcp18-warming-levels  Climate Data Portal exports on the 12 km grid: hot summer days and summer
//                                    precipitation as GeoJSON (WGS84 polygons), summer maximum temperature and
//                                    winter precipitation as CSV; column names cut at 31 characters
// The 1 km grid is one rectangle holding every area (a UK file is 900 × 1450 cells; this one ~270 × 554),
// with values in a 24 km square around each area; the rest of the rectangle, and the sea beside Cardiff and
// Stirling (the coasts of ../flood/geography.ts), hold the fill value, as sea does in the real files. The 2-D
// latitude/longitude auxiliary variables of the real files are left out (the loader does not read them).
// Planted for the loaders: one land cell with a NaN month (quarantined; that cell then has no rainfall
// statistics), one GeoJSON value that is null and one CSV row cut short (both quarantined).
// Real: names, layouts, attributes, units, 12 km lattice. Synthetic: every value (plausible 1991-2020 levels
// for the three places, smooth across the squares); UKCP18 columns not seen in the reference ([inferred]
// there: the precipitation baselines, the 2.5 and 3 °C levels of tasmax) follow the published pattern.
// One writer per dataset as pipelines/sources/climate/ has one loader per dataset: haduk-grid.ts (over
// haduk-grid-file.ts, one NetCDF-4 file) and ukcp18.ts.
import type { SampleArea } from '../areas';
import type { ClimateSampleFile } from './climate-file';
import { writeHadukGrid } from './haduk-grid';
import { writeProjections } from './ukcp18';

export async function writeClimateSamples(
  areas: readonly SampleArea[],
  outDir: string,
  seed: number,
): Promise<ClimateSampleFile[]> {
  return [...(await writeHadukGrid(areas, outDir, seed)), ...writeProjections(areas, outDir, seed)];
}

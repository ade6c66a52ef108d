// The spatial part of the sample data: flood maps (EA, NRW, SEPA), OS Terrain 50 contours and the
// Boundary-Line coast, for every sample area. One call from the generator (pipelines/sample-data/index.ts).
import type { Position } from '../../geo/geometry';
import type { AddressBook } from '../addresses';
import { writeBoundaryLineCoast, writeTerrain50 } from '../terrain/write';
import type { FloodFile } from './flood-file';
import { writeFloodMaps } from './flood-maps';

export type SpatialSampleFile = FloodFile;

export function writeSpatialSamples(
  books: readonly AddressBook[],
  outDir: string,
  seed: number,
  scale: number,
): SpatialSampleFile[] {
  const areas = books.map((b) => b.area);
  // Postcode centroids: where surface-water pockets go, so they cover some addresses.
  const sites = new Map(
    books.map((b) => [b.area.id, b.postcodes.filter((p) => !p.noGrid).map((p): Position => [p.x, p.y])]),
  );
  return [
    ...writeFloodMaps(areas, sites, outDir, seed, scale),
    ...writeTerrain50(areas, outDir).files,
    ...writeBoundaryLineCoast(areas, outDir).files,
  ];
}

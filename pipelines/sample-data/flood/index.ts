// The spatial part of the sample data: flood maps (EA, NRW, SEPA), OS Terrain 50 contours and the
// Boundary-Line coast, for every sample area. One call from the generator (pipelines/sample-data/index.ts).
import type { SampleArea } from '../areas';
import { writeBoundaryLineCoast, writeTerrain50 } from '../terrain/write';
import { writeFloodMaps, type FloodFile } from './write';

export type SpatialSampleFile = FloodFile;

export function writeSpatialSamples(
  areas: readonly SampleArea[],
  outDir: string,
  seed: number,
  scale: number,
): SpatialSampleFile[] {
  return [
    ...writeFloodMaps(areas, outDir, seed, scale),
    ...writeTerrain50(areas, outDir).files,
    ...writeBoundaryLineCoast(areas, outDir).files,
  ];
}

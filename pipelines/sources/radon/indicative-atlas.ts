// BGS/UKHSA Indicative Atlas of Radon Potential (reference environment-hazards.md section 3): a GeoPackage
// of 1 km grid squares over GB (EPSG:27700), each carrying `CLASS_MAX` 1-6, the highest class in the square.
// We stage one row per square keyed by its south-west corner, so a UPRN's class is a lookup of its own 1 km
// cell. A polygon that is not an axis-aligned 1 km grid square (the published atlas has none) or a class
// outside 1-6 is quarantined rather than guessed at.
import type { SourceRow } from '../../io/quarantine';
import type { RadonCellRecord } from '../../../schemas/environment-features';
import { bboxOf } from '../../geo/geometry';
import { attribute } from '../flood/spatial-rows';
import { layerFilesUnder, polygonRows } from '../planning/layer-files';

export const RADON_DATASET = 'bgs-radon-atlas';
export type RadonCellRow = Omit<RadonCellRecord, 'source_file'>;

/** Tolerance on the square's corners (m): published squares sit on whole kilometres. */
const SNAP = 1;

export async function* readRadonAtlas(dir: string): AsyncGenerator<SourceRow<RadonCellRow>> {
  for (const file of await layerFilesUnder(dir))
    yield* polygonRows<RadonCellRow>(RADON_DATASET, file, ({ geometry, properties }) => {
      const raw = attribute(properties, 'CLASS_MAX');
      const cls = Number(raw);
      if (!Number.isInteger(cls) || cls < 1 || cls > 6) return `CLASS_MAX "${String(raw ?? '')}" is not 1-6`;
      const b = bboxOf(geometry);
      const x = Math.round(b.minX / 1000) * 1000;
      const y = Math.round(b.minY / 1000) * 1000;
      const square =
        Math.abs(b.minX - x) <= SNAP &&
        Math.abs(b.minY - y) <= SNAP &&
        Math.abs(b.maxX - x - 1000) <= SNAP &&
        Math.abs(b.maxY - y - 1000) <= SNAP;
      if (!square) return 'not a 1 km grid square';
      return { cell_x: x, cell_y: y, class_max: cls };
    });
}

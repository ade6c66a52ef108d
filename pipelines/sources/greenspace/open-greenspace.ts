// OS Open Greenspace (reference environment-hazards.md section 2): `GB_GreenspaceSite.shp` (or the per-100 km
// tiles, or a GeoPackage/GeoJSON copy) with `id`, `function`, `distName1`…`distName4`, BNG polygons. Access
// points (`GB_AccessPoint.shp`) are not sites and are skipped by name. A site without `function` is
// quarantined: the nearest greenspace must say what kind of place it is.
import type { SourceRow } from '../../io/quarantine';
import type { GreenspaceSiteRecord } from '../../../schemas/environment-features';
import { geometryColumns, textAttribute } from '../flood/spatial-rows';
import { layerFilesUnder, polygonRows, type LoaderRow } from '../planning/layer-files';

export const GREENSPACE_DATASET = 'os-open-greenspace';
export type GreenspaceSiteRow = LoaderRow<GreenspaceSiteRecord>;

export async function* readGreenspaceSites(dir: string): AsyncGenerator<SourceRow<GreenspaceSiteRow>> {
  for (const file of await layerFilesUnder(dir)) {
    if (/accesspoint/i.test(file.table ?? file.path.split(/[\\/]/).pop() ?? '')) continue;
    yield* polygonRows<GreenspaceSiteRow>(GREENSPACE_DATASET, file, ({ index, geometry, properties }) => {
      const fn = textAttribute(properties, 'function');
      if (!fn) return 'no function';
      return {
        feature_id: textAttribute(properties, 'id', 'gml_id') ?? `${file.path}#${index}`,
        function: fn,
        name: textAttribute(properties, 'distName1', 'distinctiveName1'),
        ...geometryColumns(geometry),
      };
    });
  }
}

// BGS GeoSure (reference environment-hazards.md section 4): natural ground subsidence hazard polygons, one
// layer per hazard (shrink-swell, landslides, compressible ground, collapsible deposits, running sand, soluble
// rocks), EPSG:27700, as ESRI Shapefiles or GeoPackage layers. BGS's field names are not verified in our
// reference, so they are a small mapping below (GEOSURE_FIELDS, GEOSURE_LAYER_HAZARDS) that a real delivery
// can be matched against without touching the code path:
//   - the hazard comes from the layer's name (GeoPackage table or shapefile base name), else a HAZARD field;
//   - the class is `CLASS` in BGS's style (a letter A-E on the 1:50k product; 1-3 or Low/Moderate/
//     Significant on the 5 km hex product), mapped to the spec's 1..3 by pipelines/reference/subsidence.json
//     (A/B → 1 Low, C → 2 Moderate, D/E → 3 Significant);
//   - the legend is `LEGEND` as published, else the maintained default for the letter (or the class name).
// A feature with an unknown class, in a layer that names no hazard, or failing the shared geometry checks is
// quarantined with its reason.
import type { SourceRow } from '../../io/quarantine';
import {
  SUBSIDENCE_HAZARDS,
  type SubsidenceHazard,
  type SubsidenceHazardAreaRecord,
} from '../../../schemas/environment-features';
import { subsidenceReference, geoSureClass } from '../../transforms/environment/subsidence-reference';
import { geometryColumns, textAttribute } from '../flood/spatial-rows';
import { layerFilesUnder, polygonRows, type LoaderRow } from '../planning/layer-files';

export const GEOSURE_DATASET = 'bgs-geosure';
export type SubsidenceHazardAreaRow = LoaderRow<SubsidenceHazardAreaRecord>;

/** Attribute names tried in order (case-insensitive, also as 10-character shapefile truncations). */
export const GEOSURE_FIELDS = {
  class: ['CLASS', 'GS_CLASS', 'HAZ_CLASS', 'RATING'],
  legend: ['LEGEND', 'GS_LEGEND', 'DESCRIPTION'],
  version: ['VERSION'],
  id: ['GS_ID', 'ID', 'OBJECTID', 'FID'],
  hazard: ['HAZARD', 'THEME'],
} as const;
export type GeoSureFields = { [K in keyof typeof GEOSURE_FIELDS]: readonly string[] };

/** Layer (or HAZARD value) name patterns, tried in order; the first match names the hazard. */
export const GEOSURE_LAYER_HAZARDS: readonly [RegExp, SubsidenceHazard][] = [
  [/shrink|swell/i, 'shrink_swell'],
  [/landslide|slope|instab/i, 'landslides'],
  [/compress/i, 'compressible_ground'],
  [/collaps/i, 'collapsible_deposits'],
  [/running|sand/i, 'running_sand'],
  [/solub|dissol/i, 'soluble_rocks'],
];

export function hazardOfName(name: string): SubsidenceHazard | null {
  if ((SUBSIDENCE_HAZARDS as readonly string[]).includes(name.toLowerCase()))
    return name.toLowerCase() as SubsidenceHazard;
  return GEOSURE_LAYER_HAZARDS.find(([re]) => re.test(name))?.[1] ?? null;
}

export async function* readGeoSure(
  dir: string,
  fields: GeoSureFields = GEOSURE_FIELDS,
): AsyncGenerator<SourceRow<SubsidenceHazardAreaRow>> {
  const ref = subsidenceReference().geosure;
  for (const file of await layerFilesUnder(dir))
    yield* polygonRows<SubsidenceHazardAreaRow>(
      GEOSURE_DATASET,
      file,
      ({ index, geometry, properties }, layer) => {
        const named = textAttribute(properties, ...fields.hazard);
        const hazard = hazardOfName(layer) ?? (named === null ? null : hazardOfName(named));
        if (!hazard) return `layer "${layer}" names no GeoSure hazard`;
        const raw = textAttribute(properties, ...fields.class);
        const parsed = geoSureClass(raw);
        if (!parsed) return `class "${raw ?? ''}" is not A-E, 1-3 or Low/Moderate/Significant`;
        const legend =
          textAttribute(properties, ...fields.legend) ??
          (parsed.letter ? ref.hazards[hazard].legends[parsed.letter] : ref.classNames[parsed.cls]);
        const id = textAttribute(properties, ...fields.id);
        return {
          feature_id: `${hazard}:${id ?? `${layer}#${index + 1}`}`,
          hazard,
          class_letter: parsed.letter,
          hazard_class: parsed.cls,
          legend,
          version: textAttribute(properties, ...fields.version),
          ...geometryColumns(geometry),
        };
      },
    );
}

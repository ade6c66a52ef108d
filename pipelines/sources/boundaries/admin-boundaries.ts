// Administrative boundary polygons for /location's admin_boundaries (spec 2.7): ward, local authority
// district, county, region and country, by point in polygon. Two publisher layouts:
// - ONS Open Geography boundary files (`WD_DEC_2024_UK_BFC`, `LAD_DEC_2024_UK_BFC`, `CTY_…`, `RGN_…`,
//   `CTRY_…`), one level per layer, code and name in `<LEVEL><yy>CD` / `<LEVEL><yy>NM` (year suffix resolved
//   by pattern; `CTYUA` county-or-unitary layers count as counties only for their county rows, E10);
// - OS Boundary-Line shapefiles (`district_borough_unitary_ward_region.shp`, `district_borough_unitary_
//   region.shp`, `county_region.shp`, `english_region_region.shp`, `scotland_and_wales_region_region.shp`,
//   `country_region.shp`), level from the file name, code in `CODE` (GSS), name in `NAME`.
// Layers of neither kind are skipped (a Boundary-Line download has many other layers).
import type { SourceRow } from '../../io/quarantine';
import type { AdminBoundaryRecord, BoundaryLevel } from '../../../schemas/planning-features';
import { baseName, geometryColumns, textAttribute } from '../flood/spatial-rows';
import { layerFilesUnder, polygonRows, type LayerFile, type LoaderRow } from '../planning/layer-files';
import { readFeatures } from '../../io/spatial/read-features';

export const ADMIN_BOUNDARIES_DATASET = 'admin-boundaries';
export type AdminBoundaryRow = LoaderRow<AdminBoundaryRecord>;

const ONS_PREFIX: Record<string, BoundaryLevel> = {
  wd: 'ward',
  lad: 'local_authority',
  cty: 'county',
  ctyua: 'county',
  rgn: 'region',
  ctry: 'country',
};

const BOUNDARY_LINE: [RegExp, BoundaryLevel][] = [
  [/^district_borough_unitary_ward/i, 'ward'],
  [/^unitary_electoral_division/i, 'ward'],
  [/^district_borough_unitary(_region)?$/i, 'local_authority'],
  [/^county(_region)?$/i, 'county'],
  [/^english_region/i, 'region'],
  [/^scotland_and_wales_region/i, 'country'],
  [/^country(_region)?$/i, 'country'],
];

/** How a layer is read: ONS columns (prefix) or Boundary-Line (level from the file name). */
export type BoundaryLayout =
  { kind: 'ons'; prefix: string; level: BoundaryLevel } | { kind: 'boundary-line'; level: BoundaryLevel };

/** The layout of a layer from its first feature's attribute names and the file's name, or null. */
export function boundaryLayout(attributeNames: readonly string[], fileBase: string): BoundaryLayout | null {
  for (const name of attributeNames) {
    const m = /^(wd|lad|ctyua|cty|rgn|ctry)(\d{2})cd$/i.exec(name);
    if (m) return { kind: 'ons', prefix: name.slice(0, -2), level: ONS_PREFIX[m[1]!.toLowerCase()]! };
  }
  const hit = BOUNDARY_LINE.find(([pattern]) => pattern.test(fileBase));
  return hit ? { kind: 'boundary-line', level: hit[1] } : null;
}

function layoutOf(file: LayerFile): BoundaryLayout | null {
  const source = readFeatures(file.path, file.table ? { layer: file.table } : {});
  try {
    for (const f of source.features)
      return boundaryLayout(Object.keys(f.properties), file.table ?? baseName(file.path));
    return null;
  } finally {
    source.close();
  }
}

export async function* readAdminBoundaries(dir: string): AsyncGenerator<SourceRow<AdminBoundaryRow>> {
  for (const file of await layerFilesUnder(dir)) {
    const layout = layoutOf(file);
    if (!layout) continue;
    yield* polygonRows<AdminBoundaryRow>(ADMIN_BOUNDARIES_DATASET, file, ({ geometry, properties }) => {
      const code =
        layout.kind === 'ons'
          ? textAttribute(properties, `${layout.prefix}CD`)
          : textAttribute(properties, 'CODE');
      const name =
        layout.kind === 'ons'
          ? textAttribute(properties, `${layout.prefix}NM`)
          : textAttribute(properties, 'NAME');
      if (!code || !/^[EWSNK]\d{8}$/.test(code)) return `no GSS code (${code ?? 'blank'})`;
      // A CTYUA layer mixes counties (E10) with unitary authorities; only the counties answer county_*.
      if (layout.kind === 'ons' && /^ctyua/i.test(layout.prefix) && !code.startsWith('E10'))
        return `not a county: ${code}`;
      return { level: layout.level, code, name, ...geometryColumns(geometry) };
    });
  }
}

// National Park boundaries, ONS "National Parks (December 2022) Boundaries GB BFC (V3)"
// (`NPARK_DEC_2022_GB_BFC_V3`; reference terrain-coast-heritage.md section 5): `NPARK22CD`, `NPARK22NM`,
// `NPARK22NMW`. The year suffix changes with editions, so the columns are found by pattern (`NPARKyyCD`).
// Great Britain wide: England (E26), Wales (W18) and Scotland (S21) parks in one layer.
import type { SourceRow } from '../../io/quarantine';
import type { NationalParkRecord } from '../../../schemas/planning-features';
import { geometryColumns } from '../flood/spatial-rows';
import { layerFilesUnder, polygonRows, type LoaderRow } from './layer-files';

export const NATIONAL_PARKS_DATASET = 'ons-national-parks';
export type NationalParkRow = LoaderRow<NationalParkRecord>;

/** The value of the first attribute whose name matches `pattern` (case-insensitive), as trimmed text. */
export function byPattern(props: Record<string, unknown>, pattern: RegExp): string | null {
  for (const [key, value] of Object.entries(props))
    if (pattern.test(key) && value !== null && value !== undefined && String(value).trim() !== '')
      return String(value).trim();
  return null;
}

export async function* readNationalParks(dir: string): AsyncGenerator<SourceRow<NationalParkRow>> {
  for (const file of await layerFilesUnder(dir))
    yield* polygonRows<NationalParkRow>(NATIONAL_PARKS_DATASET, file, ({ geometry, properties }) => {
      const code = byPattern(properties, /^npark\d{2}cd$/i);
      if (!code) return 'no NPARKyyCD code';
      if (!/^[EWS]\d{8}$/.test(code)) return `NPARKyyCD is not a GSS code: "${code}"`;
      return {
        feature_id: code,
        name: byPattern(properties, /^npark\d{2}nm$/i),
        name_welsh: byPattern(properties, /^npark\d{2}nmw$/i),
        ...geometryColumns(geometry),
      };
    });
}

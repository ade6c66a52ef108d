// Conservation areas from planning.data.gov.uk's bulk CSV (`conservation-area.csv`; reference
// terrain-coast-heritage.md section 4): columns mapped by name (`entity`, `name`, `geometry`, `reference`,
// `organisation-entity`, `designation-date`, `documentation-url`, `end-date`), `geometry` a WKT MULTIPOLYGON
// in WGS84 (EPSG:4326) brought onto BNG. Entries with no geometry (some have only a `point`), unreadable WKT
// and ended designations (`end-date` set) are quarantined with the reason. England only: Wales and Scotland
// publish theirs elsewhere (Cadw, Historic Environment Scotland), not read here.
import { bboxOf } from '../../geo/geometry';
import { isInsideBngExtent } from '../../geo/bng';
import type { SourceRow } from '../../io/quarantine';
import { geometryToBng } from '../../io/spatial/read-features';
import { parseWktWithSrid } from '../../io/spatial/wkt';
import type { ConservationAreaRecord } from '../../../schemas/planning-features';
import { headerIndex, requireColumns } from '../common/header';
import { openCsvTable, reject, toSourceRow, type Rejection } from '../common/table';
import { geometryColumns, geometryProblem } from '../flood/spatial-rows';
import { sourceDate, type LoaderRow } from './layer-files';

export const CONSERVATION_AREAS_DATASET = 'conservation-areas';
export type ConservationAreaRow = LoaderRow<ConservationAreaRecord>;

const text = (s: string | undefined): string | null => {
  const t = (s ?? '').trim();
  return t === '' ? null : t;
};

export function conservationAreaParser(
  header: readonly string[],
  file: string,
): (fields: string[]) => ConservationAreaRow | Rejection {
  const index = headerIndex(header);
  const col = requireColumns(
    index,
    ['entity', 'geometry', 'name'],
    file,
    'planning.data.gov.uk conservation-area',
  );
  const opt = (name: string): number | undefined => index.get(name);
  const reference = opt('reference');
  const organisation = opt('organisation-entity') ?? opt('organisation');
  const designation = opt('designation-date');
  const documentation = opt('documentation-url');
  const endDate = opt('end-date');
  const get = (fields: string[], i: number | undefined): string | null =>
    i === undefined ? null : text(fields[i]);
  return (fields) => {
    const entity = get(fields, col.entity);
    if (!entity || !/^\d+$/.test(entity))
      return reject(`entity is not a number: "${fields[col.entity] ?? ''}"`);
    const ended = get(fields, endDate);
    if (ended) return reject(`designation ended (end-date ${ended})`);
    const wkt = get(fields, col.geometry);
    if (!wkt) return reject('no geometry');
    let parsed;
    try {
      parsed = parseWktWithSrid(wkt);
    } catch (error) {
      return reject(`geometry is not WKT: ${(error as Error).message}`);
    }
    if (!parsed.geometry) return reject('empty geometry');
    const problem = geometryProblem(parsed.geometry, 'polygon');
    if (problem) return reject(problem);
    const geometry = geometryToBng(parsed.geometry, parsed.srid === 27700 ? 27700 : 4326);
    const box = bboxOf(geometry);
    if (!isInsideBngExtent(box.minX, box.minY) || !isInsideBngExtent(box.maxX, box.maxY))
      return reject('outside the British National Grid');
    const designated = sourceDate(get(fields, designation));
    return {
      feature_id: entity,
      reference: get(fields, reference),
      name: get(fields, col.name),
      organisation: get(fields, organisation),
      designation_date: designated ?? null,
      documentation_url: get(fields, documentation),
      ...geometryColumns(geometry),
    };
  };
}

export async function* readConservationAreas(file: string): AsyncGenerator<SourceRow<ConservationAreaRow>> {
  // A MULTIPOLYGON cell can be megabytes but is one physical line; quoted newlines are not expected.
  const table = await openCsvTable(file, { headerRows: 1 });
  const header = table.headers[0]!.fields;
  const parse = conservationAreaParser(header, file);
  const context = { dataset: CONSERVATION_AREAS_DATASET, file, width: header.length };
  for await (const batch of table.batches) for (const row of batch) yield toSourceRow(row, context, parse);
}

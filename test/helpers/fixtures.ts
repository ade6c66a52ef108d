// Small fixtures shared by the loader and block tests.
import { squarePolygon, type Geometry } from '../../pipelines/geo/geometry';
import type { SourceRow } from '../../pipelines/io/quarantine';

/** A loader's rows split into records and quarantined rows (line and reason). */
export async function collect<T>(rows: AsyncIterable<SourceRow<T>>) {
  const ok: T[] = [];
  const bad: { line: number; reason: string }[] = [];
  for await (const r of rows)
    if (r.ok) ok.push(r.record);
    else bad.push({ line: r.row.line, reason: r.row.reason });
  return { ok, bad };
}

/** An axis-aligned square polygon in BNG metres, lower-left corner (x, y). */
export const square = (x: number, y: number, side: number): Geometry => squarePolygon([x, y], side);

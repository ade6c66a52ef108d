// Checks that read the table a build wrote (its first Parquet output unless told): null keys, repeated keys,
// points outside Great Britain. Where the table keeps its provenance (source_file, source_line; a spatial
// layer only source_file), a failure names the first offending row's.
import { BNG_EXTENT } from '../../geo/bng';
import { parquetFiles, queryRows } from '../../io/parquet';
import type { AssetCheck, CheckInput } from './check';

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const n = (x: number): string => x.toLocaleString('en-GB');

/** The Parquet files of the table a check reads, among a build's outputs. */
type TableOf = (outputs: readonly string[]) => string[];
const isTable = (o: string): boolean => o.endsWith('.parquet') && !o.includes('/quarantine/');
const folder = (o: string): string => o.slice(0, o.lastIndexOf('/'));
const firstParquet: TableOf = (outputs) => outputs.filter(isTable).slice(0, 1);
/** The first output table's files in its folder: one file, or each partition's file of it in a roll-up. */
const allParquet: TableOf = (outputs) => {
  const first = outputs.find(isTable);
  return first ? outputs.filter((o) => isTable(o) && folder(o) === folder(first)) : [];
};

async function one(sql: string): Promise<Record<string, unknown>> {
  return (await queryRows(sql))[0] ?? {};
}

/** The provenance of the first row matching `where`, when the table has it. */
async function firstWhere(relation: string, where: string): Promise<string | undefined> {
  const columns = await one(`SELECT list(column_name) AS c FROM (DESCRIBE SELECT * FROM ${relation})`);
  const names = (columns.c as string[] | undefined) ?? [];
  if (!names.includes('source_file')) return undefined;
  // Spatial layers keep their file but no line (a feature is not a line): name the file alone.
  const line = names.includes('source_line');
  const row = await one(
    `SELECT source_file${line ? ', source_line' : ''} FROM ${relation} WHERE ${where} ORDER BY source_file${line ? ', source_line' : ''} LIMIT 1`,
  );
  if (row.source_file === undefined || row.source_file === null) return undefined;
  return line ? `${String(row.source_file)} line ${String(row.source_line)}` : String(row.source_file);
}

function relationOf(input: CheckInput, table: TableOf): string | null {
  const files = table(input.result.outputs);
  if (files.length === 0) return null;
  return parquetFiles(files, 'union_by_name = true');
}

const noTable = { passed: true, measured: 'no table written', expected: 'n/a' } as const;

/** Nulls a column with a non-zero limit may have whatever its share (a small table's few gaps). */
export const NULL_ALLOWANCE = 10;

/**
 * Key columns (UPRN, coordinates, postcode, lodgement date…) are null or blank in at most their share of the
 * rows (`{ uprn: 0, postcode: 0.01 }`).
 */
export const nullShare = (
  limits: Readonly<Record<string, number>>,
  table: TableOf = firstParquet,
): AssetCheck => {
  const columns = Object.keys(limits);
  const limitText = columns
    .map((c) => `${c} ≤ ${limits[c]! * 100} %${limits[c]! > 0 ? ` (or ≤ ${NULL_ALLOWANCE} rows)` : ''}`)
    .join(', ');
  return {
    name: 'null_share',
    severity: 'blocking',
    description: `nulls or blanks: ${limitText}`,
    async run(input) {
      const relation = relationOf(input, table);
      if (!relation) return noTable;
      const isNull = (c: string) => `(${ident(c)} IS NULL OR trim(CAST(${ident(c)} AS VARCHAR)) = '')`;
      const row = await one(
        `SELECT count(*) AS n, ${columns.map((c, i) => `count(*) FILTER (WHERE ${isNull(c)}) AS c${i}`).join(', ')} FROM ${relation}`,
      );
      const total = Number(row.n ?? 0);
      const found = columns.map((c, i) => ({ c, nulls: Number(row[`c${i}`] ?? 0) }));
      // A column allowed some nulls also passes with a handful of them, whatever their share in a small table.
      const over = found.find(
        (f) =>
          total > 0 && f.nulls / total > limits[f.c]! && !(limits[f.c]! > 0 && f.nulls <= NULL_ALLOWANCE),
      );
      const where = over ? await firstWhere(relation, isNull(over.c)) : undefined;
      return {
        passed: !over,
        measured:
          found
            .filter((f) => f.nulls > 0)
            .map((f) => `${f.c} ${n(f.nulls)} of ${n(total)} (${((f.nulls / total) * 100).toFixed(2)} %)`)
            .join(', ') || 'no nulls',
        expected: limitText,
        ...(where ? { where } : {}),
      };
    },
  };
};

/**
 * Each row has its own key (a certificate number, a UPRN): repeated keys mean a delivery counted twice. As a
 * warning where the pipeline de-duplicates them itself (EPC certificates, by certificate number).
 */
export const distinctKeys = (
  columns: readonly string[],
  options: {
    severity?: AssetCheck['severity'];
    level?: AssetCheck['level'];
    table?: TableOf;
    name?: string;
  } = {},
): AssetCheck => ({
  name: options.name ?? 'distinct_keys',
  severity: options.severity ?? 'blocking',
  level: options.level ?? 'build',
  description: `${columns.join(', ')} is unique${options.severity === 'warning' ? ' (repeats are de-duplicated downstream)' : ''}`,
  async run(input) {
    const relation = relationOf(input, options.table ?? allParquet);
    if (!relation) return noTable;
    const key = columns.map(ident).join(', ');
    const row = await one(
      `SELECT count(*) AS n, count(*) - (SELECT count(*) FROM (SELECT DISTINCT ${key} FROM ${relation})) AS repeated FROM ${relation}`,
    );
    const repeated = Number(row.repeated ?? 0);
    const passed = repeated === 0;
    const where = passed
      ? undefined
      : await firstWhere(
          relation,
          `(${key}) IN (SELECT (${key}) FROM ${relation} GROUP BY ${key} HAVING count(*) > 1)`,
        );
    return {
      passed,
      measured: `${n(repeated)} repeated of ${n(Number(row.n ?? 0))} rows`,
      expected: `no repeated ${columns.join(', ')}`,
      ...(where ? { where } : {}),
    };
  },
});

/** The reason the loaders give a row whose coordinates fall outside the grid (they quarantine it). */
const OUTSIDE_REASON = 'outside the British National Grid';

/**
 * The rows a build quarantined as outside the grid, per source file, with the files none of whose rows
 * reached the table: a file in another CRS that the loader caught row by row.
 */
async function quarantinedOutside(
  input: CheckInput,
  relation: string,
): Promise<{ rows: number; wholeFiles: string[] }> {
  const quarantine = input.result.outputs.find((o) => o.includes('/quarantine/') && o.endsWith('.parquet'));
  if (!quarantine) return { rows: 0, wholeFiles: [] };
  const outside: { file: string; n: number }[] = [];
  for (const row of await queryRows(
    `SELECT file, count(*) AS n FROM read_parquet('${quarantine.replaceAll("'", "''")}')
     WHERE starts_with(reason, '${OUTSIDE_REASON}') GROUP BY file ORDER BY file`,
  ))
    outside.push({ file: String(row.file), n: Number(row.n) });
  if (outside.length === 0) return { rows: 0, wholeFiles: [] };
  const columns = await one(`SELECT list(column_name) AS c FROM (DESCRIBE SELECT * FROM ${relation})`);
  const staged = new Set<string>();
  if (((columns.c as string[] | undefined) ?? []).includes('source_file'))
    for (const row of await queryRows(`SELECT DISTINCT source_file FROM ${relation}`))
      staged.add(String(row.source_file));
  else if (Number((await one(`SELECT count(*) AS n FROM ${relation}`)).n ?? 0) > 0)
    // Without provenance a file counts as whole only when nothing at all was staged.
    return { rows: outside.reduce((t, o) => t + o.n, 0), wholeFiles: [] };
  return {
    rows: outside.reduce((t, o) => t + o.n, 0),
    wholeFiles: outside.filter((o) => !staged.has(o.file)).map((o) => o.file),
  };
}

/**
 * Every point (or every feature's bounding box) lies inside the British National Grid's extent: a layer in
 * another CRS (degrees, Web Mercator) read as BNG lands outside it, or all of it in a few metres near 0,0.
 * Loaders quarantine rows outside the grid themselves, so those count too: the check fails when a source
 * file had every row quarantined as outside (a file in the wrong CRS, however small), or when more than
 * 1 % (and more than NULL_ALLOWANCE) of the rows were.
 */
export const insideGreatBritain = (
  box: { minx: string; miny: string; maxx: string; maxy: string },
  table: TableOf = firstParquet,
): AssetCheck => ({
  name: 'inside_great_britain',
  severity: 'blocking',
  description: `${box.minx}/${box.miny} … ${box.maxx}/${box.maxy} inside the British National Grid (0 … 700 km E, 0 … 1,300 km N), not all within 1 km of the origin; no file quarantined whole as outside it`,
  async run(input) {
    const relation = relationOf(input, table);
    if (!relation) return noTable;
    const [x0, y0, x1, y1] = [box.minx, box.miny, box.maxx, box.maxy].map(ident) as [
      string,
      string,
      string,
      string,
    ];
    const outside = `NOT (${x0} >= ${BNG_EXTENT.minX} AND ${x1} <= ${BNG_EXTENT.maxX} AND ${y0} >= ${BNG_EXTENT.minY} AND ${y1} <= ${BNG_EXTENT.maxY})`;
    const row = await one(
      `SELECT count(*) AS n, count(*) FILTER (WHERE ${outside}) AS outside, max(greatest(abs(${x1}), abs(${y1}))) AS reach FROM ${relation}`,
    );
    const total = Number(row.n ?? 0);
    const out = Number(row.outside ?? 0);
    // Degrees read as metres: everything within a few hundred "metres" of the grid's origin.
    const degrees = total > 0 && Number(row.reach ?? 0) < 1_000;
    const quarantined = await quarantinedOutside(input, relation);
    const delivered = total + quarantined.rows;
    const tooMany = quarantined.rows > NULL_ALLOWANCE && quarantined.rows / delivered > 0.01;
    const passed = out === 0 && !degrees && quarantined.wholeFiles.length === 0 && !tooMany;
    const where =
      out > 0
        ? await firstWhere(relation, outside)
        : !passed && quarantined.wholeFiles.length
          ? quarantined.wholeFiles[0]
          : undefined;
    const inQuarantine = quarantined.rows
      ? ` (${n(quarantined.rows)} quarantined as ${OUTSIDE_REASON}${quarantined.wholeFiles.length ? `; every row of ${quarantined.wholeFiles.join(', ')}` : ''})`
      : '';
    return {
      passed,
      measured: degrees
        ? `every coordinate within ${Number(row.reach).toFixed(3)} of the origin (degrees read as metres?)`
        : `${n(out + quarantined.rows)} of ${n(delivered)} rows outside${inQuarantine}`,
      expected: 'every row inside, in metres',
      ...(where ? { where } : {}),
    };
  },
});

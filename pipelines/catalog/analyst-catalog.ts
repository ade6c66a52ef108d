// The analysts' DuckDB catalog (docs/analysts.md): one view per output table over the Parquet files of each
// asset's current materialisation (its latest successful build, every partition's files unioned), so that
// `duckdb .pds/data/catalog.duckdb` then `SELECT … FROM properties_wide` works. Views list their files
// explicitly rather than globbing a folder, so a file no build currently owns is never read. Staged and
// derived tables are in the main schema, each staged table's rejected rows in `quarantine.<table>`; the
// table `pds_catalog` says which contract version (schemas/data-contract.ts) and data it describes, and
// `pds_views` each view's statement (a refresh replaces only the views that changed).
import { existsSync } from 'node:fs';
import { copyFile, rename, rm } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { withDelta } from '../io/delta-files';
import { DuckDBInstance } from '../io/duckdb';
import { DATA_CONTRACT_VERSION } from '../../schemas/data-contract';
import type { Catalog } from './catalog';

export interface CatalogView {
  schema: 'main' | 'quarantine';
  name: string;
  files: string[];
  /** A partitioned table's deltas (io/delta-files.ts), whose rows supersede the files' rows of their UPRN. */
  deltas: string[];
}

/**
 * The views over these files: `<root>/<layer>/<table>.parquet` (or its runs, `<table>.<run>.parquet`) and
 * `<root>/<layer>/<table>/<part>.parquet` (and its delta, `<table>/delta/<part>.parquet`)
 * are table `<table>`; quarantine files go to the quarantine schema. Files outside `root` are ignored.
 */
export function catalogViews(parquetRoot: string, files: readonly string[]): CatalogView[] {
  const views = new Map<string, CatalogView>();
  for (const file of files) {
    if (!file.endsWith('.parquet')) continue;
    const parts = relative(parquetRoot, file).split(sep);
    // A partitioned table's delta (io/delta-files.ts): `<layer>/<table>/delta/<partition>.parquet`.
    const delta = parts.length === 4 && parts[2] === 'delta';
    if (parts[0] === '..' || parts.length < 2 || (parts.length > 3 && !delta)) continue;
    const [layer, first] = parts as [string, string];
    // A table written in runs has a file per run (io/run-files.ts): `<table>.<run>.parquet`.
    const name = parts.length === 2 ? first.replace(/(\.\d+)?\.parquet$/, '') : first;
    const schema = layer === 'quarantine' ? 'quarantine' : 'main';
    const key = `${schema}.${name}`;
    const view = views.get(key) ?? { schema, name, files: [], deltas: [] };
    (delta ? view.deltas : view.files).push(file);
    views.set(key, view);
  }
  for (const view of views.values()) {
    view.files.sort();
    view.deltas.sort();
  }
  return [...views.values()].sort((a, b) => `${a.schema}.${a.name}`.localeCompare(`${b.schema}.${b.name}`));
}

/** Every file of the current (latest successful) materialisation of these assets that is still on disk. */
export function currentFiles(catalog: Catalog, assets: readonly string[]): string[] {
  return assets.flatMap(
    (asset) =>
      catalog.latestSuccess(asset, '')?.outputs.filter((o) => o.startsWith('/') && existsSync(o)) ?? [],
  );
}

/** Where the analysts' catalog of a data folder is written unless told otherwise: beside the data. */
export const analystCatalogPath = (dataDir: string): string => resolve(dataDir, 'catalog.duckdb');

/**
 * Writes the analysts' catalog of these assets' current files in `dataDir` (from the materialisation
 * catalog); returns its path and view count. A refresh's last step runs it on a worker, and `pds analyst`.
 */
export async function writeAnalystCatalogFor(
  catalog: Catalog,
  dataDir: string,
  assets: readonly string[],
  path = analystCatalogPath(dataDir),
): Promise<{ path: string; views: number }> {
  const views = await writeAnalystCatalog(path, resolve(dataDir, 'parquet'), currentFiles(catalog, assets));
  return { path, views: views.length };
}

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

function viewSql(view: CatalogView): string {
  // union_by_name: partitions written by different code versions may differ in their columns. Rows of a
  // delta supersede the base's rows of the same UPRN.
  const rows = withDelta(view.files, view.deltas, 'union_by_name = true');
  return `CREATE OR REPLACE VIEW ${ident(view.schema)}.${ident(view.name)} AS SELECT * FROM ${rows}`;
}

type Connection = Awaited<ReturnType<DuckDBInstance['connect']>>;

/**
 * The views of the catalog being updated (`tmp`, a copy of the last one), by qualified name, when it describes
 * this contract version and Parquet folder; null when it must be built afresh (none, another version, a copy
 * that cannot be read).
 */
async function previousViews(
  connection: Connection,
  parquetRoot: string,
): Promise<Map<string, string> | null> {
  try {
    const [about] = (
      await connection.runAndReadAll('SELECT contract_version, parquet_root FROM pds_catalog')
    ).getRowObjectsJS();
    if (about?.contract_version !== DATA_CONTRACT_VERSION || about.parquet_root !== parquetRoot) return null;
    const rows = (await connection.runAndReadAll('SELECT name, statement FROM pds_views')).getRowObjectsJS();
    return new Map(rows.map((r) => [String(r.name), String(r.statement)]));
  } catch {
    return null;
  }
}

/**
 * Writes the catalog at `path` (built beside it and renamed over it, so a reader never sees half of one) and
 * returns its views. The last catalog, when it describes the same contract and folder, is updated view by view:
 * a monthly release gives a few tables a file (a new source file's partition), and writing all 114 views again
 * cost a refresh ~0.5 CPU-s; with no view changed, the catalog is left as it is.
 */
export async function writeAnalystCatalog(
  path: string,
  parquetRoot: string,
  files: readonly string[],
): Promise<CatalogView[]> {
  const views = catalogViews(parquetRoot, files);
  const wanted = new Map(views.map((v) => [`${ident(v.schema)}.${ident(v.name)}`, viewSql(v)]));
  const tmp = `${path}.${process.pid}.tmp`;
  await rm(tmp, { force: true });
  const last = existsSync(path);
  if (last) await copyFile(path, tmp);
  let instance = await DuckDBInstance.create(tmp);
  let connection = await instance.connect();
  try {
    const previous = last ? await previousViews(connection, parquetRoot) : null;
    if (!previous) {
      connection.closeSync();
      instance.closeSync();
      await rm(tmp, { force: true });
      instance = await DuckDBInstance.create(tmp);
      connection = await instance.connect();
      await connection.run('CREATE SCHEMA IF NOT EXISTS quarantine');
      await connection.run('CREATE TABLE pds_views (name VARCHAR PRIMARY KEY, statement VARCHAR)');
    }
    const gone = [...(previous?.keys() ?? [])].filter((name) => !wanted.has(name));
    const changed = [...wanted].filter(([name, statement]) => previous?.get(name) !== statement);
    if (previous && gone.length === 0 && changed.length === 0) {
      connection.closeSync();
      instance.closeSync();
      await rm(tmp, { force: true });
      return views;
    }
    for (const name of gone) {
      await connection.run(`DROP VIEW IF EXISTS ${name}`);
      await connection.run(`DELETE FROM pds_views WHERE name = ${literal(name)}`);
    }
    for (const [name, statement] of changed) {
      await connection.run(statement);
      await connection.run(
        `INSERT OR REPLACE INTO pds_views VALUES (${literal(name)}, ${literal(statement)})`,
      );
    }
    await connection.run(
      `CREATE OR REPLACE TABLE pds_catalog AS SELECT ${literal(DATA_CONTRACT_VERSION)} AS contract_version,
         now() AS written_at, ${literal(parquetRoot)} AS parquet_root, ${views.length} AS views`,
    );
    await connection.run('CHECKPOINT');
  } catch (error) {
    connection.closeSync();
    instance.closeSync();
    await rm(tmp, { force: true });
    throw error;
  }
  connection.closeSync();
  instance.closeSync();
  await rename(tmp, path);
  return views;
}

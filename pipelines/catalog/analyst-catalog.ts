// The analysts' DuckDB catalog (docs/analysts.md): one view per output table over the Parquet files of each
// asset's current materialisation (its latest successful build, every partition's files unioned), so that
// `duckdb .pds/data/catalog.duckdb` then `SELECT … FROM properties_wide` works. Views list their files
// explicitly rather than globbing a folder, so a file no build currently owns is never read. Staged and
// derived tables are in the main schema, each staged table's rejected rows in `quarantine.<table>`; the
// table `pds_catalog` says which contract version (schemas/data-contract.ts) and data it describes.
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { relative, sep } from 'node:path';
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

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

function viewSql(view: CatalogView): string {
  // union_by_name: partitions written by different code versions may differ in their columns. Rows of a
  // delta supersede the base's rows of the same UPRN.
  const rows = withDelta(view.files, view.deltas, 'union_by_name = true');
  return `CREATE OR REPLACE VIEW ${ident(view.schema)}.${ident(view.name)} AS SELECT * FROM ${rows}`;
}

/**
 * Writes the catalog at `path` (built beside it and renamed over it, so a reader never sees half of one) and
 * returns its views.
 */
export async function writeAnalystCatalog(
  path: string,
  parquetRoot: string,
  files: readonly string[],
): Promise<CatalogView[]> {
  const views = catalogViews(parquetRoot, files);
  const tmp = `${path}.${process.pid}.tmp`;
  await rm(tmp, { force: true });
  const instance = await DuckDBInstance.create(tmp);
  const connection = await instance.connect();
  try {
    await connection.run('CREATE SCHEMA IF NOT EXISTS quarantine');
    for (const view of views) await connection.run(viewSql(view));
    await connection.run(
      `CREATE TABLE pds_catalog AS SELECT ${literal(DATA_CONTRACT_VERSION)} AS contract_version,
         now() AS written_at, ${literal(parquetRoot)} AS parquet_root, ${views.length} AS views`,
    );
    await connection.run('CHECKPOINT');
  } catch (error) {
    connection.closeSync();
    await rm(tmp, { force: true });
    throw error;
  }
  connection.closeSync();
  instance.closeSync();
  await rename(tmp, path);
  return views;
}

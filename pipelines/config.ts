// Service configuration, read once from the environment. Defaults match `pds stack up` (infra/stack).
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

export interface ServiceConfig {
  /** Root of everything the service writes: sample sources, Parquet, accounts database. */
  dataDir: string;
  /** Where the raw source files are read from (default: the generated sample region). */
  sourcesDir: string;
  esUrl: string;
  temporalAddress: string;
  temporalNamespace: string;
  taskQueue: string;
  port: number;
  /** Prefix of every Elasticsearch index and alias we own, so tests can use their own. */
  indexPrefix: string;
  /** A sources file (schemas/sources.ts) saying where each dataset comes from; without one, `sourcesDir`. */
  sourcesFile?: string;
  /**
   * Replicas of each index a refresh builds (PDS_ES_REPLICAS, default 0: the local stack is one node). An
   * index loads without replicas and gets these before its alias moves.
   */
  esReplicas?: number;
  /** Primary shards of the properties index (PDS_ES_SHARDS, default 1; 6 for Great Britain, docs/national.md). */
  esShards?: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const dataDir = resolve(env.PDS_DATA_DIR ?? resolve(REPO_ROOT, '.pds/data'));
  const indexPrefix = env.PDS_INDEX_PREFIX ?? 'pds';
  return {
    dataDir,
    sourcesDir: resolve(env.PDS_SOURCES_DIR ?? dataPaths(dataDir).sampleRaw),
    esUrl: env.PDS_ES_URL ?? `http://127.0.0.1:${env.PDS_ES_PORT ?? '9200'}`,
    temporalAddress: env.PDS_TEMPORAL_ADDRESS ?? `127.0.0.1:${env.PDS_TEMPORAL_PORT ?? '7233'}`,
    temporalNamespace: env.PDS_TEMPORAL_NAMESPACE ?? 'default',
    // Activities run with their worker's configuration, so two data sets must never share a queue: the
    // default follows the index prefix ('pds' → 'pds-refresh').
    taskQueue: env.PDS_TASK_QUEUE ?? `${indexPrefix}-refresh`,
    port: Number(env.PORT ?? env.PDS_PORT ?? 3000),
    indexPrefix,
    ...(env.PDS_SOURCES_FILE ? { sourcesFile: resolve(env.PDS_SOURCES_FILE) } : {}),
    esReplicas: replicasOf(env.PDS_ES_REPLICAS),
    esShards: env.PDS_ES_SHARDS ? replicasOf(env.PDS_ES_SHARDS, 'PDS_ES_SHARDS', 1) : 1,
  };
}

function replicasOf(value: string | undefined, name = 'PDS_ES_REPLICAS', min = 0): number {
  const n = Number(value ?? 0);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be a whole number >= ${min}, not ${value}`);
  return n;
}

/** Where each kind of data lives under the data directory. */
export const dataPaths = (dataDir: string) => ({
  sampleRaw: resolve(dataDir, 'sample/raw'),
  staged: resolve(dataDir, 'parquet/staged'),
  derived: resolve(dataDir, 'parquet/derived'),
  quarantine: resolve(dataDir, 'parquet/quarantine'),
  accountsDb: resolve(dataDir, 'accounts.sqlite'),
  catalogDb: resolve(dataDir, 'catalog.sqlite'),
  /** Files fetched for a sources file, one folder per dataset, each with a `.download.json` sidecar. */
  downloads: resolve(dataDir, 'downloads'),
  /** Dataset folders assembled from those downloads (zips extracted), read by the staged assets. */
  sources: resolve(dataDir, 'sources'),
});

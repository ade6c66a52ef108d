// epc_enhanced: partitioned as epc_england_wales_raw (plus Scotland), each partition enhanced by the
// columnar engine into its own files of both tables; equal to the per-record enhancer (the
// oracle), and a new certificates-<year>.csv (or a new Scottish extract) re-enhances only its own partition.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetContext, AssetDefinition } from '../../../pipelines/orchestration/definition';
import {
  EPC_CERTIFICATES_TABLE,
  EPC_ENHANCED_EW_TABLE,
  epcEnhanced,
  derivedGlob,
} from '../../../pipelines/assets/epc/epc-enhanced';
import {
  EW_CERTIFICATE_TABLE,
  SCOTLAND_CERTIFICATE_TABLE,
  epcEnglandWalesRaw,
  epcScotlandRaw,
  ewStagedGlob,
} from '../../../pipelines/assets/epc/epc-raw';
import {
  materializeWithCatalog,
  partitionKeys,
  settlePartitions,
} from '../../../pipelines/orchestration/materialize';
import { openCatalog, type Catalog } from '../../../pipelines/catalog/catalog';
import { loadConfig } from '../../../pipelines/config';
import { parquetPath } from '../../../pipelines/io/parquet';
import { buildAddressBook } from '../../../pipelines/sample-data/addresses';
import { SAMPLE_AREAS } from '../../../pipelines/sample-data/areas';
import { writeEpcEnglandWales } from '../../../pipelines/sample-data/epc-england-wales';
import { writeEpcScotland } from '../../../pipelines/sample-data/epc-scotland';
import { enhanceEnglandWales, enhanceScotland } from '../../../pipelines/transforms/epc/enhance';
import { stagedPath } from '../../../pipelines/orchestration/ingest';
import { runFilesOf } from '../../../pipelines/io/run-files';
import { countryFromOnsCode } from '../../../pipelines/transforms/epc/country';
import { rows } from '../../helpers/parquet-rows';

const dir = mkdtempSync(join(tmpdir(), 'pds-epc-enhanced-'));
const sources = join(dir, 'sources');
let catalog: Catalog;
const ctx = (runId: string): AssetContext => ({
  config: loadConfig({ PDS_DATA_DIR: join(dir, 'data'), PDS_SOURCES_DIR: sources }),
  runId,
  log: () => {},
  heartbeat: () => {},
});

/** A refresh of the three EPC assets without Temporal: returns the partitions (or assets) built. */
async function refresh(runId: string): Promise<Record<string, string[]>> {
  const built: Record<string, string[]> = {};
  for (const asset of [epcEnglandWalesRaw, epcScotlandRaw, epcEnhanced] as AssetDefinition[]) {
    built[asset.name] = [];
    if (!asset.partitioning) {
      if (!(await materializeWithCatalog(asset, ctx(runId), catalog)).skipped) built[asset.name]!.push('');
      continue;
    }
    const keys = await partitionKeys(asset, ctx(runId));
    for (const key of keys) {
      const outcome = await materializeWithCatalog(asset, { ...ctx(runId), partition: key }, catalog);
      if (!outcome.skipped) built[asset.name]!.push(key);
    }
    await settlePartitions(asset, ctx(runId), catalog, keys);
  }
  return built;
}

const wales = SAMPLE_AREAS.findIndex((a) => a.country === 'Wales');
const scotland = SAMPLE_AREAS.findIndex((a) => a.country === 'Scotland');

beforeAll(async () => {
  await writeEpcEnglandWales(buildAddressBook(SAMPLE_AREAS[wales]!, 5, 40), wales, sources, 5);
  await writeEpcScotland(buildAddressBook(SAMPLE_AREAS[scotland]!, 5, 20), scotland, sources, 5);
  catalog = openCatalog(join(dir, 'catalog.sqlite'));
});
afterAll(() => {
  catalog.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('epc_enhanced', () => {
  it('writes the per-record enhancer’s records, one file per partition, raw and enhanced JSON from SQL', async () => {
    const built = await refresh('run-1');
    const keys = built.epc_england_wales_raw!;
    expect(keys).toContain('2025');
    expect(built.epc_enhanced).toEqual([...keys, 'scotland'].sort());
    const files = readdirSync(join(dir, 'data/parquet/derived', EPC_CERTIFICATES_TABLE)).sort();
    expect(files).toEqual([...keys, 'scotland'].map((k) => `${k}.parquet`).sort());

    // The oracle: the per-record enhancer on each staged record (provenance columns left out).
    const staged = await rows(
      `SELECT * FROM ${parquetPath(ewStagedGlob(ctx('run-1'), EW_CERTIFICATE_TABLE))}`,
    );
    const certificates = await rows(
      `SELECT certificate_id, uprn, country, lodged_at, raw::VARCHAR AS raw, enhanced::VARCHAR AS enhanced
       FROM ${parquetPath(derivedGlob(ctx('run-1'), EPC_CERTIFICATES_TABLE))} WHERE country IS DISTINCT FROM 'Scotland'`,
    );
    const analyst = await rows(
      `SELECT count(*) AS n FROM ${parquetPath(derivedGlob(ctx('run-1'), EPC_ENHANCED_EW_TABLE))}`,
    );
    expect(Number(analyst[0]!.n)).toBe(staged.length);
    expect(certificates.length).toBe(staged.length);
    const byId = new Map(certificates.map((c) => [c.certificate_id, c]));
    for (const row of staged) {
      const { folder_local_authority, source_file, source_line, ...raw } = row as Record<string, string>;
      void source_file;
      void source_line;
      const expected = enhanceEnglandWales(raw as never);
      const actual = byId.get(expected.lmk_key)!;
      // Same keys in the same order, same values (numbers compared as numbers).
      expect(JSON.stringify(JSON.parse(actual.raw as string))).toBe(JSON.stringify(raw));
      expect(JSON.stringify(JSON.parse(actual.enhanced as string))).toBe(JSON.stringify(expected));
      expect(actual.uprn).toBe(expected.uprn);
      expect(actual.country).toBe(
        countryFromOnsCode(raw.local_authority) ?? countryFromOnsCode(folder_local_authority),
      );
    }

    // Scotland's partition, through the same engine with its own rules: each staged record's text as it is,
    // and its enhanced record's as the per-record enhancer writes it.
    const scottish = await rows(
      `SELECT raw::VARCHAR AS raw FROM ${parquetPath(stagedPath(ctx('run-1'), SCOTLAND_CERTIFICATE_TABLE))}`,
    );
    const scottishCertificates = await rows(
      `SELECT raw::VARCHAR AS raw, enhanced::VARCHAR AS enhanced
       FROM ${parquetPath(derivedGlob(ctx('run-1'), EPC_CERTIFICATES_TABLE))} WHERE country = 'Scotland'`,
    );
    expect(scottish.length).toBeGreaterThan(10);
    expect(scottishCertificates.map((c) => [c.raw, c.enhanced]).sort()).toEqual(
      scottish
        .map((r) => [r.raw, JSON.stringify(enhanceScotland(JSON.parse(r.raw as string) as never))])
        .sort(),
    );
  }, 60_000);

  it('re-enhances only the partition of a new certificates-<year>.csv, and only Scotland for a new extract', async () => {
    const root = join(sources, 'epc-england-wales');
    const export2025 = readdirSync(join(root, 'register-export'))[0]!;
    mkdirSync(join(root, 'register-export-2026'), { recursive: true });
    copyFileSync(
      join(root, 'register-export', export2025, 'certificates-2025.csv'),
      join(root, 'register-export-2026', 'certificates-2026.csv'),
    );
    let built = await refresh('run-2');
    expect(built.epc_england_wales_raw).toEqual(['2026']);
    expect(built.epc_enhanced).toEqual(['2026']);

    await writeEpcScotland(buildAddressBook(SAMPLE_AREAS[scotland]!, 6, 20), scotland, sources, 6);
    built = await refresh('run-3');
    expect(built.epc_scotland_raw).toEqual(['']);
    expect(built.epc_enhanced).toEqual(['scotland']);
  }, 60_000);

  it('stages a Scottish extract larger than a run in runs, a file each, and enhances every run', async () => {
    // Runs of 8 records (halfRunRows of 16): a worker holds one run of the extract, not all of it.
    process.env.PDS_RUN_ROWS = '16';
    try {
      const run = ctx('run-4');
      await materializeWithCatalog(epcScotlandRaw, run, catalog, { force: true });
      const runs = runFilesOf(stagedPath(run, SCOTLAND_CERTIFICATE_TABLE));
      expect(runs.map((f) => basename(f))).toEqual(
        runs.map((_, i) => `${SCOTLAND_CERTIFICATE_TABLE}.${i}.parquet`),
      );
      expect(runs.length).toBeGreaterThan(2);
      const perRun = await Promise.all(
        runs.map((f) => rows(`SELECT raw::VARCHAR AS raw FROM ${parquetPath(f)}`)),
      );
      expect(perRun.slice(0, -1).every((r) => r.length === 8)).toBe(true);

      await materializeWithCatalog(epcEnhanced, { ...run, partition: 'scotland' }, catalog, { force: true });
      const staged = perRun.flat();
      const certificates = await rows(
        `SELECT raw::VARCHAR AS raw FROM ${parquetPath(derivedGlob(run, EPC_CERTIFICATES_TABLE))}
         WHERE country = 'Scotland'`,
      );
      expect(certificates.map((c) => c.raw).sort()).toEqual(staged.map((r) => r.raw).sort());
    } finally {
      delete process.env.PDS_RUN_ROWS;
    }
  }, 60_000);
});

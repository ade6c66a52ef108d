// Quality gates on the real stack (issue 22): a bad delivery is stopped by the asset checks before it reaches
// the index. For each failure mode the sources are perturbed, a refresh runs and fails with a report naming
// asset, check, measured and expected values (and the file where it applies); the alias stays on the same
// index and the API answers the sample UPRNs byte for byte as before; then the sources are restored. A month
// of certificates delivered twice only warns (the pipeline counts each certificate once), and `accept`
// publishes a failing delivery on purpose.
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openCatalog } from '../../pipelines/catalog/catalog';
import { dataPaths } from '../../pipelines/config';
import { bngToWgs84 } from '../../pipelines/geo/bng';
import { propertiesAlias } from '../../pipelines/indexing/aliases';
import { aliasTargets } from '../../pipelines/indexing/versioned-index';
import { parseCsv } from '../../pipelines/io/csv-reader';
import { parquetPath, queryParquet } from '../../pipelines/io/parquet';
import { startRefresh, watchRefresh } from '../../workflows/client';
import type { CheckNote, RefreshInput, RefreshProgress } from '../../workflows/types';
import { refreshedStack } from '../helpers/refreshed-stack';

// The baseline refresh must pass; the API answers without a rate limit, since the sample's answers are
// asked for again after every case.
const stack = refreshedStack('quality-gates', {
  scale: 0.2,
  serve: { rateLimit: false },
  firstRefresh: async () => {
    const baseline = await refresh();
    expect(baseline.error).toBe('');
    return baseline.progress!;
  },
});
const { config, es } = stack;
const src = (...parts: string[]): string => join(config.sourcesDir, ...parts);

const UPRN_DIR = src('os-open-uprn');
let uprnFile: string;
/** UPRNs whose answers are compared before and after each refresh: early and late in the UPRN file. */
let sample: string[];
/** The UPRN of a certificate the duplicated month repeats. */
let repeatedUprn: string;
let baselineIndex: string[];
let baselineAnswers: Map<string, string>;
let baselineStats: string;

interface Outcome {
  progress: RefreshProgress | undefined;
  /** The failure's messages, outermost first ('' when the refresh succeeded). */
  error: string;
  memo: Record<string, unknown> | undefined;
}

/** Runs a refresh to its end; a failure is returned, not thrown, with the last progress it reported. */
async function refresh(input: RefreshInput = {}): Promise<Outcome> {
  const handle = await startRefresh(stack.client, config, input);
  let progress: RefreshProgress | undefined;
  let error = '';
  await watchRefresh(handle, (p) => (progress = p), 250).catch((e: unknown) => {
    const messages: string[] = [];
    for (let c = e as { message?: string; cause?: unknown } | undefined; c; c = c.cause as typeof c)
      messages.push(String(c.message));
    error = messages.join(' <- ');
  });
  const { memo } = await handle.describe();
  return { progress, error, memo };
}

const notes = (o: Outcome): CheckNote[] => o.progress?.assets.flatMap((a) => a.checks ?? []) ?? [];

/** What the API answers for the sample UPRNs, as the bytes it sends. */
async function answers(uprns: readonly string[] = [...sample, repeatedUprn]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const uprn of uprns)
    for (const path of [`/properties?uprn=${uprn}`, `/epcs?uprn=${uprn}`]) {
      const res = await stack.request(path);
      out.set(path, `${res.status} ${await res.text()}`);
    }
  return out;
}

/** Every row of epc_stats, in a fixed order: what the statistics answers are built from. */
async function epcStats(): Promise<string> {
  const rows: unknown[] = [];
  const table = parquetPath(`${dataPaths(config.dataDir).derived}/epc_stats.parquet`);
  for await (const row of queryParquet(`SELECT * FROM ${table} ORDER BY ALL`)) rows.push(row);
  return JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
}

/** The sources are changed for one case and put back afterwards, whatever the case found. */
async function withChanged(files: Record<string, string | null>, run: () => Promise<void>): Promise<void> {
  const before = new Map<string, Buffer | null>();
  for (const [path, text] of Object.entries(files)) {
    before.set(path, readFileOrNull(path));
    if (text === null) rmSync(path, { force: true });
    else writeFileSync(path, text);
  }
  try {
    await run();
  } finally {
    for (const [path, bytes] of before)
      if (bytes === null) rmSync(path, { force: true });
      else writeFileSync(path, bytes);
  }
}

function readFileOrNull(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

/** The previous data is still what clients get: same index behind the alias, same answers byte for byte. */
async function expectPreviousServed(): Promise<void> {
  expect(await aliasTargets(es, propertiesAlias(config))).toEqual(baselineIndex);
  expect(await answers()).toEqual(baselineAnswers);
}

/** A CSV as records of fields (the sample files have no line breaks inside fields). */
function csvRecords(text: string): string[][] {
  return parseCsv(text).map((r) => {
    if (!r.ok) throw new Error('malformed sample row');
    return r.fields;
  });
}
const csvLine = (fields: readonly string[]): string =>
  fields.map((f) => (/[",\r\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)).join(',');

beforeAll(async () => {
  uprnFile = join(
    UPRN_DIR,
    readdirSync(UPRN_DIR).find((f) => f.endsWith('.csv'))!,
  );
  const uprns = readFileSync(uprnFile, 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => l.split(',')[0]!);
  // Two from the first half, two from the second (which the truncated file loses).
  sample = [uprns[0]!, uprns[Math.floor(uprns.length / 3)]!, uprns.at(-40)!, uprns.at(-1)!];
  // A Bath certificate of the 2025 register export whose UPRN has an address point.
  const [bathHeader, ...bath] = csvRecords(
    readFileSync(src('epc-england-wales/register-export/bath/certificates-2025.csv'), 'utf8'),
  );
  const known = new Set(uprns);
  repeatedUprn = bath.map((r) => r[bathHeader!.indexOf('uprn')]!).find((u) => known.has(u))!;
  expect(repeatedUprn).toMatch(/^\d+$/);

  baselineIndex = await aliasTargets(es, propertiesAlias(config));
  baselineAnswers = await answers();
  baselineStats = await epcStats();
}, 600_000);

describe('quality gates on the real stack', () => {
  it('a normal refresh passes every check, and the catalog shows the results', () => {
    const catalog = openCatalog(dataPaths(config.dataDir).catalogDb);
    try {
      const latest = catalog.latestChecks();
      expect(latest.map((r) => r.asset)).toEqual(
        expect.arrayContaining(['os_open_uprn', 'onspd', 'epc_england_wales_raw', 'low_emission_zones']),
      );
      expect(latest.filter((r) => !r.passed)).toEqual([]);
    } finally {
      catalog.close();
    }
    expect(baselineIndex).toHaveLength(1);
    for (const uprn of [...sample, repeatedUprn])
      expect(baselineAnswers.get(`/properties?uprn=${uprn}`)).toMatch(/^200 /);
    expect(baselineAnswers.get(`/epcs?uprn=${repeatedUprn}`)).toMatch(/^200 /);
  });

  it('stops an OS Open UPRN file cut to half its rows (row_count)', async () => {
    const lines = readFileSync(uprnFile, 'utf8').trimEnd().split('\n');
    const rows = lines.length - 1;
    const kept = Math.floor(rows / 2);
    const half = [lines[0]!, ...lines.slice(1, 1 + kept)];
    const n = (x: number) => x.toLocaleString('en-GB');
    await withChanged({ [uprnFile]: half.join('\n') + '\n' }, async () => {
      const out = await refresh();
      expect(out.error).toContain('os_open_uprn');
      expect(out.error).toContain('row_count');
      const failed = notes(out).filter((n) => !n.passed && n.severity === 'blocking');
      expect(failed).toEqual([
        expect.objectContaining({
          asset: 'os_open_uprn',
          check: 'row_count',
          accepted: false,
          measured: `${n(kept)} rows (${((kept / rows - 1) * 100).toFixed(1).replace('-', '−')} % against ${n(rows)})`,
          expected: `${n(Math.ceil(rows * 0.98))} … ${n(Math.floor(rows * 1.1))} rows (−2 % … +10 %)`,
          where: uprnFile,
        }),
      ]);
      // Nothing downstream ran; the memo carries the failure for the Temporal UI.
      expect(out.progress?.assets.find((a) => a.name === 'os_open_uprn')?.state).toBe('failed');
      expect(out.progress?.assets.find((a) => a.name === 'properties_index')?.state).toBe('pending');
      expect(out.memo?.checkFailures).toEqual([expect.stringContaining('os_open_uprn row_count')]);
      await expectPreviousServed();
    });
  }, 300_000);

  it('stops an EPC certificates file with a renamed and a missing column, naming both (source_columns)', async () => {
    const file = src(
      'epc-england-wales/all-domestic-certificates/domestic-W06000015-Cardiff/certificates.csv',
    );
    const rows = csvRecords(readFileSync(file, 'utf8'));
    const header = rows[0]!.map((h) => (h === 'CURRENT_ENERGY_RATING' ? 'CURRENT_ENERGY_BAND' : h));
    const drop = header.indexOf('MAIN_FUEL');
    const changed = [header, ...rows.slice(1)].map((r) => csvLine(r.filter((_, i) => i !== drop)));
    await withChanged({ [file]: changed.join('\r\n') + '\r\n' }, async () => {
      const out = await refresh();
      expect(out.error).toContain('source_columns');
      const failed = notes(out).filter((n) => !n.passed && n.severity === 'blocking');
      expect(failed).toEqual([
        expect.objectContaining({
          asset: 'epc_england_wales_raw',
          partition: 'W06000015',
          check: 'source_columns',
          where: `${file} line 1`,
        }),
      ]);
      expect(failed[0]!.measured).toContain('renamed CURRENT_ENERGY_RATING → CURRENT_ENERGY_BAND');
      expect(failed[0]!.measured).toContain('missing MAIN_FUEL');
      expect(failed[0]!.expected).toMatch(/^every published column \(\d+\) by name$/);
      await expectPreviousServed();
    });
  }, 300_000);

  it('stops a planning layer in degrees labelled as British National Grid (inside_great_britain)', async () => {
    const file = src('low-emission-zones/Clean_air_zone.geojson');
    const layer = JSON.parse(readFileSync(file, 'utf8')) as { crs: unknown; features: unknown[] };
    const toDegrees = (c: unknown): unknown =>
      typeof (c as number[])[0] === 'number'
        ? (({ longitude, latitude }) => [longitude, latitude])(
            bngToWgs84((c as number[])[0]!, (c as number[])[1]!),
          )
        : (c as unknown[]).map(toDegrees);
    for (const f of layer.features as { geometry: { coordinates: unknown } }[])
      f.geometry.coordinates = toDegrees(f.geometry.coordinates);
    // Still labelled EPSG:27700, as a careless export would leave it.
    expect(JSON.stringify(layer.crs)).toContain('27700');
    await withChanged({ [file]: JSON.stringify(layer) }, async () => {
      const out = await refresh();
      expect(out.error).toContain('inside_great_britain');
      // The loader quarantines each feature as outside the grid; the check sees a whole file quarantined.
      const failed = notes(out).filter((n) => !n.passed && n.severity === 'blocking');
      expect(failed).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            asset: 'low_emission_zones',
            check: 'inside_great_britain',
            measured: expect.stringMatching(
              new RegExp(
                `^${layer.features.length} of \\d+ rows outside \\(${layer.features.length} quarantined as outside the British National Grid; every row of low-emission-zones/Clean_air_zone\\.geojson\\)$`,
              ),
            ),
            expected: 'every row inside, in metres',
            where: 'low-emission-zones/Clean_air_zone.geojson',
          }),
        ]),
      );
      await expectPreviousServed();
    });
  }, 300_000);

  it('stops a source that is suddenly empty (not_empty)', async () => {
    const file = src('conservation-areas/conservation-area.csv');
    const header = readFileSync(file, 'utf8').split('\n')[0]!;
    await withChanged({ [file]: header + '\n' }, async () => {
      const out = await refresh();
      expect(out.error).toContain('not_empty');
      const failed = notes(out).filter((n) => !n.passed && n.severity === 'blocking');
      expect(failed).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            asset: 'conservation_areas',
            check: 'not_empty',
            measured: '0 rows',
            expected: 'at least 1 row',
            where: file,
          }),
        ]),
      );
      await expectPreviousServed();
    });
  }, 300_000);

  it('warns about a month of certificates delivered twice, and counts each certificate once', async () => {
    const dir = src('epc-england-wales/register-export/bath');
    const certificates = csvRecords(readFileSync(join(dir, 'certificates-2025.csv'), 'utf8'));
    const [header, ...rows] = certificates;
    const lodged = header!.indexOf('lodgement_date');
    const uprnAt = header!.indexOf('uprn');
    const month = rows.find((r) => r[uprnAt] === repeatedUprn)![lodged]!.slice(0, 7);
    const again = rows.filter((r) => r[lodged]!.startsWith(month));
    const numbers = new Set(again.map((r) => r[0]!));
    const recommendations = csvRecords(readFileSync(join(dir, 'recommendations-2025.csv'), 'utf8'));
    // The month again, as a second yearly file of the register export.
    await withChanged(
      {
        [join(dir, 'certificates-2024.csv')]: [header!, ...again].map(csvLine).join('\n') + '\n',
        [join(dir, 'recommendations-2024.csv')]:
          [recommendations[0]!, ...recommendations.slice(1).filter((r) => numbers.has(r[0]!))]
            .map(csvLine)
            .join('\n') + '\n',
      },
      async () => {
        const out = await refresh();
        expect(out.error).toBe('');
        expect(notes(out)).toEqual([
          expect.objectContaining({
            asset: 'epc_england_wales_raw',
            partition: '',
            check: 'distinct_keys_across_files',
            severity: 'warning',
            passed: false,
            measured: expect.stringMatching(new RegExp(`^${again.length} repeated of [\\d,]+ rows$`)),
          }),
        ]);
        // A warning does not reach the memo's failures.
        expect(out.memo?.checkFailures).toBeUndefined();
        const epcs = JSON.parse(
          (await answers([repeatedUprn])).get(`/epcs?uprn=${repeatedUprn}`)!.slice(4),
        ) as { epcs: { lmk_key: string }[] };
        const keys = epcs.epcs.map((c) => c.lmk_key);
        expect(keys.length).toBeGreaterThan(0);
        expect(new Set(keys).size).toBe(keys.length);
        // Nothing double-counted: the answers and the statistics are those of the baseline.
        expect(await answers([...sample, repeatedUprn])).toEqual(baselineAnswers);
        expect(await epcStats()).toBe(baselineStats);
      },
    );
  }, 300_000);

  it('publishes a failing delivery when the check is accepted', async () => {
    const lines = readFileSync(uprnFile, 'utf8').trimEnd().split('\n');
    const kept = Math.floor((lines.length - 1) / 2);
    const half = [lines[0]!, ...lines.slice(1, 1 + kept)];
    await withChanged({ [uprnFile]: half.join('\n') + '\n' }, async () => {
      const out = await refresh({ accept: ['os_open_uprn.row_count'] });
      expect(out.error).toBe('');
      expect(notes(out)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            asset: 'os_open_uprn',
            check: 'row_count',
            passed: false,
            accepted: true,
          }),
        ]),
      );
      expect(out.memo?.checkFailures).toEqual([expect.stringContaining('os_open_uprn row_count (accepted)')]);
      // Published: the UPRNs the file lost are gone from the index, the others still answer.
      const [alias] = await aliasTargets(es, propertiesAlias(config));
      expect((await es.count({ index: alias! })).count).toBe(kept);
      const now = await answers([sample[0]!, sample[3]!]);
      expect(now.get(`/properties?uprn=${sample[0]}`)).toBe(
        baselineAnswers.get(`/properties?uprn=${sample[0]}`),
      );
      expect(now.get(`/properties?uprn=${sample[3]}`)).toMatch(/^404 /);
    });
  }, 300_000);
});

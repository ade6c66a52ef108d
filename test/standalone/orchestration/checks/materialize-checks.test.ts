// Checks in materializeWithCatalog: results recorded with the build; a blocking failure records a failed
// build and throws the report; an accepted one publishes; a source check stops the build before it writes.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChecksFailedError, type AssetCheck } from '../../../../pipelines/orchestration/checks/check';
import { sourceColumns } from '../../../../pipelines/orchestration/checks/columns';
import { notEmpty, rowCountBand } from '../../../../pipelines/orchestration/checks/counts';
import type { AssetDefinition } from '../../../../pipelines/orchestration/definition';
import { materializeWithCatalog } from '../../../../pipelines/orchestration/materialize';
import { openCatalog, type Catalog } from '../../../../pipelines/catalog/catalog';
import { ctx } from './fixtures';

let dir: string;
let catalog: Catalog;
let builds: number;
const input = (): string => join(dir, 'uprns.csv');
const deliver = (rows: number, header = 'UPRN,X,Y'): void =>
  writeFileSync(
    input(),
    [header, ...Array.from({ length: rows }, (_, i) => `${i + 1},1,2`)].join('\n') + '\n',
  );

/** Copies its source's rows to an output file, as a staging asset does. */
function uprnAsset(extra: AssetCheck[] = []): AssetDefinition {
  return {
    name: 'uprns',
    kind: 'staged',
    description: 'UPRNs',
    upstream: [],
    codeVersion: '1',
    owner: 'test',
    cadence: 'on demand',
    sources: async () => [input()],
    async materialize() {
      builds++;
      const lines = readFileSync(input(), 'utf8').trimEnd().split('\n').slice(1);
      const out = join(dir, 'uprns.out');
      writeFileSync(out, lines.join('\n'));
      return { rows: lines.length, outputs: [out] };
    },
    checks: [sourceColumns(['UPRN', 'X', 'Y']), notEmpty(), rowCountBand(), ...extra],
  };
}
const run = (asset: AssetDefinition, runId: string, accept: string[] = []) =>
  materializeWithCatalog(asset, { ...ctx, runId }, catalog, { accept });

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pds-materialize-checks-'));
  catalog = openCatalog(join(dir, 'catalog.sqlite'));
  builds = 0;
  deliver(100);
  await run(uprnAsset(), 'run-1');
});

describe('materializeWithCatalog with checks', () => {
  it('records every check with the build that passed them', () => {
    const first = catalog.latestSuccess('uprns')!;
    expect(catalog.latestChecks('uprns').map((r) => [r.check, r.passed, r.materializationId])).toEqual([
      ['source_columns', true, first.id],
      ['not_empty', true, first.id],
      ['row_count', true, first.id],
    ]);
    expect(catalog.latestChecks('uprns')[2]).toMatchObject({
      measured: '100 rows (first build)',
      expected: 'any',
    });
  });

  it('records a failed build with its check rows and throws the report when a blocking check fails', async () => {
    const good = catalog.latestSuccess('uprns')!;
    deliver(50);
    const error = await run(uprnAsset(), 'run-2').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChecksFailedError);
    expect((error as ChecksFailedError).message).toContain(
      'uprns row_count: FAILED; measured 50 rows (−50.0 % against 100); expected 98 … 110 rows (−2 % … +10 %)',
    );
    const [failed] = catalog.history('uprns', 1);
    expect(failed).toMatchObject({
      status: 'failed',
      rows: 50,
      runId: 'run-2',
      error: (error as Error).message,
    });
    expect(catalog.latestChecks('uprns').find((r) => r.check === 'row_count')).toMatchObject({
      materializationId: failed!.id,
      passed: false,
      accepted: false,
      severity: 'blocking',
      where: input(),
    });
    // Downstream keeps reading the last good build.
    expect(catalog.latestSuccess('uprns')!.id).toBe(good.id);
  });

  it('builds again once the delivery is put right, since the stopped build overwrote the outputs', async () => {
    deliver(50);
    await run(uprnAsset(), 'run-2').catch(() => undefined);
    expect(readFileSync(join(dir, 'uprns.out'), 'utf8').split('\n')).toHaveLength(50);
    deliver(100);
    const again = await run(uprnAsset(), 'run-3');
    expect(again.skipped).toBe(false);
    expect(readFileSync(join(dir, 'uprns.out'), 'utf8').split('\n')).toHaveLength(100);
    // And after that, the same inputs are up to date again.
    expect((await run(uprnAsset(), 'run-4')).skipped).toBe(true);
  });

  it('records an accepted failure as a success, the check as failed and accepted', async () => {
    deliver(50);
    const { materialization, checks } = await run(uprnAsset(), 'run-2', ['uprns.row_count']);
    expect(materialization).toMatchObject({ status: 'success', rows: 50, error: null });
    expect(materialization.metrics.checks_failed).toBe(1);
    expect(checks.find((c) => c.check === 'row_count')).toMatchObject({ passed: false, accepted: true });
    expect(catalog.latestChecks('uprns').find((r) => r.check === 'row_count')).toMatchObject({
      materializationId: materialization.id,
      passed: false,
      accepted: true,
    });
    expect(catalog.latestSuccess('uprns')!.id).toBe(materialization.id);
  });

  it('records a failed warning and still counts the build', async () => {
    const warn: AssetCheck = {
      name: 'looks_odd',
      severity: 'warning',
      description: 'always warns',
      run: async () => ({ passed: false, measured: 'odd', expected: 'not odd' }),
    };
    deliver(101);
    const { materialization } = await run(uprnAsset([warn]), 'run-2');
    expect(materialization.status).toBe('success');
    expect(catalog.latestChecks('uprns').find((r) => r.check === 'looks_odd')).toMatchObject({
      passed: false,
      severity: 'warning',
    });
  });

  it('stops a drifted header before the build runs, recording no outputs', async () => {
    deliver(100, 'UPRN,EASTING,Y');
    const error = await run(uprnAsset(), 'run-2').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChecksFailedError);
    expect((error as Error).message).toContain('uprns source_columns: FAILED; measured ');
    expect((error as Error).message).toContain('uprns.csv: renamed X → EASTING');
    expect(builds).toBe(1);
    expect(catalog.history('uprns', 1)[0]).toMatchObject({ status: 'failed', outputs: [], rows: 0 });
    // Only the source check ran: the build's checks need a build.
    expect(
      catalog
        .latestChecks('uprns')
        .filter((r) => r.runId === 'run-2')
        .map((r) => r.check),
    ).toEqual(['source_columns']);
    // Nothing was overwritten, so the good build is still current once the header is put right.
    deliver(100);
    expect((await run(uprnAsset(), 'run-3')).skipped).toBe(true);
  });
});

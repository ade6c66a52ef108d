// epc_estimates per 10 km tile: a tile reads only the certified properties within the search radius of its
// square, yet estimates its UPRNs exactly as one index over the whole region does, neighbours across the
// tile's edge included. A new month re-estimates only the UPRNs with a changed certified property within
// their reach, and the result is what a whole build writes.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssetContext, PreviousBuild } from '../../../pipelines/orchestration/definition';
import { epcEstimates, epcEstimatesPath } from '../../../pipelines/assets/epc/epc-estimates';
import { EPC_LATEST_TABLE } from '../../../pipelines/assets/epc/epc-stats';
import { derivedPath, stagedPath } from '../../../pipelines/orchestration/ingest';
import { partitionKeys } from '../../../pipelines/orchestration/materialize';
import { loadConfig } from '../../../pipelines/config';
import { copyQueryToParquet, parquetPath } from '../../../pipelines/io/parquet';
import {
  NeighbourIndex,
  estimateFromNeighbours,
  type CertifiedProperty,
} from '../../../pipelines/transforms/epc/estimate';
import { rows } from '../../helpers/parquet-rows';
import { writeEpcLatestTable } from '../../helpers/epc-latest';

let ctx: AssetContext;
let tiles: string[];

// A grid of 21 × 11 address points 40 m apart across the edge between two 10 km tiles at x = 450,000,
// every third one certified.
const GRID = `SELECT 1000 + i * 11 + j AS uprn, (449600 + i * 40)::DOUBLE AS x_coord, (300000 + j * 40)::DOUBLE AS y_coord
  FROM range(21) a(i), range(11) b(j)`;

/** The latest certificates: every third UPRN, its attributes from its number (`rerated`: band G instead). */
async function writeEpcLatest(certified = 'uprn % 3 = 0', rerated = 'false') {
  await writeEpcLatestTable(
    ctx,
    `SELECT uprn, x_coord, y_coord,
       'AB1 ' || (1 + floor((x_coord - 449600) / 200))::INT || 'AA' AS postcode, 'AB1' AS outcode,
       CASE WHEN x_coord < 450000 THEN 'E06000001' ELSE 'E06000002' END AS local_authority_district_code,
       'E12000001' AS region_code, 'England' AS country,
       ['House', 'Flat', 'Bungalow'][1 + uprn % 3] AS property_type,
       ['Detached', 'Semi-Detached'][1 + uprn % 2] AS built_form,
       ['1950-1966', '1967-1975'][1 + (uprn // 7) % 2] AS construction_age_band, 'Mains gas' AS main_fuel,
       (60 + uprn % 50)::DOUBLE AS total_floor_area,
       CASE WHEN ${rerated} THEN 10 ELSE 40 + uprn % 37 END AS energy_efficiency_current,
       80 AS energy_efficiency_potential, 2.5 + (uprn % 5) / 2 AS co2_emissions_current,
       1.5 AS co2_emissions_potential, (150 + uprn % 90)::DOUBLE AS energy_consumption_per_floor_area_m2_current,
       90::DOUBLE AS energy_consumption_per_floor_area_m2_potential
     FROM (${GRID}) WHERE ${certified} ORDER BY uprn`,
  );
}

let previousBuild: PreviousBuild | undefined;

/** Builds every tile as a refresh would (each gets its last build); returns how many UPRNs it estimated. */
async function build(force = false): Promise<number> {
  const upstream = { os_open_uprn: 'u1', epc_latest: `e-${Math.random()}` };
  let estimated = 0;
  for (const tile of tiles) {
    const result = await epcEstimates.materialize({
      ...ctx,
      partition: tile,
      upstream,
      force,
      ...(previousBuild ? { previousBuild } : {}),
    });
    estimated += result.metrics?.estimated ?? 0;
  }
  previousBuild = { upstream, codeVersion: epcEstimates.codeVersion, startedAt: new Date().toISOString() };
  return estimated;
}

type Inputs = { kind: string; uprn: number; x_coord: number; y_coord: number; digest: string; reach: number };

/** Each tile's bookkeeping: the certified properties it read (with digests) and its targets' reach. */
const bookkeeping = async () =>
  Promise.all(
    tiles.map(
      async (tile) =>
        (await rows(
          `SELECT * FROM ${parquetPath(derivedPath(ctx, `epc_estimates_inputs/${tile}`))}`,
        )) as unknown as Inputs[],
    ),
  );

/** By brute force: the targets of each tile to estimate again from one build's bookkeeping to the next's. */
function reachedByChanges(before: Inputs[][], after: Inputs[][]): number {
  const key = (r: Inputs) => `${r.uprn} ${r.x_coord} ${r.y_coord} ${r.digest}`;
  return after.reduce((sum, now, t) => {
    const was = before[t]!;
    const certified = (rs: Inputs[]) => new Set(rs.filter((r) => r.kind === 'certified').map(key));
    const [a, b] = [certified(was), certified(now)];
    const changed = [...was, ...now].filter((r) => r.kind === 'certified' && a.has(key(r)) !== b.has(key(r)));
    const reach = new Map(was.filter((r) => r.kind === 'target').map((r) => [r.uprn, r]));
    return (
      sum +
      now.filter((target) => {
        if (target.kind !== 'target') return false;
        const previous = reach.get(target.uprn);
        if (!previous || previous.x_coord !== target.x_coord || previous.y_coord !== target.y_coord)
          return true;
        return changed.some(
          (c) => Math.hypot(c.x_coord - target.x_coord, c.y_coord - target.y_coord) <= previous.reach + 0.001,
        );
      }).length
    );
  }, 0);
}

const estimates = () =>
  rows(`SELECT uprn, postcode, local_authority_district_code, to_json(estimate)::VARCHAR AS estimate
    FROM ${parquetPath(derivedPath(ctx, 'epc_estimates/*'))} ORDER BY uprn`);

/** The old way: one index over every certified property of the region, every other UPRN estimated from it. */
async function oneIndex() {
  const certified = (await rows(
    `SELECT *, x_coord AS x, y_coord AS y FROM ${parquetPath(derivedPath(ctx, EPC_LATEST_TABLE))} ORDER BY uprn`,
  )) as unknown as (CertifiedProperty & { local_authority_district_code: string })[];
  const index = new NeighbourIndex(certified);
  const targets = await rows(
    `SELECT uprn, x_coord, y_coord FROM (${GRID})
     WHERE uprn NOT IN (SELECT uprn FROM ${parquetPath(derivedPath(ctx, EPC_LATEST_TABLE))}) ORDER BY uprn`,
  );
  return targets.flatMap((t) => {
    const near = index.nearest(t.x_coord as number, t.y_coord as number, 15, 400);
    const estimate = estimateFromNeighbours(near);
    if (!estimate) return [];
    const nearest = near[0]!.property as (typeof certified)[number];
    return [{ uprn: t.uprn, estimate, lad: nearest.local_authority_district_code }];
  });
}

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'pds-epc-estimates-'));
  ctx = { config: loadConfig({ PDS_DATA_DIR: dataDir }), runId: 't', log: () => {}, heartbeat: () => {} };
  await copyQueryToParquet(GRID, stagedPath(ctx, 'os_open_uprn'));
  await writeEpcLatest();
  tiles = await partitionKeys(epcEstimates, ctx);
}, 60_000);

describe('epc_estimates per tile', () => {
  it('estimates each UPRN as one index over the region does, across the tile edge too', async () => {
    expect(tiles).toHaveLength(2);
    expect(await build()).toBe(154);
    const expected = await oneIndex();
    const actual = await estimates();
    expect(actual.map((r) => r.uprn)).toEqual(expected.map((e) => e.uprn));
    for (const [i, row] of actual.entries()) {
      const e = expected[i]!;
      const estimate = JSON.parse(row.estimate as string) as Record<string, unknown>;
      expect(estimate.energy_efficiency_current).toBe(e.estimate.energy_efficiency_current);
      expect(estimate.neighbours_used).toBe(e.estimate.neighbours_used);
      expect(estimate.nearest_distance_m).toBe(e.estimate.nearest_distance_m);
      expect(estimate.median_distance_m).toBe(e.estimate.median_distance_m);
      expect(row.postcode).toBe(e.estimate.postcode);
      // The geography of the neighbour whose postcode it takes.
      expect(row.local_authority_district_code).toBe(e.lad);
    }
    // Some take their nearest neighbour, and its authority, from across the tile's edge.
    const x = (uprn: unknown) => 449600 + Math.floor(((uprn as number) - 1000) / 11) * 40;
    const across = actual.filter(
      (r) => x(r.uprn) < 450000 === (r.local_authority_district_code === 'E06000002'),
    );
    expect(across.length).toBeGreaterThan(0);
  });

  it('after a new month, estimates again only the UPRNs a changed certificate reaches', async () => {
    expect(await build()).toBe(0);
    const files = await Promise.all(tiles.map((t) => readFile(epcEstimatesPath(ctx, t))));
    // Nothing changed: every file left byte for byte.
    expect(await Promise.all(tiles.map((t) => readFile(epcEstimatesPath(ctx, t))))).toEqual(files);

    // At the western edge: two homes re-rated, one home certified for the first time (it leaves the estimates); one
    // certified home's certificate withdrawn (it joins them).
    const before = await bookkeeping();
    await writeEpcLatest('(uprn % 3 = 0 AND uprn <> 1017) OR uprn = 1013', 'uprn IN (1011, 1014)');
    const estimated = await build();
    expect(estimated).toBeGreaterThan(0);
    expect(estimated).toBeLessThan(154 / 2);
    // Exactly the targets new to their tile and those with a changed certified property within their reach.
    expect(estimated).toBe(reachedByChanges(before, await bookkeeping()));
    const incremental = await estimates();
    expect(incremental.some((r) => r.uprn === 1013)).toBe(false);
    expect(incremental.some((r) => r.uprn === 1017)).toBe(true);

    // What a whole build writes, row for row.
    expect(await build(true)).toBe(154);
    const whole = await estimates();
    expect(whole).toEqual(incremental);
  });

  it('builds a tile whole when a month reaches most of its UPRNs, and keeps its bookkeeping right', async () => {
    // Every certificate re-rated: every estimate moves.
    await writeEpcLatest('(uprn % 3 = 0 AND uprn <> 1017) OR uprn = 1013', 'true');
    expect(await build()).toBe(154);
    const rerated = await estimates();
    expect(rerated.every((r) => JSON.parse(r.estimate as string).energy_rating_current === 'G')).toBe(true);
    // The next month starts from that build's bookkeeping: again only what a change reaches.
    await writeEpcLatest('(uprn % 3 = 0 AND uprn <> 1017) OR uprn = 1013', 'uprn <> 1011');
    const estimated = await build();
    expect(estimated).toBeGreaterThan(0);
    expect(estimated).toBeLessThan(154 / 2);
    const incremental = await estimates();
    expect(await build(true)).toBe(154);
    expect(await estimates()).toEqual(incremental);
  });
});

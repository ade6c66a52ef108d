// End to end on the real stack: the sample region (flood maps of all three countries, contours, coast),
// the refresh workflow on the real Temporal server, then GET /flood-risk over HTTP against the real
// Elasticsearch. The answer for a UPRN (precomputed per tile in batch) must equal the live answer for the
// same point by coordinates (candidates from the feature index), in every country.
import { describe, expect, it } from 'vitest';
import { FloodRiskBlockSchema } from '../../schemas/api/flood-risk';
import { dataPaths } from '../../pipelines/config';
import { featuresAlias } from '../../pipelines/indexing/aliases';
import { parquetPath, queryParquet } from '../../pipelines/io/parquet';
import { sampleAreaFor } from '../../pipelines/sample-data/areas';
import { distanceToLine, geographyOf } from '../../pipelines/sample-data/flood/geography';
import { tileOf } from '../../pipelines/geo/tiles';
import { refreshedStack } from '../helpers/refreshed-stack';

const stack = refreshedStack('flood-e2e');
const { config, es, get } = stack;

interface Sample {
  uprn: number;
  x: number;
  y: number;
}

/** UPRNs of a country: some inside a rivers/sea zone, some near one, some in an outline, some far. */
async function samples(country: 'england' | 'wales' | 'scotland'): Promise<Sample[]> {
  const derived = dataPaths(config.dataDir).derived;
  const staged = dataPaths(config.dataDir).staged;
  const sql = `SELECT b.uprn, u.x_coord, u.y_coord, b.block FROM ${parquetPath(`${derived}/uprn_flood_blocks/*.parquet`)} b
    JOIN ${parquetPath(`${staged}/os_open_uprn.parquet`)} u USING (uprn)
    WHERE json_extract(b.block, '$.${country}') IS NOT NULL AND json_type(b.block, '$.${country}') <> 'NULL'
    ORDER BY b.uprn`;
  const rows: (Sample & { block: any })[] = [];
  for await (const row of queryParquet(sql))
    rows.push({ uprn: Number(row.uprn), x: Number(row.x_coord), y: Number(row.y_coord), block: row.block });
  const assessments = (b: any) => Object.values<any>(b[country]);
  const picks = [
    rows.find((r) => assessments(r.block).some((a) => a.in_flood_risk_zone)),
    rows.find((r) => assessments(r.block).some((a) => a.nearest_flood_risk_zone)),
    rows.find((r) => r.block.recorded_flood_events.events.length > 0),
    rows.find((r) => assessments(r.block).every((a) => !a.in_flood_risk_zone)),
    rows[Math.floor(rows.length / 2)],
  ];
  return [...new Map(picks.filter((p) => p !== undefined).map((p) => [p!.uprn, p!])).values()];
}

describe('flood assets on the sample region', () => {
  it('builds the pieces, a block for every UPRN and the feature index', async () => {
    const state = (name: string) => stack.progress.assets.find((a) => a.name === name);
    expect(state('flood_pieces')?.state).toBe('done');
    expect(state('uprn_flood_blocks')?.rows).toBe(state('os_open_uprn')?.rows);
    expect(state('feature_index')?.rows).toBeGreaterThan(100);
    expect((await es.count({ index: featuresAlias(config) })).count).toBe(state('feature_index')?.rows);
  });
});

describe.each(['england', 'wales', 'scotland'] as const)('GET /flood-risk in %s', (country) => {
  it('answers a UPRN with its precomputed block, equal to the live answer at its coordinates', async () => {
    const picks = await samples(country);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const s of picks) {
      const byUprn = await get(`/flood-risk?UPRN=${s.uprn}`);
      expect(byUprn.status).toBe(200);
      const block = FloodRiskBlockSchema.parse(byUprn.body);
      // Complete: the country's block and only it; elevation, coast and events everywhere; defences in E&W.
      for (const c of ['england', 'wales', 'scotland'] as const)
        expect(block[c] === null, `${c} block of UPRN ${s.uprn}`).toBe(c !== country);
      expect(block.elevation.elevation_estimate).not.toBeNull();
      expect(block.nearest_coastal_point).not.toBeNull();
      expect(block.flood_defences === null).toBe(country === 'scotland');
      const live = await get(`/flood-risk?x_coord=${s.x}&y_coord=${s.y}`);
      expect(live.status).toBe(200);
      expect(live.body, `UPRN ${s.uprn} at ${s.x},${s.y}`).toEqual(byUprn.body);
    }
  });
});

describe('GET /flood-risk edges on the real stack', () => {
  it('a point at sea answers null country blocks, not an error', async () => {
    // The Celtic Sea, 60 km south-west of Land's End: in the grid, far from every flood map.
    const { status, body } = await get('/flood-risk?x_coord=100000&y_coord=5000');
    expect(status).toBe(200);
    expect([body.england, body.wales, body.scotland, body.flood_defences]).toEqual([null, null, null, null]);
    expect(() => FloodRiskBlockSchema.parse(body)).not.toThrow();
  });

  it('a point at sea in a coastal tile (off Cardiff, inside the sea zone) answers null country blocks', async () => {
    // 150 m out from the middle of Cardiff's mean high water line, to its sea side (the right).
    const coast = geographyOf(sampleAreaFor('Wales')).coast!;
    const k = Math.floor(coast.length / 2);
    const [a, b] = [coast[k - 1]!, coast[k + 1]!];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const sea: [number, number] = [
      coast[k]![0] + (150 * (b[1] - a[1])) / len,
      coast[k]![1] - (150 * (b[0] - a[0])) / len,
    ];
    expect(distanceToLine(coast, sea).side).toBe(-1);
    const { status, body } = await get(
      `/flood-risk?x_coord=${sea[0].toFixed(2)}&y_coord=${sea[1].toFixed(2)}`,
    );
    expect(status).toBe(200);
    expect([body.england, body.wales, body.scotland, body.flood_defences]).toEqual([null, null, null, null]);
    expect(body.nearest_coastal_point.distance).toBeLessThanOrEqual(150.01);
    // The same tile's land has Welsh UPRNs with the Welsh block (the tile is not what decides).
    const derived = dataPaths(config.dataDir).derived;
    const tile = tileOf(sea[0], sea[1]);
    const rows: any[] = [];
    for await (const row of queryParquet(
      `SELECT block FROM ${parquetPath(`${derived}/uprn_flood_blocks/${tile}.parquet`)} LIMIT 1`,
    ))
      rows.push(row);
    expect(rows.length).toBe(1);
    const block = typeof rows[0].block === 'string' ? JSON.parse(rows[0].block) : rows[0].block;
    expect(block.wales).not.toBeNull();
  });

  it('latitude and longitude are answered live; an unknown UPRN is a 404', async () => {
    const { status, body } = await get('/flood-risk?latitude=51.38&longitude=-2.36');
    expect(status).toBe(200);
    expect(body.england).not.toBeNull();
    expect((await get('/flood-risk?UPRN=999999999999')).status).toBe(404);
  });
});

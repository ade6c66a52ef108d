// The sample generator's flood, terrain and coast files read back through the staged assets: every layer
// present, the seeded bad records (and only those) quarantined, geometry decodable, zones nested.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FLOOD_ZONE_LAYERS } from '../../../../schemas/features';
import {
  floodDefenceAreas,
  floodDefences,
  floodRecordedOutlines,
} from '../../../../pipelines/assets/flood/flood-events-defences';
import { floodZones } from '../../../../pipelines/assets/flood/flood-zones';
import { coastline, terrainContours } from '../../../../pipelines/assets/flood/terrain-contours';
import type { AssetContext } from '../../../../pipelines/orchestration/definition';
import { dataPaths } from '../../../../pipelines/config';
import { polygonsOf } from '../../../../pipelines/geo/orient';
import { containsPoint } from '../../../../pipelines/geo/point-in-polygon';
import { queryParquet } from '../../../../pipelines/io/parquet';
import { parseWkb } from '../../../../pipelines/io/spatial/wkb';
import { buildAddressBook } from '../../../../pipelines/sample-data/addresses';
import { SAMPLE_AREAS } from '../../../../pipelines/sample-data/areas';
import { writeSpatialSamples } from '../../../../pipelines/sample-data/flood/index';

const dataDir = mkdtempSync(join(tmpdir(), 'pds-flood-assets-'));
const sourcesDir = join(dataDir, 'raw');
const ctx: AssetContext = {
  config: { dataDir, sourcesDir } as AssetContext['config'],
  runId: 'test',
  log: () => undefined,
  heartbeat: () => undefined,
};
const staged = (t: string): string => `read_parquet('${join(dataPaths(dataDir).staged, `${t}.parquet`)}')`;
const all = async (sql: string): Promise<Record<string, unknown>[]> => {
  const rows: Record<string, unknown>[] = [];
  for await (const r of queryParquet(sql)) rows.push(r);
  return rows;
};

beforeAll(async () => {
  const books = SAMPLE_AREAS.map((a) => buildAddressBook(a, 42, 200));
  const files = writeSpatialSamples(books, sourcesDir, 42, 1);
  expect(new Set(files.map((f) => f.dataset)).size).toBe(14);
  for (const asset of [
    floodZones,
    floodRecordedOutlines,
    floodDefences,
    floodDefenceAreas,
    terrainContours,
    coastline,
  ])
    await asset.materialize(ctx);
}, 120_000);

describe('sample flood, terrain and coast through the staged assets', () => {
  it('fills every flood zone layer and quarantines exactly the seeded bad records', async () => {
    const layers = await all(`SELECT DISTINCT layer FROM ${staged('flood_zones')} ORDER BY layer`);
    expect(layers.map((r) => r.layer)).toEqual([...FLOOD_ZONE_LAYERS].sort());
    const quarantine = await all(
      `SELECT file, line, reason FROM read_parquet('${join(dataPaths(dataDir).quarantine, 'flood_zones.parquet')}') ORDER BY file, line`,
    );
    expect(quarantine).toEqual([
      { file: 'ea-rofrs/RoFRS_ST_v202501.gpkg', line: 5, reason: 'no geometry' },
      { file: 'ea-rofrs/RoFRS_ST_v202501.gpkg', line: 6, reason: "unknown risk band 'Unknown'" },
      {
        file: 'nrw-fraw/NRW_FLOOD_RISK_FROM_RIVERS.gpkg',
        line: 4,
        reason: 'invalid ring: 3 positions (a ring needs at least 4)',
      },
      // After Stirling's and Edinburgh's High river extents (one feature each).
      { file: 'sepa-flood-maps/River_Flooding_High_Likelihood.geojson', line: 3, reason: 'no geometry' },
    ]);
  });

  it('nests the zones: a point in a SEPA High extent is in the Medium and Low extents; EA bands do not overlap', async () => {
    const zones = await all(
      `SELECT layer, band, geometry FROM ${staged('flood_zones')} WHERE layer IN ('scotland.rivers', 'england.rivers_and_seas')`,
    );
    const geo = (layer: string, band: string) =>
      polygonsOf(parseWkb(zones.find((z) => z.layer === layer && z.band === band)!.geometry as Uint8Array)!);
    const stirling = SAMPLE_AREAS.find((a) => a.id === 'stirling')!.centre;
    const high = geo('scotland.rivers', 'High');
    // A point on the river itself (the High extent's centre line) at the area's easting.
    let inHigh: [number, number] | null = null;
    for (let y = stirling.y - 3000; y < stirling.y + 3000 && !inHigh; y += 5)
      if (containsPoint(high, [stirling.x, y])) inHigh = [stirling.x, y];
    expect(inHigh).not.toBeNull();
    expect(containsPoint(geo('scotland.rivers', 'Medium'), inHigh!)).toBe(true);
    expect(containsPoint(geo('scotland.rivers', 'Low'), inHigh!)).toBe(true);
    const bath = SAMPLE_AREAS.find((a) => a.id === 'bath')!.centre;
    const bands = ['High', 'Medium', 'Low', 'Very Low'].map((b) => geo('england.rivers_and_seas', b));
    for (let y = bath.y - 2000; y < bath.y + 2000; y += 7) {
      const inside = bands.filter((polys) => containsPoint(polys, [bath.x, y])).length;
      expect(inside).toBeLessThanOrEqual(1);
    }
  });

  it('stages outlines with dates, defences, areas benefiting, contours per tile with tide lines, and the coast', async () => {
    const outlines = await all(
      `SELECT country, count(*) AS n, min(start_date) AS first FROM ${staged('flood_recorded_outlines')} GROUP BY country ORDER BY country`,
    );
    expect(outlines).toEqual([
      // Bath's three and Fulham's three (the Thames in 1928 the first).
      { country: 'England', n: 6, first: '1928-01-06T00:00:00.000Z' },
      { country: 'Wales', n: 2, first: '1979-12-27T00:00:00.000Z' },
    ]);
    expect(
      await all(`SELECT country, count(*) AS n FROM ${staged('flood_defences')} GROUP BY ALL ORDER BY ALL`),
    ).toEqual([
      // Two per river (Bath's Avon, Fulham's Thames, Cardiff's Taff).
      { country: 'England', n: 4 },
      { country: 'Wales', n: 2 },
    ]);
    expect(
      await all(
        `SELECT country, count(*) AS n FROM ${staged('flood_defence_areas')} GROUP BY ALL ORDER BY ALL`,
      ),
    ).toEqual([
      // Two per river (Bath's Avon, Fulham's Thames, Cardiff's Taff).
      { country: 'England', n: 4 },
      { country: 'Wales', n: 2 },
    ]);
    const kinds = await all(
      `SELECT kind, count(DISTINCT tile) AS tiles, min(height) AS lo FROM ${staged('terrain_contours')} GROUP BY kind ORDER BY kind`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(['contour', 'mean_high_water', 'mean_low_water']);
    // Contours every 10 m from 0 m.
    const heights = await all(
      `SELECT DISTINCT height FROM ${staged('terrain_contours')} WHERE kind = 'contour' ORDER BY height`,
    );
    expect(heights.every((h) => (h.height as number) % 10 === 0)).toBe(true);
    expect(heights[0]!.height).toBe(0);
    const coast = await all(`SELECT count(*) AS n, min(source_file) AS f FROM ${staged('coastline')}`);
    // One high water line per area (Bath's and Fulham's distant: the Severn, the Thames estuary).
    expect(coast).toEqual([{ n: 5, f: 'os-boundary-line/Data/GB/high_water_polyline.shp' }]);
  });
});

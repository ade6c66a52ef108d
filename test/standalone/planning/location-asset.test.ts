// uprn_location_blocks end to end on the sample data (no servers): the generated files in their published
// layouts → the eight staged layers → the per-tile partitions. Every UPRN's block is schema-valid and keeps
// the rules of spec 2.7; the sample UPRNs of England, Wales and Scotland get their country's blocks.
import { readdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssetContext } from '../../../pipelines/orchestration/definition';
import { quarantinePath } from '../../../pipelines/orchestration/ingest';
import { osOpenUprn } from '../../../pipelines/assets/address/os-open-uprn';
import { GB_HERITAGE_ASSETS } from '../../../pipelines/assets/heritage/gb-heritage';
import { HERITAGE_LAYER_ASSETS } from '../../../pipelines/assets/heritage/heritage-layers';
import { PLANNING_LAYER_ASSETS } from '../../../pipelines/assets/planning/planning-layers';
import {
  AREA_SOURCES,
  POINT_SOURCES,
  tilesHoldingUprns,
  uprnLocationBlocks,
  uprnLocationBlocksGlob,
} from '../../../pipelines/assets/location/uprn-location-blocks';
import { loadConfig } from '../../../pipelines/config';
import { blockTextsPath, parquetFiles, parquetPath, queryParquet } from '../../../pipelines/io/parquet';
import { generateSampleData, type SampleManifest } from '../../../pipelines/sample-data';
import type { LocationLayersBlock } from '../../../schemas/index/properties';
import { LocationAdminBoundariesSchema, PlanningBlockSchema } from '../../../schemas/api/planning';
import { TransportationBlockSchema } from '../../../schemas/api/transport';

const CIRCLE = 3141592.65;
let ctx: AssetContext;
let manifest: SampleManifest;
let tiles: string[];
const blocks = new Map<string, LocationLayersBlock>();
const quarantine: Record<string, string[]> = {};

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'pds-location-'));
  ctx = {
    config: loadConfig({ PDS_DATA_DIR: dataDir }),
    runId: 'location-test',
    log: () => {},
    heartbeat: () => {},
  };
  manifest = await generateSampleData({ outDir: ctx.config.sourcesDir, scale: 0.05 });
  await osOpenUprn.materialize(ctx);
  for (const asset of [...PLANNING_LAYER_ASSETS, ...HERITAGE_LAYER_ASSETS]) {
    await asset.materialize(ctx);
    quarantine[asset.name] = [];
    for await (const row of queryParquet(
      `SELECT reason FROM ${parquetPath(quarantinePath(ctx, asset.name))}`,
    ))
      quarantine[asset.name]!.push(String(row.reason));
  }
  for (const asset of GB_HERITAGE_ASSETS) await asset.materialize(ctx);
  tiles = await tilesHoldingUprns(ctx);
  for (const tile of tiles) await uprnLocationBlocks.materialize({ ...ctx, partition: tile });
  for await (const row of queryParquet(`SELECT uprn, block FROM ${parquetPath(uprnLocationBlocksGlob(ctx))}`))
    blocks.set(
      String(row.uprn),
      (typeof row.block === 'string' ? JSON.parse(row.block) : row.block) as LocationLayersBlock,
    );
}, 300_000);

const sampleOf = (country: string) => manifest.samples.find((s) => s.country === country)!;

describe('uprn_location_blocks on the sample', () => {
  it('reads exactly its declared upstreams: the UPRNs and the table of each area and point family', () => {
    const read = [
      'os_open_uprn',
      ...[...Object.values(AREA_SOURCES), ...Object.values(POINT_SOURCES)].map((s) => s.table),
    ];
    expect(new Set(read)).toEqual(new Set(uprnLocationBlocks.upstream));
  });

  it('one row per UPRN across the tiles, each block schema-valid', () => {
    expect(tiles.length).toBeGreaterThanOrEqual(3);
    expect(blocks.size).toBe(manifest.areas.reduce((n, a) => n + a.uprns, 0));
    for (const block of blocks.values()) {
      LocationAdminBoundariesSchema.parse(block.admin_boundaries);
      PlanningBlockSchema.parse(block.planning);
      TransportationBlockSchema.parse(block.transportation);
    }
  });

  it('keeps the rules: areas within the circle, proportions 0..1, within-1-km lists ≤ 1000 m and ≤ 10', () => {
    for (const { planning, transportation } of blocks.values()) {
      const areas = [
        planning.conservation_areas?.conservation_area,
        planning.world_heritage_sites?.world_heritage_site_area,
        planning.national_parks.national_park_area,
        transportation.low_emission_zones?.low_emission_zone_area,
      ].filter((a): a is number => a !== undefined);
      for (const a of areas) {
        expect(a).toBeGreaterThanOrEqual(0);
        expect(a).toBeLessThanOrEqual(CIRCLE);
      }
      const lists = [
        ...(planning.listed_buildings?.nearest_listed_buildings ?? []),
        ...transportation.ev_charging_points.nearest_charging_points,
      ];
      for (const item of lists) expect(item.distance).toBeLessThanOrEqual(1000);
      expect(transportation.ev_charging_points.nearest_charging_points.length).toBeLessThanOrEqual(10);
    }
  });

  it('England: conservation areas, listed buildings, the World Heritage Site, the CAZ and Bristol Airport', () => {
    const b = blocks.get(sampleOf('England').uprn)!;
    expect(b.admin_boundaries).toMatchObject({
      local_authority_district_code: 'E06000022',
      region_code: 'E12000009',
      country_code: 'E92000001',
      county_code: null,
    });
    expect(b.admin_boundaries.electoral_area_code).toMatch(/^E05/);
    expect(b.planning.conservation_areas).not.toBeNull();
    expect(b.planning.listed_buildings!.nearest_listed_buildings.length).toBeGreaterThan(0);
    expect(b.planning.world_heritage_sites!.nearest_world_heritage_site).toMatchObject({
      name: 'City of Bath',
      inscription_date: '1987-12-12T00:00:00.000Z',
      url: 'https://historicengland.org.uk/listing/the-list/list-entry/1000093',
    });
    for (const lb of b.planning.listed_buildings!.nearest_listed_buildings)
      expect(lb.date_listed).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    // No park near Bath: the nearest is Bannau Brycheiniog, ~57 km away (within the 100 km search).
    expect(b.planning.national_parks).toMatchObject({
      in_national_park: false,
      national_park_area: 0,
      nearest_national_park: { name: 'Bannau Brycheiniog National Park' },
    });
    expect(b.transportation.low_emission_zones?.nearest_low_emission_zone?.url).toBe(
      'https://www.bathnes.gov.uk/bath-clean-air-zone',
    );
    expect(b.transportation.nearest_airport?.name).toBe('Bristol Airport');
    // Across Bath: some addresses inside a conservation area and the CAZ, some not.
    const bath = [...blocks.values()].filter((x) => x.admin_boundaries.country_code === 'E92000001');
    const inCa = bath.filter((x) => x.planning.conservation_areas!.in_conservation_area).length;
    expect(inCa).toBeGreaterThan(0);
    expect(inCa).toBeLessThan(bath.length);
    expect(bath.some((x) => x.transportation.low_emission_zones!.in_low_emission_zone)).toBe(true);
  });

  it('Wales and Scotland: their own heritage lists, National Parks, chargers, zones and airports answered', () => {
    const wales = blocks.get(sampleOf('Wales').uprn)!;
    expect(wales.admin_boundaries).toMatchObject({
      local_authority_district_code: 'W06000015',
      region_code: null,
    });
    expect(wales.planning.conservation_areas).not.toBeNull();
    expect(wales.planning.world_heritage_sites).not.toBeNull();
    const inCountry = (code: string) =>
      [...blocks.values()].filter((x) => x.admin_boundaries.country_code === code);
    const welsh = inCountry('W92000004').flatMap(
      (x) => x.planning.listed_buildings!.nearest_listed_buildings,
    );
    expect(welsh.length).toBeGreaterThan(0);
    for (const b of welsh) {
      expect(b.listing_system).toBe('Cadw');
      expect(b.grade).toBe(b.listing_grade);
      expect(b.listing_tier).toBe(b.listing_grade === 'II' ? 'standard' : 'top');
    }
    expect(wales.planning.national_parks.nearest_national_park?.name).toBe(
      'Bannau Brycheiniog National Park',
    );
    expect(wales.transportation.nearest_airport?.name).toBe('Cardiff International Airport');
    // Bath's CAZ is the nearest zone, ~59 km away (within the 100 km search).
    expect(wales.transportation.low_emission_zones).toMatchObject({
      in_low_emission_zone: false,
      low_emission_zone_area: 0,
      nearest_low_emission_zone: { name: 'Bath Clean Air Zone' },
    });

    const scotland = blocks.get(sampleOf('Scotland').uprn)!;
    expect(scotland.admin_boundaries.country_code).toBe('S92000003');
    expect(scotland.planning.conservation_areas).not.toBeNull();
    expect(scotland.planning.world_heritage_sites).not.toBeNull();
    const scottish = inCountry('S92000003').flatMap(
      (x) => x.planning.listed_buildings!.nearest_listed_buildings,
    );
    expect(scottish.length).toBeGreaterThan(0);
    for (const b of scottish) {
      expect(b).toMatchObject({ listing_system: 'HES', grade: null });
      expect(['A', 'B', 'C']).toContain(b.listing_grade);
      expect(b.listing_tier).toBe(b.listing_grade === 'A' ? 'top' : 'standard');
    }
    expect(scotland.planning.national_parks.nearest_national_park?.name).toBe(
      'Loch Lomond and The Trossachs',
    );
    expect(scotland.transportation.low_emission_zones?.nearest_low_emission_zone?.url).toBe(
      'https://www.lowemissionzones.scot',
    );
    const stirling = [...blocks.values()].filter((x) => x.admin_boundaries.country_code === 'S92000003');
    // Every Stirling address has the park as nearest; area within 1 km exactly when it is within 1 km.
    for (const x of stirling) {
      const np = x.planning.national_parks;
      expect(np.nearest_national_park?.name).toBe('Loch Lomond and The Trossachs');
      expect(np.national_park_area > 0).toBe(np.nearest_national_park!.distance < 1000);
      expect(np.in_national_park).toBe(np.nearest_national_park!.distance === 0);
    }
    expect(stirling.some((x) => x.transportation.ev_charging_points.nearest_charging_points.length > 0)).toBe(
      true,
    );
  });

  it('bad source rows are quarantined with their reason', () => {
    expect(quarantine.conservation_areas).toEqual(
      expect.arrayContaining(['no geometry', 'designation ended (end-date 2019-01-01)']),
    );
    expect(quarantine.listed_buildings).toEqual(
      expect.arrayContaining(['unknown Grade "III"', 'no geometry']),
    );
    // One planted duplicate per sample area (Bath, Cardiff, Stirling, Fulham, Edinburgh).
    expect(quarantine.ev_charge_points!.filter((r) => r.startsWith('duplicate chargeDeviceID'))).toHaveLength(
      5,
    );
    expect(quarantine.airports).toEqual(['latitude_deg or longitude_deg not a number']);
  });

  it('a tile of more UPRNs than a run is written in runs, each with its texts, holding the same blocks', async () => {
    const tile = tiles[0]!;
    const dir = dirname(uprnLocationBlocksGlob(ctx));
    const read = async (sql: string) => {
      const rows: string[] = [];
      for await (const row of queryParquet(sql)) rows.push(JSON.stringify(row));
      return rows;
    };
    const whole = await read(
      `SELECT uprn, block FROM ${parquetPath(join(dir, `${tile}.parquet`))} ORDER BY uprn`,
    );
    const texts = await read(
      `SELECT * FROM ${parquetPath(blockTextsPath(join(dir, `${tile}.parquet`)))} ORDER BY uprn`,
    );
    // Runs of PDS_RUN_ROWS blocks.
    process.env.PDS_RUN_ROWS = '40';
    try {
      await uprnLocationBlocks.materialize({ ...ctx, partition: tile });
    } finally {
      delete process.env.PDS_RUN_ROWS;
    }
    const runs = readdirSync(dir).filter((f) => f.startsWith(`${tile}.`));
    expect(whole.length).toBeGreaterThan(40);
    expect(runs).toHaveLength(Math.ceil(whole.length / 40));
    expect(runs).not.toContain(`${tile}.parquet`);
    const files = runs.map((f) => join(dir, f));
    expect(await read(`SELECT uprn, block FROM ${parquetFiles(files)} ORDER BY uprn`)).toEqual(whole);
    expect(await read(`SELECT * FROM ${parquetFiles(files.map(blockTextsPath))} ORDER BY uprn`)).toEqual(
      texts,
    );
  });
});

// uprn_environment_blocks end to end on the sample data (no servers): the generated files in their
// published layouts → the six staged layers (NHS sites geocoded through the staged ONSPD) → the per-tile
// partitions. Every UPRN's block is schema-valid and keeps the rules of spec 2.7/2.8; the sample UPRNs of
// England, Wales and Scotland all get air quality, radon, greenspace, subsidence and NHS answers.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssetContext } from '../../../pipelines/orchestration/definition';
import { quarantinePath } from '../../../pipelines/orchestration/ingest';
import { onspd } from '../../../pipelines/assets/address/onspd';
import { osOpenUprn } from '../../../pipelines/assets/address/os-open-uprn';
import {
  uprnEnvironmentBlocks,
  uprnEnvironmentBlocksGlob,
  type EnvironmentLayersBlock,
} from '../../../pipelines/assets/environment/uprn-environment-blocks';
import { ENVIRONMENT_LAYER_ASSETS } from '../../../pipelines/assets/environment/uprn-environment-inputs';
import { tilesHoldingUprns } from '../../../pipelines/assets/location/uprn-location-blocks';
import { loadConfig } from '../../../pipelines/config';
import { parquetPath, queryParquet } from '../../../pipelines/io/parquet';
import { generateSampleData, type SampleManifest } from '../../../pipelines/sample-data';
import { EnvironmentBlockSchema } from '../../../schemas/api/environment';
import { SocialPointsBlockSchema } from '../../../schemas/api/social';

const CIRCLE = 3141592.65;
let ctx: AssetContext;
let manifest: SampleManifest;
let tiles: string[];
const blocks = new Map<string, EnvironmentLayersBlock>();
const quarantine: Record<string, string[]> = {};
const staged: Record<string, number> = {};

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'pds-environment-'));
  ctx = {
    config: loadConfig({ PDS_DATA_DIR: dataDir }),
    runId: 'environment-test',
    log: () => {},
    heartbeat: () => {},
  };
  manifest = await generateSampleData({ outDir: ctx.config.sourcesDir, scale: 0.05 });
  await osOpenUprn.materialize(ctx);
  await onspd.materialize(ctx);
  for (const asset of ENVIRONMENT_LAYER_ASSETS) {
    staged[asset.name] = (await asset.materialize(ctx)).rows;
    quarantine[asset.name] = [];
    for await (const row of queryParquet(
      `SELECT reason FROM ${parquetPath(quarantinePath(ctx, asset.name))}`,
    ))
      quarantine[asset.name]!.push(String(row.reason));
  }
  tiles = await tilesHoldingUprns(ctx);
  for (const tile of tiles) await uprnEnvironmentBlocks.materialize({ ...ctx, partition: tile });
  for await (const row of queryParquet(
    `SELECT uprn, block FROM ${parquetPath(uprnEnvironmentBlocksGlob(ctx))}`,
  ))
    blocks.set(
      String(row.uprn),
      (typeof row.block === 'string' ? JSON.parse(row.block) : row.block) as EnvironmentLayersBlock,
    );
}, 300_000);

const sampleOf = (country: string) => manifest.samples.find((s) => s.country === country)!;

describe('environment staged layers on the sample', () => {
  it('stages every layer and quarantines the planted bad rows with their reasons', () => {
    expect(staged).toMatchObject({
      air_quality_cells: expect.any(Number),
      radon_cells: expect.any(Number),
    });
    // 5 areas × 6 pollutants × ~400 cells, less one NO2 cell per area holding "NA".
    const areas = manifest.areas.length;
    expect(areas).toBe(5);
    expect(staged.air_quality_cells).toBeGreaterThan(7000);
    expect(quarantine.air_quality_cells).toEqual(Array(areas).fill('total "NA" is not a concentration'));
    expect(quarantine.greenspace_sites).toEqual(['no function']);
    expect(quarantine.landslides).toEqual(['no position']);
    expect(quarantine.defibrillators).toEqual(['no position']);
    expect(quarantine.radon_cells).toEqual([]);
    expect(quarantine.subsidence_hazard_areas).toEqual([
      'class "X" is not A-E, 1-3 or Low/Moderate/Significant',
    ]);
    expect(quarantine.subsidence_climate_areas).toEqual([
      'CLASS "Likely" is not Improbable, Possible, Probable or Unavailable',
    ]);
    expect(quarantine.nhs_sites).toContain('postcode ZZ99 9ZZ not in ONSPD (or without grid reference)');
    expect(quarantine.nhs_sites!.filter((r) => r.startsWith('closed on'))).toHaveLength(areas);
    expect(quarantine.nhs_sites!.filter((r) => r.startsWith('prescribing setting 1'))).toHaveLength(areas);
    // 6 GP practices, 5 dentists and 2 hospitals kept per area.
    expect(staged.nhs_sites).toBe(areas * (6 + 5 + 2));
  });
});

describe('uprn_environment_blocks on the sample', () => {
  it('one row per UPRN across the tiles, each block schema-valid', () => {
    expect(tiles.length).toBeGreaterThanOrEqual(3);
    expect(blocks.size).toBe(manifest.areas.reduce((n, a) => n + a.uprns, 0));
    for (const block of blocks.values()) {
      EnvironmentBlockSchema.parse(block.environment);
      SocialPointsBlockSchema.parse(block.social);
    }
  });

  it('keeps the rules: areas within the circle, proportions 0..1, within-1-km lists ≤ 1000 m', () => {
    let withGreen = 0;
    for (const { environment, social } of blocks.values()) {
      const g = environment.greenspace;
      if (g) {
        withGreen++;
        expect(g.greenspace_area).toBeGreaterThanOrEqual(0);
        expect(g.greenspace_area).toBeLessThanOrEqual(CIRCLE);
        expect(g.greenspace_proportion).toBeGreaterThanOrEqual(0);
        expect(g.greenspace_proportion).toBeLessThanOrEqual(1);
      }
      for (const l of environment.landslides) expect(l.distance).toBeLessThanOrEqual(1000);
      for (const d of social.defibrillators) expect(d.distance).toBeLessThanOrEqual(1000);
      const ds = environment.landslides.map((l) => l.distance);
      expect(ds).toEqual([...ds].sort((a, b) => a - b));
    }
    expect(withGreen).toBe(blocks.size);
  });

  it('answers every sample country: air quality with percentiles, radon, subsidence, NHS sites', () => {
    for (const country of ['England', 'Wales', 'Scotland']) {
      const block = blocks.get(String(sampleOf(country).uprn))!;
      expect(block, country).toBeDefined();
      const aq = block.environment.air_quality!;
      for (const key of ['benzene', 'no2', 'nox', 'pm10', 'pm2.5', 'so2'] as const) {
        if (aq[key] === null) continue; // the one NO2 cell per area published as "NA"
        expect(aq[key]!.value).toBeGreaterThan(0);
        expect(aq[key]!.percentile).toBeGreaterThanOrEqual(0);
        expect(aq[key]!.percentile).toBeLessThanOrEqual(100);
      }
      expect(block.environment.radon!.radon_class).toBeGreaterThanOrEqual(1);
      // GeoSure and GeoClimate Open cover the sample region; the high-emissions keys are Premium only.
      const subsidence = block.environment.subsidence!;
      expect(subsidence.shrink_swell!.legend).toMatch(
        /^Ground is predominantly (non-plastic|of .* plasticity)/,
      );
      expect(subsidence.shrink_swell!.advisory).toEqual(expect.any(String));
      expect(subsidence.shrink_swell_2030_high_emissions.class).toBe('Unavailable');
      expect(subsidence.shrink_swell_2070_high_emissions.legend).toMatch(/^Not available/);
      const nhs = block.social.nhs_locations;
      expect(nhs.nearest_gp_practice!.distance).toBeLessThan(10_000);
      expect(nhs.nearest_hospital!.url).toMatch(/^https:\/\/directory\.spineservices\.nhs\.uk\/ORD\//);
      expect(nhs.nearest_dentist!.postcode).toMatch(/^[A-Z]{1,2}\d/);
    }
  });
});

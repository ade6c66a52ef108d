// /retrofit's `planning` is the planning block of the document's location layers (uprn_location_blocks),
// and the retrofit response schema accepts it.
import { describe, expect, it } from 'vitest';
import { presentRetrofit } from '../../../serving/routes/retrofit';
import { RetrofitResponseSchema } from '../../../schemas/api/retrofit';
import type { PlanningBlock } from '../../../schemas/api/planning';
import { SAMPLE_DOC, testDocument } from '../../helpers/api';

const PLANNING: PlanningBlock = {
  conservation_areas: {
    in_conservation_area: true,
    conservation_area: 3141592.65,
    conservation_area_proportion: 1,
    nearest_conservation_area: { name: 'Bath City Centre', distance: 0, nearest_point: null },
  },
  listed_buildings: { nearest_listed_buildings: [] },
  world_heritage_sites: null,
  national_parks: {
    in_national_park: false,
    national_park_area: 0,
    national_park_proportion: 0,
    nearest_national_park: null,
  },
};

describe('retrofit planning', () => {
  it('comes from blocks.location_layers.planning', () => {
    const doc = testDocument({
      ...SAMPLE_DOC,
      blocks: { ...SAMPLE_DOC.blocks, location_layers: { planning: PLANNING } },
    });
    const body = presentRetrofit(doc, new Date('2026-01-01T00:00:00Z'));
    expect(body.planning).toEqual(PLANNING);
    expect(RetrofitResponseSchema.shape.planning.parse(body.planning)).toEqual(PLANNING);
  });

  it('is null for a document without location layers', () => {
    const { location_layers: _, ...blocks } = SAMPLE_DOC.blocks;
    const body = presentRetrofit({ ...SAMPLE_DOC, blocks }, new Date('2026-01-01T00:00:00Z'));
    expect(body.planning).toBeNull();
  });
});

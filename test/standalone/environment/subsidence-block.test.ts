// The subsidence block on hand polygons: each hazard's class 1..3 with its legend and the maintained advisory,
// the climate keys' classes, the higher class on a boundary two polygons share (whatever the candidates'
// order), placeholders for layers with nothing at the point, and null where no layer covers it (at sea).
import { describe, expect, it } from 'vitest';
import type { Geometry, Position } from '../../../pipelines/geo/geometry';
import { toPieces } from '../../../pipelines/geo/pieces';
import { environmentBlock } from '../../../pipelines/transforms/environment/block';
import { MemoryEnvironment } from '../../../pipelines/transforms/environment/memory';
import {
  subsidenceAttrsOfRow,
  subsidenceBlock,
  type SubsidenceAttrs,
} from '../../../pipelines/transforms/environment/subsidence';
import { subsidenceReference } from '../../../pipelines/transforms/environment/subsidence-reference';
import type { PieceRecord } from '../../../pipelines/transforms/flood/candidates';
import { EnvironmentBlockSchema, SubsidenceSchema } from '../../../schemas/api/environment';
import { square } from '../../helpers/fixtures';

const polygon = (id: string, g: Geometry, attrs: SubsidenceAttrs): PieceRecord<SubsidenceAttrs>[] =>
  toPieces(g).map((piece) => ({ layer: 'subsidence', featureId: id, attrs, piece, bbox: piece.bbox }));
const hazard = (
  key: SubsidenceAttrs['key'],
  cls: number,
  letter: string | null,
  legend = `${key} ${letter}`,
) => ({ key, class: cls, letter, legend }) as SubsidenceAttrs;
const climate = (key: SubsidenceAttrs['key'], cls: string, legend = `${key} ${cls}`) =>
  ({ key, class: cls, letter: null, legend }) as SubsidenceAttrs;

const ref = subsidenceReference();
// Two shrink-swell polygons side by side sharing the edge x = 376,000: class C (2) west, D (3) east.
const WEST = polygon('shrink_swell:1', square(374_000, 164_000, 2000), hazard('shrink_swell', 2, 'C'));
const EAST = polygon('shrink_swell:2', square(376_000, 164_000, 2000), hazard('shrink_swell', 3, 'D'));
const CLIMATE = [
  ...polygon(
    'c30:1',
    square(374_000, 164_000, 2000),
    climate('shrink_swell_2030_medium_emissions', 'Possible'),
  ),
  ...polygon(
    'c30:2',
    square(376_000, 164_000, 2000),
    climate('shrink_swell_2030_medium_emissions', 'Unavailable'),
  ),
  ...polygon(
    'c80:1',
    square(374_000, 164_000, 4000),
    climate('shrink_swell_2080_medium_emissions', 'Probable'),
  ),
];
const ALL = [...WEST, ...EAST, ...CLIMATE];

describe('subsidence block', () => {
  it('gives each hazard its polygon’s class, legend and the advisory for the class', () => {
    const block = subsidenceBlock(ALL, [375_000, 165_000])!;
    expect(SubsidenceSchema.parse(block)).toEqual(block);
    expect(block.shrink_swell).toEqual({
      class: 2,
      legend: 'shrink_swell C',
      advisory: ref.geosure.hazards.shrink_swell.advisories['2'],
    });
    expect(block.shrink_swell_2030_medium_emissions).toEqual({
      class: 'Possible',
      legend: 'shrink_swell_2030_medium_emissions Possible',
    });
    expect(block.shrink_swell_2080_medium_emissions.class).toBe('Probable');
  });

  it('leaves a hazard with nothing at the point null and fills climate keys with the documented placeholder', () => {
    const block = subsidenceBlock(ALL, [375_000, 165_000])!;
    expect(block.landslides).toBeNull();
    for (const key of [
      'shrink_swell_2030_high_emissions',
      'shrink_swell_2050_medium_emissions',
      'shrink_swell_2070_high_emissions',
    ] as const)
      expect(block[key]).toEqual({ class: 'Unavailable', legend: ref.geoclimate.notLoadedLegend });
  });

  it('takes the higher class on a shared boundary, in either candidate order', () => {
    const onEdge: Position = [376_000, 165_000];
    for (const pieces of [ALL, [...ALL].reverse()]) {
      const block = subsidenceBlock(pieces, onEdge)!;
      expect(block.shrink_swell).toMatchObject({ class: 3, legend: 'shrink_swell D' });
      // A real class beats Unavailable on the climate layer's shared edge too.
      expect(block.shrink_swell_2030_medium_emissions.class).toBe('Possible');
    }
    // Letters of one class: the later letter (E) wins over D.
    const e = polygon('shrink_swell:3', square(376_000, 162_000, 2000), hazard('shrink_swell', 3, 'E'));
    expect(subsidenceBlock([...EAST, ...e], [377_000, 164_000])!.shrink_swell!.legend).toBe('shrink_swell E');
    // Just either side of the edge each polygon answers for itself.
    expect(subsidenceBlock(ALL, [375_999.9, 165_000])!.shrink_swell!.class).toBe(2);
    expect(subsidenceBlock(ALL, [376_000.1, 165_000])!.shrink_swell!.class).toBe(3);
  });

  it('is null where no layer covers the point (at sea, or nothing loaded)', () => {
    expect(subsidenceBlock(ALL, [560_000, 600_000])).toBeNull();
    expect(subsidenceBlock([], [375_000, 165_000])).toBeNull();
  });

  it('runs inside the environment block over MemoryEnvironment (what batch tiles and /location fill)', () => {
    const env = new MemoryEnvironment({ subsidence: ALL });
    const block = environmentBlock(env, [377_000, 165_000]);
    expect(() => EnvironmentBlockSchema.parse(block)).not.toThrow();
    expect(block.subsidence!.shrink_swell!.class).toBe(3);
    expect(block.subsidence!.shrink_swell_2030_medium_emissions.class).toBe('Unavailable');
    expect(block.subsidence!.shrink_swell_2030_medium_emissions.legend).not.toBe(
      ref.geoclimate.notLoadedLegend,
    );
    expect(environmentBlock(new MemoryEnvironment({}), [377_000, 165_000]).subsidence).toBeNull();
  });

  it('reads staged rows of both tables into piece attributes', () => {
    expect(
      subsidenceAttrsOfRow({ hazard: 'running_sand', hazard_class: 3, class_letter: 'E', legend: 'Runs' }),
    ).toEqual({ key: 'running_sand', class: 3, letter: 'E', legend: 'Runs' });
    expect(
      subsidenceAttrsOfRow({
        climate_key: 'shrink_swell_2050_medium_emissions',
        class: 'Possible',
        legend: 'L',
      }),
    ).toEqual({ key: 'shrink_swell_2050_medium_emissions', class: 'Possible', letter: null, legend: 'L' });
  });
});

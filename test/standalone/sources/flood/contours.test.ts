// Marching squares on known surfaces, and the sample terrain's contours against the terrain function.
import { describe, expect, it } from 'vitest';
import type { Position } from '../../../../pipelines/geo/geometry';
import { SAMPLE_AREAS } from '../../../../pipelines/sample-data/areas';
import { geographyOf, terrainHeight } from '../../../../pipelines/sample-data/flood/geography';
import { contourLines, sampleGrid } from '../../../../pipelines/sample-data/terrain/contours';
import { tileLines } from '../../../../pipelines/sample-data/terrain/write';

describe('marching squares', () => {
  it('draws a cone (h = distance from the centre) as one closed ring at the contour radius', () => {
    const grid = sampleGrid(-500, -500, 10, 101, 101, ([x, y]) => Math.hypot(x, y));
    const lines = contourLines(grid, 200);
    expect(lines).toHaveLength(1);
    const ring = lines[0]!;
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    // Linear interpolation across 10 m cells of a cone: within 0.3 m of the true circle.
    for (const [x, y] of ring) expect(Math.abs(Math.hypot(x, y) - 200)).toBeLessThan(0.3);
  });

  it('draws a tilted plane as one open straight line, and resolves saddles consistently', () => {
    const plane = sampleGrid(0, 0, 1, 11, 11, ([x]) => x);
    const lines = contourLines(plane, 4.5);
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toHaveLength(11);
    expect(line.every(([x]) => x === 4.5)).toBe(true);
    expect(new Set([line[0]![1], line[10]![1]])).toEqual(new Set([0, 10]));
    // Saddle: h = x*y on [-1, 1]^2 sampled on a 3x3 grid; the 0.5 level gives two separate corner arcs.
    const saddle = sampleGrid(-1, -1, 1, 3, 3, ([x, y]) => x * y);
    const arcs = contourLines(saddle, 0.5);
    expect(arcs).toHaveLength(2);
    for (const arc of arcs) for (const [x, y] of arc) expect(Math.sign(x)).toBe(Math.sign(y));
  });
});

describe('sample terrain contours', () => {
  it('lie on the terrain surface at their height (within a metre) and stay in their tile', () => {
    const area = SAMPLE_AREAS.find((a) => a.id === 'bath')!;
    const geo = geographyOf(area);
    const lines = tileLines(geo, 'ST76');
    const contours = lines.filter((l) => l.properties.FEAT_TYPE === 'ContourLine');
    expect(contours.length).toBeGreaterThan(5);
    for (const c of contours) {
      const coords = (c.geometry as { coordinates: Position[] }).coordinates;
      for (const p of coords.filter((_, i) => i % 7 === 0)) {
        expect(Math.abs(terrainHeight(geo, p) - c.properties.PROP_VALUE)).toBeLessThan(1);
        expect(p[0]).toBeGreaterThanOrEqual(370000);
        expect(p[0]).toBeLessThanOrEqual(380000);
      }
    }
  });
});

// Tolerances: grid azimuths are exact to 1e-12°. True azimuths are checked against stepping due north along
// a meridian: with the pure projection (proj4, Airy ellipsoid, no datum shift; 1e-6° step) to 2e-5°, and
// through bng.ts (WGS84 with the Helmert shift; 1e-3° step) to 0.0025°: an ETRS89 meridian and an OSGB36
// meridian through the same point differ by 0.001-0.002° because the two ellipsoids are not concentric.
// OS's own inverse series agrees with proj4 to 1e-7° (about 1 cm) to the far west of the grid.
import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { gridAzimuth, gridConvergence, gridToOsgb36, trueAzimuth } from '../../../pipelines/geo/azimuth';
import { bngToWgs84, wgs84ToBng } from '../../../pipelines/geo/bng';
import type { Position } from '../../../pipelines/geo/geometry';

const projection = proj4(
  '+proj=longlat +ellps=airy +no_defs',
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy +units=m +no_defs',
);

// Across the grid: Land's End, Lowestoft, Shetland, the Outer Hebrides, London, the central meridian.
const places: Position[] = [
  [134000, 25000],
  [654000, 293000],
  [446000, 1140000],
  [95000, 930000],
  [530000, 180000],
  [400000, 500000],
];

function angleDiff(a: number, b: number): number {
  return Math.abs(((a - b + 540) % 360) - 180);
}

describe('azimuth', () => {
  it('measures grid azimuths clockwise from grid north in [0, 360)', () => {
    expect(gridAzimuth([0, 0], [0, 5])).toBe(0);
    expect(gridAzimuth([0, 0], [3, 3])).toBeCloseTo(45, 12);
    expect(gridAzimuth([0, 0], [1, 0])).toBe(90);
    expect(gridAzimuth([0, 0], [0, -1])).toBe(180);
    expect(gridAzimuth([0, 0], [-1, 0])).toBe(270);
    expect(gridAzimuth([0, 0], [-1, 1e-12])).toBeLessThan(360);
    expect(gridAzimuth([5, 5], [5, 5])).toBeNaN();
  });

  it('inverts the grid to OSGB36 latitude and longitude like proj4', () => {
    for (const [x, y] of places) {
      const { lat, lon } = gridToOsgb36(x, y);
      const [lon2, lat2] = projection.inverse([x, y]) as [number, number];
      expect(Math.abs((lat * 180) / Math.PI - lat2)).toBeLessThan(1e-7);
      expect(Math.abs((lon * 180) / Math.PI - lon2)).toBeLessThan(1e-7);
    }
  });

  it('has no convergence on the central meridian, positive east of it, negative west', () => {
    expect(Math.abs(gridConvergence(400000, 600000))).toBeLessThan(1e-12);
    expect(gridConvergence(654000, 293000)).toBeGreaterThan(2);
    expect(gridConvergence(134000, 25000)).toBeLessThan(-2);
  });

  it('gives 0° true azimuth for a step due north along the meridian (pure projection)', () => {
    // The named places and a sweep across the whole grid.
    const sweep: Position[] = [];
    for (let x = 5000; x < 700000; x += 49000) for (let y = 5000; y < 1300000; y += 97000) sweep.push([x, y]);
    for (const [x, y] of [...places, ...sweep]) {
      const [lon, lat] = projection.inverse([x, y]) as [number, number];
      const to = projection.forward([lon, lat + 1e-6]) as Position;
      expect(angleDiff(trueAzimuth([x, y], to), 0)).toBeLessThan(2e-5);
      // …and due east is 90° true, whatever the grid says.
      const east = projection.forward([lon + 1e-6, lat]) as Position;
      expect(angleDiff(trueAzimuth([x, y], east), 90)).toBeLessThan(2e-5);
    }
  });

  it('agrees with a step due north in WGS84 through bng.ts to 0.0025°', () => {
    for (const [x, y] of places) {
      const { longitude, latitude } = bngToWgs84(x, y);
      // Both ends through the same transform, so its millimetre round-trip noise cancels.
      const from = wgs84ToBng(longitude, latitude);
      const to = wgs84ToBng(longitude, latitude + 1e-3);
      const a: Position = [from.x, from.y];
      const b: Position = [to.x, to.y];
      expect(angleDiff(trueAzimuth(a, b), 0)).toBeLessThan(0.0025);
      // Away from the central meridian the grid azimuth alone is off by degrees.
      if (Math.abs(x - 400000) > 100000) expect(angleDiff(gridAzimuth(a, b), 0)).toBeGreaterThan(1);
    }
  });
});

// Flood zone geometry the publishers' writers share: river bands, surface-water pockets near addresses,
// climate-change growth, and the areas the files carry.
import type { Geometry, Position } from '../../geo/geometry';
import type { SampleArea } from '../areas';
import { hashSeed, Rng } from '../rng';
import type { AreaGeography } from './geography';
import { bandedStrips, cumulativeStrips, pocketBands, widthFactor } from './shapes';

const CLIMATE_CHANGE_GROWTH = 1.2;
export const grow = (ws: readonly number[]): number[] => ws.map((w) => Math.round(w * CLIMATE_CHANGE_GROWTH));
export const THREE_BANDS = ['High', 'Medium', 'Low'] as const;

/**
 * Surface-water pocket centres: near postcode centroids (so pockets cover some addresses), chosen with the
 * seed; the count grows with the square root of scale so files stay small.
 */
export function pocketCentres(
  area: SampleArea,
  sites: readonly Position[],
  seed: number,
  scale: number,
): Position[] {
  const rng = new Rng(hashSeed(seed, 'flood-pockets', area.id));
  const n = Math.min(400, Math.max(6, Math.round(10 * Math.sqrt(scale))));
  const out: Position[] = [];
  for (let i = 0; i < n; i++) {
    const site: Position = sites.length
      ? (sites[Math.floor(rng.next() * sites.length)] as Position)
      : [area.centre.x, area.centre.y];
    const a = 2 * Math.PI * rng.next();
    const r = 40 * rng.next();
    out.push([Math.round(site[0] + r * Math.cos(a)), Math.round(site[1] + r * Math.sin(a))]);
  }
  return out;
}

/** Features of one band per geometry, plus pockets: [band index, geometry][]. */
export function zoneGeometries(bands: Geometry[][]): { band: number; geometry: Geometry }[] {
  const out: { band: number; geometry: Geometry }[] = [];
  for (const perBand of bands) perBand.forEach((geometry, band) => out.push({ band, geometry }));
  return out;
}

export const riverZones = (geo: AreaGeography, widths: number[], banded: boolean): Geometry[] =>
  banded
    ? bandedStrips(geo.river, widths, widthFactor(0.4))
    : cumulativeStrips(geo.river, widths, widthFactor(0.4));

export const pocketZones = (centres: Position[], radii: number[], banded: boolean): Geometry[][] =>
  centres.map((c) => pocketBands(c, radii, banded));

export const area2 = (g: Geometry): number => {
  const ring = (r: Position[]): number => {
    let s = 0;
    for (let i = 0, j = r.length - 1; i < r.length; j = i++)
      s += (r[j] as Position)[0] * (r[i] as Position)[1] - (r[i] as Position)[0] * (r[j] as Position)[1];
    return Math.abs(s) / 2;
  };
  if (g.type === 'Polygon') return g.coordinates.reduce((s, r, i) => s + (i ? -1 : 1) * ring(r), 0);
  if (g.type === 'MultiPolygon')
    return g.coordinates.reduce((s, p) => s + area2({ type: 'Polygon', coordinates: p }), 0);
  return 0;
};
export const round2 = (v: number): number => Math.round(v * 100) / 100;

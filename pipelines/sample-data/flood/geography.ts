// Synthetic physical geography of each sample area: a meandering river through the built-up area, a
// coastline (Cardiff: the Severn estuary to the south-east; Stirling: the Forth estuary to the east; Edinburgh:
// the Firth of Forth to the north; Bath: inland, so its Severn shore lies ~15 km to the north-west, outside the
// terrain but inside Boundary-Line; Fulham: inland on the Thames, the estuary ~45 km east),
// and a smooth terrain function h(x, y) in metres above Ordnance Datum: a valley floor along the river,
// rising slopes and rolling hills away from it, and ground that falls to mean high water at the coast.
// Everything is a pure function of the area, so the contours, zones and the addresses they cover agree.
import type { Position } from '../../geo/geometry';
import type { SampleArea } from '../areas';

/** A smooth polyline: origin + u·t + v·A·sin(2πt/λ + φ), for t in [-half, half], sampled every `step` metres. */
export interface Meander {
  origin: Position;
  /** Unit direction of flow; for a coast, the land is on its left and the sea on its right. */
  dir: Position;
  amplitude: number;
  wavelength: number;
  phase: number;
  half: number;
}

export interface AreaGeography {
  /** Terrain and zone extent (BNG metres). */
  region: { minX: number; minY: number; maxX: number; maxY: number };
  river: Position[];
  riverName: string;
  /** Mean high water line (sea on the right of its direction), or null when the area is inland. */
  coast: Position[] | null;
  /** Boundary-Line coast for areas whose sea is outside the terrain region (Bath). */
  distantCoast: Position[] | null;
  /** Heights of mean high and low water (m ODN) where there is a coast. */
  mhw: number;
  mlw: number;
  /** Valley floor height (m). */
  floor: number;
}

const STEP = 50;

export function meander(m: Meander, step = STEP): Position[] {
  const pts: Position[] = [];
  const v: Position = [-m.dir[1], m.dir[0]];
  for (let t = -m.half; t <= m.half + 1e-9; t += step) {
    const off = m.amplitude * Math.sin((2 * Math.PI * t) / m.wavelength + m.phase);
    pts.push([m.origin[0] + m.dir[0] * t + v[0] * off, m.origin[1] + m.dir[1] * t + v[1] * off]);
  }
  return pts;
}

const unit = (x: number, y: number): Position => {
  const n = Math.hypot(x, y);
  return [x / n, y / n];
};

export const REGION_HALF_SIZE = 6000;

export function geographyOf(area: SampleArea): AreaGeography {
  const { x: cx, y: cy } = area.centre;
  const region = {
    minX: cx - REGION_HALF_SIZE,
    minY: cy - REGION_HALF_SIZE,
    maxX: cx + REGION_HALF_SIZE,
    maxY: cy + REGION_HALF_SIZE,
  };
  switch (area.id) {
    case 'bath':
      // The Avon flows west through the city centre.
      return {
        region,
        riverName: 'River Avon',
        river: meander({
          origin: [cx + 200, cy - 250],
          dir: [-1, 0],
          amplitude: 380,
          wavelength: 4200,
          phase: 0.6,
          half: 7000,
        }),
        coast: null,
        distantCoast: meander({
          origin: [cx - 10600, cy + 10600],
          dir: unit(-1, -1),
          amplitude: 300,
          wavelength: 5000,
          phase: 0,
          half: 9000,
        }),
        mhw: 5.2,
        mlw: -4.6,
        floor: 18,
      };
    case 'cardiff':
      // The Taff flows south to Cardiff Bay; the Severn estuary shore runs south-west to north-east, south of
      // the impounded bay (the barrage), so the documented point 51.45,-3.19 (Grangetown) is on land.
      return {
        region,
        riverName: 'River Taff',
        river: meander({
          origin: [cx - 300, cy + 1000],
          dir: [0.12, -0.993],
          amplitude: 300,
          wavelength: 3800,
          phase: 1.1,
          half: 7000,
        }),
        coast: meander({
          origin: [cx + 2000, cy - 1900],
          dir: unit(1, 0.55),
          amplitude: 120,
          wavelength: 3000,
          phase: 0.3,
          half: 9000,
        }),
        distantCoast: null,
        mhw: 4.6,
        mlw: -4.2,
        floor: 6,
      };
    case 'stirling':
      // The Forth meanders east between the castle rock and Causewayhead; its estuary opens to the east.
      return {
        region,
        riverName: 'River Forth',
        river: meander({
          origin: [cx + 300, cy + 1000],
          dir: [1, 0],
          amplitude: 420,
          wavelength: 3000,
          phase: 0.2,
          half: 7000,
        }),
        coast: meander({
          origin: [cx + 3200, cy],
          dir: unit(-0.15, 1),
          amplitude: 150,
          wavelength: 3500,
          phase: 0.9,
          half: 9000,
        }),
        distantCoast: null,
        mhw: 2.9,
        mlw: -2.2,
        floor: 5,
      };
    case 'london':
      // The tidal Thames flows east past Fulham, ~0.8 km south of the documented point 51.47,-0.19; the
      // estuary's shore (Boundary-Line's high water mark) is ~45 km east, the sea beyond it.
      return {
        region,
        riverName: 'River Thames',
        river: meander({
          origin: [cx + 100, cy - 1450],
          dir: unit(1, 0.12),
          amplitude: 450,
          wavelength: 5200,
          phase: 2.58,
          half: 7000,
        }),
        coast: null,
        distantCoast: meander({
          origin: [cx + 45_000, cy + 3000],
          dir: [0, 1],
          amplitude: 400,
          wavelength: 6000,
          phase: 0,
          half: 9000,
        }),
        mhw: 3.6,
        mlw: -2.9,
        floor: 3,
      };
    case 'edinburgh':
      // The Water of Leith flows north-east to Leith; the Firth of Forth's shore runs west (sea to the north),
      // ~0.7 km north of the documented point 55.98,-3.19 (Trinity).
      return {
        region,
        riverName: 'Water of Leith',
        river: meander({
          origin: [cx + 500, cy - 300],
          dir: unit(0.45, 0.89),
          amplitude: 250,
          wavelength: 2600,
          phase: 0.8,
          half: 7000,
        }),
        coast: meander({
          origin: [cx, cy + 1250],
          dir: unit(-1, -0.04),
          amplitude: 120,
          wavelength: 3200,
          phase: 0.5,
          half: 9000,
        }),
        distantCoast: null,
        mhw: 2.8,
        mlw: -1.9,
        floor: 4,
      };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Distances and terrain
// ---------------------------------------------------------------------------------------------------------

/** Distance from p to a polyline and the side (+1 left of its direction, -1 right). */
export function distanceToLine(line: readonly Position[], p: Position): { distance: number; side: number } {
  // Squared distances in the loop (Math.hypot is slow and this runs for every terrain grid point).
  let best = Infinity;
  let side = 1;
  const px = p[0];
  const py = p[1];
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i] as Position;
    const b = line[i + 1] as Position;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len2 = dx * dx + dy * dy;
    const t = len2 ? Math.max(0, Math.min(1, ((px - a[0]) * dx + (py - a[1]) * dy) / len2)) : 0;
    const qx = a[0] + t * dx - px;
    const qy = a[1] + t * dy - py;
    const d2 = qx * qx + qy * qy;
    if (d2 < best) {
      best = d2;
      side = dx * (py - a[1]) - dy * (px - a[0]) >= 0 ? 1 : -1;
    }
  }
  return { distance: Math.sqrt(best), side };
}

// The terrain measures distances to every 4th vertex (200 m chords): with meander radii over 1 km the chord
// is within 5 m of the curve, invisible in 10 m contours, and the terrain grid is 4 times cheaper.
const coarseLines = new WeakMap<readonly Position[], Position[]>();
function coarse(line: readonly Position[]): Position[] {
  let c = coarseLines.get(line);
  if (!c) {
    c = line.filter((_, i) => i % 4 === 0 || i === line.length - 1);
    coarseLines.set(line, c);
  }
  return c;
}

/** Height (m ODN) of the synthetic terrain at p. */
export function terrainHeight(geo: AreaGeography, p: Position): number {
  const dR = distanceToLine(coarse(geo.river), p).distance;
  const valley = 3 + 32 * (1 - Math.exp(-((dR / 700) ** 2))) + 0.011 * dR;
  const ramp = Math.min(1, Math.max(0, (dR - 150) / 700));
  const hills = 14 * Math.sin(p[0] / 1700) * Math.cos(p[1] / 2100) + 7 * Math.sin((p[0] + p[1]) / 900) + 9;
  let h = geo.floor + valley + hills * ramp;
  if (geo.coast) {
    // Land (left of the coast's direction) rises from mean high water; the sea floor falls away.
    const c = distanceToLine(coarse(geo.coast), p);
    const signed = c.side * c.distance;
    h = Math.min(h, geo.mhw + 0.012 * signed);
  }
  return h;
}

/** How far the sea polygon reaches beyond the coast's ends and out to sea: past every sample boundary. */
const SEA_REACH = 40_000;

/**
 * The sea beside an area's mean high water line (its right side), as one ring: the line, continued straight
 * on at both ends, closed SEA_REACH metres out. ONS "BFC" boundaries are clipped to mean high water, so the
 * sample boundary files subtract it (pipelines/sample-data/boundaries); null for an area with no coast.
 */
export function seaOf(geo: AreaGeography): Position[] | null {
  const line = geo.coast ?? geo.distantCoast;
  if (!line || line.length < 2) return null;
  const first = line[0]!;
  const last = line[line.length - 1]!;
  const d0 = unit(line[1]![0] - first[0], line[1]![1] - first[1]);
  const d1 = unit(last[0] - line[line.length - 2]![0], last[1] - line[line.length - 2]![1]);
  const start: Position = [first[0] - d0[0] * SEA_REACH, first[1] - d0[1] * SEA_REACH];
  const end: Position = [last[0] + d1[0] * SEA_REACH, last[1] + d1[1] * SEA_REACH];
  // Right of a direction (dx, dy) is (dy, -dx).
  return [
    start,
    ...line,
    end,
    [end[0] + d1[1] * SEA_REACH, end[1] - d1[0] * SEA_REACH],
    [start[0] + d0[1] * SEA_REACH, start[1] - d0[0] * SEA_REACH],
    start,
  ];
}

// OSTN15 (pipelines/geo/ostn15.ts through bng.ts) against Ordnance Survey's published test points, against an
// independent implementation at sample UPRNs, and the Helmert fallback outside the grid.
import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import {
  bngToWgs84,
  bngToWgs84Into,
  transformAt,
  wgs84ToBng,
  wgs84ToBngInto,
} from '../../../pipelines/geo/bng';
import { ostn15Forward, ostn15Inverse, ostn15ShiftAt, type Ostn15Grid } from '../../../pipelines/geo/ostn15';
import { decodeOstn15Grid, encodeOstn15Grid, loadOstn15Grid } from '../../../pipelines/geo/ostn15-grid';

/** Ground distance (metres) between two latitude/longitude pairs a few metres apart at most. */
function metresApart(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const perDegree = 111_200;
  return Math.hypot((lat1 - lat2) * perDegree, (lon1 - lon2) * perDegree * Math.cos((lat1 * Math.PI) / 180));
}

// OS's OSTN15 developer pack test points TP01-TP40 (OSTN15_TestInput_ETRStoOSGB.txt and
// OSTN15_TestOutput_ETRStoOSGB.txt): ETRS89 latitude and longitude in, National Grid easting and northing
// out, to the millimetre. © Ordnance Survey 2016, BSD licence.
// [id, latitude, longitude, easting, northing]
const OS_TEST_POINTS: [string, number, number, number, number][] = [
  ['TP01', 49.9222639373, -6.29977752014, 91492.146, 11318.804],
  ['TP02', 49.9600613782, -5.20304609998, 170370.718, 11572.405],
  ['TP03', 50.4388582561, -4.10864563561, 250359.811, 62016.569],
  ['TP04', 50.57563665, -1.2978227724, 449816.371, 75335.861],
  ['TP05', 50.9312793791, -1.450514337, 438710.92, 114792.25],
  ['TP06', 51.4007822014, -3.5512834924, 292184.87, 168003.465],
  ['TP07', 51.3744702555, 1.44454730409, 639821.835, 169565.858],
  ['TP08', 51.4275474302, -2.54407618349, 362269.991, 169978.69],
  ['TP09', 51.4893656495, -0.1199255718, 530624.974, 178388.464],
  ['TP10', 51.858908964, -4.3085247696, 241124.584, 220332.641],
  ['TP11', 51.8943663735, 0.89724327012, 599445.59, 225722.826],
  ['TP12', 52.2552938163, -2.15458614387, 389544.19, 261912.153],
  ['TP13', 52.2516095123, -0.9124895697, 474335.969, 262047.755],
  ['TP14', 52.7513668717, 0.40153547065, 562180.547, 319784.995],
  ['TP15', 52.9621910941, -1.19747655922, 454002.834, 340834.943],
  ['TP16', 53.3448028019, -2.6404932081, 357455.843, 383290.436],
  ['TP17', 53.4162851604, -4.28918069756, 247958.971, 393492.909],
  ['TP18', 53.4163092542, -4.28917792869, 247959.241, 393495.583],
  ['TP19', 53.7791102576, -3.04045490691, 331534.564, 431920.794],
  ['TP20', 53.8002151963, -1.66379168242, 422242.186, 433818.701],
  ['TP21', 54.0866631808, -4.63452168212, 227778.33, 468847.388],
  ['TP22', 54.1168514429, -0.07773133187, 525745.67, 470703.214],
  ['TP23', 54.3291954101, -4.38849118133, 244780.636, 495254.887],
  ['TP24', 54.8954234042, -2.93827741149, 339921.145, 556034.761],
  ['TP25', 54.9791227366, -1.61657685184, 424639.355, 565012.703],
  ['TP26', 55.8539995295, -4.29649016251, 256340.925, 664697.269],
  ['TP27', 55.9247826551, -3.29479219337, 319188.434, 670947.534],
  ['TP28', 57.0060669605, -5.8283669185, 167634.202, 797067.144],
  ['TP29', 57.1390251896, -2.04856030746, 397160.491, 805349.736],
  ['TP30', 57.4862500072, -4.21926398555, 267056.768, 846176.972],
  ['TP31', 57.8135183841, -8.57854456076, 9587.909, 899448.996],
  ['TP32', 58.2126224718, -7.59255560556, 71713.132, 938516.404],
  ['TP33', 58.515603613, -6.26091455533, 151968.652, 966483.78],
  ['TP34', 58.5812046128, -3.72631022121, 299721.891, 967202.992],
  ['TP35', 59.0374387119, -3.21454001115, 330398.323, 1017347.016],
  ['TP36', 59.0933503532, -4.41757674598, 261596.778, 1025447.602],
  ['TP37', 59.096716174, -5.82799339844, 180862.461, 1029604.114],
  ['TP38', 59.5347079449, -1.62516966058, 421300.525, 1072147.239],
  ['TP39', 59.8540991389, -1.27486910356, 440725.073, 1107878.448],
  ['TP40', 60.1330809166, -2.07382822798, 395999.668, 1138728.951],
];

// OS's reverse test input (OSTN15_TestInput_OSGBtoETRS.txt) is the forward output except at the two points
// farthest west, where the OS projection series' own truncation (a few mm at 6-7° from the central
// meridian) made OS start from these eastings and northings so that its inverse returns the same ETRS89 point.
const OS_REVERSE_INPUT: Record<string, [number, number]> = {
  TP31: [9587.906, 899449.0],
  TP32: [71713.131, 938516.405],
};

// Sample UPRNs of the generated region (seed 1: Bath, Cardiff, Stirling) as an independent OSTN15
// implementation converts their grid coordinates: Toby Thurston's `osgb` 1.2.0 (PyPI), run in a temporary
// venv as `osgb.grid_to_ll(x, y, rounding=10)` on 2026-11-25. The Helmert transformation this service used
// before was 0.37-0.84 m off at these points.
// [uprn, x, y, latitude, longitude]
const OSGB_PACKAGE_VALUES: [number, number, number, number, number][] = [
  [134002427, 281461.79, 695514.85, 56.1375645697, -3.9090675638],
  [134002679, 281448.79, 695505.25, 56.1374751338, -3.9092723536],
  [100100007195, 316686.2, 177115.9, 51.48683331, -3.2013058032],
  [100100007218, 316666.15, 177133.5, 51.4869885717, -3.201598661],
  [100120002778, 376461.9, 164002.34, 51.3745802082, -2.3395524303],
  [100120002826, 376447.82, 164008.31, 51.3746333014, -2.3397551096],
  [10001105147, 376066.33, 164841.53, 51.3821092309, -2.3452922467],
  [100100035542, 316054.09, 176594.09, 51.4820488729, -3.2102832704],
  [100120031992, 375523.34, 162639.45, 51.3622858094, -2.3529419882],
];

describe('OSTN15 against Ordnance Survey test points', () => {
  it.each(OS_TEST_POINTS)('%s: ETRS89 → National Grid to 1 mm', (_id, lat, lon, e, n) => {
    const { x, y } = wgs84ToBng(lon, lat);
    expect(Math.hypot(x - e, y - n)).toBeLessThanOrEqual(0.001);
  });

  it.each(OS_TEST_POINTS)('%s: National Grid → ETRS89 to 1 mm', (id, lat, lon, e, n) => {
    const [x, y] = OS_REVERSE_INPUT[id] ?? [e, n];
    const got = bngToWgs84(x, y);
    expect(metresApart(got.latitude, got.longitude, lat, lon)).toBeLessThanOrEqual(0.001);
  });

  it('every test point is inside the grid, so none of them took the Helmert fallback', () => {
    for (const [, , , e, n] of OS_TEST_POINTS) expect(transformAt(e, n)).toBe('OSTN15');
  });
});

describe('OSTN15 against an independent implementation (osgb 1.2.0) at sample UPRNs', () => {
  it.each(OSGB_PACKAGE_VALUES)('UPRN %d: grid → latitude/longitude to 1 mm', (_uprn, x, y, lat, lon) => {
    const got = bngToWgs84(x, y);
    expect(metresApart(got.latitude, got.longitude, lat, lon)).toBeLessThanOrEqual(0.001);
  });

  it.each(OSGB_PACKAGE_VALUES)('UPRN %d: latitude/longitude → grid to 1 mm', (_uprn, x, y, lat, lon) => {
    const got = wgs84ToBng(lon, lat);
    expect(Math.hypot(got.x - x, got.y - y)).toBeLessThanOrEqual(0.001);
  });
});

describe('round trips', () => {
  // The inverse iterates to 0.01 mm; what is left is the OS projection series' own truncation, which grows
  // with the distance from the central meridian (400 km): under half a millimetre 150-650 km east as far north
  // as Shetland, under a centimetre anywhere (TP31, St Kilda, is 5 mm; the grid's north edge takes the Helmert).
  it.each([
    [150_000, 650_000, 1_225_000, 0.0005],
    [0, 700_000, 1_300_000, 0.01],
  ])('grid → ETRS89 → grid for x in %d..%d m, y up to %d m, returns within %s m', (x0, x1, y1, tolerance) => {
    const out = new Float64Array(2);
    for (let x = x0; x <= x1; x += 25_000)
      for (let y = 0; y <= y1; y += 25_000) {
        bngToWgs84Into(x, y, out, 0);
        wgs84ToBngInto(out[0]!, out[1]!, out, 0);
        expect(Math.hypot(out[0]! - x, out[1]! - y)).toBeLessThan(tolerance);
      }
  });

  it('writes into the caller’s array at an offset and leaves the rest alone', () => {
    const out = [7, 7, 7, 7];
    expect(wgs84ToBngInto(-2.359, 51.3811, out, 1)).toBe('OSTN15');
    expect(out[0]).toBe(7);
    expect(out[3]).toBe(7);
    expect(out.slice(1, 3)).toEqual([wgs84ToBng(-2.359, 51.3811).x, wgs84ToBng(-2.359, 51.3811).y]);
  });
});

describe('outside the grid: the Helmert transformation', () => {
  const helmert = proj4(
    'WGS84',
    '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
      '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs',
  );

  it('north of 1250 km (beyond Shetland) the grid has no shifts and the Helmert answers, both ways', () => {
    const [x, y] = [450_000, 1_280_000];
    expect(transformAt(x, y)).toBe('Helmert');
    const got = bngToWgs84(x, y);
    const [lon, lat] = helmert.inverse([x, y]) as [number, number];
    expect(got).toEqual({ longitude: lon, latitude: lat });
    // proj4's own round trip is good to a millimetre.
    expect(Math.abs(wgs84ToBng(lon, lat).y - y)).toBeLessThan(0.001);
  });

  it('inside the grid, OSTN15 and the Helmert differ by tens of centimetres to metres', () => {
    const [, , , lat, lon] = OSGB_PACKAGE_VALUES[0]!;
    const [hx, hy] = helmert.forward([lon, lat]) as [number, number];
    const { x, y } = wgs84ToBng(lon, lat);
    expect(Math.hypot(hx - x, hy - y)).toBeGreaterThan(0.3);
    expect(Math.hypot(hx - x, hy - y)).toBeLessThan(3.5);
  });

  it('a coordinate that is not a number is an error, as it always was (callers validate first)', () => {
    expect(() => wgs84ToBng(NaN, 51)).toThrow(/finite/);
    expect(() => bngToWgs84(400_000, Infinity)).toThrow(/finite/);
  });
});

describe('the shift grid', () => {
  // A 3 × 3 grid of 1 km whose shifts grow 1 m per km east and 2 m per km north: bilinear is exact on it.
  const small: Ostn15Grid = {
    columns: 3,
    rows: 3,
    spacing: 1000,
    shifts: Int32Array.from({ length: 18 }, (_, k) => {
      const node = k >> 1;
      const [i, j] = [node % 3, Math.floor(node / 3)];
      return k % 2 === 0 ? 1000 * i : 2000 * j;
    }),
  };

  it('interpolates bilinearly inside, takes the last cell on the far edges, and refuses points outside', () => {
    const out = [0, 0];
    expect(ostn15ShiftAt(small, 1500, 500, out, 0)).toBe(true);
    expect(out).toEqual([1.5, 1]);
    expect(ostn15ShiftAt(small, 2000, 2000, out, 0)).toBe(true);
    expect(out).toEqual([2, 4]);
    expect(ostn15ShiftAt(small, 2000.001, 100, out, 0)).toBe(false);
    expect(ostn15ShiftAt(small, -0.001, 100, out, 0)).toBe(false);
    expect(ostn15ShiftAt(small, NaN, 100, out, 0)).toBe(false);
  });

  it('forward and inverse say when a point is off the grid instead of guessing', () => {
    const out = [0, 0];
    expect(ostn15Forward(small, 20, 60, out, 0)).toBe(false);
    expect(ostn15Inverse(small, 50_000, 50_000, out, 0)).toBe(false);
  });

  it('the installed grid is OS’s 701 × 1251 nodes at 1 km, and its file format round-trips', () => {
    const grid = loadOstn15Grid();
    expect([grid.columns, grid.rows, grid.spacing]).toEqual([701, 1251, 1000]);
    const again = decodeOstn15Grid(encodeOstn15Grid(small));
    expect(again).toEqual(small);
  });

  it('rejects a file that is not a whole grid', () => {
    const bytes = encodeOstn15Grid(small);
    expect(() => decodeOstn15Grid(bytes.subarray(0, bytes.length - 4))).toThrow(/do not hold/);
    const bad = bytes.slice();
    bad[0] = 0;
    expect(() => decodeOstn15Grid(bad)).toThrow(/magic/);
  });

  it('says how to install a missing grid', () => {
    expect(() => loadOstn15Grid('/nonexistent/ostn15.bin')).toThrow(/npx pds stack up/);
  });
});

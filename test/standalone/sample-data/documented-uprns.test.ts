// The real service's documented test data (issue #15 item 4): UPRNs 34076006, 906178651 and 10014197137 and
// the points 51.47,-0.19 (London), 55.98,-3.19 (Edinburgh), 51.45,-3.19 (Cardiff). The sample holds each UPRN
// in OS Open UPRN at an address of the right local authority (ONSPD of its postcode, its certificates), and
// each point lies on land inside its country's and local authority's boundary polygons.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bngToWgs84, wgs84ToBng } from '../../../pipelines/geo/bng';
import { polygonsOf } from '../../../pipelines/geo/orient';
import { containsPoint } from '../../../pipelines/geo/point-in-polygon';
import { readFeatures } from '../../../pipelines/io/spatial/read-features';
import { SAMPLE_AREAS } from '../../../pipelines/sample-data/areas';
import { distanceToLine, geographyOf } from '../../../pipelines/sample-data/flood/geography';
import { generate, records, type Generated } from './helpers';

const DOCUMENTED = [
  {
    uprn: '34076006',
    country: 'England',
    countryCode: 'E92000001',
    region: 'E12000007',
    la: 'E09000013',
    laName: 'Hammersmith and Fulham',
    point: [51.47, -0.19],
    within: 1000,
  },
  {
    uprn: '906178651',
    country: 'Scotland',
    countryCode: 'S92000003',
    region: 'S99999999',
    la: 'S12000036',
    laName: 'City of Edinburgh',
    point: [55.98, -3.19],
    within: 1000,
  },
  {
    uprn: '10014197137',
    country: 'Wales',
    countryCode: 'W92000004',
    region: 'W99999999',
    la: 'W06000015',
    laName: 'Cardiff',
    // The Cardiff point lies ~3 km south of the city centre, south of the area's addresses.
    point: [51.45, -3.19],
    within: 3500,
  },
] as const;

let g: Generated;
beforeAll(async () => {
  g = await generate(0.1, 7);
}, 120_000);

const fileOf = (dataset: string, match = ''): string =>
  g.manifest.files.find((f) => f.dataset === dataset && f.path.includes(match))!.path;

describe('the real service documented test UPRNs', () => {
  it('are in OS Open UPRN near their documented points, in postcodes of the right local authority', async () => {
    const uprns = records(await g.text(fileOf('os-open-uprn')));
    const onspd = records(await g.text(fileOf('onspd', 'Data/')));
    for (const d of DOCUMENTED) {
      const rows = uprns.filter((r) => r.UPRN === d.uprn);
      expect(rows, d.uprn).toHaveLength(1);
      const row = rows[0]!;
      const at = wgs84ToBng(d.point[1], d.point[0]);
      const dist = Math.hypot(Number(row.X_COORDINATE) - at.x, Number(row.Y_COORDINATE) - at.y);
      expect(dist, d.uprn).toBeLessThan(d.within);
      // Latitude and longitude are the grid reference by OSTN15.
      const ll = bngToWgs84(Number(row.X_COORDINATE), Number(row.Y_COORDINATE));
      expect(Number(row.LATITUDE)).toBeCloseTo(ll.latitude, 6);
      expect(Number(row.LONGITUDE)).toBeCloseTo(ll.longitude, 6);
    }
    // Each is unique to its area, whose manifest entry names the local authority.
    for (const d of DOCUMENTED) {
      const area = SAMPLE_AREAS.find((a) => a.documentedUprns.some((u) => String(u.uprn) === d.uprn))!;
      expect(area.country).toBe(d.country);
      expect(area.localAuthority).toMatchObject({ code: d.la, name: d.laName });
      expect(g.manifest.areas.find((a) => a.id === area.id)).toMatchObject({
        country: d.country,
        localAuthorityCode: d.la,
      });
    }
    expect(onspd.length).toBeGreaterThan(0);
  });

  it('have certificates giving the UPRN, its postcode in ONSPD with the right LA, region and country', async () => {
    const onspd = new Map(records(await g.text(fileOf('onspd', 'Data/'))).map((r) => [r.pcds, r]));
    // Every England and Wales certificate file (bulk, older release, 2025+ register export), upper-case keys.
    const ew: Record<string, string>[] = [];
    for (const f of g.manifest.files.filter(
      (f) => f.dataset === 'epc-england-wales' && f.path.includes('certificates'),
    ))
      for (const r of records(await g.text(f.path)))
        ew.push(Object.fromEntries(Object.entries(r).map(([k, v]) => [k.toUpperCase(), v])));
    const scotland = records(await g.text(fileOf('epc-scotland')), 2);
    for (const d of DOCUMENTED) {
      const certs =
        d.country === 'Scotland'
          ? scotland
              .filter((r) => r.OSG_REFERENCE_NUMBER === d.uprn)
              .map((r) => ({ postcode: r.POSTCODE!, la: Object.values(r).includes(d.laName) ? d.la : '' }))
          : ew
              .filter((r) => r.UPRN === d.uprn)
              .map((r) => ({ postcode: r.POSTCODE!, la: r.LOCAL_AUTHORITY! }));
      // A history of two in England and Wales; Scotland's register mostly holds one per address.
      expect(certs.length, d.uprn).toBeGreaterThanOrEqual(d.country === 'Scotland' ? 1 : 2);
      for (const c of certs) {
        const unit = onspd.get(c.postcode.trim());
        expect(unit, `${d.uprn} ${c.postcode}`).toBeDefined();
        expect(unit).toMatchObject({ lad25cd: d.la, rgn25cd: d.region, ctry25cd: d.countryCode });
      }
      // England and Wales certificates carry the LA code (a few old ones the legacy code); Scotland's the name.
      expect(certs.some((c) => c.la === d.la)).toBe(true);
    }
  });

  it('have their documented points on land, inside the country and local authority boundaries', () => {
    const layer = (file: string) =>
      [...readFeatures(join(g.dir, 'admin-boundaries', `${file}.shp`)).features].map((f) => ({
        code: String(Object.entries(f.properties).find(([k]) => k.endsWith('CD'))?.[1]),
        polygons: polygonsOf(f.geometry!),
      }));
    const countries = layer('CTRY_DEC_2024_UK_BFC');
    const authorities = layer('LAD_DEC_2024_UK_BFC');
    const regions = layer('RGN_DEC_2024_EN_BFC');
    const codesAt = (features: ReturnType<typeof layer>, p: [number, number]) =>
      features.filter((f) => containsPoint(f.polygons, p)).map((f) => f.code);
    for (const d of DOCUMENTED) {
      const { x, y } = wgs84ToBng(d.point[1], d.point[0]);
      const p: [number, number] = [x, y];
      expect(codesAt(countries, p), d.uprn).toEqual([d.countryCode]);
      expect(codesAt(authorities, p), d.uprn).toEqual([d.la]);
      expect(codesAt(regions, p)).toEqual(d.country === 'England' ? [d.region] : []);
      const area = SAMPLE_AREAS.find((a) => a.localAuthority.code === d.la)!;
      const coast = geographyOf(area).coast;
      if (coast) expect(distanceToLine(coast, p).side, d.uprn).toBe(1);
    }
  });
});

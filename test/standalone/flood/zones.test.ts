import { describe, expect, it } from 'vitest';
import { bandLabel, bandRisk } from '../../../pipelines/transforms/flood/bands';
import type { ZoneAttrs } from '../../../pipelines/transforms/flood/candidates';
import { assessLayer } from '../../../pipelines/transforms/flood/zones';
import { listProvider, records, square, X0, Y0 } from './fixtures';

// Nested England rivers-and-sea zones centred on (X0, Y0): High ±100 m inside Medium ±200 inside Low ±300
// inside Very Low ±400, as the EA's dissolved 4-band polygons stack.
const RS = 'england.rivers_and_seas';
const nested = [
  ...records<ZoneAttrs>(RS, 'vl', { label: 'Very low', band: 'Very Low' }, square(X0, Y0, 400)),
  ...records<ZoneAttrs>(RS, 'l', { label: 'Low', band: 'Low' }, square(X0, Y0, 300)),
  ...records<ZoneAttrs>(RS, 'm', { label: 'Medium', band: 'Medium' }, square(X0, Y0, 200)),
  ...records<ZoneAttrs>(RS, 'h', { label: 'High', band: 'High' }, square(X0, Y0, 100)),
];

describe('assessLayer', () => {
  it('reports the highest band containing the point, with no nearest zone', () => {
    const a = assessLayer(RS, [X0, Y0], listProvider({ zones: nested }));
    expect(a).toEqual({
      in_flood_risk_zone: true,
      annual_flood_risk: 0.033,
      flood_risk_description: 'High',
      nearest_flood_risk_zone: null,
      highest_risk_flood_zone_within_50m: {
        max_annual_flood_risk: null,
        min_annual_flood_risk: 0.033,
        flood_risk_description: 'High',
        distance: 0,
        nearest_point: null,
      },
    });
  });

  it('in Medium, 50 m from High: Medium risk, High as the highest zone within 50 m', () => {
    const a = assessLayer(RS, [X0 + 150, Y0], listProvider({ zones: nested }));
    expect(a.in_flood_risk_zone).toBe(true);
    expect(a.annual_flood_risk).toBe(0.01);
    expect(a.flood_risk_description).toBe('Medium');
    expect(a.nearest_flood_risk_zone).toBeNull();
    const high = a.highest_risk_flood_zone_within_50m!;
    expect(high.flood_risk_description).toBe('High');
    expect(high.distance).toBe(50);
    expect(high.nearest_point).toMatchObject({ x_coord: X0 + 100, y_coord: Y0 });
    expect(high.nearest_point!.latitude).toBeCloseTo(51.38, 1);
    expect(high.nearest_point!.longitude).toBeCloseTo(-2.36, 1);
  });

  it('a point just over 50 m from High does not see it', () => {
    const a = assessLayer(RS, [X0 + 150.01, Y0], listProvider({ zones: nested }));
    expect(a.highest_risk_flood_zone_within_50m!.flood_risk_description).toBe('Medium');
  });

  it('outside every zone: risk 0 and the nearest zone within 1 km with its band range', () => {
    const a = assessLayer(RS, [X0 + 700, Y0 + 30], listProvider({ zones: nested }));
    expect(a.in_flood_risk_zone).toBe(false);
    expect(a.annual_flood_risk).toBe(0);
    expect(a.flood_risk_description).toBeNull();
    expect(a.highest_risk_flood_zone_within_50m).toBeNull();
    expect(a.nearest_flood_risk_zone).toMatchObject({
      max_annual_flood_risk: 0.001,
      min_annual_flood_risk: null,
      flood_risk_description: 'Very Low', // NaFRA2's "Very low" in the spec's spelling
      distance: 300,
      nearest_point: { x_coord: X0 + 400, y_coord: Y0 + 30 },
    });
  });

  it("inside NaFRA2's Very low zone: the spec's spelling, Very Low, in the point's and the zones' descriptions", () => {
    const a = assessLayer(RS, [X0 + 350, Y0], listProvider({ zones: nested }));
    expect(a.in_flood_risk_zone).toBe(true);
    expect(a.annual_flood_risk).toBe(0.0005);
    expect(a.flood_risk_description).toBe('Very Low');
    expect(a.highest_risk_flood_zone_within_50m!.flood_risk_description).toBe('Low');
    const onlyVeryLow = nested.filter((r) => r.attrs.band === 'Very Low');
    const within = assessLayer(RS, [X0 + 430, Y0], listProvider({ zones: onlyVeryLow }));
    expect(within.highest_risk_flood_zone_within_50m!.flood_risk_description).toBe('Very Low');
  });

  it('bandLabel: a label naming a band in any case or separator is the band; others pass through', () => {
    expect(bandLabel('Very low', 'Very Low')).toBe('Very Low');
    expect(bandLabel('VERY_LOW', 'Very Low')).toBe('Very Low');
    expect(bandLabel('Very Low', 'Very Low')).toBe('Very Low');
    expect(bandLabel('high', 'High')).toBe('High');
    expect(bandLabel('High risk of flooding', 'High')).toBe('High risk of flooding');
  });

  it('no nearest zone beyond 1 km', () => {
    expect(
      assessLayer(RS, [X0 + 1400.01, Y0], listProvider({ zones: nested })).nearest_flood_risk_zone,
    ).toBeNull();
    expect(
      assessLayer(RS, [X0 + 1400, Y0], listProvider({ zones: nested })).nearest_flood_risk_zone?.distance,
    ).toBe(1000);
  });

  it('surface water searches 250 m only', () => {
    const SW = 'england.surface_water';
    const pocket = records<ZoneAttrs>(SW, 'p', { label: 'Low', band: 'Low' }, square(X0, Y0, 10));
    expect(
      assessLayer(SW, [X0 + 260, Y0], listProvider({ zones: pocket })).nearest_flood_risk_zone?.distance,
    ).toBe(250);
    expect(
      assessLayer(SW, [X0 + 260.5, Y0], listProvider({ zones: pocket })).nearest_flood_risk_zone,
    ).toBeNull();
  });

  it('ignores other layers among the candidates', () => {
    const a = assessLayer(
      'england.rivers_and_seas_climate_change',
      [X0, Y0],
      listProvider({ zones: nested }),
    );
    expect(a.in_flood_risk_zone).toBe(false);
    expect(a.nearest_flood_risk_zone).toBeNull();
  });

  it('Scotland carries annual_flood_risk in its zones; Wales sea bands split at 0.5%', () => {
    const sc = 'scotland.rivers';
    const zones = records<ZoneAttrs>(sc, 'm', { label: 'Medium', band: 'Medium' }, square(X0, Y0, 100));
    const a = assessLayer(sc, [X0 + 300, Y0], listProvider({ zones: zones }));
    expect(a.nearest_flood_risk_zone).toEqual({
      annual_flood_risk: 0.005,
      flood_risk_description: 'Medium',
      distance: 200,
      nearest_point: expect.objectContaining({ x_coord: X0 + 100, y_coord: Y0 }),
    });
    expect(assessLayer(sc, [X0, Y0], listProvider({ zones: zones })).annual_flood_risk).toBe(0.005);
    expect(bandRisk('wales.coast', 'Medium')).toMatchObject({ min: 0.005, max: 0.033 });
    expect(bandRisk('wales.coast', 'Low')).toMatchObject({ min: 0.001, max: 0.005 });
    expect(bandRisk('wales.rivers', 'Medium')).toMatchObject({ min: 0.01, max: 0.033 });
    expect(bandRisk('scotland.coast', 'High').representative).toBe(0.1);
    expect(() => bandRisk('wales.rivers', 'Very Low')).toThrow(/not published/);
  });

  it('a hole is not in the zone; its edge is the nearest zone', () => {
    const holed = records<ZoneAttrs>(RS, 'ring', { label: 'High', band: 'High' }, {
      type: 'Polygon',
      coordinates: [square(X0, Y0, 300).coordinates[0] as never, square(X0, Y0, 100).coordinates[0] as never],
    } as never);
    const a = assessLayer(RS, [X0 + 20, Y0], listProvider({ zones: holed }));
    expect(a.in_flood_risk_zone).toBe(false);
    expect(a.nearest_flood_risk_zone?.distance).toBe(80);
    expect(a.highest_risk_flood_zone_within_50m).toBeNull();
  });
});

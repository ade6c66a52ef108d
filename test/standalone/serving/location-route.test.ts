// GET /location's parameters: one complete pair, x_coord + y_coord (BNG) or latitude + longitude. Every
// rejection is a 400 (invalid_parameter) whose issues name the offending parameter.
import { describe, expect, it } from 'vitest';
import { LocationQuerySchema } from '../../../schemas/api/location';
import { ApiError, invalidParameters } from '../../../serving/errors';
import { locationPoint } from '../../../serving/routes/location';

/** The point, or the 400 the route would answer, for a raw query string's parameters. */
function resolve(query: Record<string, string>) {
  try {
    const parsed = LocationQuerySchema.safeParse(query);
    if (!parsed.success) throw invalidParameters(parsed.error, 'query');
    return { point: locationPoint(parsed.data) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const issues = (error.details as { issues: { field: string }[] }).issues;
    return { status: error.status, message: error.message, fields: issues.map((i) => i.field) };
  }
}

describe('locationPoint', () => {
  it('takes a BNG pair as given', () => {
    expect(resolve({ x_coord: '375000', y_coord: '165000' })).toEqual({ point: [375000, 165000] });
  });

  it('converts a latitude and longitude pair to the national grid', () => {
    // Bath Abbey: OS grid reference ST 751 647.
    const { point } = resolve({ latitude: '51.3815', longitude: '-2.3590' }) as { point: number[] };
    expect(point[0]).toBeGreaterThan(375_000);
    expect(point[0]).toBeLessThan(375_300);
    expect(point[1]).toBeGreaterThan(164_600);
    expect(point[1]).toBeLessThan(164_900);
  });

  it('rejects a query with no coordinates', () => {
    expect(resolve({})).toMatchObject({ status: 400, fields: ['query'] });
  });

  it('rejects both pairs, naming every parameter given', () => {
    const r = resolve({ x_coord: '375000', y_coord: '165000', latitude: '51.38', longitude: '-2.36' });
    expect(r).toMatchObject({ status: 400, fields: ['x_coord', 'y_coord', 'latitude', 'longitude'] });
    expect(r.message).toContain('not both');
  });

  it('rejects half a pair, naming the missing half', () => {
    expect(resolve({ x_coord: '375000' })).toMatchObject({ status: 400, fields: ['y_coord'] });
    expect(resolve({ longitude: '-2.36' })).toMatchObject({ status: 400, fields: ['latitude'] });
    // Half of each pair is still two pairs begun.
    expect(resolve({ x_coord: '375000', latitude: '51.38' })).toMatchObject({
      status: 400,
      fields: ['x_coord', 'latitude'],
    });
  });

  it('rejects a value that is not a number, naming it', () => {
    expect(resolve({ x_coord: 'east', y_coord: '165000' })).toMatchObject({
      status: 400,
      fields: ['x_coord'],
    });
    expect(resolve({ latitude: '51.38', longitude: '' })).toMatchObject({
      status: 400,
      fields: ['longitude'],
    });
  });

  it('rejects a point off the national grid, naming the coordinate', () => {
    expect(resolve({ x_coord: '-5', y_coord: '165000' })).toMatchObject({ status: 400, fields: ['x_coord'] });
    expect(resolve({ x_coord: '375000', y_coord: '1300000' })).toMatchObject({
      status: 400,
      fields: ['y_coord'],
    });
    // Mid-Atlantic, level with Northern England: west of the grid, so only the longitude is at fault.
    expect(resolve({ latitude: '55', longitude: '-25' })).toMatchObject({
      status: 400,
      fields: ['longitude'],
    });
    expect(resolve({ latitude: '91', longitude: '0' })).toMatchObject({ status: 400, fields: ['latitude'] });
  });
});

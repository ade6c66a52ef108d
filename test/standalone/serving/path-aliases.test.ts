// Alias paths map onto the endpoint's own URL: `{name}` segments become the query parameters of that name.
import { describe, expect, it } from 'vitest';
import { compileAlias, pathParams, primaryUrl } from '../../../serving/path-aliases';

describe('pathParams', () => {
  it('names the {name} segments in order; a plain path has none', () => {
    expect(pathParams('/properties/{uprn}')).toEqual(['uprn']);
    expect(pathParams('/a/{x}/b/{y_2}')).toEqual(['x', 'y_2']);
    expect(pathParams('/usage/requests')).toEqual([]);
  });
});

describe('compileAlias', () => {
  const alias = compileAlias('/properties/{uprn}');

  it('matches one non-empty segment per parameter, nothing more', () => {
    expect(alias.pattern.test('/properties/123')).toBe(true);
    expect(alias.pattern.test('/properties/')).toBe(false);
    expect(alias.pattern.test('/properties/1/2')).toBe(false);
    expect(alias.pattern.test('/propertiesX/1')).toBe(false);
  });

  it('treats the plain segments literally', () => {
    expect(compileAlias('/a.b/{x}').pattern.test('/aXb/1')).toBe(false);
  });
});

describe('primaryUrl', () => {
  const alias = compileAlias('/properties/{uprn}');

  it('moves the path parameter into the query', () => {
    expect(primaryUrl('/properties', alias, '/properties/123', '')).toBe('/properties?uprn=123');
  });

  it('keeps the other query parameters as sent and lets the path win over the same name', () => {
    expect(primaryUrl('/properties', alias, '/properties/1', '?a=b+c&uprn=2&uprn=3&x')).toBe(
      '/properties?uprn=1&a=b+c&x',
    );
  });

  it('decodes the segment once and encodes it for the query, so a query separator stays inside the value', () => {
    expect(primaryUrl('/properties', alias, '/properties/1%26uprn%3D2', '')).toBe(
      '/properties?uprn=1%26uprn%3D2',
    );
    expect(primaryUrl('/properties', alias, '/properties/1&x=2', '')).toBe('/properties?uprn=1%26x%3D2');
    // Not valid percent-encoding: the segment as sent, so validation names it.
    expect(primaryUrl('/properties', alias, '/properties/%zz', '')).toBe('/properties?uprn=%25zz');
  });

  it('passes the query through for an alias without parameters', () => {
    expect(primaryUrl('/requests', compileAlias('/usage/requests'), '/usage/requests', '?limit=5')).toBe(
      '/requests?limit=5',
    );
  });
});

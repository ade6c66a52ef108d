// The maintained grants rules file and the rules that pick a home's schemes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  loadRetrofitGrantRules,
  parseRetrofitGrantRules,
  RETROFIT_GRANTS_FILE,
} from '../../../pipelines/reference/retrofit-grants';
import { applicableGrants, type GrantFacts } from '../../../pipelines/transforms/area/retrofit-grants';

const rules = loadRetrofitGrantRules();
const names = (facts: Partial<GrantFacts>, asOf = '2025-10-01') =>
  applicableGrants(
    rules,
    {
      country: null,
      localAuthorityCode: null,
      tenure: null,
      epcBand: null,
      deprivationDecile: null,
      ...facts,
    },
    asOf,
  ).map((g) => g.name);

describe('the rules file', () => {
  it('validates, states its as-of date, and has real schemes for every country with https URLs', () => {
    expect(rules.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const country of ['England', 'Wales', 'Scotland'] as const)
      expect(rules.schemes.some((s) => s.eligibility.countries.includes(country))).toBe(true);
    expect(rules.schemes.every((s) => s.url.startsWith('https://'))).toBe(true);
    expect(rules.schemes.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'ECO4 (Energy Company Obligation)',
        'Great British Insulation Scheme',
        'Boiler Upgrade Scheme',
        'Warm Homes: Local Grant',
        'Warm Homes Nest (Wales)',
        'Home Energy Scotland Grant and Loan',
      ]),
    );
  });

  it('rejects a broken file, naming the field', () => {
    const broken = JSON.parse(readFileSync(RETROFIT_GRANTS_FILE, 'utf8'));
    broken.schemes[0].eligibility.epc_bands = ['H'];
    expect(() => parseRetrofitGrantRules(JSON.stringify(broken))).toThrow(
      /schemes\.0\.eligibility\.epc_bands\.0/,
    );
    broken.schemes[0].eligibility.epc_bands = null;
    broken.schemes[1].id = broken.schemes[0].id;
    expect(() => parseRetrofitGrantRules(JSON.stringify(broken))).toThrow(/scheme ids must be unique/);
  });
});

describe('applicable grants', () => {
  it('an owner-occupied English home rated E: ECO4, GBIS, BUS and the Warm Homes: Local Grant (income route)', () => {
    const grants = applicableGrants(
      rules,
      {
        country: 'England',
        localAuthorityCode: 'E06000022',
        tenure: 'Owner-occupied',
        epcBand: 'E',
        deprivationDecile: 6,
      },
      '2025-10-01',
    );
    expect(grants.map((g) => g.name)).toEqual([
      'ECO4 (Energy Company Obligation)',
      'Great British Insulation Scheme',
      'Boiler Upgrade Scheme',
      'Warm Homes: Local Grant',
    ]);
    expect(grants.find((g) => g.name === 'Boiler Upgrade Scheme')!.grant_value).toBe(7500);
    expect(grants.find((g) => g.name === 'Warm Homes: Local Grant')!.description).toMatch(
      /low-income households/,
    );
  });

  it('a home in an IMD decile 1-2 area gets the area-based Warm Homes: Local Grant entry, once', () => {
    const grants = applicableGrants(
      rules,
      {
        country: 'England',
        localAuthorityCode: null,
        tenure: 'Owner-occupied',
        epcBand: 'D',
        deprivationDecile: 2,
      },
      '2025-10-01',
    );
    const whlg = grants.filter((g) => g.name === 'Warm Homes: Local Grant');
    expect(whlg).toHaveLength(1);
    expect(whlg[0]!.description).toMatch(/IMD decile 1 or 2/);
  });

  it('bands and tenures exclude: a band C home gets only BUS; private rented D is not ECO4; social homes not BUS', () => {
    expect(names({ country: 'England', tenure: 'Owner-occupied', epcBand: 'C' })).toEqual([
      'Boiler Upgrade Scheme',
    ]);
    expect(names({ country: 'England', tenure: 'Rented (private)', epcBand: 'D' })).not.toContain(
      'ECO4 (Energy Company Obligation)',
    );
    expect(names({ country: 'England', tenure: 'Rented (private)', epcBand: 'E' })).toContain(
      'ECO4 (Energy Company Obligation)',
    );
    const social = names({ country: 'England', tenure: 'Rented (social)', epcBand: 'E' });
    expect(social).toContain('Warm Homes: Social Housing Fund');
    expect(social).not.toContain('Boiler Upgrade Scheme');
  });

  it('unknown facts (no EPC) do not exclude, but the country must be known and match', () => {
    expect(names({ country: 'Scotland' })).toEqual([
      'ECO4 (Energy Company Obligation)',
      'Great British Insulation Scheme',
      'Home Energy Scotland Grant and Loan',
      'Warmer Homes Scotland',
    ]);
    expect(names({ country: 'Wales', epcBand: 'F' })).toContain('Warm Homes Nest (Wales)');
    expect(names({})).toEqual([]);
  });

  it('schemes apply only between their opening and closing dates', () => {
    const home = { country: 'England' as const, tenure: 'Owner-occupied', epcBand: 'E' };
    expect(names(home, '2026-03-31')).toContain('ECO4 (Energy Company Obligation)');
    expect(names(home, '2026-04-01')).not.toContain('ECO4 (Energy Company Obligation)');
    expect(names(home, '2026-04-01')).not.toContain('Great British Insulation Scheme');
    expect(names(home, '2025-03-31')).not.toContain('Warm Homes: Local Grant');
  });
});

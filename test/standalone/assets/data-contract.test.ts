// The analysts' contract (schemas/data-contract.ts): the table and column names carry a version, and changing
// them without a new version and a changelog entry fails here, naming what changed.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_CONTRACT_NAMES_SHA256, DATA_CONTRACT_VERSION } from '../../../schemas/data-contract';
import { contractNames, contractNamesSha256 } from '../../../pipelines/catalog/data-contract';
import { REPO_ROOT } from '../../../pipelines/config';

const doc = (name: string) => readFileSync(resolve(REPO_ROOT, 'docs', name), 'utf8');

describe('data contract', () => {
  it('the names are those recorded for the current version', () => {
    const names = contractNames();
    expect(names).toContain('properties_wide.highest_flood_band');
    expect(names).toContain('national_parks.bbox');
    expect(
      contractNamesSha256(names),
      `table or column names changed: bump DATA_CONTRACT_VERSION (major when something was renamed or removed), ` +
        `list the change under "Changelog" in docs/analysts.md and set DATA_CONTRACT_NAMES_SHA256 to ${contractNamesSha256(names)}`,
    ).toBe(DATA_CONTRACT_NAMES_SHA256);
  });

  it('a changed name changes the fingerprint', () => {
    const names = contractNames();
    const renamed = names.map((n) => (n === 'properties_wide.epc_rating' ? 'properties_wide.epc_band' : n));
    expect(contractNamesSha256(renamed)).not.toBe(contractNamesSha256(names));
  });

  it('the changelog lists the current version and the data dictionary states it', () => {
    const changelog = doc('analysts.md').split(/^## Changelog$/m)[1] ?? '';
    expect(changelog).toMatch(new RegExp(`^### ${DATA_CONTRACT_VERSION.replaceAll('.', '\\.')}\\b`, 'm'));
    expect(doc('data-dictionary.md')).toContain(`Contract version **${DATA_CONTRACT_VERSION}**`);
  });
});

// Several processes spending one balance through the same SQLite file: BEGIN IMMEDIATE serialises their
// admissions, so together they get exactly what the balance pays for.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openAccountStore } from '../../../serving/accounts/store';
import { raceProcesses } from '../../helpers/processes';

const dir = mkdtempSync(join(tmpdir(), 'pds-xproc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('four processes, 400 attempts against a balance for 150: exactly 150 charged', async () => {
  const file = join(dir, 'accounts.sqlite');
  const store = openAccountStore(file);
  store.createPlan({ name: 'shared', creditLimit: 1_500 });
  const { record } = store.createKey('shared', { plan: 'shared' });
  store.close();

  const admitted = await raceProcesses(join(import.meta.dirname, 'admit-worker.ts'), {
    file,
    keyId: record.id,
    attempts: 100,
  });
  expect(admitted.reduce((a, b) => a + b, 0)).toBe(150);
  // No process can take more than its 100 attempts, so at least two shared the balance.
  expect(admitted.filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);

  const after = openAccountStore(file);
  const charged = after.ledger(record.id).filter((l) => l.state === 'charged');
  expect(charged).toHaveLength(150);
  expect(after.usage(record.id).subscription).toMatchObject({ credits_used: 1_500, credits_remaining: 0 });
  after.close();
}, 60_000);

// A monthly release for a generated region: certificates-<year>.csv beside the earlier year in every
// register-export folder, in the same published columns, new certificate numbers and dates in the year, and
// their recommendations; the England and Wales bulk finder sees it as its own partition.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, type CsvRecord } from '../../../pipelines/io/csv-reader';
import { generateSampleData } from '../../../pipelines/sample-data';
import { writeEpcRelease, type EpcRelease } from '../../../pipelines/sample-data/epc-release';
import { findEpcBulkFiles } from '../../../pipelines/sources/epc/england-wales';

let out: string;
let release: EpcRelease;
const rows = async (path: string) =>
  parseCsv(await readFile(path, 'utf8')).filter((r): r is CsvRecord => r.ok && r.fields.length > 1);

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'pds-epc-release-'));
  await generateSampleData({ outDir: out, scale: 0.05 });
  release = await writeEpcRelease({ sourcesDir: out, certificates: 40, year: 2026, month: 3 });
}, 120_000);

describe('writeEpcRelease', () => {
  it('writes the asked number of certificates in the columns of the year before, lodged in the release month', async () => {
    const certificates = release.files.filter((f) => basename(f) === 'certificates-2026.csv');
    expect(certificates.length).toBeGreaterThan(0);
    let total = 0;
    const numbers = new Set<string>();
    for (const file of certificates) {
      const [header, ...data] = await rows(file);
      const [before] = await rows(join(dirname(file), 'certificates-2025.csv'));
      expect(header!.fields).toEqual(before!.fields);
      const col = (name: string) => header!.fields.indexOf(name);
      for (const r of data) {
        numbers.add(r.fields[col('certificate_number')]!);
        expect(r.fields[col('lodgement_date')]).toMatch(/^2026-03-\d\d$/);
      }
      total += data.length;
    }
    expect(total).toBe(40);
    expect(release.certificates).toBe(40);
    expect(numbers.size).toBe(40);
  });

  it('carries the recommendations of the certificates it re-lodges, under the new numbers', async () => {
    let total = 0;
    for (const file of release.files.filter((f) => basename(f) === 'recommendations-2026.csv')) {
      const certs = new Set(
        (await rows(join(dirname(file), 'certificates-2026.csv'))).slice(1).map((r) => r.fields[0]),
      );
      const [, ...data] = await rows(file);
      for (const r of data) expect(certs.has(r.fields[0])).toBe(true);
      total += data.length;
    }
    expect(total).toBe(release.recommendations);
  });

  it('improves every other home: a higher SAP score than any it had, and the band of that score', async () => {
    const bandOf = (score: number) =>
      score >= 92
        ? 'A'
        : score >= 81
          ? 'B'
          : score >= 69
            ? 'C'
            : score >= 55
              ? 'D'
              : score >= 39
                ? 'E'
                : score >= 21
                  ? 'F'
                  : 'G';
    let [improved, total] = [0, 0];
    for (const file of release.files.filter((f) => basename(f) === 'certificates-2026.csv')) {
      const [header, ...before] = await rows(join(dirname(file), 'certificates-2025.csv'));
      const col = (name: string) => header!.fields.indexOf(name);
      const [uprn, score, band] = [
        col('uprn'),
        col('current_energy_efficiency'),
        col('current_energy_rating'),
      ];
      const best = new Map<string, number>();
      for (const r of before)
        best.set(r.fields[uprn]!, Math.max(best.get(r.fields[uprn]!) ?? 0, Number(r.fields[score])));
      for (const r of (await rows(file)).slice(1)) {
        total++;
        const now = Number(r.fields[score]);
        if (now <= best.get(r.fields[uprn]!)!) continue;
        improved++;
        expect(r.fields[band]).toBe(bandOf(now));
      }
    }
    expect(improved).toBeGreaterThanOrEqual(Math.floor(total / 2) - 1);
    expect(improved).toBeLessThanOrEqual(Math.ceil(total / 2));
  });

  it('is found as its own year partition of the bulk download', async () => {
    const files = await findEpcBulkFiles(join(out, 'epc-england-wales'));
    expect(files.some((f) => f.year === 2026)).toBe(true);
  });
});

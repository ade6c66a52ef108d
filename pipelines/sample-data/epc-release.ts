// A monthly EPC release for a generated region: the register export publishes each new year of lodgements as
// `certificates-<year>.csv` (and `recommendations-<year>.csv`) beside the earlier years. This writes such a
// pair into every area folder of the register export, holding `share` of the region's certificates: new
// assessments of homes that already have a certificate (the 2025 rows of the same folder, re-lodged with a
// new certificate number and dates in `year`, every other one with a higher SAP score and its band: the home
// was improved), in exactly the published columns of the files they copy.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCsv, type CsvRecord } from '../io/csv-reader';
import { BufferedFileWriter, csvRow } from './csv-writer';
import { mix32 } from './rng';

export interface EpcReleaseOptions {
  /** The sample region's sources folder (the generator's `--out`). */
  sourcesDir: string;
  /** How many certificates the release holds. */
  certificates: number;
  /** The lodgement year of the release (its files are `certificates-<year>.csv`). */
  year: number;
  /** The release's month (1-12): the lodgement and inspection dates fall in it. */
  month?: number;
  /** The year whose files serve as the homes to re-assess (default: the latest before `year`). */
  fromYear?: number;
}

export interface EpcRelease {
  certificates: number;
  recommendations: number;
  files: string[];
}

const REGISTER_EXPORT = ['epc-england-wales', 'register-export'];

const records = (text: string): CsvRecord[] =>
  parseCsv(text).filter((r): r is CsvRecord => r.ok && r.fields.some((f) => f !== ''));

/** RRN-style certificate number, distinct from the generator's (which end in the certificate counter). */
function releaseCertificateNumber(year: number, n: number): string {
  const digits =
    String(year).slice(-4) + String(mix32(n + 7) % 1_000_000).padStart(6, '0') + String(n).padStart(10, '0');
  return digits.match(/.{4}/g)!.join('-');
}

/** SAP rating bands (RdSAP): the lowest score of each band, best first. */
const SAP_BANDS: [string, number][] = [
  ['A', 92],
  ['B', 81],
  ['C', 69],
  ['D', 55],
  ['E', 39],
  ['F', 21],
  ['G', 1],
];

/** Raises a certificate's current SAP score by 3 to 12 points (at most 100) and sets its band to match. */
function improve(fields: string[], score: number, band: number, n: number): void {
  const current = Number(fields[score]);
  if (score < 0 || band < 0 || !Number.isFinite(current) || fields[score] === '') return;
  const raised = Math.min(100, Math.round(current) + 3 + (mix32(n + 2) % 10));
  fields[score] = String(raised);
  fields[band] = SAP_BANDS.find(([, min]) => raised >= min)![0];
}

export async function writeEpcRelease(options: EpcReleaseOptions): Promise<EpcRelease> {
  const fromYear = options.fromYear ?? options.year - 1;
  const month = String(options.month ?? 1).padStart(2, '0');
  const root = join(options.sourcesDir, ...REGISTER_EXPORT);
  const areas = (await readdir(root, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const folders: {
    dir: string;
    header: string[];
    rows: CsvRecord[];
    recHeader: string[];
    recs: CsvRecord[];
  }[] = [];
  for (const area of areas.sort()) {
    const dir = join(root, area);
    const certs = await readFile(join(dir, `certificates-${fromYear}.csv`), 'utf8').catch(() => null);
    if (!certs) continue;
    const [header, ...rows] = records(certs);
    const recText = await readFile(join(dir, `recommendations-${fromYear}.csv`), 'utf8');
    const [recHeader, ...recs] = records(recText);
    if (header && recHeader && rows.length)
      folders.push({ dir, header: header.fields, rows, recHeader: recHeader.fields, recs });
  }
  if (folders.length === 0) throw new Error(`no certificates-${fromYear}.csv in ${root} to re-lodge`);
  const available = folders.reduce((n, f) => n + f.rows.length, 0);

  const release: EpcRelease = { certificates: 0, recommendations: 0, files: [] };
  for (const [i, folder] of folders.entries()) {
    // The release spread over the folders in proportion to their certificates; the last takes the rest.
    const want =
      i === folders.length - 1
        ? options.certificates - release.certificates
        : Math.round((options.certificates * folder.rows.length) / available);
    const col = (name: string) => folder.header.indexOf(name);
    const [id, lodged, lodgedAt, inspected] = [
      col('certificate_number'),
      col('lodgement_date'),
      col('lodgement_datetime'),
      col('inspection_date'),
    ];
    const recsOf = new Map<string, string[][]>();
    for (const r of folder.recs) {
      const key = r.fields[0]!;
      const list = recsOf.get(key) ?? [];
      if (list.length === 0) recsOf.set(key, list);
      list.push(r.fields);
    }
    const certificates = await BufferedFileWriter.open(
      join(folder.dir, `certificates-${options.year}.csv`),
      '\n',
    );
    const recommendations = await BufferedFileWriter.open(
      join(folder.dir, `recommendations-${options.year}.csv`),
      '\n',
    );
    certificates.line(folder.header.join(','));
    recommendations.line(folder.recHeader.join(','));
    for (let k = 0; k < want; k++) {
      const n = release.certificates + 1;
      const source = folder.rows[mix32(n) % folder.rows.length]!.fields;
      const fields = [...source];
      const number = releaseCertificateNumber(options.year, n);
      const day = String(1 + (mix32(n + 1) % 28)).padStart(2, '0');
      fields[id] = number;
      if (lodged >= 0) fields[lodged] = `${options.year}-${month}-${day}`;
      if (lodgedAt >= 0)
        fields[lodgedAt] = `${options.year}-${month}-${day} 10:${String(n % 60).padStart(2, '0')}:00`;
      if (inspected >= 0) fields[inspected] = `${options.year}-${month}-${day}`;
      // Every other home was improved since its last assessment: a few SAP points more, its band with them.
      if (n % 2 === 0) improve(fields, col('current_energy_efficiency'), col('current_energy_rating'), n);
      await certificates.row(csvRow(fields));
      for (const rec of recsOf.get(source[id]!) ?? []) {
        await recommendations.row(csvRow([number, ...rec.slice(1)]));
        release.recommendations++;
      }
      release.certificates++;
    }
    release.files.push((await certificates.close()).path, (await recommendations.close()).path);
  }
  return release;
}

// Deterministic sample-data generator: writes every source dataset in its real published format for the
// real-coordinate areas of areas.ts (Bath, Cardiff, Stirling, and small Fulham and Edinburgh areas holding the
// real service's documented test UPRNs), so the same loaders read these files and the real ones. `scale`
// multiplies the UPRN count (and so certificates); 1 gives ~1,500 UPRNs per main area (a fifth of that in
// the small ones), 200 gives >1M E&W certificates for benchmarks. Files are streamed; only the compact address model is held in memory.
import { mkdir } from 'node:fs/promises';
import { writeAreaDatasets } from './area-datasets';
import { writeEnergyPricesSample } from './energy-prices';
import { writePlanningSamples } from './planning/index';
import { writeHeritageSamples } from './heritage/index';
import { writeEnvironmentSamples } from './environment/index';
import { writeClimateSamples } from './climate';
import { writeSubsidenceSamples } from './subsidence';
import { SAMPLE_AREAS } from './areas';
import { buildAddressBook, type AddressBook } from './addresses';
import { writeEpcEnglandWales, type EpcWriteResult } from './epc-england-wales';
import { openScotlandExtract, SCOTLAND_EXTRACT_FORMAT, writeEpcScotland } from './epc-scotland';
import { emptyManifest, sampleFile, writeManifest, type SampleManifest } from './manifest';
import { census2011Model } from './census-2011';
import { writeOnspd, writeOnspdDocuments } from './onspd';
import { writeOsOpenUprn } from './os-open-uprn';
import { writeSpatialSamples } from './flood/index';

export type { SampleManifest } from './manifest';

export const DEFAULT_SEED = 42;
/** UPRNs per main area at scale 1 (an area gets its `uprnShare` of it). */
export const UPRNS_PER_AREA = 1500;

export interface GenerateOptions {
  outDir: string;
  seed?: number;
  /** Multiplies UPRN (and so certificate) counts; fractions allowed (e.g. 0.1 for fast tests). */
  scale?: number;
  log?: (message: string) => void;
}

export async function generateSampleData(opts: GenerateOptions): Promise<SampleManifest> {
  const seed = opts.seed ?? DEFAULT_SEED;
  const scale = opts.scale ?? 1;
  const log = opts.log ?? ((): void => undefined);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new Error(`seed must be an integer in 0..2^32-1, got ${seed}`);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000)
    throw new Error(`scale must be in (0, 1000], got ${scale}`);
  const perArea = Math.max(20, Math.round(UPRNS_PER_AREA * scale));
  const outDir = opts.outDir;
  await mkdir(outDir, { recursive: true });
  const manifest = emptyManifest(seed, scale);
  const started = Date.now();
  const elapsed = (): string => `${((Date.now() - started) / 1000).toFixed(1)}s`;

  const books: AddressBook[] = SAMPLE_AREAS.map((area) =>
    buildAddressBook(area, seed, Math.max(20, Math.round(perArea * area.uprnShare))),
  );
  assertDistinctUprns(books);
  for (const book of books) {
    manifest.areas.push({
      id: book.area.id,
      name: book.area.name,
      country: book.area.country,
      localAuthorityCode: book.area.localAuthority.code,
      localAuthorityName: book.area.localAuthority.name,
      uprns: book.size,
      postcodes: book.postcodes.length,
    });
  }
  log(`address model: ${books.map((b) => `${b.area.name} ${b.size}`).join(', ')} UPRNs (${elapsed()})`);

  const uprnFile = await writeOsOpenUprn(books, outDir);
  manifest.files.push(sampleFile(outDir, 'os-open-uprn', 'csv (OS Open UPRN, UTF-8 with BOM, LF)', uprnFile));
  log(`os-open-uprn: ${uprnFile.rows} rows (${elapsed()})`);

  const onspdFile = await writeOnspd(books, outDir, census2011Model(books, seed));
  manifest.files.push(
    sampleFile(outDir, 'onspd', 'csv (ONSPD 2025 layout, 53 columns, quoted, CRLF)', onspdFile),
  );
  for (const doc of await writeOnspdDocuments(SAMPLE_AREAS, outDir)) {
    manifest.files.push(
      sampleFile(outDir, 'onspd', 'csv (ONSPD Documents name lookup, UTF-8 with BOM, CRLF)', doc.file),
    );
  }
  log(`onspd: ${onspdFile.rows} postcodes (${elapsed()})`);

  // Scotland's extract is one national file: every Scottish area's rows go into it.
  const scottishExtract = books.some((b) => b.area.country === 'Scotland')
    ? await openScotlandExtract(outDir)
    : undefined;
  for (let a = 0; a < books.length; a++) {
    const book = books[a] as AddressBook;
    const country = book.area.country;
    const result: EpcWriteResult =
      country === 'Scotland'
        ? await writeEpcScotland(book, a, outDir, seed, scottishExtract)
        : await writeEpcEnglandWales(book, a, outDir, seed);
    for (const f of result.files) {
      manifest.files.push(sampleFile(outDir, f.dataset, f.format, f.file, country === 'Scotland' ? 2 : 1));
    }
    for (const s of [result.withEpc, result.withoutEpc]) {
      if (s) manifest.samples.push({ areaId: book.area.id, country, ...s });
    }
    log(
      `${country === 'Scotland' ? 'epc-scotland' : 'epc-england-wales'} ${book.area.name}: ${result.certificates} certificates (${elapsed()})`,
    );
  }
  if (scottishExtract)
    manifest.files.push(
      sampleFile(outDir, 'epc-scotland', SCOTLAND_EXTRACT_FORMAT, await scottishExtract.close(), 2),
    );

  for (const f of await writeAreaDatasets(books, outDir, seed))
    manifest.files.push(sampleFile(outDir, f.dataset, f.format, f.file, f.headerRows));
  log(`area datasets: hpi, fuel-poverty, energy-usage, deprivation, lsoa-lookup, rural-urban (${elapsed()})`);

  const prices = await writeEnergyPricesSample(outDir);
  manifest.files.push(sampleFile(outDir, prices.dataset, prices.format, prices.file, prices.headerRows));
  log(`energy-prices: Ofgem price cap workbook (${elapsed()})`);

  for (const f of writePlanningSamples(SAMPLE_AREAS, outDir, seed))
    manifest.files.push(sampleFile(outDir, f.dataset, f.format, f.file, f.format.startsWith('csv') ? 1 : 0));
  log(`planning, transport and boundary layers (${elapsed()})`);

  for (const f of writeHeritageSamples(SAMPLE_AREAS, outDir, seed))
    manifest.files.push(sampleFile(outDir, f.dataset, f.format, f.file, 0));
  log(`heritage of Wales and Scotland: Cadw, DataMapWales, HES (${elapsed()})`);

  for (const f of writeEnvironmentSamples(books, outDir, seed))
    manifest.files.push(sampleFile(outDir, f.dataset, f.format, f.file, f.headerRows));
  log(`environment and social layers (${elapsed()})`);

  for (const f of writeSubsidenceSamples(SAMPLE_AREAS, outDir, seed))
    manifest.files.push(sampleFile(outDir, f.dataset, f.format, f.file, 0));
  log(`subsidence layers: GeoSure, GeoClimate (${elapsed()})`);

  for (const f of await writeClimateSamples(SAMPLE_AREAS, outDir, seed))
    manifest.files.push(sampleFile(outDir, f.dataset, f.format, f.file, f.headerRows));
  log(`climate: HadUK-Grid NetCDF-4, UKCP18 warming levels (${elapsed()})`);

  const spatial = writeSpatialSamples(books, outDir, seed, scale);
  for (const f of spatial) manifest.files.push(sampleFile(outDir, f.dataset, f.format, f.file, 0));
  log(`flood maps, terrain and coast: ${spatial.length} files (${elapsed()})`);

  await writeManifest(outDir, manifest);
  log(`done: ${manifest.files.length} files in ${outDir} (${elapsed()})`);
  return manifest;
}

/**
 * Refuses a region whose areas' UPRN ranges met (each area's own ranges never repeat a value; the areas' are
 * tens of millions apart, which their addresses reach only near the largest scales): OS Open UPRN never
 * repeats a UPRN, and the pipeline's checks would stop such a region at its first asset.
 */
function assertDistinctUprns(books: readonly AddressBook[]): void {
  const all = new Float64Array(books.reduce((n, b) => n + b.size, 0));
  let at = 0;
  for (const b of books) {
    all.set(b.uprn.subarray(0, b.size), at);
    at += b.size;
  }
  all.sort();
  for (let i = 1; i < all.length; i++)
    if (all[i] === all[i - 1])
      throw new Error(
        `sample-data: UPRN ${all[i]} is given twice: the areas' UPRN ranges meet at this scale`,
      );
}

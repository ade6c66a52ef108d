// The sources file (JSON): where each raw dataset comes from. One entry per dataset folder name; a dataset
// without an entry is read from the sources folder as before. A location is a local path (absolute, or
// relative to the sources file) or an http(s) URL of a file or a .zip; a dataset is either one `location`
// or a list of `files`, each placed at `path` inside the dataset folder (zips are extracted there).
import { z } from 'zod';

/** The dataset folder names the staged assets read, and the formats each one accepts. */
export const SOURCE_FORMATS = {
  'os-open-uprn': ['os-open-uprn-csv'],
  onspd: ['onspd-csv'],
  'epc-england-wales': ['epc-england-wales-bulk'],
  'epc-scotland': ['epc-scotland-csv'],
  hpi: ['uk-hpi-full-file-csv'],
  'fuel-poverty': ['desnz-sub-regional-fuel-poverty-xlsx'],
  'energy-usage': ['desnz-lsoa-msoa-domestic-consumption'],
  'energy-prices': ['ofgem-price-cap-annex9-xlsx'],
  deprivation: ['iod2019-file7-csv'],
  // Wales and Scotland (docs/nations.md): WIMD ranks workbook (ODS as published, or its XLSX copy), SIMD
  // XLSX (DZ lookup or ranks workbook), the NRS Scottish Postcode Directory (urban-rural classes, settlements).
  wimd: ['wimd-ranks-ods', 'wimd-ranks-xlsx'],
  simd: ['simd-dz-lookup-xlsx', 'simd-ranks-xlsx'],
  'scottish-postcodes': ['nrs-scottish-postcode-directory-csv'],
  'lsoa-lookup': ['ons-lsoa11-lsoa21-lad22-lookup-csv'],
  'rural-urban': ['ons-ruc2011-output-areas-csv'],
  // Planning, transport and boundary layers (pipelines/sources/{planning,transport,boundaries}).
  'conservation-areas': ['planning-data-conservation-area-csv'],
  'nhle-listed-buildings': ['nhle-listed-buildings-shapefile'],
  'nhle-world-heritage-sites': ['nhle-world-heritage-sites-shapefile'],
  'ons-national-parks': ['ons-npark-bfc-shapefile'],
  'ncr-charge-points': ['ncr-registry-csv'],
  'low-emission-zones': ['lez-boundaries-spatial'],
  ourairports: ['ourairports-airports-csv'],
  'admin-boundaries': ['ons-bfc-boundaries', 'os-boundary-line-shapefile'],
  // Heritage of Wales and Scotland (pipelines/sources/heritage): DataMapWales WFS exports, HES Atom zips.
  'cadw-listed-buildings': ['datamapwales-wfs-export', 'cadw-listed-buildings-csv'],
  'wales-conservation-areas': ['datamapwales-wfs-export'],
  'cadw-world-heritage-sites': ['datamapwales-wfs-export'],
  'hes-listed-buildings': ['hes-atom-shapefile-zip'],
  'hes-conservation-areas': ['hes-atom-shapefile-zip'],
  'hes-world-heritage-sites': ['hes-atom-shapefile-zip'],
  // Environment and social layers (pipelines/sources/{air-quality,radon,greenspace,landslides,nhs,defibrillators}).
  'defra-background-air': ['defra-laqm-background-csv'],
  'bgs-radon-atlas': ['bgs-radon-indicative-atlas-gpkg'],
  // Subsidence (pipelines/sources/subsidence): GeoSure hazard layers, GeoClimate shrink-swell layers.
  'bgs-geosure': ['bgs-geosure-spatial'],
  'bgs-geoclimate': ['bgs-geoclimate-open-gpkg', 'bgs-geoclimate-spatial'],
  'os-open-greenspace': ['os-open-greenspace-shapefile'],
  'bgs-landslides': ['bgs-landslides-csv'],
  'nhs-ods': ['nhs-ods-headerless-csv'],
  'the-circuit-defibrillators': ['the-circuit-csv'],
  // Climate (pipelines/sources/climate): HadUK-Grid NetCDF-4 grids, UKCP18 Climate Data Portal exports.
  'metoffice-haduk-grid': ['haduk-grid-netcdf4'],
  'metoffice-ukcp18-warming-levels': ['ukcp18-cdp-geojson-csv'],
  // Flood, terrain and coast (spatial formats: GeoPackage, Shapefile, GeoJSON; pipelines/io/spatial).
  'ea-rofrs': ['ea-nafra2-rofrs-gpkg', 'ea-rofrs-legacy-shapefile'],
  'ea-rofrs-climate-change': ['ea-nafra2-rofrs-gpkg'],
  'ea-rofsw': ['ea-nafra2-rofsw-gpkg'],
  'ea-rofsw-climate-change': ['ea-nafra2-rofsw-gpkg'],
  'ea-recorded-flood-outlines': ['ea-recorded-flood-outlines-gpkg'],
  'ea-spatial-flood-defences': ['ea-aims-spatial-flood-defences-shapefile'],
  'ea-areas-benefiting-from-defences': ['ea-abd-shapefile'],
  'nrw-fraw': ['nrw-fraw-gpkg'],
  'nrw-flood-defences': ['nrw-flood-defences-gpkg'],
  'nrw-historic-flood-map': ['nrw-historic-flood-map-gpkg'],
  'sepa-flood-maps': ['sepa-flood-maps-geojson'],
  'os-terrain-50': ['os-terrain-50-contours-shapefile'],
  'os-boundary-line': ['os-boundary-line-shapefile'],
} as const;

export type SourceDataset = keyof typeof SOURCE_FORMATS;
export const SOURCE_DATASETS = Object.keys(SOURCE_FORMATS) as SourceDataset[];

export const isUrl = (location: string): boolean => /^https?:\/\//i.test(location);

const Location = z
  .string()
  .min(1)
  .refine((s) => isUrl(s) || !/^[a-z][a-z0-9+.-]+:\/\//i.test(s), {
    message: 'must be a local path or an http(s) URL',
  });

const Sha256 = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits')
  .transform((s) => s.toLowerCase());

/** Request headers (e.g. the EPC service's Basic auth); `${NAME}` is replaced by the worker's env var NAME. */
const Headers = z.record(z.string(), z.string());

/** A path inside the dataset folder: relative, no `..`, so an entry cannot write outside it. */
const InnerPath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split(/[\\/]/).includes('..'), {
    message: 'must be a relative path inside the dataset folder',
  });

export const SourceFileEntrySchema = z
  .object({
    location: Location,
    /** Where a plain file goes (default: its own name), or the folder a zip is extracted into (default: root). */
    path: InnerPath.optional(),
    /** Expected sha256 of the file as downloaded; a mismatch fails the refresh (not retried). */
    sha256: Sha256.optional(),
    headers: Headers.optional(),
  })
  .strict();

const datasetSchema = <F extends readonly [string, ...string[]]>(formats: F) =>
  z
    .object({
      format: z.enum(formats),
      location: Location.optional(),
      sha256: Sha256.optional(),
      headers: Headers.optional(),
      files: z.array(SourceFileEntrySchema).min(1).optional(),
      description: z.string().optional(),
    })
    .strict()
    .refine((d) => (d.location === undefined) !== (d.files === undefined), {
      message: 'give either `location` or `files`, not both',
    })
    .refine((d) => d.files === undefined || (d.sha256 === undefined && d.headers === undefined), {
      message: 'with `files`, put `sha256` and `headers` on each file',
    });

export const SourcesFileSchema = z
  .object({
    $schema: z.string().optional(),
    description: z.string().optional(),
    datasets: z
      .object({
        'os-open-uprn': datasetSchema(SOURCE_FORMATS['os-open-uprn']).optional(),
        onspd: datasetSchema(SOURCE_FORMATS.onspd).optional(),
        'epc-england-wales': datasetSchema(SOURCE_FORMATS['epc-england-wales']).optional(),
        'epc-scotland': datasetSchema(SOURCE_FORMATS['epc-scotland']).optional(),
        hpi: datasetSchema(SOURCE_FORMATS.hpi).optional(),
        'fuel-poverty': datasetSchema(SOURCE_FORMATS['fuel-poverty']).optional(),
        'energy-usage': datasetSchema(SOURCE_FORMATS['energy-usage']).optional(),
        'energy-prices': datasetSchema(SOURCE_FORMATS['energy-prices']).optional(),
        deprivation: datasetSchema(SOURCE_FORMATS.deprivation).optional(),
        wimd: datasetSchema(SOURCE_FORMATS.wimd).optional(),
        simd: datasetSchema(SOURCE_FORMATS.simd).optional(),
        'scottish-postcodes': datasetSchema(SOURCE_FORMATS['scottish-postcodes']).optional(),
        'lsoa-lookup': datasetSchema(SOURCE_FORMATS['lsoa-lookup']).optional(),
        'rural-urban': datasetSchema(SOURCE_FORMATS['rural-urban']).optional(),
        'conservation-areas': datasetSchema(SOURCE_FORMATS['conservation-areas']).optional(),
        'nhle-listed-buildings': datasetSchema(SOURCE_FORMATS['nhle-listed-buildings']).optional(),
        'nhle-world-heritage-sites': datasetSchema(SOURCE_FORMATS['nhle-world-heritage-sites']).optional(),
        'ons-national-parks': datasetSchema(SOURCE_FORMATS['ons-national-parks']).optional(),
        'ncr-charge-points': datasetSchema(SOURCE_FORMATS['ncr-charge-points']).optional(),
        'low-emission-zones': datasetSchema(SOURCE_FORMATS['low-emission-zones']).optional(),
        ourairports: datasetSchema(SOURCE_FORMATS.ourairports).optional(),
        'admin-boundaries': datasetSchema(SOURCE_FORMATS['admin-boundaries']).optional(),
        'cadw-listed-buildings': datasetSchema(SOURCE_FORMATS['cadw-listed-buildings']).optional(),
        'wales-conservation-areas': datasetSchema(SOURCE_FORMATS['wales-conservation-areas']).optional(),
        'cadw-world-heritage-sites': datasetSchema(SOURCE_FORMATS['cadw-world-heritage-sites']).optional(),
        'hes-listed-buildings': datasetSchema(SOURCE_FORMATS['hes-listed-buildings']).optional(),
        'hes-conservation-areas': datasetSchema(SOURCE_FORMATS['hes-conservation-areas']).optional(),
        'hes-world-heritage-sites': datasetSchema(SOURCE_FORMATS['hes-world-heritage-sites']).optional(),
        'defra-background-air': datasetSchema(SOURCE_FORMATS['defra-background-air']).optional(),
        'bgs-radon-atlas': datasetSchema(SOURCE_FORMATS['bgs-radon-atlas']).optional(),
        'bgs-geosure': datasetSchema(SOURCE_FORMATS['bgs-geosure']).optional(),
        'bgs-geoclimate': datasetSchema(SOURCE_FORMATS['bgs-geoclimate']).optional(),
        'os-open-greenspace': datasetSchema(SOURCE_FORMATS['os-open-greenspace']).optional(),
        'bgs-landslides': datasetSchema(SOURCE_FORMATS['bgs-landslides']).optional(),
        'nhs-ods': datasetSchema(SOURCE_FORMATS['nhs-ods']).optional(),
        'the-circuit-defibrillators': datasetSchema(SOURCE_FORMATS['the-circuit-defibrillators']).optional(),
        'metoffice-haduk-grid': datasetSchema(SOURCE_FORMATS['metoffice-haduk-grid']).optional(),
        'metoffice-ukcp18-warming-levels': datasetSchema(
          SOURCE_FORMATS['metoffice-ukcp18-warming-levels'],
        ).optional(),
        'ea-rofrs': datasetSchema(SOURCE_FORMATS['ea-rofrs']).optional(),
        'ea-rofrs-climate-change': datasetSchema(SOURCE_FORMATS['ea-rofrs-climate-change']).optional(),
        'ea-rofsw': datasetSchema(SOURCE_FORMATS['ea-rofsw']).optional(),
        'ea-rofsw-climate-change': datasetSchema(SOURCE_FORMATS['ea-rofsw-climate-change']).optional(),
        'ea-recorded-flood-outlines': datasetSchema(SOURCE_FORMATS['ea-recorded-flood-outlines']).optional(),
        'ea-spatial-flood-defences': datasetSchema(SOURCE_FORMATS['ea-spatial-flood-defences']).optional(),
        'ea-areas-benefiting-from-defences': datasetSchema(
          SOURCE_FORMATS['ea-areas-benefiting-from-defences'],
        ).optional(),
        'nrw-fraw': datasetSchema(SOURCE_FORMATS['nrw-fraw']).optional(),
        'nrw-flood-defences': datasetSchema(SOURCE_FORMATS['nrw-flood-defences']).optional(),
        'nrw-historic-flood-map': datasetSchema(SOURCE_FORMATS['nrw-historic-flood-map']).optional(),
        'sepa-flood-maps': datasetSchema(SOURCE_FORMATS['sepa-flood-maps']).optional(),
        'os-terrain-50': datasetSchema(SOURCE_FORMATS['os-terrain-50']).optional(),
        'os-boundary-line': datasetSchema(SOURCE_FORMATS['os-boundary-line']).optional(),
      })
      .strict(),
  })
  .strict();

export type SourcesFile = z.infer<typeof SourcesFileSchema>;
export type SourceDatasetEntry = NonNullable<SourcesFile['datasets'][SourceDataset]>;

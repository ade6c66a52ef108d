// Sample airports: OurAirports' airports.csv (worldwide header, WGS84, LF), kept as data beside this file
// (airports.csv): the UK's large and medium airports near the sample areas, with their real idents and
// coordinates, and the rows the loader leaves out: Belfast (Northern Ireland), Dublin, a small airport, a
// heliport, a closed airfield, and a UK medium airport with no coordinates (quarantined).
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dirOf, type PlanningSampleFile } from '../planning/layer-files';
import { writtenFile } from '../terrain/write';

const AIRPORTS_CSV = fileURLToPath(new URL('./airports.csv', import.meta.url));

export function airports(outDir: string): PlanningSampleFile {
  const path = join(dirOf(outDir, 'ourairports'), 'airports.csv');
  copyFileSync(AIRPORTS_CSV, path);
  // Rows after the header, one a line (the file ends with a newline).
  const rows = readFileSync(path, 'utf8').trimEnd().split('\n').length - 1;
  return {
    dataset: 'ourairports',
    format: 'csv (OurAirports airports.csv, WGS84, LF)',
    file: writtenFile(path, rows),
  };
}

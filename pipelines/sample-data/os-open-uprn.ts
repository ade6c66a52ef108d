// OS Open UPRN (Ordnance Survey): one CSV, os-open-uprn/osopenuprn_202510.csv (naming osopenuprn_YYYYMM.csv).
//
// From reference/datasets/postcodes-uprn.md section 1: UTF-8 WITH a BOM on the header line, the exact 5-column
// header UPRN,X_COORDINATE,Y_COORDINATE,LATITUDE,LONGITUDE, BNG (EPSG:27700) metres and ETRS89/WGS84 degrees.
// We write BNG with 2 decimals and lat/lon with 8, the lat/lon computed from the written BNG values with
// pipelines/geo/bng.ts so the two agree to well under 1e-6 degrees. Rows sorted by UPRN; "\n" line endings
// (our assumption: the reference does not say). Nothing is quoted: no value holds a comma.
import { join } from 'node:path';
import { bngToWgs84 } from '../geo/bng';
import type { AddressBook } from './addresses';
import { BufferedFileWriter, type WrittenFile } from './csv-writer';

export const OS_OPEN_UPRN_FILE = 'osopenuprn_202510.csv';
export const OS_OPEN_UPRN_HEADER = 'UPRN,X_COORDINATE,Y_COORDINATE,LATITUDE,LONGITUDE';

export async function writeOsOpenUprn(books: readonly AddressBook[], outDir: string): Promise<WrittenFile> {
  const out = await BufferedFileWriter.open(join(outDir, 'os-open-uprn', OS_OPEN_UPRN_FILE), '\n');
  out.raw('\uFEFF');
  out.line(OS_OPEN_UPRN_HEADER);
  // Sort (book, index) pairs by UPRN without building row objects: pack into parallel typed arrays.
  const total = books.reduce((s, b) => s + b.size, 0);
  const order = new Uint32Array(total);
  const uprns = new Float64Array(total);
  const bookOf = new Uint8Array(total);
  const indexOf = new Uint32Array(total);
  let k = 0;
  books.forEach((book, b) => {
    for (let i = 0; i < book.size; i++, k++) {
      order[k] = k;
      uprns[k] = book.uprn[i] as number;
      bookOf[k] = b;
      indexOf[k] = i;
    }
  });
  order.sort((a, b) => (uprns[a] as number) - (uprns[b] as number));
  for (let n = 0; n < total; n++) {
    const k2 = order[n] as number;
    const book = books[bookOf[k2] as number] as AddressBook;
    const i = indexOf[k2] as number;
    const x = book.x[i] as number;
    const y = book.y[i] as number;
    const { latitude, longitude } = bngToWgs84(x, y);
    const p = out.row(
      `${uprns[k2]},${x.toFixed(2)},${y.toFixed(2)},${latitude.toFixed(8)},${longitude.toFixed(8)}`,
    );
    if (p) await p;
  }
  return out.close();
}

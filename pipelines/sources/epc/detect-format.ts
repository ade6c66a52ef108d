// Which EPC file is this? Decided from the header alone, because file names vary between releases
// (certificates.csv, certificates-2024.csv, Scottish quarterly extracts with free-form names).
import { open } from 'node:fs/promises';
import { parseCsv } from '../../io/csv-reader';
import { DataError } from '../../io/errors';
import { cleanHeaderCell } from '../common/header';

export type EpcFormat = 'ew-legacy' | 'ew-2025' | 'scotland' | 'ew-recommendations';

// Scottish-only machine names, and friendly names from the Scottish second header row (either row may
// come first in older extracts).
const SCOTTISH_MARKERS = [
  'osg_reference_number',
  'wall_description',
  'osg_uprn',
  'property_uprn',
  'data_zone',
];

/** The format of an EPC CSV from its first header row; throws a DataError naming the columns otherwise. */
export function detectEpcFormat(header: readonly string[], file = 'EPC file'): EpcFormat {
  const names = new Set(header.map((h) => cleanHeaderCell(h).toLowerCase()));
  const hasId = names.has('lmk_key') || names.has('certificate_number');
  if (hasId && names.has('improvement_item')) return 'ew-recommendations';
  if (SCOTTISH_MARKERS.some((m) => names.has(m))) return 'scotland';
  if (names.has('certificate_number') && names.has('current_energy_rating')) return 'ew-2025';
  if (names.has('lmk_key') && names.has('current_energy_rating')) return 'ew-legacy';
  throw new DataError(
    `${file}: unknown EPC format: expected an England and Wales certificates or recommendations header ` +
      `(LMK_KEY or certificate_number) or a Scottish header (OSG_REFERENCE_NUMBER); found ` +
      `${header.slice(0, 8).join(',')}${header.length > 8 ? ',...' : ''}`,
  );
}

/** Read just the first line of a file (up to 64 KiB) and detect its format. */
export async function detectEpcFileFormat(file: string): Promise<EpcFormat> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(65536);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    // Header names are ASCII apart from BOM debris, so Latin-1 decoding is safe for detection.
    const text = buffer.subarray(0, bytesRead).toString('latin1');
    const firstLine = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
    const first = parseCsv(firstLine)[0];
    if (!first?.ok) throw new DataError(`${file}: unknown EPC format: no readable header row`);
    return detectEpcFormat(first.fields, file);
  } finally {
    await handle.close();
  }
}

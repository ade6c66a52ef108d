/** Bad source data that retrying cannot fix (a missing file, an unrecognised header). */
export class DataError extends Error {
  override readonly name = 'DataError';
}

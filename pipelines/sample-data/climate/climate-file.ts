// What a climate writer returns.
import type { WrittenFile } from '../csv-writer';

export interface ClimateSampleFile {
  dataset: string;
  format: string;
  file: WrittenFile;
  headerRows: number;
}

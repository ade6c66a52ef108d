// Writes a key-value metadata value into a written Parquet file's footer, over a placeholder of the same
// byte length written with the rows. The footer (Thrift, then its length and `PAR1`) stores a value as its
// length and its bytes, with no checksum: bytes of the same length replace it in place. So metadata that
// depends on the rows (GeoParquet's extent and geometry types) is read from the written file, instead of
// running the query that wrote it a second time.
import { open } from 'node:fs/promises';

const MAGIC = 'PAR1';

export async function fillFooterValue(file: string, placeholder: string, value: string): Promise<void> {
  const [from, to] = [Buffer.from(placeholder), Buffer.from(value)];
  if (from.length !== to.length) throw new Error(`${file}: a footer value must keep its length`);
  const handle = await open(file, 'r+');
  try {
    const { size } = await handle.stat();
    const tail = Buffer.alloc(8);
    await handle.read(tail, 0, 8, size - 8);
    if (tail.toString('latin1', 4) !== MAGIC) throw new Error(`${file}: not a Parquet file`);
    const length = tail.readUInt32LE(0);
    const footer = Buffer.alloc(length);
    await handle.read(footer, 0, length, size - 8 - length);
    const at = footer.indexOf(from);
    if (at < 0 || footer.indexOf(from, at + 1) >= 0)
      throw new Error(`${file}: the footer does not hold the placeholder exactly once`);
    await handle.write(to, 0, to.length, size - 8 - length + at);
  } finally {
    await handle.close();
  }
}

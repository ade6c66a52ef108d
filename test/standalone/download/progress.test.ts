// `pds refresh` shows what the download step did, once, above the asset lines.
import { describe, expect, it } from 'vitest';
import { progressPrinter } from '../../../cli/progress';
import type { RefreshProgress } from '../../../workflows/types';

describe('refresh progress with a sources file', () => {
  it('prints each dataset of the download step once', () => {
    const written: string[] = [];
    const stream = { isTTY: false, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream;
    const print = progressPrinter(false, stream);
    const progress: RefreshProgress = {
      runId: 'r1',
      waves: [['onspd']],
      assets: [{ name: 'onspd', state: 'pending' }],
      sources: [
        {
          dataset: 'onspd',
          state: 'assembled',
          files: [
            { location: 'http://x/a.csv', status: 'downloaded', bytes: 12, sha256: 'ab' },
            { location: 'http://x/b.zip', status: 'not-modified', bytes: 3, sha256: 'cd' },
          ],
        },
        { dataset: 'epc-scotland', state: 'in-place', files: [] },
      ],
    };
    print(progress);
    print({ ...progress, assets: [{ name: 'onspd', state: 'done', rows: 1, durationMs: 5 }] });
    const text = written.join('');
    expect(text.match(/⇣ onspd\s+assembled \(downloaded 12 bytes, not-modified\)/g)).toHaveLength(1);
    expect(text).toMatch(/⇣ epc-scotland\s+in-place\n/);
    expect(text).toMatch(/r1 ✓ onspd/);
  });
});

import { describe, expect, it } from 'vitest';
import { dropEmptyColumns } from '../../../../pipelines/transforms/epc/enhance';

describe('dropEmptyColumns', () => {
  it('drops the columns that are null or blank in every row and keeps the rest', () => {
    const rows = [
      { lmk_key: 'a', county: null, walls_type: 'Cavity', addendum_text: '' },
      { lmk_key: 'b', county: null, walls_type: null, addendum_text: ' ' },
    ];
    expect(dropEmptyColumns(rows)).toEqual({
      rows: [
        { lmk_key: 'a', walls_type: 'Cavity' },
        { lmk_key: 'b', walls_type: null },
      ],
      dropped: ['county', 'addendum_text'],
    });
  });

  it('keeps false and 0 (they are values)', () => {
    expect(dropEmptyColumns([{ heat_pump: false, extension_count: 0 }]).dropped).toEqual([]);
  });
});

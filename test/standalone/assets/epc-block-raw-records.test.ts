// An EPC block's raw and enhanced records are written as the JSON texts they were read as, into the block's
// `epcs` and `epcs_enhanced`: the block is built without them, split where they go, and DuckDB splices them
// in (uprn-epc-blocks.ts). Here the split; the splice in uprn-epc-blocks-tiles.test.ts.
import { describe, expect, it } from 'vitest';
import { splitAtRecords } from '../../../pipelines/assets/epc/uprn-epc-blocks';

const block = (country: string) => ({
  epc_country: country,
  latest_lodgement_date: '2020-01-01',
  epcs: [],
  epcs_enhanced: [],
  epc_estimate: null,
});

/** The block text with records spliced in, as the splice query writes it. */
const splice = (text: string, raws: string[], enhanced: string[]) => {
  const { head, tail } = splitAtRecords(text);
  return `${head}${raws.join(',')}],"epcs_enhanced":[${enhanced.join(',')}${tail}`;
};

describe('splitAtRecords', () => {
  it('splits a block where its records go, after the members before them', () => {
    // A member before the lists whose text holds the same characters: JSON.stringify escapes its quotes.
    const country = 'England "epcs":[],"epcs_enhanced":[]';
    const text = splice(
      JSON.stringify(block(country)),
      ['{"LMK_KEY":"b"}', '{"LMK_KEY":"a","ADDRESS1":"1 \\"epcs_enhanced\\":[] Road"}'],
      ['{"lmk_key":"b"}', '{"address":"has \\"epcs\\":[] too","lmk_key":"a"}'],
    );
    expect(JSON.parse(text)).toEqual({
      ...block(country),
      epcs: [{ LMK_KEY: 'b' }, { LMK_KEY: 'a', ADDRESS1: '1 "epcs_enhanced":[] Road' }],
      epcs_enhanced: [{ lmk_key: 'b' }, { address: 'has "epcs":[] too', lmk_key: 'a' }],
    });
  });

  it('gives the block back whole for a block without certificates', () => {
    const text = JSON.stringify(block('Wales'));
    expect(splice(text, [], [])).toBe(text);
  });

  it('refuses a text without the two empty lists', () => {
    expect(() => splitAtRecords('{"epcs":[{}],"epcs_enhanced":[]}')).toThrow(/lists of records/);
  });
});

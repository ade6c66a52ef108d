// An EPC block's raw records are written as the JSON texts they were read as, into the block's `epcs`.
import { describe, expect, it } from 'vitest';
import { withRawRecords } from '../../../pipelines/assets/epc/uprn-epc-blocks';

const block = (country: string) => ({
  epc_country: country,
  latest_lodgement_date: '2020-01-01',
  epcs: [],
  epcs_enhanced: [{ address: 'has "epcs":[] too' }],
});

describe('withRawRecords', () => {
  it('puts each certificate’s record text in `epcs`, in the order the block holds them', () => {
    const [older, newer] = [{}, {}];
    const texts = new Map<object, string>([
      [older, '{"LMK_KEY":"a","ADDRESS1":"1 \\"epcs\\":[] Road"}'],
      [newer, '{"LMK_KEY":"b"}'],
    ]);
    // A member before `epcs` whose text holds the same characters: JSON.stringify escapes its quotes.
    const text = withRawRecords(JSON.stringify(block('England "epcs":[]')), [newer, older], texts);
    expect(JSON.parse(text)).toEqual({
      ...block('England "epcs":[]'),
      epcs: [{ LMK_KEY: 'b' }, { LMK_KEY: 'a', ADDRESS1: '1 "epcs":[] Road' }],
    });
  });

  it('leaves `epcs` empty for a block without certificates', () => {
    const text = JSON.stringify(block('Wales'));
    expect(withRawRecords(text, [], new Map())).toBe(text);
  });
});

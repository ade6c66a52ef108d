// An EPC block's raw and enhanced records are written as the JSON texts they were read as, into the block's
// `epcs` and `epcs_enhanced`.
import { describe, expect, it } from 'vitest';
import { withRecordTexts } from '../../../pipelines/assets/epc/uprn-epc-blocks';

const block = (country: string) => ({
  epc_country: country,
  latest_lodgement_date: '2020-01-01',
  epcs: [],
  epcs_enhanced: [],
  epc_estimate: null,
});

describe('withRecordTexts', () => {
  it('puts each certificate’s record texts in `epcs` and `epcs_enhanced`, in the order the block holds them', () => {
    const [older, newer, olderEnhanced, newerEnhanced] = [{}, {}, {}, {}];
    const texts = new Map<object, string>([
      [older, '{"LMK_KEY":"a","ADDRESS1":"1 \\"epcs_enhanced\\":[] Road"}'],
      [newer, '{"LMK_KEY":"b"}'],
      [olderEnhanced, '{"address":"has \\"epcs\\":[] too","lmk_key":"a"}'],
      [newerEnhanced, '{"lmk_key":"b"}'],
    ]);
    // A member before the lists whose text holds the same characters: JSON.stringify escapes its quotes.
    const country = 'England "epcs":[] "epcs_enhanced":[]';
    const text = withRecordTexts(
      JSON.stringify(block(country)),
      { epcs: [newer, older], epcs_enhanced: [newerEnhanced, olderEnhanced] },
      texts,
    );
    expect(JSON.parse(text)).toEqual({
      ...block(country),
      epcs: [{ LMK_KEY: 'b' }, { LMK_KEY: 'a', ADDRESS1: '1 "epcs_enhanced":[] Road' }],
      epcs_enhanced: [{ lmk_key: 'b' }, { address: 'has "epcs":[] too', lmk_key: 'a' }],
    });
  });

  it('leaves both lists empty for a block without certificates', () => {
    const text = JSON.stringify(block('Wales'));
    expect(withRecordTexts(text, { epcs: [], epcs_enhanced: [] }, new Map())).toBe(text);
  });
});

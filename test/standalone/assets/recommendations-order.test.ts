import { describe, expect, it } from 'vitest';
import { RECOMMENDATIONS_JSON_SQL } from '../../../pipelines/assets/epc/epc-by-tile';
import { queryRows } from '../../../pipelines/io/parquet';

// Two certificates' recommendations as a bucket holds them (text columns), out of order: ties on the item,
// a missing id and a missing cost.
const ROWS = `(VALUES
    ('A', '2', '5', 's2', 'd2', '£100'),
    ('A', '1', '9', 's1', 'd1', '£50'),
    ('A', '2', NULL, 's3', 'd3', '£10'),
    ('A', '2', '4', 's4', 'd4', NULL),
    ('A', '10', '1', 's5', 'd5', '£1'),
    ('B', '1', '1', 's', 'd', '£2')
  ) r(lmk_key, improvement_item, improvement_id, improvement_summary_text, improvement_descr_text, indicative_cost)`;

type Rec = Record<string, string | null>;

const listsOf = async (aggregate: string): Promise<Record<string, Rec[]>> =>
  Object.fromEntries(
    (await queryRows(`SELECT lmk_key, ${aggregate} AS recs FROM ${ROWS} GROUP BY lmk_key`)).map((r) => [
      r.lmk_key,
      r.recs as Rec[],
    ]),
  );

describe("a certificate's recommendations as one JSON list", () => {
  it('come by item, then id (missing last), then texts and cost, whatever order the rows are in', async () => {
    const lists = await listsOf(RECOMMENDATIONS_JSON_SQL);
    expect(lists.A!.map((r) => [r.improvement_item, r.improvement_id])).toEqual([
      ['1', '9'],
      ['10', '1'],
      ['2', '4'],
      ['2', '5'],
      ['2', null],
    ]);
    expect(lists.B).toEqual([
      {
        improvement_item: '1',
        improvement_id: '1',
        improvement_summary_text: 's',
        improvement_descr_text: 'd',
        indicative_cost: '£2',
      },
    ]);
  });

  it('in the order an aggregate sorted by the same columns gives', async () => {
    const sorted = await listsOf(`to_json(list(struct_pack(improvement_item, improvement_summary_text,
      improvement_descr_text, improvement_id, indicative_cost) ORDER BY improvement_item, improvement_id,
      improvement_summary_text, improvement_descr_text, indicative_cost))`);
    expect(await listsOf(RECOMMENDATIONS_JSON_SQL)).toEqual(sorted);
  });
});

// The UK HPI of an area as the latest published figure of each field. The full file's newest month leaves
// some fields blank (sales volumes and the new/existing split come months later), so taking the newest row
// whole would answer those fields null everywhere. Each field is taken from the newest month that has it;
// `<field>@date` names that month when it is older than the area's newest (null otherwise), and
// housePriceIndex (area-block.ts) turns those into the block's `field_dates`. One SQL for the batch join
// (uprn_area_blocks) and the live index (location_feature_index), so both answer the same figures.
import { HOUSE_PRICE_INDEX_NUMBER_FIELDS } from '../../../schemas/api/area';

export const HPI_FIELD_DATE_SUFFIX = '@date';

/**
 * One row per area_code of `from` (a table or a parenthesised subquery of staged `hpi` rows): `date` its
 * newest month, `region_name` as named that month, each number field from the newest month that has it.
 */
export function latestHpiPerAreaSql(from: string): string {
  const fields = HOUSE_PRICE_INDEX_NUMBER_FIELDS.flatMap((f) => {
    const newest = `max(date) FILTER (WHERE "${f}" IS NOT NULL)`;
    return [
      `arg_max("${f}", date) FILTER (WHERE "${f}" IS NOT NULL) AS "${f}"`,
      `CASE WHEN ${newest} < max(date) THEN ${newest} END AS "${f}${HPI_FIELD_DATE_SUFFIX}"`,
    ];
  });
  return `SELECT area_code, max(date) AS date, arg_max(region_name, date) AS region_name, ${fields.join(', ')}
    FROM ${from} GROUP BY area_code`;
}

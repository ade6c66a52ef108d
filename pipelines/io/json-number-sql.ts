// A DOUBLE in SQL as the JSON text JavaScript writes for it: a whole number without a fraction (`72`, where
// DuckDB writes `72.0`), any other in its shortest form, which both write alike. So JSON texts built in SQL
// are the texts JSON.stringify gives, byte for byte, and can be stored and served as they are.

/** The JSON text of the DOUBLE expression `x` ('null' for NULL) as JSON.stringify writes the number. */
export const jsonNumberSql = (x: string): string =>
  `CASE WHEN ${x} IS NULL THEN 'null' WHEN ${x} = trunc(${x}) AND abs(${x}) < 1e15 ` +
  `THEN CAST(CAST(${x} AS BIGINT) AS VARCHAR) ELSE to_json(${x})::VARCHAR END`;

// Which WIMD / SIMD row a postcode takes (docs/nations.md): the nation's index by the postcode's country, on
// the area the edition is published on. WIMD 2019 and SIMD 2020v2 are on 2011 areas, which ONSPD carries in
// `lsoa11cd` for both nations (the Welsh 2011 LSOA; the Scottish 2011 Data Zone: ONSPD has no data-zone
// column, wales-scotland.md 6); for a Scottish postcode without one, the Scottish Postcode Directory's
// DataZone2011Code stands in. Editions on 2021 areas (WIMD 2025) join on the postcode's 2021 LSOA. When
// several editions match, the newest wins; within an edition a published decile beats a derived one.

/** The ONSPD / SPD expression holding the postcode's area of a vintage (`o`: ONSPD row, `s`: SPD row). */
export function areaOfVintageSql(vintage: string, o = 'o', s = 's'): string {
  switch (vintage) {
    case 'LSOA2011':
      return `${o}.lsoa_2011_code`;
    case 'DZ2011':
      return `COALESCE(${o}.lsoa_2011_code, ${s}.data_zone_2011_code)`;
    default:
      // LSOA2021 (and DZ2022, whose ONSPD column is not established): the postcode's current census LSOA.
      return `${o}.census_lower_layer_super_output_area_code`;
  }
}

/** The nation's index of a GSS country code. */
export const INDEX_OF_COUNTRY_CODE_SQL = (o = 'o') =>
  `CASE ${o}.country_code WHEN 'W92000004' THEN 'WIMD' WHEN 'S92000003' THEN 'SIMD' END`;

/**
 * Per postcode of `onspd` (a relation of staged ONSPD rows, one per postcode) its WIMD or SIMD row as JSON
 * (`postcode`, `j`): `indices` is the union of the staged wimd and simd tables, `spd` a relation of
 * scottish_postcodes rows (one per postcode).
 */
export function nationDeprivationSql(indices: string, onspd: string, spd: string): string {
  const vintages = ['LSOA2011', 'DZ2011', 'LSOA2021', 'DZ2022'];
  const areaCase = `CASE n.area_vintage ${vintages
    .map((v) => `WHEN '${v}' THEN ${areaOfVintageSql(v)}`)
    .join(' ')} END`;
  return `
      SELECT o.postcode, to_json(n) AS j
      FROM ${onspd} o
      LEFT JOIN ${spd} s ON s.postcode = o.postcode
      JOIN ${indices} n ON n.index_name = ${INDEX_OF_COUNTRY_CODE_SQL()} AND n.area_code = ${areaCase}
      QUALIFY row_number() OVER (PARTITION BY o.postcode ORDER BY n.edition DESC, n.decile_derived) = 1`;
}

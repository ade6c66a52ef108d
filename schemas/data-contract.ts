// The analysts' contract: the names of the Parquet tables and their columns (docs/data-dictionary.md) and the
// catalog's views over them (docs/analysts.md) carry one version. Renaming or removing a table or a column, or
// changing what one means, is breaking: bump the major version. Adding one bumps the minor. Either way list
// the change under "Changelog" in docs/analysts.md and record the names' new fingerprint below;
// test/standalone/assets/data-contract.test.ts fails until both are done.
export const DATA_CONTRACT_VERSION = '4.0.0';

/** sha256 of every `table.column` name at DATA_CONTRACT_VERSION, sorted, one per line. */
export const DATA_CONTRACT_NAMES_SHA256 = '2a1d40338b6d3f357769436ca81677dd166bbb06bdd39326ef43b4ba8aaa8e1b';

// The analysts' contract: the names of the Parquet tables and their columns (docs/data-dictionary.md) and the
// catalog's views over them (docs/analysts.md) carry one version. Renaming or removing a table or a column, or
// changing what one means, is breaking: bump the major version. Adding one bumps the minor. Either way list
// the change under "Changelog" in docs/analysts.md and record the names' new fingerprint below;
// test/standalone/assets/data-contract.test.ts fails until both are done.
export const DATA_CONTRACT_VERSION = '6.0.0';

/** sha256 of every `table.column` name at DATA_CONTRACT_VERSION, sorted, one per line. */
export const DATA_CONTRACT_NAMES_SHA256 = '405fe08847917d82955c0857214902344b72efef199456d681a14249936f67c0';

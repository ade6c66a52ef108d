// EPC records: the raw columns as published, the standardised vocabularies, and the enhanced (cleaned)
// records of spec 2.10, with their statistics and analyst tables. The zod schemas are the single source for
// the TypeScript types, the data dictionary and the OpenAPI description, so every field carries a description
// with its unit. One module a part; importers take them from here.
export * from './raw';
export * from './vocabularies';
export * from './enhanced';
export * from './stats';
export * from './analyst-tables';

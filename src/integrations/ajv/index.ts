/**
 * `tool-search/validation`: arguments checked against each tool's schema before any tool runs, with
 * Ajv. Reaches the `ajv` and `ajv-formats` packages; the root entry does not.
 */
export type { AjvValidatorOptions } from './create-ajv-validator.ts';
export { ALL_ERRORS_MAX_VALUES, createAjvValidator, DEFAULT_COMPILED_SCHEMA_CACHE_SIZE } from './create-ajv-validator.ts';
export { describeAjvError } from './describe-ajv-error.ts';
export type { SchemaSizeBounds } from './schema-size.ts';
export { DEFAULT_SCHEMA_SIZE_BOUNDS, schemaTooLarge } from './schema-size.ts';
export type { ArgumentCheck, ArgumentProblem, ArgumentValidator } from '../../dispatch/argument-validator.ts';

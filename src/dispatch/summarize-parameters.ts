import type { JsonSchema } from '../tools/tool.ts';

/** Most parameters a summary names; the rest are counted. */
export const MAX_SUMMARIZED_PARAMETERS = 30;
/** Most enum values a summary or a problem lists; the rest are counted. */
export const MAX_LISTED_VALUES = 10;

/**
 * A one-line summary of a tool's top-level parameters for a model fixing a call: each name with its
 * type, `required` when it is, and its allowed values, in the schema's order, for example
 * `title (string, required); priority (string, one of "low", "high")`. Descriptions are left out:
 * the summary says what a correct call looks like, tool_describe says what it means.
 */
export function summarizeParameters(schema: JsonSchema): string {
  const properties = isRecord(schema['properties']) ? schema['properties'] : {};
  const required = new Set(Array.isArray(schema['required']) ? schema['required'].filter((name) => typeof name === 'string') : []);
  const names = Object.keys(properties);
  if (names.length === 0) return 'none';
  const parts = names.slice(0, MAX_SUMMARIZED_PARAMETERS).map((name) => {
    const property = properties[name];
    const schema = isRecord(property) ? property : {};
    const details = [typeOf(schema), required.has(name) ? 'required' : undefined, allowedValuesOf(schema)].filter(
      (detail) => detail !== undefined,
    );
    return details.length === 0 ? name : `${name} (${details.join(', ')})`;
  });
  const more = names.length - MAX_SUMMARIZED_PARAMETERS;
  return more > 0 ? `${parts.join('; ')}; and ${more} more` : parts.join('; ');
}

/** The values of an enum as a model would type them: `"low", "high"`, at most MAX_LISTED_VALUES. */
export function listValues(values: readonly unknown[]): string {
  const listed = values.slice(0, MAX_LISTED_VALUES).map((value) => (JSON.stringify(value) as string | undefined) ?? String(value));
  const more = values.length - MAX_LISTED_VALUES;
  return more > 0 ? `${listed.join(', ')} and ${more} more` : listed.join(', ');
}

function allowedValuesOf(schema: Record<string, unknown>): string | undefined {
  if (Array.isArray(schema['enum'])) return `one of ${listValues(schema['enum'])}`;
  if ('const' in schema) return `exactly ${JSON.stringify(schema['const'])}`;
  return undefined;
}

function typeOf(schema: Record<string, unknown>): string | undefined {
  const type = schema['type'];
  if (typeof type === 'string') return type === 'array' ? arrayTypeOf(schema) : type;
  if (Array.isArray(type)) return type.filter((member) => typeof member === 'string').join(' or ');
  const alternatives = Array.isArray(schema['anyOf']) ? schema['anyOf'] : Array.isArray(schema['oneOf']) ? schema['oneOf'] : undefined;
  if (alternatives === undefined) return undefined;
  // One level only: the summary is a hint, and a hostile schema may nest alternatives without end.
  const types = alternatives.map((member) => (isRecord(member) && typeof member['type'] === 'string' ? member['type'] : undefined));
  return types.length > 0 && types.every((member) => member !== undefined) ? [...new Set(types)].join(' or ') : undefined;
}

function arrayTypeOf(schema: Record<string, unknown>): string {
  const items = schema['items'];
  const itemType = isRecord(items) && typeof items['type'] === 'string' ? items['type'] : undefined;
  return itemType === undefined ? 'array' : `array of ${itemType}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

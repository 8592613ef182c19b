/** A schema object inside a parameters schema, and how many subschema steps it is below the root. */
export interface SchemaNode {
  readonly node: Record<string, unknown>;
  /** 0 for the root schema, 1 for a property of it or an `items`, and so on. */
  readonly depth: number;
}

/** Keywords whose value maps names to subschemas (so the names are never keywords themselves). */
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];
/** Keywords whose value is a subschema, or an array of them. */
const SUBSCHEMA_KEYWORDS = [
  'items',
  'prefixItems',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'anyOf',
  'oneOf',
  'allOf',
];

/**
 * Every schema object of a JSON Schema, root first, found by following the keywords that hold
 * subschemas, so that a parameter named `description` is never taken for the keyword. Walks without
 * recursion and visits each object once, whatever the nesting.
 */
export function schemaNodesOf(schema: unknown): SchemaNode[] {
  const nodes: SchemaNode[] = [];
  const seen = new Set<object>();
  const pending: { value: unknown; depth: number }[] = [{ value: schema, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (!isRecord(value) || seen.has(value)) continue;
    seen.add(value);
    nodes.push({ node: value, depth });
    for (const keyword of SCHEMA_MAP_KEYWORDS) {
      const map = value[keyword];
      if (isRecord(map)) for (const child of Object.values(map)) pending.push({ value: child, depth: depth + 1 });
    }
    for (const keyword of SUBSCHEMA_KEYWORDS) {
      const child = value[keyword];
      if (Array.isArray(child)) for (const member of child) pending.push({ value: member, depth: depth + 1 });
      else pending.push({ value: child, depth: depth + 1 });
    }
  }
  return nodes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

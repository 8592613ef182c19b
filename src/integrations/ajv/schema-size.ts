/** Bounds on the schemas the validator compiles; a schema beyond one runs its calls unchecked. */
export interface SchemaSizeBounds {
  /** Deepest nesting of objects and arrays. @default 128 */
  readonly maxDepth: number;
  /** Most values (objects, arrays, scalars) in all. @default 50,000 */
  readonly maxValues: number;
  /** Longest array (an enum, say). @default 5,000 */
  readonly maxArrayLength: number;
}

/**
 * Checking a schema against its meta-schema takes time quadratic in the length of its arrays (`enum`
 * must have unique items: 30,000 values take seconds, a million would take hours), compiling it takes
 * stack in proportion to its depth, and both take time in proportion to its size. These bounds are
 * far above what real tools send (the largest enum among the 358 tools of the bundled catalog has 126
 * values) and keep the first call of any tool quick.
 */
export const DEFAULT_SCHEMA_SIZE_BOUNDS: SchemaSizeBounds = Object.freeze({ maxDepth: 128, maxValues: 50_000, maxArrayLength: 5_000 });

/**
 * Why `schema` is too large to compile, or undefined when it is within `bounds`. Looks at each value
 * at most once, without recursion, and stops at the first bound crossed.
 */
export function schemaTooLarge(schema: unknown, bounds: SchemaSizeBounds = DEFAULT_SCHEMA_SIZE_BOUNDS): string | undefined {
  let values = 0;
  const pending: { value: unknown; depth: number }[] = [{ value: schema, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    values += 1;
    if (values > bounds.maxValues) return `it has more than ${bounds.maxValues} values`;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= bounds.maxDepth) return `it nests more than ${bounds.maxDepth} levels deep`;
    const children = Array.isArray(value) ? value : Object.values(value);
    if (Array.isArray(value) && value.length > bounds.maxArrayLength)
      return `it has an array of ${value.length} values, more than ${bounds.maxArrayLength}`;
    for (const child of children) pending.push({ value: child, depth: depth + 1 });
  }
  return undefined;
}

/** A copy of plain JSON data, and whether containers nested too deep were left out of it. */
export interface BoundedCopy {
  readonly copy: unknown;
  /** True when some object or array nested deeper than the bound was replaced by an empty one. */
  readonly capped: boolean;
}

/**
 * A deep copy of plain data (objects, arrays, scalars) made without recursion. Objects and arrays
 * more than `maxDepth` levels below the top one are replaced by empty ones (`{}` or `[]`), so the copy
 * can always be written out as JSON.
 */
export function copyJsonWithin(value: unknown, maxDepth: number): BoundedCopy {
  let capped = false;
  const root: { value?: unknown } = {};
  const pending: { source: unknown; target: Record<string | number, unknown>; key: string | number; depth: number }[] = [
    { source: value, target: root, key: 'value', depth: 0 },
  ];
  while (pending.length > 0) {
    const { source, target, key, depth } = pending.pop()!;
    if (typeof source !== 'object' || source === null) {
      target[key] = source;
      continue;
    }
    if (depth > maxDepth) {
      target[key] = Array.isArray(source) ? [] : {};
      capped ||= Array.isArray(source) ? source.length > 0 : Object.keys(source).length > 0;
      continue;
    }
    const container: Record<string | number, unknown> = Array.isArray(source)
      ? (new Array<unknown>(source.length) as unknown as Record<number, unknown>)
      : {};
    target[key] = container;
    const entries: Iterable<[string | number, unknown]> = Array.isArray(source) ? source.entries() : Object.entries(source);
    for (const [childKey, child] of entries) {
      // Scalars are copied at once: an enum of a million values must not become a million pending entries.
      // Every key is set now, in order (a placeholder for a container), so the copy keeps the key order.
      container[childKey] = child;
      if (typeof child === 'object' && child !== null) pending.push({ source: child, target: container, key: childKey, depth: depth + 1 });
    }
  }
  return { copy: root.value, capped };
}

/**
 * The length of `JSON.stringify(value)`, counted without recursion, so a value nested deeper than
 * JSON.stringify can go (it overflows the stack at a few thousand levels) is measured too. Plain data
 * only: `toJSON` is not called. Undefined, functions and symbols are left out of objects and written
 * as `null` in arrays, as JSON.stringify does; a bigint counts as its digits.
 */
export function jsonLength(value: unknown): number {
  let length = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'object' && current !== null) {
      const children = Array.isArray(current) ? current : Object.entries(current).filter(([, child]) => isWritten(child));
      length += 2 + Math.max(0, children.length - 1);
      if (Array.isArray(current)) {
        for (const child of current) pending.push(isWritten(child) ? child : null);
      } else {
        for (const [key, child] of children as [string, unknown][]) {
          length += JSON.stringify(key).length + 1;
          pending.push(child);
        }
      }
    } else {
      length += scalarLength(current);
    }
  }
  return length;
}

function isWritten(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}

function scalarLength(value: unknown): number {
  if (typeof value === 'string') return JSON.stringify(value).length;
  if (typeof value === 'bigint') return String(value).length;
  if (!isWritten(value)) return 0;
  return ((JSON.stringify(value) as string | undefined) ?? 'null').length;
}

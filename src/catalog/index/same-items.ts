/**
 * Whether two lists hold the very same items (by reference) in the same order. How a live registry's
 * unchanged tool list, or a catalog's unchanged texts, is recognised without reading the items: the
 * same list is handed out again, or a new list of the same objects.
 */
export function sameItems<Item>(left: readonly Item[], right: readonly Item[]): boolean {
  if (left === right) return true;
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

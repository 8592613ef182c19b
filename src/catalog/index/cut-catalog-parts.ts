/** How a large catalog is cut into parts whose indexes are kept apart, and for how long (search-index-cache.ts). */
export interface CatalogPartSizes {
  /** Tools a part has on average: a changed tool costs the build of about this many. @default 128 */
  readonly average: number;
  /**
   * Tools a part has at least, but the catalog's last: a cut inside them is passed over, so that no
   * catalog (one that lists the same tool thousands of times, say) makes thousands of tiny parts, each
   * asked for every word searched. @default 32
   */
  readonly minimum: number;
  /** Tools a part has at most: a part ends here whatever its tools. @default 512 */
  readonly maximum: number;
  /** Tools a catalog has before it is cut at all: a smaller one is built whole. @default 1,024 */
  readonly minimumCatalog: number;
  /**
   * Searches of one composed catalog after which it is built whole (search-index-cache.ts): a change
   * then costs its parts, and a catalog that stays the same costs what a whole index does. 0 never
   * builds it whole. @default 16
   */
  readonly searchesBeforeWholeBuild: number;
}

export const DEFAULT_CATALOG_PART_SIZES: CatalogPartSizes = Object.freeze({
  average: 128,
  minimum: 32,
  maximum: 512,
  minimumCatalog: 1_024,
  searchesBeforeWholeBuild: 16,
});

/**
 * Where the parts of a catalog end (exclusive positions, the last one its length), from its tools'
 * content ids (ToolContentIds): a part ends after a tool whose id hashes into the lowest
 * 1 / `average` of the hash range, once it has `minimum` tools, or at `maximum` tools. The cuts are chosen by content, not by
 * position, so adding, removing or editing a tool moves only the cuts next to it: the other parts have
 * the same tools as before and their kept indexes serve again.
 */
export function cutCatalogParts(contentIds: Int32Array, sizes: Pick<CatalogPartSizes, 'average' | 'minimum' | 'maximum'>): number[] {
  const ends: number[] = [];
  const threshold = 0x1_0000_0000 / Math.max(1, sizes.average);
  let start = 0;
  for (let position = 0; position < contentIds.length; position++) {
    // Fibonacci hashing: the high bits of the product mix every bit of the id.
    const hash = Math.imul(contentIds[position]! + 1, 0x9e3779b1) >>> 0;
    const size = position + 1 - start;
    if ((hash < threshold && size >= sizes.minimum) || size >= sizes.maximum) {
      ends.push(position + 1);
      start = position + 1;
    }
  }
  if (start < contentIds.length) ends.push(contentIds.length);
  return ends;
}

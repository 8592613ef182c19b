import type { Tool } from '../tools/tool.ts';
import { buildSearchIndex, deriveSearchIndex, type SearchIndex } from './build-search-index.ts';
import type { SearchOptions } from './search-options.ts';
import { ToolContentIds } from './tool-content-ids.ts';

/** How much a {@link SearchIndexCache} keeps before it evicts the least recently used catalog. */
export interface SearchIndexCacheCapacity {
  /** Catalogs (indexes) kept. @default 8 */
  readonly catalogs: number;
  /**
   * Tools across all kept indexes: an index costs about 0.55 KiB per tool (5.5 MiB at 10,000 tools),
   * so the default holds at most about 28 MiB, plus the id maps each index keeps for a derivation
   * (8 bytes per token of the shared vocabulary: at most 4 MiB an index, at its 500,000 tokens). A
   * catalog larger than this is built and not kept.
   * @default 50,000
   */
  readonly tools: number;
  /** Distinct tool contents given an id (ToolContentIds). @default 200,000 */
  readonly toolContents: number;
}

export const DEFAULT_SEARCH_INDEX_CACHE_CAPACITY: SearchIndexCacheCapacity = Object.freeze({ catalogs: 8, tools: 50_000, toolContents: 200_000 });

/** One kept index and the content ids (in catalog order) it was built from. */
interface CachedCatalog {
  readonly contentIds: Int32Array;
  readonly optionsKey: string;
  index: SearchIndex;
  /**
   * A copy of the tool list the index now holds, to compare the next caller's list with: a copy, so
   * that a list changed in place (an element replaced, pushed, spliced) is noticed.
   */
  objects: readonly Tool[];
}

/**
 * Search indexes kept by the content of their catalog: the sequence of its tools' content ids
 * (ToolContentIds: name, description, parameter names, toolset) and the search options. Never keyed on
 * a session or on the identity of a tool list: a catalog rebuilt from the live registry at every
 * assembly (docs/behaviour.md) finds its index again as long as its tools say the same, and an edited, added or
 * removed tool is a different key, so a kept index can never be stale. An index is a pure function of
 * that key, so a search gives exactly what a fresh build would; the returned index always holds the
 * caller's tool objects (results are the caller's tools, and query-time fields such as parameter
 * descriptions and original names are read from them).
 *
 * Tools are values (every field of Tool is readonly): a changed tool comes as a new object, and a tool
 * object edited in place is not noticed while the very same objects are searched again. Every registry
 * in this project (the gateway's catalog, MCP tool sources, the CLI's files) makes new objects, and
 * sessionToolsOf holds the same contract.
 *
 * Bounded (see {@link SearchIndexCacheCapacity}): least recently used catalogs are evicted first.
 * Recognising the very same tool objects costs one reference comparison per tool (about 0.01 ms at
 * 4,000 tools; reading four fields of every tool as well cost 3 ms, scattered objects missing the
 * cache); new objects with the same content are looked up by content; a changed catalog's index is
 * derived from the most recently used kept one, its unchanged tools' occurrences copied rather than read
 * again (deriveSearchIndex), or built afresh when it shares less than half its tools with that one.
 */
export class SearchIndexCache {
  private readonly capacity: SearchIndexCacheCapacity;
  private readonly contentIds: ToolContentIds;
  /** Hash of the key -> catalogs with that hash; Map order is recency (last = most recently used). */
  private readonly catalogs = new Map<number, CachedCatalog[]>();
  private catalogCount = 0;
  private toolCount = 0;

  constructor(
    capacity: Partial<SearchIndexCacheCapacity> = {},
    private readonly build: (tools: readonly Tool[], options?: SearchOptions) => SearchIndex = buildSearchIndex,
  ) {
    this.capacity = { ...DEFAULT_SEARCH_INDEX_CACHE_CAPACITY, ...capacity };
    this.contentIds = new ToolContentIds(this.capacity.toolContents);
  }

  /** The index of `tools` with `options`: kept, or built (and kept) when no kept catalog says the same. */
  indexOf(tools: readonly Tool[], options?: SearchOptions): SearchIndex {
    const optionsKey = options === undefined ? '' : JSON.stringify(options);
    const same = this.findSameToolObjects(tools, optionsKey);
    if (same !== undefined) return same.index;
    const contentIds = new Int32Array(tools.length);
    for (let position = 0; position < tools.length; position++) contentIds[position] = this.contentIds.idOf(tools[position]!);
    const hash = hashKey(contentIds, optionsKey);
    const bucket = this.catalogs.get(hash);
    const found = bucket?.find((entry) => entry.optionsKey === optionsKey && equalIds(entry.contentIds, contentIds));
    if (found !== undefined) {
      // Most recently used moves to the end of the Map's order.
      this.catalogs.delete(hash);
      this.catalogs.set(hash, bucket!);
      // The caller's objects from now on, so that the next search with them takes the fast path.
      if (!sameTools(found.objects, tools)) found.index = { ...found.index, tools };
      found.objects = [...tools];
      return found.index;
    }
    const index = this.indexFromNearest(tools, contentIds, optionsKey) ?? this.build(tools, options);
    if (tools.length <= this.capacity.tools && this.capacity.catalogs > 0) {
      const entry: CachedCatalog = { contentIds, optionsKey, index, objects: [...tools] };
      if (bucket === undefined) this.catalogs.set(hash, [entry]);
      else {
        bucket.push(entry);
        this.catalogs.delete(hash);
        this.catalogs.set(hash, bucket);
      }
      this.catalogCount++;
      this.toolCount += tools.length;
      this.evict();
    }
    return index;
  }

  /** Catalogs kept now. */
  get size(): number {
    return this.catalogCount;
  }

  /** Tools across the kept catalogs now. */
  get keptTools(): number {
    return this.toolCount;
  }

  /**
   * The kept catalog of these very tool objects, in this order (most recently used first), now the
   * most recently used: the common case of a registry that hands out the same tools at every step,
   * recognised by comparing references only, where looking every tool up by content costs far more.
   */
  private findSameToolObjects(tools: readonly Tool[], optionsKey: string): CachedCatalog | undefined {
    const found = this.findMostRecent((entry) => entry.optionsKey === optionsKey && sameTools(entry.objects, tools));
    if (found === undefined) return undefined;
    const bucket = this.catalogs.get(found.hash)!;
    this.catalogs.delete(found.hash);
    this.catalogs.set(found.hash, bucket);
    return found.entry;
  }

  /** The most recently used kept catalog that `matches`, and the hash it is kept under. */
  private findMostRecent(matches: (entry: CachedCatalog) => boolean): { hash: number; entry: CachedCatalog } | undefined {
    const hashes = [...this.catalogs.keys()];
    for (let position = hashes.length - 1; position >= 0; position--) {
      const bucket = this.catalogs.get(hashes[position]!)!;
      for (let index = bucket.length - 1; index >= 0; index--) if (matches(bucket[index]!)) return { hash: hashes[position]!, entry: bucket[index]! };
    }
    return undefined;
  }

  /**
   * The index of a catalog that no kept one says the same as, derived from the most recently used kept
   * catalog with the same options when at least half of its tools have a content found there: what a
   * live registry does between steps is change one server's tools, and the unchanged tools are then
   * copied from the kept index instead of read again (deriveSearchIndex). Undefined when there is no
   * such catalog, so that the caller builds from scratch.
   */
  private indexFromNearest(tools: readonly Tool[], contentIds: Int32Array, optionsKey: string): SearchIndex | undefined {
    if (this.build !== buildSearchIndex) return undefined;
    const base = this.findMostRecent((entry) => entry.optionsKey === optionsKey)?.entry;
    if (base === undefined) return undefined;
    // A tool at the same position with the same content is the common case (one server's tools changed
    // in place); the map of every kept content is made only when some tool is not found that way.
    let documentOf: Map<number, number> | undefined;
    const baseDocumentOf = new Int32Array(tools.length);
    let found = 0;
    for (let position = 0; position < tools.length; position++) {
      let document = position < base.contentIds.length && base.contentIds[position] === contentIds[position] ? position : -1;
      if (document < 0) {
        documentOf ??= documentsByContent(base.contentIds);
        document = documentOf.get(contentIds[position]!) ?? -1;
      }
      baseDocumentOf[position] = document;
      if (document >= 0) found++;
    }
    return found * 2 >= tools.length && found > 0 ? deriveSearchIndex(base.index, tools, baseDocumentOf) : undefined;
  }

  /** Drops least recently used catalogs until the capacity holds. */
  private evict(): void {
    while (this.catalogCount > this.capacity.catalogs || this.toolCount > this.capacity.tools) {
      const [hash, bucket] = this.catalogs.entries().next().value as [number, CachedCatalog[]];
      const dropped = bucket.shift()!;
      if (bucket.length === 0) this.catalogs.delete(hash);
      this.catalogCount--;
      this.toolCount -= dropped.contentIds.length;
    }
  }
}

/** Content id -> a document of the catalog with that content. */
function documentsByContent(contentIds: Int32Array): Map<number, number> {
  const documentOf = new Map<number, number>();
  for (let document = 0; document < contentIds.length; document++) documentOf.set(contentIds[document]!, document);
  return documentOf;
}

/** 32-bit FNV-1a over the ids and the options key. */
function hashKey(ids: Int32Array, optionsKey: string): number {
  let hash = 0x811c9dc5;
  for (let position = 0; position < ids.length; position++) hash = Math.imul(hash ^ ids[position]!, 0x01000193);
  for (let position = 0; position < optionsKey.length; position++) hash = Math.imul(hash ^ optionsKey.charCodeAt(position), 0x01000193);
  return hash >>> 0;
}

function equalIds(left: Int32Array, right: Int32Array): boolean {
  if (left.length !== right.length) return false;
  for (let position = 0; position < left.length; position++) if (left[position] !== right[position]) return false;
  return true;
}

/** Whether the two lists hold the very same tool objects in the same order. */
function sameTools(left: readonly Tool[], right: readonly Tool[]): boolean {
  if (left === right) return true;
  if (left.length !== right.length) return false;
  for (let position = 0; position < right.length; position++) if (left[position] !== right[position]) return false;
  return true;
}

let shared: SearchIndexCache | undefined;

/**
 * The index of `tools` from the process-wide cache (default capacity), which every search shares:
 * the one documented, bounded, content-keyed cache of indexes (docs/search-quality.md, Speed).
 */
export function cachedSearchIndex(tools: readonly Tool[], options?: SearchOptions): SearchIndex {
  shared ??= new SearchIndexCache();
  return shared.indexOf(tools, options);
}

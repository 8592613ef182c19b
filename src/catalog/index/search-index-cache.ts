import type { Tool } from '../../tools/tool.ts';
import { buildSearchIndex, type BuiltSearchIndex } from './build-search-index.ts';
import type { SearchIndex } from './search-index.ts';
import { composeSearchIndex, type IndexPart } from './compose-search-index.ts';
import { cutCatalogParts, DEFAULT_CATALOG_PART_SIZES, type CatalogPartSizes } from './cut-catalog-parts.ts';
import { resolveSearchOptions, type SearchOptions } from './search-options.ts';
import { ContentKeyedStore } from './content-keyed-store.ts';
import { ToolContentIds } from './tool-content-ids.ts';
import { sameItems } from './same-items.ts';

/** How much a {@link SearchIndexCache} keeps before it evicts the least recently used catalog. */
export interface SearchIndexCacheCapacity {
  /** Catalogs (indexes) kept. @default 8 */
  readonly catalogs: number;
  /**
   * Tools across all kept catalogs: a catalog built whole costs about 0.55 KiB per tool (5.5 MiB at
   * 10,000 tools), so the default holds at most about 28 MiB; one composed of parts costs about 80 bytes
   * per tool, plus the postings of the words searched, besides its parts (kept apart, below). A catalog
   * larger than this is built and not kept.
   * @default 50,000
   */
  readonly tools: number;
  /** Tools across the kept parts of large catalogs (CatalogPartSizes), about 0.55 KiB each. @default 50,000 */
  readonly partTools: number;
  /** Distinct tool contents given an id (ToolContentIds). @default 200,000 */
  readonly toolContents: number;
}

export const DEFAULT_SEARCH_INDEX_CACHE_CAPACITY: SearchIndexCacheCapacity = Object.freeze({
  catalogs: 8,
  tools: 50_000,
  toolContents: 200_000,
  partTools: 50_000,
});

/** One kept part of a large catalog: its index and the content ids (in catalog order) it was built from. */
interface CachedPart {
  readonly contentIds: Int32Array;
  readonly optionsKey: string;
  readonly index: BuiltSearchIndex;
}

/** One kept index and the content ids (in catalog order) it was built from. */
interface CachedCatalog {
  readonly contentIds: Int32Array;
  readonly optionsKey: string;
  index: SearchIndex;
  /**
   * Searches of a catalog composed of parts still to come before it is built whole (0 once it is, or
   * when it was built whole to begin with). A composed index pays, per word searched first, a lookup in
   * every part and a copy of the word's postings; a catalog that stays the same for many searches (a
   * batch, a quiet registry) is worth one build instead.
   */
  searchesBeforeWholeBuild: number;
  readonly options: SearchOptions | undefined;
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
 * A large catalog (CatalogPartSizes) is cut into parts by content (cut-catalog-parts.ts), each part's
 * index kept by its own content, and the catalog's index composed of them (composeSearchIndex): when a
 * server's tools change between steps, only the parts holding them are built again, so a changed
 * catalog costs in proportion to what changed, plus one copy of its per-document arrays. A composed
 * catalog asked for CatalogPartSizes.searchesBeforeWholeBuild times without a change is then built
 * whole: a word's first search in a composed index asks every part, which a catalog that stays the
 * same (a batch of queries, a quiet registry) need not keep paying.
 *
 * Tools are values (every field of Tool is readonly): a changed tool comes as a new object, and a tool
 * object edited in place is not noticed while the very same objects are searched again. Every registry
 * in this project (the gateway's catalog, MCP tool sources, the CLI's files) makes new objects, and
 * sessionToolsOf holds the same contract.
 *
 * Bounded (see {@link SearchIndexCacheCapacity}): least recently used catalogs and parts are evicted
 * first. Recognising the very same tool objects costs one reference comparison per tool (about 0.01 ms
 * at 4,000 tools; reading four fields of every tool as well cost 3 ms, scattered objects missing the
 * cache); new objects with the same content are looked up by content.
 */
export class SearchIndexCache {
  private readonly capacity: SearchIndexCacheCapacity;
  private readonly partSizes: CatalogPartSizes;
  private readonly contentIds: ToolContentIds;
  private readonly catalogs: ContentKeyedStore<CachedCatalog>;
  private readonly parts: ContentKeyedStore<CachedPart>;

  constructor(capacity: Partial<SearchIndexCacheCapacity> = {}, partSizes: Partial<CatalogPartSizes> = {}) {
    this.capacity = { ...DEFAULT_SEARCH_INDEX_CACHE_CAPACITY, ...capacity };
    this.partSizes = { ...DEFAULT_CATALOG_PART_SIZES, ...partSizes };
    this.contentIds = new ToolContentIds(this.capacity.toolContents);
    this.catalogs = new ContentKeyedStore(this.capacity.catalogs, this.capacity.tools);
    this.parts = new ContentKeyedStore(Number.POSITIVE_INFINITY, this.capacity.partTools);
  }

  /** The index of `tools` with `options`: kept, or made (and kept) when no kept catalog says the same. */
  indexOf(tools: readonly Tool[], options?: SearchOptions): SearchIndex {
    const optionsKey = options === undefined ? '' : JSON.stringify(options);
    // One walk over the kept catalogs, most recent first, serves both the same-objects lookup and the
    // most recent catalog with these options, whose tool objects contentIdsOf compares with.
    let recent: CachedCatalog | undefined;
    const same = this.catalogs.findMostRecent((entry) => {
      if (entry.optionsKey !== optionsKey) return false;
      recent ??= entry;
      return sameItems(entry.objects, tools);
    });
    if (same !== undefined) return this.searched(same);
    const contentIds = this.contentIdsOf(tools, recent);
    const found = this.catalogs.find(contentIds, optionsKey);
    if (found !== undefined) {
      // The caller's objects from now on, so that the next search with them takes the fast path.
      if (!sameItems(found.objects, tools)) found.index = { ...found.index, tools };
      found.objects = [...tools];
      return this.searched(found);
    }
    const whole = tools.length < this.partSizes.minimumCatalog;
    const index = whole ? buildSearchIndex(tools, options) : this.composeOfParts(tools, contentIds, options, optionsKey);
    this.catalogs.add({
      contentIds,
      optionsKey,
      index,
      objects: [...tools],
      options,
      searchesBeforeWholeBuild: whole ? 0 : this.partSizes.searchesBeforeWholeBuild,
    });
    return index;
  }

  /**
   * The index of a kept catalog asked for again; a composed one is built whole once it has been asked
   * for CatalogPartSizes.searchesBeforeWholeBuild times (a whole build gives the same results).
   */
  private searched(entry: CachedCatalog): SearchIndex {
    if (entry.searchesBeforeWholeBuild > 0 && --entry.searchesBeforeWholeBuild === 0)
      entry.index = buildSearchIndex(entry.objects, entry.options);
    return entry.index;
  }

  /** Catalogs kept now. */
  get size(): number {
    return this.catalogs.size;
  }

  /** Tools across the kept catalogs now. */
  get keptTools(): number {
    return this.catalogs.keptIds;
  }

  /** Tools across the kept parts of large catalogs now. */
  get keptPartTools(): number {
    return this.parts.keptIds;
  }

  /**
   * The content ids of `tools`. A tool that is the very object at the same position of `recent` (the
   * most recently used catalog with the same options) has the id it had there, without reading it again: a live
   * registry whose one server changed hands out its other tools as the same objects, and reading every
   * tool's fields costs more than the search (tools are values: see above).
   */
  private contentIdsOf(tools: readonly Tool[], recent: CachedCatalog | undefined): Int32Array {
    const contentIds = new Int32Array(tools.length);
    for (let position = 0; position < tools.length; position++) {
      const tool = tools[position]!;
      contentIds[position] =
        recent !== undefined && recent.objects[position] === tool ? recent.contentIds[position]! : this.contentIds.idOf(tool);
    }
    return contentIds;
  }

  /** The index of a large catalog, composed of its parts' indexes: kept ones, and built ones for parts that changed. */
  private composeOfParts(
    tools: readonly Tool[],
    contentIds: Int32Array,
    options: SearchOptions | undefined,
    optionsKey: string,
  ): SearchIndex {
    const parts: IndexPart[] = [];
    let start = 0;
    for (const end of cutCatalogParts(contentIds, this.partSizes)) {
      const partIds = contentIds.slice(start, end);
      let kept = this.parts.find(partIds, optionsKey);
      if (kept === undefined) {
        kept = { contentIds: partIds, optionsKey, index: buildSearchIndex(tools.slice(start, end), options) };
        this.parts.add(kept);
      }
      parts.push({ index: kept.index, firstDocument: start });
      start = end;
    }
    return composeSearchIndex(tools, resolveSearchOptions(options), parts);
  }
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

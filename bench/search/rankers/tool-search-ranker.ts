import { buildSearchIndex } from '../../../src/catalog/index/build-search-index.ts';
import { searchIndex } from '../../../src/catalog/search-tools.ts';
import type { Ranker } from '../ranker.ts';

/** This library's search, exactly as tool_search runs it, with the index built once per catalog. */
export const toolSearchRanker: Ranker = {
  name: 'Tool Search (ours)',
  prepare(tools) {
    const index = buildSearchIndex(tools);
    return (query, limit) => searchIndex(index, query, limit).map((match) => match.tool);
  },
};

import { cachedSearchIndex } from '../catalog/index/search-index-cache.ts';
import type { AnalyzedQuery } from '../catalog/query/analyze-query.ts';
import { tokenize } from '../catalog/text/tokenize.ts';
import type { Tool } from '../tools/tool.ts';

/** The services a query names, split by whether some tool of the catalog mentions them. */
export interface NamedServices {
  /** Named in the query and in no tool's name, toolset name, description or parameter names, in query order. */
  readonly missing: readonly string[];
  /** Named in the query and mentioned by some tool. */
  readonly connected: readonly string[];
}

/**
 * The known service names the query names (AnalyzedQuery.services), each found missing when no tool
 * of `tools` has it as a word of its name, toolset name, description or parameter names. The words are
 * looked up in the catalog's search index (the one the search itself uses, kept by content), so a
 * query costs its own words, never a pass over the catalog's texts.
 */
export function findMissingServices(query: AnalyzedQuery, tools: readonly Tool[]): NamedServices {
  const named = query.services;
  if (named.length === 0) return { missing: [], connected: [] };
  const index = cachedSearchIndex(tools);
  // A tool's requests do not count: "post it to slack" among a tool's requests connects no Slack.
  const mentioned = (service: string): boolean => {
    const tokenId = index.tokenIds.find(service);
    if (tokenId < 0) return false;
    return index.tokenPostings([tokenId])[0]!.length > 0 || tools.some((tool) => tokenize(tool.toolset).includes(service));
  };
  return { missing: named.filter((service) => !mentioned(service)), connected: named.filter(mentioned) };
}

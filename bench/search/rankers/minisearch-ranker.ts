import MiniSearch from 'minisearch';
import type { Tool } from '../../../src/tools/tool.ts';
import type { Ranker } from '../ranker.ts';

interface MiniSearchDocument {
  id: number;
  name: string;
  description: string;
  parameters: string;
}

/** MiniSearch 7 with its default settings, fields name, description and parameter names, name boosted 2x. */
export const miniSearchRanker: Ranker = {
  name: 'MiniSearch 7',
  prepare(tools) {
    const index = buildMiniSearch(tools);
    return (query, limit) =>
      index
        .search(query)
        .slice(0, limit)
        .map((result) => tools[result.id as number]!);
  },
};

/** A MiniSearch index over `tools` (document id = position in the list). */
export function buildMiniSearch(tools: readonly Tool[]): MiniSearch<MiniSearchDocument> {
  const index = new MiniSearch<MiniSearchDocument>({
    fields: ['name', 'description', 'parameters'],
    searchOptions: { boost: { name: 2 } },
  });
  index.addAll(
    tools.map((tool, id) => {
      const properties = tool.parameters['properties'];
      const names = typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
      return { id, name: tool.name, description: tool.description, parameters: names.join(' ') };
    }),
  );
  return index;
}

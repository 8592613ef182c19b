import { buildSearchIndex } from '../../../src/catalog/index/build-search-index.ts';
import { searchIndex } from '../../../src/catalog/search-tools.ts';
import type { SemanticRanker } from '../../../src/catalog/meaning/semantic-ranker.ts';
import type { Ranker } from '../ranker.ts';

/**
 * This library's search fused with a semantic ranker over `embedder`, as tool_search runs it with the
 * `semantic` session option (searchToolsByMeaning), except that every query's ranking by meaning is
 * computed before the queries are answered (measureMeaningSpeed times queries). One ranker serves every
 * catalog, so tool texts that two data sets share are embedded once (its cache is keyed on text).
 */
export function byMeaningRanker(name: string, semantic: SemanticRanker): Ranker {
  return {
    name,
    async prepare(tools, queries) {
      const index = buildSearchIndex(tools);
      await semantic.warm(index.tools);
      const rankings = new Map<string, number[]>();
      for (const query of new Set(queries))
        if (semantic.appliesTo(query)) rankings.set(query, (await semantic.rank(index.tools, query)).documents);
      return (query, limit) => {
        // As searchIndexByMeaning: a query the ranker does not apply to ranks by words alone.
        if (!semantic.appliesTo(query)) return searchIndex(index, query, limit).map((match) => match.tool);
        const documents = rankings.get(query);
        if (documents === undefined) throw new Error(`query not prepared: ${query}`);
        return searchIndex(index, query, limit, {
          documents,
          weight: semantic.weight,
          wordsLeadRatio: semantic.wordsLeadRatio,
          keepWordsFirst: semantic.keepWordsFirst,
          ...(semantic.agreement === undefined ? {} : { agreement: semantic.agreement }),
        }).map((match) => match.tool);
      };
    },
  };
}

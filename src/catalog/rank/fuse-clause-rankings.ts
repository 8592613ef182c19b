import type { SearchIndex } from '../index/search-index.ts';
import type { QueryClause } from '../query/analyze-query.ts';
import { compareTools } from './compare-tools.ts';
import { fuseRankings, type WeightedRanking } from './fuse-rankings.ts';
import { rankDocuments } from './rank-documents.ts';
import type { ParameterTermMemo } from './score-parameter-texts.ts';
import { scoreWords } from './score-words.ts';

/** How deep each ranking that clause fusion combines goes. */
export const CLAUSE_RANKING_DEPTH = 10;

/**
 * The whole query's ranking fused with each clause's own (`clauses`, QueryReading.clauses, two or more):
 * each step of a multi-step request gets its best tools into the list, where the whole query's
 * ranking tends to favour tools that match scattered words of several steps. Exact name matches stay
 * first.
 */
export function fuseClauseRankings(
  index: SearchIndex,
  clauses: readonly QueryClause[],
  wholeRanking: readonly number[],
  exactCount: number,
  parameterTerms: ParameterTermMemo,
): number[] {
  const rankings: WeightedRanking[] = [{ documents: wholeRanking, weight: 1 }];
  for (const clause of clauses) {
    const scored = scoreWords(index, clause.terms, CLAUSE_RANKING_DEPTH, parameterTerms);
    if (scored !== undefined)
      rankings.push({ documents: rankDocuments(index, scored, [], CLAUSE_RANKING_DEPTH), weight: index.options.clauseWeight });
  }
  const exact = wholeRanking.slice(0, exactCount);
  const exactSet = new Set(exact);
  const fused = fuseRankings(rankings, (left, right) => compareTools(index.tools[left]!, index.tools[right]!));
  return [...exact, ...fused.filter((document) => !exactSet.has(document))];
}

import { analyzeTokens } from '../text/analyze-tokens.ts';
import { SYNONYM_GROUPS } from './synonym-groups.ts';
import { tokenize } from '../text/tokenize.ts';

/** A query term with the weight it scores with: 1 for the user's own words, less for synonyms. */
export interface WeightedTerm {
  readonly term: string;
  readonly weight: number;
  /** Which of the user's words (0, 1, ... in query order) it stands for: the word itself or a synonym. */
  readonly concept: number;
}

/** stem -> the stems that share a synonym group with it (itself excluded). Built once from a constant. */
export const SYNONYM_TABLE: ReadonlyMap<string, readonly string[]> = buildSynonymTable(SYNONYM_GROUPS);

/** The synonym table of `groups`, keyed and valued by stems so that it meets analyzed text. */
export function buildSynonymTable(groups: readonly (readonly string[])[]): Map<string, readonly string[]> {
  const related = new Map<string, Set<string>>();
  const stems = new Map<string, string>();
  for (const group of groups) {
    const groupStems = [...new Set(group.flatMap((word) => analyzeTokens(tokenize(word), stems)))];
    for (const stem of groupStems) {
      let set = related.get(stem);
      if (set === undefined) related.set(stem, (set = new Set()));
      for (const other of groupStems) if (other !== stem) set.add(other);
    }
  }
  const table = new Map<string, readonly string[]>();
  for (const [stem, set] of related) table.set(stem, [...set].sort());
  return table;
}

/**
 * The terms a query is scored with: each of its own analyzed terms once at weight 1, directly followed by
 * its synonyms at `synonymWeight` (a synonym the user also wrote, or that an earlier word already pulled
 * in, is not repeated). Terms of one concept are contiguous; the order is deterministic.
 */
export function expandQuery(
  terms: readonly string[],
  synonymWeight: number,
  table: ReadonlyMap<string, readonly string[]> = SYNONYM_TABLE,
): WeightedTerm[] {
  const unique = [...new Set(terms)];
  const present = new Set(unique);
  const weighted: WeightedTerm[] = [];
  unique.forEach((term, concept) => {
    weighted.push({ term, weight: 1, concept });
    if (synonymWeight <= 0) return;
    for (const synonym of table.get(term) ?? []) {
      if (present.has(synonym)) continue;
      present.add(synonym);
      weighted.push({ term: synonym, weight: synonymWeight, concept });
    }
  });
  return weighted;
}

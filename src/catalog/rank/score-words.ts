import { FIELD_COUNT, type SearchIndex } from '../index/search-index.ts';
import { expandQuery, type WeightedTerm } from '../query/expand-query.ts';
import { multiplyCoverageFactors } from './coverage-factors.ts';
import type { TermContribution } from './diversify-ranking.ts';
import { nameVocabularyWeight } from './name-vocabulary-weight.ts';
import { addParameterTexts, type ParameterTermMemo } from './score-parameter-texts.ts';
import { scratchOf, type ScoringScratch } from './scoring-scratch.ts';
import { weighQueryTerms } from './weigh-query-terms.ts';

/** Dense scores of one query, plus what the diversifier needs to recompute them per term. */
export interface WordScores {
  readonly scores: Float64Array;
  readonly terms: readonly TermContribution[];
  /** How many distinct words of the user's the query had after analysis. */
  readonly conceptCount: number;
}

/**
 * The ranking by words of every document for analyzed query `terms` (QueryReading.terms): a
 * field-weighted BM25 over the terms plus their synonyms (expandQuery), each term weighed by the
 * catalog (weighQueryTerms, nameVocabularyWeight), times the coverage factors (multiplyCoverageFactors),
 * and the parameter-text field added for the best max(4 x limit, 30) (addParameterTexts). Undefined
 * when no term is in the index. Dense: one slot per document, zero when nothing matched.
 */
export function scoreWords(
  index: SearchIndex,
  terms: readonly string[],
  limit: number,
  parameterTerms: ParameterTermMemo,
): WordScores | undefined {
  const isNamed = (term: string): boolean => {
    const stemId = index.stemIds.get(term);
    return stemId !== undefined && index.stemNameDocumentCounts[stemId]! > 0;
  };
  const { terms: weighted, conceptWeights } = weighQueryTerms(expandQuery(terms, index.options.synonymWeight), isNamed, index.options);
  const documentCount = index.tools.length;
  const scores = new Float64Array(documentCount);
  // The documents some term matched, in order of first match: the only ones the factors below change
  // (every other score is 0), so a query costs its postings, not the catalog.
  const touched: number[] = [];
  const scratch = scratchOf(documentCount);
  try {
    return scoreInto(index, weighted, conceptWeights, limit, parameterTerms, scores, touched, scratch);
  } finally {
    scratch.clear(touched);
  }
}

/** {@link scoreWords}'s work, on `scratch`'s per-document arrays; `touched` collects the documents it wrote. */
function scoreInto(
  index: SearchIndex,
  weighted: readonly WeightedTerm[],
  conceptWeights: readonly number[],
  limit: number,
  parameterTerms: ParameterTermMemo,
  scores: Float64Array,
  touched: number[],
  scratch: ScoringScratch,
): WordScores | undefined {
  const { multipliers, matchedConcepts, nameMatches, lastConcept, conceptMasks } = scratch;
  const documentCount = index.tools.length;
  const { k1, descriptionOnlyWordWeight } = index.options;
  const contributions: TermContribution[] = [];
  // Every user word has an entry in conceptWeights, so its length is the number of words.
  const conceptCount = conceptWeights.length;
  for (const { term, weight, concept } of weighted) {
    const stemId = index.stemIds.get(term);
    if (stemId === undefined) continue;
    const documentFrequency = index.stemDocumentCounts[stemId]!;
    const idf = Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
    const vocabulary = nameVocabularyWeight(index.stemNameDocumentCounts[stemId]!, documentFrequency, descriptionOnlyWordWeight);
    const termWeight = weight * vocabulary * idf * (k1 + 1);
    const contribution: TermContribution = {
      forEachDocument: (visit) =>
        forEachFrequency(index, stemId, (document, frequency) => visit(document, (termWeight * frequency) / (frequency + k1))),
    };
    forEachFrequency(index, stemId, (document, frequency, inName) => {
      scores[document]! += (termWeight * frequency) / (frequency + k1);
      if (inName) nameMatches[document]! += weight;
      if (lastConcept[document] !== concept) {
        if (lastConcept[document]! < 0) touched.push(document);
        lastConcept[document] = concept;
        matchedConcepts[document]! += conceptWeights[concept]!;
        if (concept < 32) conceptMasks[document]! |= 1 << concept;
      }
    });
    contributions.push(contribution);
  }
  if (contributions.length === 0) return undefined;
  multiplyCoverageFactors(index, touched, scratch, conceptWeights);
  for (const document of touched) scores[document]! *= multipliers[document]!;
  addParameterTexts(index, weighted, { scores, multipliers, matchedConcepts, conceptMasks, conceptWeights }, limit, parameterTerms);
  return { scores, terms: contributions, conceptCount };
}

/** Calls `visit` once per document containing the stem, with its BM25F pseudo-frequency there. */
function forEachFrequency(index: SearchIndex, stemId: number, visit: (document: number, frequency: number, inName: boolean) => void): void {
  const entries = index.stemEntries(stemId);
  const factors = index.fieldFactors;
  let current = -1;
  let frequency = 0;
  let inName = false;
  for (let position = 0; position < entries.length; position++) {
    const documentField = entries[position]!;
    const document = (documentField / FIELD_COUNT) | 0;
    if (document !== current) {
      if (current >= 0) visit(current, frequency, inName);
      current = document;
      frequency = 0;
      inName = false;
    }
    frequency += factors[documentField]!;
    if (documentField % FIELD_COUNT === 0) inName = true;
  }
  if (current >= 0) visit(current, frequency, inName);
}

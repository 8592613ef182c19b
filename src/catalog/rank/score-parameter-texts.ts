import { analyzeTokens } from '../text/analyze-tokens.ts';
import type { SearchIndex } from '../index/search-index.ts';
import { selectTop } from './select-top.ts';
import type { WeightedTerm } from '../query/expand-query.ts';
import { forEachParameterText } from '../index/searchable-text.ts';
import { tokenize } from '../text/tokenize.ts';
import type { Tool } from '../../tools/tool.ts';

/**
 * Adds the parameter-description field (scored at query time, {@link scoreParameterTexts}) to the best
 * candidates' BM25F, before their name-coverage and coordination factors; a query word found only in
 * the parameter texts counts as matched for coordination. Updates `state.scores` in place.
 */
export function addParameterTexts(
  index: SearchIndex,
  weighted: readonly WeightedTerm[],
  state: ScoringState,
  limit: number,
  memo: ParameterTermMemo = new Map(),
): void {
  const fieldWeight = index.options.fieldWeights.parameterDescriptions;
  if (fieldWeight <= 0) return;
  const { scores, multipliers, matchedConcepts, conceptMasks, conceptWeights } = state;
  const { coordination } = index.options;
  const candidates = selectTop(index.tools, scores, Math.max(limit * PARAMETER_POOL_FACTOR, PARAMETER_POOL_MINIMUM));
  const found = scoreParameterTexts(index, candidates, weighted, fieldWeight, memo);
  candidates.forEach((document, position) => {
    let multiplier = multipliers[document]!;
    const newWeight = sumBitWeights(found.conceptMasks[position]! & ~conceptMasks[document]!, conceptWeights);
    if (coordination > 0 && conceptWeights.length > 1 && newWeight > 0) {
      const matched = matchedConcepts[document]!;
      multiplier *= Math.pow((matched + newWeight) / matched, coordination);
    }
    scores[document] = (scores[document]! / multipliers[document]! + found.additions[position]!) * multiplier;
  });
}

/** The summed weights of the concepts whose bits are set in `mask`. */
function sumBitWeights(mask: number, weights: readonly number[]): number {
  let sum = 0;
  for (let concept = 0; concept < 32 && concept < weights.length; concept++) if ((mask >>> concept) & 1) sum += weights[concept]!;
  return sum;
}

/** The per-document arrays of one query's scoring that the parameter field updates. */
export interface ScoringState {
  readonly scores: Float64Array;
  readonly multipliers: Float64Array;
  /** Per document: the summed weights of the user's words it matches. */
  readonly matchedConcepts: Float64Array;
  readonly conceptMasks: Uint32Array;
  /** Concept -> the weight of that word of the user's (weighQueryTerms). */
  readonly conceptWeights: readonly number[];
}

/** How many of the best candidates get their parameter descriptions scored: this many times the limit, at least the minimum. */
const PARAMETER_POOL_FACTOR = 4;
const PARAMETER_POOL_MINIMUM = 30;

/**
 * The parameter-description field, scored at query time for a few candidates only: each candidate's
 * parameter descriptions and string enum values are analyzed like the rest of the index, and every
 * query term found there adds weight * idf * (k1 + 1) * f / (f + k1), with f its count times
 * `fieldWeight`, length-normalised against the candidates' average (b of the index). The idf is the
 * index's (0 documents when the term is only here). Kept out of the build, which runs at every assembly:
 * parameter descriptions are long, and a low-weight field only reorders tools that already match.
 * Returns, per candidate in the order of `candidates`, the addition and the query words (concepts below
 * 32, as a bit mask) found there.
 */
export function scoreParameterTexts(
  index: SearchIndex,
  candidates: readonly number[],
  terms: readonly WeightedTerm[],
  fieldWeight: number,
  memo: ParameterTermMemo = new Map(),
): ParameterTextScores {
  const additions = new Float64Array(candidates.length);
  const conceptMasks = new Uint32Array(candidates.length);
  if (fieldWeight <= 0 || candidates.length === 0 || terms.length === 0) return { additions, conceptMasks };
  const wanted = new Map<string, number>();
  const conceptBits = new Map<string, number>();
  for (const { term, weight, concept } of terms) {
    wanted.set(term, Math.max(weight, wanted.get(term) ?? 0));
    if (concept < 32) conceptBits.set(term, (conceptBits.get(term) ?? 0) | (1 << concept));
  }
  const stems = new Map<string, string>();
  const texts = candidates.map((document) => {
    let analyzed = memo.get(document);
    if (analyzed === undefined) memo.set(document, (analyzed = parameterTermsOf(index.tools[document]!, stems)));
    return analyzed;
  });
  const average = texts.reduce((sum, { length }) => sum + length, 0) / candidates.length;
  const { k1, b } = index.options;
  const documentCount = index.tools.length;
  // The query's few terms looked up in each candidate's counts, rather than each of its many terms in the query's.
  texts.forEach(({ counts, length }, position) => {
    if (counts.size === 0) return;
    const norm = average === 0 ? 1 : 1 - b + (b * length) / average;
    for (const term of wanted.keys()) {
      const count = counts.get(term);
      if (count === undefined) continue;
      const stemId = index.stemIds.get(term);
      const documentFrequency = stemId === undefined ? 0 : index.stemDocumentCounts[stemId]!;
      const idf = Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
      const frequency = (fieldWeight * count) / norm;
      conceptMasks[position]! |= conceptBits.get(term) ?? 0;
      additions[position]! += (wanted.get(term)! * idf * (k1 + 1) * frequency) / (frequency + k1);
    }
  });
  return { additions, conceptMasks };
}

/** The analyzed terms of a tool's parameter texts: how often each occurs, and how many there are. */
interface ParameterTerms {
  readonly counts: ReadonlyMap<string, number>;
  readonly length: number;
}

/**
 * Parameter schema -> the analyzed terms of its texts, kept while the schema object lives: the same
 * tools are searched again and again (each tool_search over an unchanged catalog), and analyzing the
 * candidates' parameter texts was a third of a search. Schemas are values, as tools are
 * (SearchIndexCache): an edited schema comes as a new object.
 */
const termsBySchema = new WeakMap<object, ParameterTerms>();

function parameterTermsOf(tool: Tool, stems: Map<string, string>): ParameterTerms {
  const known = termsBySchema.get(tool.parameters);
  if (known !== undefined) return known;
  const counts = new Map<string, number>();
  let length = 0;
  forEachParameterText(tool, (text) => {
    for (const term of analyzeTokens(tokenize(text), stems)) {
      counts.set(term, (counts.get(term) ?? 0) + 1);
      length++;
    }
  });
  const terms = { counts, length };
  termsBySchema.set(tool.parameters, terms);
  return terms;
}

/**
 * Document -> the analyzed terms of its parameter texts, for one query: the whole query and each of its
 * clauses score mostly the same candidates, so each is analyzed once. Never kept past the query.
 */
export type ParameterTermMemo = Map<number, ParameterTerms>;

/** What {@link scoreParameterTexts} found for each candidate. */
export interface ParameterTextScores {
  readonly additions: Float64Array;
  readonly conceptMasks: Uint32Array;
}

import type { Tool } from '../tools/tool.ts';
import { compareTools } from './rank/compare-tools.ts';
import { readArgumentValues } from './query/argument-values.ts';
import { analyzeTokens } from './text/analyze-tokens.ts';
import { boundQuery } from './query/bound-query.ts';
import { FIELD_COUNT, type SearchIndex } from './index/search-index.ts';
import { cachedSearchIndex } from './index/search-index-cache.ts';
import { diversifyRanking, type TermContribution } from './rank/diversify-ranking.ts';
import { expandQuery, type WeightedTerm } from './query/expand-query.ts';
import { findExactNames } from './contract/find-exact-names.ts';
import { fuseRankings, fuseRankingsWithScores, type WeightedRanking } from './rank/fuse-rankings.ts';
import { nameVocabularyWeight } from './rank/name-vocabulary-weight.ts';
import type { SearchOptions } from './index/search-options.ts';
import { selectTop } from './rank/select-top.ts';
import { addParameterTexts, type ParameterTermMemo } from './rank/score-parameter-texts.ts';
import { rewriteQueryTokens } from './query/rewrite-query-tokens.ts';
import { scoreSpecBm25 } from './contract/score-spec-bm25.ts';
import { splitClauses } from './query/split-clauses.ts';
import { tokenize } from './text/tokenize.ts';
import { weighQueryTerms } from './rank/weigh-query-terms.ts';

/** One ranked search result. */
export interface SearchMatch {
  readonly tool: Tool;
  /** Relevance score, higher is better; 0 for a match found by the tool-name substring fallback. */
  readonly score: number;
}

/**
 * Ranks `tools` for `query`. The contract of docs/behaviour.md holds: a tool whose name is exactly the query comes
 * first; the tool that the SPEC BM25 (name + description + parameter names) ranks first is always among
 * the results (unless exact name matches alone fill the limit); and when that BM25 scores nothing, the
 * tools whose names contain the query literally (case-insensitive) are returned, and only when there are
 * none either, the stemmed and synonym matches. Between those, tools are ranked by a field-weighted BM25 over identifier-split,
 * stemmed, stop-word-free terms with synonym expansion (docs/search-quality.md). Ties are broken by name,
 * then toolset, so the result never depends on the input order. Only the beginning of a long query is
 * read: its first 1,000 characters and 64 words (boundQuery), so a search's work is bounded.
 */
export function searchTools(tools: readonly Tool[], query: string, limit: number, options?: SearchOptions): SearchMatch[] {
  return searchIndex(cachedSearchIndex(tools, options), query, limit);
}

/**
 * A ranking of the index's documents by meaning (SemanticRanker: cosine of embedded texts), best
 * first, to fuse with the words-based ranking; `weight` is its weight against that ranking's 1.
 */
export interface SemanticRanking {
  readonly documents: readonly number[];
  readonly weight: number;
  /**
   * When the words-based ranking's first tool scores at least this many times its second, it keeps
   * first place and meaning reorders only the rest: a clear match by words is rarely wrong, while a
   * close call is where meaning helps. Infinity lets meaning reorder everything. @default 1.2
   */
  readonly wordsLeadRatio?: number;
  /**
   * How many of the words-based ranking's first tools keep their places whatever meaning says; meaning
   * then fills the places after them. A sentence encoder tells a catalog's domains apart better than it
   * tells apart the many tools of one server: over MCP servers, 2 adds what words missed without
   * displacing what words found first (the CLI and gateway use 2). 0 lets meaning reorder from the
   * top, the lead rule still applying. @default 0
   */
  readonly keepWordsFirst?: number;
}

/**
 * {@link searchTools} over an index built beforehand (the options are the index's), optionally fused
 * with a semantic ranking of the same documents. The SPEC guarantees hold either way: exact name
 * matches first, the SPEC BM25's first tool kept, and the name-substring fallback when BM25 scores
 * nothing.
 */
export function searchIndex(index: SearchIndex, query: string, limit: number, semantic?: SemanticRanking): SearchMatch[] {
  const semanticDepth = semantic !== undefined && semantic.weight > 0 ? semantic.documents.length : 0;
  const words = rankByWords(index, query, limit, semanticDepth);
  return 'matches' in words ? words.matches : fuseWithMeaning(words, semantic);
}

/**
 * The words-based part of a search, before any fusion with a ranking by meaning: computed while the
 * query's vector is still being embedded, so that the two overlap. Only {@link fuseWithMeaning} reads it.
 */
export interface WordsRanking {
  readonly index: SearchIndex;
  readonly limit: number;
  readonly clauseCount: number;
  readonly depth: number;
  readonly ranked: readonly number[];
  readonly scores: Float64Array;
  readonly exactCount: number;
  readonly specFirst: number | undefined;
}

/**
 * Ranks by words alone, deep enough (`semanticDepth`, the length of the meaning ranking to come) for
 * a later fusion. Returns the final matches directly when no fusion can change them: an empty index
 * or limit, or the SPEC's name-substring fallback.
 */
export function rankByWords(index: SearchIndex, fullQuery: string, limit: number, semanticDepth = 0): WordsRanking | { readonly matches: SearchMatch[] } {
  if (limit <= 0 || index.tools.length === 0) return { matches: [] };
  const query = boundQuery(fullQuery).text;
  const queryTokens = tokenize(query);
  const specScores = scoreSpecBm25(index, queryTokens);
  const specFirst = selectTop(index.tools, specScores, 1)[0];
  if (specFirst === undefined) {
    // docs/behaviour.md: no positive BM25 score -> literal substring search in the tool name. Stems and synonyms
    // (and meaning) get their turn only when that finds nothing either.
    const substringMatches = matchNameSubstring(index.tools, query, limit);
    if (substringMatches.length > 0) return { matches: substringMatches };
  }
  const stemMemo = new Map<string, string>();
  // What the ranking by words reads: URLs and file paths as the things they are (argument-values.ts).
  const wanted = index.options.readArgumentValues ? readArgumentValues(query) : query;
  const wantedTokens = wanted === query ? queryTokens : tokenize(wanted);
  const stems = analyzeTokens(rewriteQueryTokens(wantedTokens), stemMemo);
  const clauses = splitClauses(wanted).slice(0, MAXIMUM_FUSED_CLAUSES);
  const fusing = index.options.clauseWeight > 0;
  const depth = Math.max(limit, fusing ? CLAUSE_RANKING_DEPTH : 0, semanticDepth);
  const parameterTerms: ParameterTermMemo = new Map();
  const scored = scoreQuery(index, stems, depth, parameterTerms);
  const scores = scored?.scores ?? specScores;
  const exact = withNameSubstrings(index, findExactNames(index, query, analyzeTokens(queryTokens, stemMemo)), query, depth);
  const wholeRanking = rankDocuments(index, scored ?? { scores, terms: [], conceptCount: 0 }, exact, depth);
  const ranked = fusing && clauses.length > 1 ? fuseClauseRankings(index, clauses, wholeRanking, exact.length, stemMemo, parameterTerms) : wholeRanking;
  return { index, limit, clauseCount: clauses.length, depth, ranked, scores, exactCount: exact.length, specFirst };
}

/**
 * The matches of `words`, fused with `semantic` when there is one. The SPEC guard comes last: the
 * SPEC BM25's first tool is kept whatever the fusion did.
 */
export function fuseWithMeaning(words: WordsRanking, semantic?: SemanticRanking): SearchMatch[] {
  const { index, limit, depth, exactCount, specFirst } = words;
  // One vector of a multi-step request stands for none of its steps, so meaning counts less there.
  const semanticWeight = semantic === undefined || semantic.documents.length === 0 ? 0 : semantic.weight / Math.max(1, words.clauseCount);
  let ranked = [...words.ranked];
  let reportedScores = words.scores;
  if (semanticWeight > 0) {
    const lexical = ranked.slice(0, depth);
    const led = exactCount > 0 ? exactCount : leadsClearly(lexical, words.scores, semantic!.wordsLeadRatio ?? DEFAULT_WORDS_LEAD_RATIO) ? 1 : 0;
    // The first places of the result a search by words alone gives (its SPEC guard's tool included)
    // stay where they are; the rest of the words ranking follows them into the fusion.
    const keep = Math.min(semantic!.keepWordsFirst ?? DEFAULT_KEEP_WORDS_FIRST, limit);
    const kept = keep > 0 ? withSpecGuard(lexical.slice(0, limit), words).slice(0, keep) : [];
    const ordered = [...kept, ...lexical.filter((document) => !kept.includes(document))];
    const fused = fuseSemanticRanking(index, ordered, Math.max(led, kept.length), semantic!.documents, semanticWeight);
    ranked = fused.documents;
    reportedScores = fused.scores;
  }
  return withReportedScores(index, withSpecGuard(ranked.slice(0, limit), words), reportedScores);
}

/**
 * `ranked` (at most `limit` long) with the SPEC BM25's first tool, which is never dropped: it takes the
 * last place when it is missing. Only exact name matches rank before it, when they alone fill the limit.
 */
function withSpecGuard(ranked: readonly number[], { limit, exactCount, specFirst }: WordsRanking): number[] {
  const guarded = [...ranked];
  if (specFirst === undefined || guarded.includes(specFirst) || exactCount >= limit) return guarded;
  if (guarded.length >= limit) guarded.pop();
  guarded.push(specFirst);
  return guarded;
}

/** {@link SemanticRanking.keepWordsFirst}'s default, chosen on the tuning sets (docs/search-quality.md). */
const DEFAULT_KEEP_WORDS_FIRST = 0;

/** {@link SemanticRanking.wordsLeadRatio}'s default, chosen on the tuning sets (docs/search-quality.md). */
const DEFAULT_WORDS_LEAD_RATIO = 1.2;

/**
 * Whether the first of `ranked` scores at least `ratio` times the second, the second's score read as
 * the result list reports it (never above the first's; a tool without a score of its own shows the one
 * before it, so it never leads).
 */
function leadsClearly(ranked: readonly number[], scores: Float64Array, ratio: number): boolean {
  if (ranked.length === 0 || !Number.isFinite(ratio)) return false;
  const first = scores[ranked[0]!]!;
  if (first <= 0) return false;
  if (ranked.length === 1) return true;
  const second = scores[ranked[1]!]!;
  return first >= ratio * (second > 0 ? Math.min(first, second) : first);
}

/**
 * The words-based ranking fused with the semantic one by reciprocal rank (offset 10, so that a tool
 * both rankings place well beats one that only one of them places first), its first `pinnedCount`
 * documents (exact name matches, or a clear winner by words) kept first. Scores are the fused sums,
 * pinned documents given the best.
 */
function fuseSemanticRanking(
  index: SearchIndex,
  lexical: readonly number[],
  pinnedCount: number,
  semantic: readonly number[],
  weight: number,
): { documents: number[]; scores: Float64Array } {
  const fused = fuseRankingsWithScores(
    [
      { documents: lexical, weight: 1 },
      { documents: semantic, weight },
    ],
    (left, right) => compareTools(index.tools[left]!, index.tools[right]!),
    SEMANTIC_RANK_OFFSET,
  );
  const scores = new Float64Array(index.tools.length);
  for (const { document, score } of fused) scores[document] = score;
  const pinned = lexical.slice(0, pinnedCount);
  const pinnedSet = new Set(pinned);
  const best = fused.length === 0 ? 0 : fused[0]!.score;
  for (const document of pinned) scores[document] = best;
  return { documents: [...pinned, ...fused.map(({ document }) => document).filter((document) => !pinnedSet.has(document))], scores };
}

/** Reciprocal-rank offset of the semantic fusion, chosen on the tuning sets (docs/search-quality.md). */
const SEMANTIC_RANK_OFFSET = 10;

/**
 * Matches with scores that never increase down the list (what readers of a ranking expect): an exact
 * name match shows the best score of the list, and a result moved up by diversification or kept by the
 * SPEC guard shows at most the score of the one before it.
 */
function withReportedScores(index: SearchIndex, ranked: readonly number[], scores: Float64Array): SearchMatch[] {
  const best = ranked.reduce((maximum, document) => Math.max(maximum, scores[document]!), 0);
  let previous = best;
  return ranked.map((document) => {
    const score = Math.min(previous, scores[document]! > 0 ? scores[document]! : previous);
    previous = score;
    return { tool: index.tools[document]!, score };
  });
}

/**
 * Field-weighted BM25 of every document for the analyzed query terms plus their synonyms, or undefined
 * when no term is in the index. Dense: one slot per document, zero when nothing matched.
 */
function scoreQuery(index: SearchIndex, terms: readonly string[], limit: number, parameterTerms: ParameterTermMemo): QueryScores | undefined {
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
  const scratch = scratchOf(index);
  try {
    return scoreInto(index, weighted, conceptWeights, limit, parameterTerms, scores, touched, scratch);
  } finally {
    scratch.clear(touched);
  }
}

/** {@link scoreQuery}'s work, on `scratch`'s per-document arrays; `touched` collects the documents it wrote. */
function scoreInto(
  index: SearchIndex,
  weighted: readonly WeightedTerm[],
  conceptWeights: readonly number[],
  limit: number,
  parameterTerms: ParameterTermMemo,
  scores: Float64Array,
  touched: number[],
  scratch: ScoringScratch,
): QueryScores | undefined {
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
      forEachDocument: (visit) => forEachFrequency(index, stemId, (document, frequency) => visit(document, (termWeight * frequency) / (frequency + k1))),
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
  const { nameCoverage } = index.options;
  if (nameCoverage > 0) {
    for (const document of touched) {
      const matched = nameMatches[document]!;
      const length = index.fieldLengths[document * FIELD_COUNT]!;
      if (matched > 0 && length > 0) multipliers[document]! *= 1 + nameCoverage * Math.min(1, matched / length);
    }
  }
  const conceptWeightSum = conceptWeights.reduce((sum, weight) => sum + weight, 0);
  // A short request asks for one thing: the tool matching most of its words is usually it.
  const coordination = conceptCount < index.options.shortRequestWords ? index.options.shortRequestCoordination : index.options.coordination;
  if (coordination > 0 && conceptCount > 1) {
    for (const document of touched) {
      const matched = matchedConcepts[document]!;
      if (matched > 0) multipliers[document]! *= Math.pow(matched / conceptWeightSum, coordination);
    }
  }
  for (const document of touched) scores[document]! *= multipliers[document]!;
  addParameterTexts(index, weighted, { scores, multipliers, matchedConcepts, conceptMasks, conceptWeights }, limit, parameterTerms);
  return { scores, terms: contributions, conceptCount };
}

/**
 * Per-document arrays one scoring fills and reads, kept per catalog size and cleared after each use by
 * the documents it wrote: allocating and filling them for every query and every clause of a long
 * request cost more than the scoring at 10,000 tools, and a catalog changed between steps is a new
 * index of the same size. Scoring is synchronous and leaves them untouched, so one set per size
 * suffices, whichever index uses it.
 */
interface ScoringScratch {
  /** The product of the name-coverage and coordination factors applied to a document's BM25F (1 when untouched). */
  readonly multipliers: Float64Array;
  /** The summed weights of the user's words a document matches (by the word or a synonym), for coordination. */
  readonly matchedConcepts: Float64Array;
  readonly nameMatches: Float64Array;
  /** The last concept counted for a document (-1 when untouched). */
  readonly lastConcept: Int32Array;
  /** The user's words a document matches, as a bit mask (words 0 to 31), for the parameter field. */
  readonly conceptMasks: Uint32Array;
  /** Puts the given documents' slots back to their untouched values. */
  clear(documents: readonly number[]): void;
}

const scratchBySize = new Map<number, ScoringScratch>();

/** Sizes whose scratch is kept (most recently made last): a few catalogs searched in turns. */
const KEPT_SCRATCH_SIZES = 4;

function scratchOf(index: SearchIndex): ScoringScratch {
  const count = index.tools.length;
  let scratch = scratchBySize.get(count);
  if (scratch !== undefined) return scratch;
  const multipliers = new Float64Array(count).fill(1);
  const matchedConcepts = new Float64Array(count);
  const nameMatches = new Float64Array(count);
  const lastConcept = new Int32Array(count).fill(-1);
  const conceptMasks = new Uint32Array(count);
  scratch = {
    multipliers,
    matchedConcepts,
    nameMatches,
    lastConcept,
    conceptMasks,
    clear(documents) {
      for (const document of documents) {
        multipliers[document] = 1;
        matchedConcepts[document] = 0;
        nameMatches[document] = 0;
        lastConcept[document] = -1;
        conceptMasks[document] = 0;
      }
    },
  };
  if (scratchBySize.size >= KEPT_SCRATCH_SIZES) scratchBySize.delete(scratchBySize.keys().next().value!);
  scratchBySize.set(count, scratch);
  return scratch;
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

/** Dense scores of one query, plus what the diversifier needs to recompute them per term. */
interface QueryScores {
  readonly scores: Float64Array;
  readonly terms: readonly TermContribution[];
  /** How many distinct words of the user's the query had after analysis. */
  readonly conceptCount: number;
}

/** Exact-name matches first, then the best-scoring documents above the relevance floor. */
function rankDocuments(index: SearchIndex, scored: QueryScores, exact: readonly number[], limit: number): number[] {
  const { scores, terms } = scored;
  const { relevanceFloor, diversityMinimumWords } = index.options;
  const diversity = scored.conceptCount >= diversityMinimumWords ? index.options.diversity : 1;
  const poolSize = diversity < 1 && terms.length > 1 ? Math.max(limit * DIVERSITY_POOL_FACTOR, DIVERSITY_POOL_MINIMUM) : limit;
  const pool = selectTop(index.tools, scores, poolSize);
  const best = pool.length === 0 ? 0 : scores[pool[0]!]!;
  const floor = best * relevanceFloor;
  const candidates = pool.filter((document) => scores[document]! >= floor);
  const kept = diversifyRanking(index.tools, scores, candidates, terms, diversity, limit);
  if (exact.length === 0) return kept;
  // `exact` keeps its order: exact names (sorted by findExactNames), then name-substring matches.
  const exactSet = new Set(exact);
  return [...exact, ...kept.filter((document) => !exactSet.has(document))].slice(0, limit);
}

/**
 * The whole query's ranking fused with each clause's own (`clauses`, from splitClauses, two or more):
 * each step of a multi-step request gets its best tools into the list, where the whole query's
 * ranking tends to favour tools that match scattered words of several steps. Exact name matches stay
 * first.
 */
function fuseClauseRankings(
  index: SearchIndex,
  clauses: readonly string[],
  wholeRanking: readonly number[],
  exactCount: number,
  stemMemo: Map<string, string>,
  parameterTerms: ParameterTermMemo,
): number[] {
  const rankings: WeightedRanking[] = [{ documents: wholeRanking, weight: 1 }];
  for (const clause of clauses) {
    const scored = scoreQuery(index, analyzeTokens(rewriteQueryTokens(tokenize(clause)), stemMemo), CLAUSE_RANKING_DEPTH, parameterTerms);
    if (scored !== undefined) rankings.push({ documents: rankDocuments(index, scored, [], CLAUSE_RANKING_DEPTH), weight: index.options.clauseWeight });
  }
  const exact = wholeRanking.slice(0, exactCount);
  const exactSet = new Set(exact);
  const fused = fuseRankings(rankings, (left, right) => compareTools(index.tools[left]!, index.tools[right]!));
  return [...exact, ...fused.filter((document) => !exactSet.has(document))];
}

/**
 * At most this many clauses, the first ones, get a ranking of their own: each costs a pass over the
 * catalog, and a text of dozens of clauses is a pasted document rather than a request of that many steps.
 */
const MAXIMUM_FUSED_CLAUSES = 16;

/** How deep each ranking that clause fusion combines goes. */
const CLAUSE_RANKING_DEPTH = 10;

/** How many candidates the diversifier chooses from: this many times the limit, at least the minimum. */
const DIVERSITY_POOL_FACTOR = 4;
const DIVERSITY_POOL_MINIMUM = 30;

/**
 * `exact` followed by the tools whose name contains the query literally, when the query is one
 * identifier-like word (no space; an underscore, hyphen or dot inside, as in `ithub_get_m`): such a
 * query is a tool name, partly typed, even when its pieces ("get") match other tools by words. They
 * rank with the exact matches, ahead of the words ranking.
 */
function withNameSubstrings(index: SearchIndex, exact: readonly number[], query: string, limit: number): number[] {
  const needle = query.trim();
  if (!IDENTIFIER_LIKE.test(needle)) return [...exact];
  const exactSet = new Set(exact);
  const positions = new Map(index.tools.map((tool, document) => [tool, document]));
  const found = matchNameSubstring(index.tools, needle, limit + exact.length).map(({ tool }) => positions.get(tool)!);
  return [...exact, ...found.filter((document) => !exactSet.has(document))].slice(0, Math.max(limit, exact.length));
}

/** One word with an identifier separator (underscore, hyphen, dot) after its first character. */
const IDENTIFIER_LIKE = /^[A-Za-z0-9]+(?:[_.-][A-Za-z0-9]*)+$/;

/** Tools whose name contains the query, literally and case-insensitively; prefixes and short names first. */
export function matchNameSubstring(tools: readonly Tool[], query: string, limit: number): SearchMatch[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const found = tools.filter((tool) => tool.name.toLowerCase().includes(needle));
  const rank = (tool: Tool): number => (tool.name.toLowerCase().startsWith(needle) ? 0 : 1);
  found.sort((left, right) => rank(left) - rank(right) || left.name.length - right.name.length || compareTools(left, right));
  return found.slice(0, limit).map((tool) => ({ tool, score: 0 }));
}

export { compareText, compareTools } from './rank/compare-tools.ts';

import { keepSpecFirst } from '../contract/keep-spec-first.ts';
import { reportedMatches } from '../contract/reported-matches.ts';
import type { SearchIndex } from '../index/search-index.ts';
import { compareTools } from '../rank/compare-tools.ts';
import { fuseRankingsWithScores } from '../rank/fuse-rankings.ts';
import type { SearchMatch } from '../rank/search-match.ts';
import type { WordsRanking } from '../rank/words-ranking.ts';

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
   * displacing what words found first (createEmbeddingRanker uses 2). 0 lets meaning reorder from the
   * top, the lead rule still applying. @default 0
   */
  readonly keepWordsFirst?: number;
  /**
   * When set, meaning can only add: the words ranking's first tool stays first unless the fusion puts
   * another first that both rankings place high, within the words ranking's first `wordsDepth` and
   * meaning's first `meaningDepth`; a tool that meaning alone likes never takes first place. The tools
   * `keepWordsFirst` keeps stay among the first places, the agreed one moved before them. The
   * gateway's `search.embeddings` and the library's `embed` option use
   * DEFAULT_MEANING_AGREEMENT, chosen on the tuning sets (docs/search-quality.md). @default none
   */
  readonly agreement?: MeaningAgreement;
}

/** How high both rankings must place a tool for it to take the words ranking's first place (SemanticRanking.agreement). */
export interface MeaningAgreement {
  /** Among the words ranking's first this many (2: its second may move up). */
  readonly wordsDepth: number;
  /** Among meaning's first this many. */
  readonly meaningDepth: number;
}

/**
 * The matches of `words`, fused with `semantic` when there is one. The SPEC guard comes last: the
 * SPEC BM25's first tool is kept whatever the fusion did.
 */
export function fuseWithMeaning(words: WordsRanking, semantic?: SemanticRanking): SearchMatch[] {
  const { index, limit, depth, exactCount } = words;
  // One vector of a multi-step request stands for none of its steps, so meaning counts less there.
  const semanticWeight = semantic === undefined || semantic.documents.length === 0 ? 0 : semantic.weight / Math.max(1, words.clauseCount);
  let ranked = [...words.ranked];
  let reportedScores = words.scores;
  if (semanticWeight > 0) {
    const lexical = ranked.slice(0, depth);
    const led =
      exactCount > 0 ? exactCount : leadsClearly(lexical, words.scores, semantic!.wordsLeadRatio ?? DEFAULT_WORDS_LEAD_RATIO) ? 1 : 0;
    // The first places of the result a search by words alone gives (its SPEC guard's tool included)
    // stay where they are; the rest of the words ranking follows them into the fusion.
    const keep = Math.min(semantic!.keepWordsFirst ?? DEFAULT_KEEP_WORDS_FIRST, limit);
    const kept = keep > 0 ? keepSpecFirst(lexical.slice(0, limit), words).slice(0, keep) : [];
    const ordered = [...kept, ...lexical.filter((document) => !kept.includes(document))];
    const fused = fuseSemanticRanking(index, ordered, Math.max(led, kept.length), semantic!.documents, semanticWeight);
    ranked = fused.documents;
    reportedScores = fused.scores;
    if (semantic!.agreement !== undefined && lexical.length > 0) {
      // The tool the fusion would put first if words kept no place: first only if words agree.
      const favourite =
        kept.length === 0 ? ranked[0] : fuseSemanticRanking(index, lexical, led, semantic!.documents, semanticWeight).documents[0];
      ranked = firstUnlessDisagreed(ranked, favourite, lexical, semantic!.documents, semantic!.agreement);
      // The tool put first reports the best score, as a pinned document does.
      reportedScores[ranked[0]!] = Math.max(reportedScores[ranked[0]!]!, reportedScores[fused.documents[0]!]!);
    }
  }
  return reportedMatches(index, keepSpecFirst(ranked.slice(0, limit), words), reportedScores);
}

/**
 * `ranked` (the fusion, `keepWordsFirst` applied) with the words' first document first, unless
 * `favourite` (meaning's pick for first place) is among the words ranking's first `wordsDepth` and
 * meaning's first `meaningDepth`: then the favourite is first and the rest follow in their order.
 */
function firstUnlessDisagreed(
  ranked: readonly number[],
  favourite: number | undefined,
  words: readonly number[],
  meaning: readonly number[],
  agreement: MeaningAgreement,
): number[] {
  const within = (list: readonly number[], document: number, depth: number): boolean => {
    const at = list.indexOf(document);
    return at >= 0 && at < depth;
  };
  const agreed =
    favourite !== undefined && within(words, favourite, agreement.wordsDepth) && within(meaning, favourite, agreement.meaningDepth);
  const first = agreed ? favourite : words[0]!;
  return [first, ...ranked.filter((document) => document !== first)];
}

/**
 * The agreement meaning needs to take the words ranking's first place, with the words' first two kept
 * among the first places (keepWordsFirst 2): chosen on the tuning sets (docs/search-quality.md,
 * "Meaning that can only add"). Used by the gateway's `search.embeddings` and a session's `embed`.
 */
export const DEFAULT_MEANING_AGREEMENT: MeaningAgreement = Object.freeze({ wordsDepth: 2, meaningDepth: 1 });

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

/** How much a term found in each part of a tool counts, relative to the description. */
export interface FieldWeights {
  /** The model-visible tool name. @default 3 */
  readonly name: number;
  /** The description. @default 1 */
  readonly description: number;
  /** Top-level parameter names. @default 0.5 */
  readonly parameters: number;
  /** The toolset (MCP server or plugin) name. @default 1 */
  readonly toolset: number;
  /**
   * The tool's requests (Tool.requests: how people ask for it, from a request pack, from use or from a
   * model), all of them one field, while some tool has none of its own (none, or lent or its own text
   * by balanceRequests): kept low so that such a tool is not outranked for lacking them. Below the
   * name's weight, so a request never outweighs a tool named by the query; 0 turns the field off.
   * @default 0.5
   */
  readonly requests: number;
  /**
   * The requests field's weight when every tool (core tools aside) has requests of its own: no tool
   * then loses a place for lacking them, so people's words count more. Below the name's weight too.
   * Tuned on the tuning sets (docs/requests.md). @default 1.5
   */
  readonly ownRequests: number;
  /**
   * Descriptions and string enum values of the top-level parameters; 0 turns the field off. Scored at
   * query time for the best candidates only, so it costs the build nothing. @default 0.1
   */
  readonly parameterDescriptions: number;
}

/** Tuning of {@link searchTools}; every field optional, see {@link DEFAULT_SEARCH_OPTIONS}. */
export interface SearchOptions {
  readonly fieldWeights?: Partial<FieldWeights>;
  /** BM25 term-frequency saturation. @default 2 */
  readonly k1?: number;
  /** BM25 length normalisation, 0 (none) to 1 (full). @default 0.75 */
  readonly b?: number;
  /** Weight of a synonym relative to the user's own word, 0 to turn synonyms off. @default 0.3 */
  readonly synonymWeight?: number;
  /**
   * Results scoring below this share of the best score are left out, so that a long query does not pad
   * its results with one-word matches; 0 keeps everything. The SPEC BM25 top tool is kept regardless.
   * @default 0.1
   */
  readonly relevanceFloor?: number;
  /**
   * How much a query term counts again once a picked result contains it, 0 to 1; below 1, a query that
   * asks for several things gets a tool for each before near-duplicates of the first. 1 turns it off.
   * @default 0.8
   */
  readonly diversity?: number;
  /**
   * Exponent of the share of the query's words (each counted once, by itself or a synonym) that a tool
   * matches, multiplied into its score, for a request of {@link shortRequestWords} distinct words or
   * more: 0 ignores coverage, higher favours tools that match more of the query over tools that match
   * one rare word. A long request describes several steps, which no one tool matches. @default 0.5
   */
  readonly coordination?: number;
  /**
   * {@link coordination}'s exponent for a request of fewer than {@link shortRequestWords} distinct words:
   * a short request asks for one thing, and the tool that matches most of its words is usually it.
   * @default 0.9
   */
  readonly shortRequestCoordination?: number;
  /** Distinct words (after stop words) from which a request counts as long for coordination. @default 16 */
  readonly shortRequestWords?: number;
  /**
   * Diversification applies only to queries with at least this many distinct words (after stop words):
   * a short query asks for one thing, and its near-duplicates are its best answers. @default 8
   */
  readonly diversityMinimumWords?: number;
  /**
   * Bonus for a query that covers a tool's name: the score is multiplied by 1 + nameCoverage * (share of
   * the name's terms that the query has, synonyms counted at their weight). Names are the most telling
   * words a tool has; 0 turns it off. @default 1.5
   */
  readonly nameCoverage?: number;
  /**
   * How much a query word counts when the catalog's tools have it only in their descriptions, never in a
   * name, from 0 to 1. Words that tools put in their names say what tools do; words found only in
   * descriptions are often incidental in a long request ("the board will ask about it"). The weight
   * rises linearly to 1 for a word that at least a third of the tools containing it have in their name.
   * 1 turns this off. @default 0.5
   */
  readonly descriptionOnlyWordWeight?: number;
  /**
   * Weight of each clause's own ranking against the whole query's (weight 1) when a request of several
   * clauses ("open the page, take a screenshot, then post it to Slack") is ranked: the rankings are
   * fused by reciprocal rank, so that each step's best tools make the list. 0 ranks the whole query only.
   * @default 0.5
   */
  readonly clauseWeight?: number;
  /**
   * Weight of a query word made only of digits ("5", "2023"), for its score and for coordination: in a
   * request a number is an argument value, not what the tool does. 1 counts numbers like other words.
   * @default 0.3
   */
  readonly numberWeight?: number;
  /**
   * Fraction of {@link synonymWeight} kept by the synonyms of a query word that some tool of the catalog
   * has in its name: a catalog that already speaks the user's word needs its synonyms less, and they more
   * often name something else ("weather" finds `get_current_weather`; "forecast" is another tool).
   * 1 treats every word's synonyms alike. @default 0.5
   */
  readonly namedWordSynonymFactor?: number;
  /**
   * Whether the ranking by words reads a URL in the request as the word `url` and a file path as its
   * words plus `file` (argument-values.ts); the plain BM25 guard and exact names read the request as
   * written. @default true
   */
  readonly readArgumentValues?: boolean;
  /**
   * How much the agreement of the request's action with a tool's counts (rank/action-agreement.ts: the
   * canonical action, create, get, list, delete, ..., of the request and of the tool's name): a tool
   * whose name says the asked action scores x (1 + actionWeight), one whose name contradicts it ("delete"
   * asked, `create_*` offered) x (1 - actionWeight); 0 to 1, 0 turns it off. Off by default: it did
   * not gain on the tuning sets, and lowered held-out figures (docs/search-quality.md, 2026-12-03). @default 0
   */
  readonly actionWeight?: number;
  /**
   * How much the server prior counts (rank/server-prior.ts: each server scored as a document of its
   * own, its tools' words, and blended softly into its tools' scores, never a filter): a tool's score is
   * multiplied by 1 + serverPriorWeight x (its server's score / the best server's). 0 turns it off.
   * Off by default: 0.25, the best on the tuning sets, lowered LiveMCPBench's R@5 and the second unseen
   * set's R@1 (docs/search-quality.md, 2026-12-03). @default 0
   */
  readonly serverPriorWeight?: number;
  /**
   * How much a tool's best single request counts (rank/best-request.ts: each request scored as a short
   * document of its own, the best one added to the tool's score as bestRequestWeight x the best score x
   * its share of the best candidate's): a request saying what the query says, all of it, beats words
   * gathered from many requests. A tool without requests of its own (at least 8: a server no pack
   * covers, lent ones, its own text, a few learned) is given the best share when above the relevance
   * floor, so it never loses a place for lacking them. 0 turns it off. Tuned on the tuning sets
   * (docs/requests.md). @default 0.7
   */
  readonly bestRequestWeight?: number;
}

/** {@link SearchOptions} with every field set. */
export interface ResolvedSearchOptions {
  readonly fieldWeights: FieldWeights;
  readonly k1: number;
  readonly b: number;
  readonly synonymWeight: number;
  readonly relevanceFloor: number;
  readonly diversity: number;
  readonly coordination: number;
  readonly shortRequestCoordination: number;
  readonly shortRequestWords: number;
  readonly diversityMinimumWords: number;
  readonly nameCoverage: number;
  readonly descriptionOnlyWordWeight: number;
  readonly clauseWeight: number;
  readonly numberWeight: number;
  readonly namedWordSynonymFactor: number;
  readonly readArgumentValues: boolean;
  readonly actionWeight: number;
  readonly serverPriorWeight: number;
  readonly bestRequestWeight: number;
}

/** The defaults, tuned only on the tuning sets (docs/search-quality.md lists them), never on a reported set. */
export const DEFAULT_SEARCH_OPTIONS: ResolvedSearchOptions = Object.freeze({
  fieldWeights: Object.freeze({
    name: 3,
    description: 1,
    parameters: 0.5,
    toolset: 1,
    requests: 0.5,
    ownRequests: 1.5,
    parameterDescriptions: 0.1,
  }),
  k1: 2,
  b: 0.75,
  synonymWeight: 0.3,
  relevanceFloor: 0.1,
  diversity: 0.8,
  coordination: 0.5,
  shortRequestCoordination: 0.9,
  shortRequestWords: 16,
  diversityMinimumWords: 8,
  nameCoverage: 1.5,
  descriptionOnlyWordWeight: 0.5,
  clauseWeight: 0.5,
  numberWeight: 0.3,
  namedWordSynonymFactor: 0.5,
  readArgumentValues: true,
  actionWeight: 0,
  serverPriorWeight: 0,
  bestRequestWeight: 0.7,
});

/** Fills the unset fields of `options` from the defaults; never mutates its input. */
export function resolveSearchOptions(options: SearchOptions = {}): ResolvedSearchOptions {
  return {
    fieldWeights: { ...DEFAULT_SEARCH_OPTIONS.fieldWeights, ...options.fieldWeights },
    k1: options.k1 ?? DEFAULT_SEARCH_OPTIONS.k1,
    b: options.b ?? DEFAULT_SEARCH_OPTIONS.b,
    synonymWeight: options.synonymWeight ?? DEFAULT_SEARCH_OPTIONS.synonymWeight,
    relevanceFloor: options.relevanceFloor ?? DEFAULT_SEARCH_OPTIONS.relevanceFloor,
    diversity: options.diversity ?? DEFAULT_SEARCH_OPTIONS.diversity,
    coordination: options.coordination ?? DEFAULT_SEARCH_OPTIONS.coordination,
    shortRequestCoordination: options.shortRequestCoordination ?? DEFAULT_SEARCH_OPTIONS.shortRequestCoordination,
    shortRequestWords: options.shortRequestWords ?? DEFAULT_SEARCH_OPTIONS.shortRequestWords,
    diversityMinimumWords: options.diversityMinimumWords ?? DEFAULT_SEARCH_OPTIONS.diversityMinimumWords,
    nameCoverage: options.nameCoverage ?? DEFAULT_SEARCH_OPTIONS.nameCoverage,
    descriptionOnlyWordWeight: options.descriptionOnlyWordWeight ?? DEFAULT_SEARCH_OPTIONS.descriptionOnlyWordWeight,
    clauseWeight: options.clauseWeight ?? DEFAULT_SEARCH_OPTIONS.clauseWeight,
    numberWeight: options.numberWeight ?? DEFAULT_SEARCH_OPTIONS.numberWeight,
    namedWordSynonymFactor: options.namedWordSynonymFactor ?? DEFAULT_SEARCH_OPTIONS.namedWordSynonymFactor,
    readArgumentValues: options.readArgumentValues ?? DEFAULT_SEARCH_OPTIONS.readArgumentValues,
    actionWeight: options.actionWeight ?? DEFAULT_SEARCH_OPTIONS.actionWeight,
    serverPriorWeight: options.serverPriorWeight ?? DEFAULT_SEARCH_OPTIONS.serverPriorWeight,
    bestRequestWeight: options.bestRequestWeight ?? DEFAULT_SEARCH_OPTIONS.bestRequestWeight,
  };
}

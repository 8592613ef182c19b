import { analyzeTokens } from '../text/analyze-tokens.ts';
import { normalizeName } from '../text/normalize-name.ts';
import { tokenizeWithStarts } from '../text/tokenize.ts';
import { readArgumentValues } from './argument-values.ts';
import { readAction, type CanonicalAction } from './read-action.ts';
import { boundQuery } from './bound-query.ts';
import { rewriteQueryTokens } from './rewrite-query-tokens.ts';
import { SERVICE_NOUNS } from './service-nouns.ts';
import { splitClauses } from './split-clauses.ts';

/**
 * A query read once, for every stage of the search after it: nothing later tokenizes, bounds or
 * rewrites the query again. Made by {@link analyzeQuery}; independent of the catalog and the options
 * (the options choose which reading the ranking by words reads: `written` or `values`).
 */
export interface AnalyzedQuery {
  /** The query as searched: the query itself, or its beginning when it was longer than a search reads (boundQuery). */
  readonly text: string;
  /** Whether `text` is shorter than the query. */
  readonly cut: boolean;
  /** The tokens of `text` (tokenize): what the plain BM25 that guards the first result scores. */
  readonly tokens: readonly string[];
  /**
   * `tokens` without stop words, stemmed, nothing rewritten: the words exact names are looked up by,
   * and whether the query says anything at all (a query of stop words and punctuation does not).
   */
  readonly stems: readonly string[];
  /** `text` as a tool name is compared (normalizeName): "Create Issue" is `createissue`. */
  readonly name: string;
  /**
   * The query, trimmed, when it is one identifier-like word (no space; an underscore, hyphen or dot
   * after its first character, as in `ithub_get_m`): a tool name partly typed. Undefined otherwise.
   */
  readonly partialName: string | undefined;
  /** The known service names among `tokens` (SERVICE_NOUNS: "slack", "jira"), each once, in query order. */
  readonly services: readonly string[];
  /** The query as written, read for the ranking by words. */
  readonly written: QueryReading;
  /**
   * The query with its argument values read as what they are (readArgumentValues: a URL as `url`,
   * `file` before a path, ...), read for the ranking by words: what it reads by default. The very
   * object `written` when the query has no such value.
   */
  readonly values: QueryReading;
  /** What the request asks done (readAction of `written.terms`): "remove the label" is `delete`; undefined when no word says. */
  readonly action: CanonicalAction | undefined;
}

/** One reading of the query for the ranking by words. */
export interface QueryReading {
  readonly text: string;
  /**
   * The terms the ranking by words scores: the tokens of `text` with the everyday vocabulary of
   * requests rewritten (rewriteQueryTokens: "PR" is pull request), stop words dropped, stemmed.
   */
  readonly terms: readonly string[];
  /** The first {@link MAXIMUM_CLAUSES} clauses of `text` (splitClauses); one for a request of one step. */
  readonly clauses: readonly QueryClause[];
}

/** One step of a multi-step request, ranked on its own besides the whole request. */
export interface QueryClause {
  readonly text: string;
  /** Its terms, read as {@link QueryReading.terms} are. */
  readonly terms: readonly string[];
}

/**
 * At most this many clauses, the first ones, are read (and each ranked on its own): each costs a pass
 * over the catalog, and a text of dozens of clauses is a pasted document rather than a request of that
 * many steps.
 */
export const MAXIMUM_CLAUSES = 16;

/** One word with an identifier separator (underscore, hyphen, dot) after its first character. */
const IDENTIFIER_LIKE = /^[A-Za-z0-9]+(?:[_.-][A-Za-z0-9]*)+$/;

/**
 * Reads `query` once for the whole search: bounded (boundQuery), tokenized once per reading (the query
 * as written, and with argument values read when it has any), its clauses cut from those tokens.
 */
export function analyzeQuery(query: string): AnalyzedQuery {
  const { text, cut } = boundQuery(query);
  // One memo of stems for every reading: the same words recur in the clauses and both readings.
  const stems = new Map<string, string>();
  const written = readingOf(text, stems);
  const valuesText = readArgumentValues(text);
  const trimmed = text.trim();
  return {
    text,
    cut,
    tokens: written.tokens,
    stems: analyzeTokens(written.tokens, stems),
    name: normalizeName(text),
    partialName: IDENTIFIER_LIKE.test(trimmed) ? trimmed : undefined,
    services: [...new Set(written.tokens.filter((token) => SERVICE_NOUNS.has(token)))],
    written: written.reading,
    values: valuesText === text ? written.reading : readingOf(valuesText, stems).reading,
    action: readAction(written.reading.terms),
  };
}

/** The reading of `text`, and its tokens. */
function readingOf(text: string, stems: Map<string, string>): { reading: QueryReading; tokens: readonly string[] } {
  const positioned = tokenizeWithStarts(text);
  const termsOf = (tokens: readonly string[]): string[] => analyzeTokens(rewriteQueryTokens(tokens), stems);
  const clauses = splitClauses(text, positioned)
    .slice(0, MAXIMUM_CLAUSES)
    .map((clause) => ({ text: clause.text, terms: termsOf(clause.tokens) }));
  return { reading: { text, terms: termsOf(positioned.tokens), clauses }, tokens: positioned.tokens };
}

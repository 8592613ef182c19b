/**
 * The most characters of a query a search reads. Above every request of the public sets the bench
 * measures (the longest, in LiveMCPBench, has 18,686 characters: a task with pasted context), so no real
 * request is cut and no ranking changes; far below what held the process for seconds (a million
 * characters: over two seconds). A search's cost at this bound is dominated by the index, not the query.
 */
export const MAXIMUM_QUERY_CHARACTERS = 20_000;

/**
 * The most words (runs of ASCII letters and digits, as tokenize reads them) of a query a search reads:
 * above the longest request of the public sets (1,447 words, in BFCL's live requests).
 */
export const MAXIMUM_QUERY_WORDS = 2_048;

/** A query cut to what a search reads. */
export interface BoundedQuery {
  /** The query itself when it is within both bounds, else its beginning up to the first bound reached. */
  readonly text: string;
  /** Whether `text` is shorter than the query. */
  readonly cut: boolean;
}

/**
 * The part of `query` a search reads: its first {@link MAXIMUM_QUERY_CHARACTERS} characters, and of
 * those, up to the end of its {@link MAXIMUM_QUERY_WORDS}th word. Idempotent, and it looks at no more
 * than the first MAXIMUM_QUERY_CHARACTERS characters, so it is cheap to apply at every entry point.
 */
export function boundQuery(query: string): BoundedQuery {
  let text = query.length > MAXIMUM_QUERY_CHARACTERS ? query.slice(0, MAXIMUM_QUERY_CHARACTERS) : query;
  const last = text.charCodeAt(text.length - 1);
  // Never half of a character that takes two UTF-16 units.
  if (text.length < query.length && last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
  const end = endOfWord(text, MAXIMUM_QUERY_WORDS);
  if (end !== undefined) text = text.slice(0, end);
  return { text, cut: text.length < query.length };
}

/** Where the `count`th word of `text` ends, or undefined when no word follows it. */
function endOfWord(text: string, count: number): number | undefined {
  let words = 0;
  let inWord = false;
  let lastEnd = 0;
  for (let index = 0; index < text.length; index++) {
    const letterOrDigit = isAsciiLetterOrDigit(text.charCodeAt(index));
    if (letterOrDigit && !inWord) {
      if (words === count) return lastEnd;
      words++;
    } else if (!letterOrDigit && inWord) {
      lastEnd = index;
    }
    inWord = letterOrDigit;
  }
  return undefined;
}

function isAsciiLetterOrDigit(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
}

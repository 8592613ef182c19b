import { HASH_SEED, hashFinish, hashRange, hashStep } from './token-hash.ts';

/**
 * Splits text into lower-cased ASCII word tokens, breaking identifiers apart the way tool names are
 * written: snake_case, kebab-case, dotted.names and camelCase / PascalCase (`getHTTPResponse` ->
 * get, http, response), and letters from digits. A word that case changes split is also emitted whole
 * after its parts (`GitHub` -> git, hub, github), so a query for "github" finds it.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  forEachTokenRange(text, (source, start, end) => tokens.push(source.slice(start, end).toLowerCase()));
  return tokens;
}

/** A text's tokens, as {@link tokenize} gives them, with where each starts in the text. */
export interface PositionedTokens {
  readonly tokens: readonly string[];
  /**
   * Where each token starts in the text: always inside the token's run of ASCII letters or of digits
   * (the whole form of a word split by case starts where its first part does).
   */
  readonly starts: readonly number[];
}

/**
 * {@link tokenize} with each token's start. A token never spans two runs of letters or digits, so the
 * tokens of a part of the text that begins and ends between runs are exactly the text's tokens that
 * start inside it, in order: a request's clauses take theirs from the request's (splitClauses)
 * instead of tokenizing again.
 */
export function tokenizeWithStarts(text: string): PositionedTokens {
  const tokens: string[] = [];
  const starts: number[] = [];
  forEachTokenRange(text, (source, start, end) => {
    tokens.push(source.slice(start, end).toLowerCase());
    starts.push(start);
  });
  return { tokens, starts };
}

/**
 * {@link tokenize} without the strings: calls `visit(source, start, end, hash)` for each token in order,
 * where the token is `source.slice(start, end)` ASCII-lower-cased (the range itself may hold capitals:
 * "Send" at the start of a sentence is the token "send") and `hash` is its hashRange (token-hash.ts).
 * `source` is always `text`. One pass over the characters, no regular expressions and no allocation:
 * the catalog is tokenized at every assembly.
 */
export function forEachTokenRange(text: string, visit: TokenRangeVisitor): void {
  const length = text.length;
  let index = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    const kind = characterKind(code);
    if (kind === OTHER) {
      index++;
      continue;
    }
    let end = index + 1;
    let hash = hashStep(HASH_SEED, code);
    if (kind === DIGIT) {
      for (; end < length; end++) {
        const next = text.charCodeAt(end);
        if (characterKind(next) !== DIGIT) break;
        hash = hashStep(hash, next);
      }
      visit(text, index, end, hashFinish(hash));
    } else {
      // A capital after the first letter may split the word (camelCase); a capital first letter never does.
      let innerCapital = false;
      for (; end < length; end++) {
        const next = text.charCodeAt(end);
        const nextKind = characterKind(next);
        if (nextKind < LOWER) break;
        if (nextKind === UPPER) innerCapital = true;
        hash = hashStep(hash, next);
      }
      if (innerCapital) visitLetterRun(text, index, end, visit);
      else visit(text, index, end, hashFinish(hash));
    }
    index = end;
  }
}

/** Receives one token as a range of a lower-case source text, with its hash. */
export type TokenRangeVisitor = (source: string, start: number, end: number, hash: number) => void;

const OTHER = 0;
const DIGIT = 1;
const LOWER = 2;
const UPPER = 3;

function characterKind(code: number): number {
  if (code >= 97 && code <= 122) return LOWER;
  if (code >= 65 && code <= 90) return UPPER;
  if (code >= 48 && code <= 57) return DIGIT;
  return OTHER;
}

/** Visits the case-split parts of the letter run text[start, end), then the whole run when it was split. */
function visitLetterRun(text: string, start: number, end: number, visit: TokenRangeVisitor): void {
  let partStart = start;
  let previous = characterKind(text.charCodeAt(start));
  for (let index = start + 1; index < end; index++) {
    const current = characterKind(text.charCodeAt(index));
    if (
      current === UPPER &&
      (previous === LOWER || (previous === UPPER && index + 1 < end && characterKind(text.charCodeAt(index + 1)) === LOWER))
    ) {
      visit(text, partStart, index, hashRange(text, partStart, index));
      partStart = index;
    }
    previous = current;
  }
  visit(text, partStart, end, hashRange(text, partStart, end));
  if (partStart !== start) visit(text, start, end, hashRange(text, start, end));
}

/**
 * Splits text into lower-cased ASCII word tokens, breaking identifiers apart the way tool names are
 * written: snake_case, kebab-case, dotted.names and camelCase / PascalCase (`getHTTPResponse` ->
 * get, http, response), and letters from digits. A word that case changes split is also emitted whole
 * after its parts (`GitHub` -> git, hub, github), so a query for "github" finds it.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  forEachTokenRange(text, (source, start, end) => tokens.push(source.slice(start, end)));
  return tokens;
}

/**
 * {@link tokenize} without the strings: calls `visit(source, start, end)` for each token in order, where
 * the token is `source.slice(start, end)` and `source` is the text lower-cased (ASCII letters). One pass
 * over the characters, one lower-casing, no regular expressions and no allocation per token: the catalog
 * is tokenized at every assembly.
 */
export function forEachTokenRange(text: string, visit: TokenRangeVisitor): void {
  const lower = text.toLowerCase();
  // Lower-casing may change the length of non-ASCII text; then slices of `lower` would not line up.
  const source = lower.length === text.length ? lower : asciiLowerCase(text);
  const length = text.length;
  let index = 0;
  while (index < length) {
    const kind = characterKind(text.charCodeAt(index));
    if (kind === OTHER) {
      index++;
      continue;
    }
    let end = index + 1;
    if (kind === DIGIT) {
      while (end < length && characterKind(text.charCodeAt(end)) === DIGIT) end++;
      visit(source, index, end);
    } else {
      let mixedCase = kind === UPPER;
      for (; end < length; end++) {
        const next = characterKind(text.charCodeAt(end));
        if (next < LOWER) break;
        if (next === UPPER) mixedCase = true;
      }
      // Most words are all lower case: only a word with a capital needs the case-split pass.
      if (mixedCase) visitLetterRun(text, source, index, end, visit);
      else visit(source, index, end);
    }
    index = end;
  }
}

/** Receives one token as a range of a lower-cased source text. */
export type TokenRangeVisitor = (source: string, start: number, end: number) => void;

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

/** Visits the case-split parts of text[start, end), then the whole run when it was split. */
function visitLetterRun(text: string, lower: string, start: number, end: number, visit: TokenRangeVisitor): void {
  let partStart = start;
  let previous = characterKind(text.charCodeAt(start));
  for (let index = start + 1; index < end; index++) {
    const current = characterKind(text.charCodeAt(index));
    if (current === UPPER && (previous === LOWER || (previous === UPPER && index + 1 < end && characterKind(text.charCodeAt(index + 1)) === LOWER))) {
      visit(lower, partStart, index);
      partStart = index;
    }
    previous = current;
  }
  visit(lower, partStart, end);
  if (partStart !== start) visit(lower, start, end);
}

/** Lower-cases A-Z only, keeping every other character (and so the length) as it is. */
function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

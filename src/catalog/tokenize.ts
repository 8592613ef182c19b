/**
 * Splits text into lower-cased ASCII word tokens, breaking identifiers apart the way tool names are
 * written: snake_case, kebab-case, dotted.names and camelCase / PascalCase (`getHTTPResponse` ->
 * get, http, response), and letters from digits. A word that case changes split is also emitted whole
 * after its parts (`GitHub` -> git, hub, github), so a query for "github" finds it.
 *
 * One pass over the characters, no regular expressions: the catalog is tokenized at every assembly.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
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
      tokens.push(text.slice(index, end));
    } else {
      while (end < length && characterKind(text.charCodeAt(end)) >= LOWER) end++;
      pushLetterRun(text, index, end, tokens);
    }
    index = end;
  }
  return tokens;
}

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

/** Pushes the case-split parts of text[start, end), then the whole run when it was split. */
function pushLetterRun(text: string, start: number, end: number, tokens: string[]): void {
  let partStart = start;
  for (let index = start + 1; index < end; index++) {
    const previous = characterKind(text.charCodeAt(index - 1));
    const current = characterKind(text.charCodeAt(index));
    const boundary =
      (previous === LOWER && current === UPPER) ||
      (previous === UPPER && current === UPPER && index + 1 < end && characterKind(text.charCodeAt(index + 1)) === LOWER);
    if (boundary) {
      tokens.push(text.slice(partStart, index).toLowerCase());
      partStart = index;
    }
  }
  tokens.push(text.slice(partStart, end).toLowerCase());
  if (partStart !== start) tokens.push(text.slice(start, end).toLowerCase());
}

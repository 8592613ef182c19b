import { analyzeTokens } from '../text/analyze-tokens.ts';
import type { PositionedTokens } from '../text/tokenize.ts';

/**
 * Where one step of a request ends and the next begins: a sentence end or semicolon followed by a space,
 * a comma (not one inside a number: 1,000), or a joining word ("and", "then", "after that", "finally",
 * "also"). A dot or slash without a space after it (a URL, a file name, 2.5) is no boundary.
 */
const CLAUSE_BOUNDARY = /[.;!?]\s+|,(?!\d)\s*|\s+(?:and then|then|and|after that|finally|also)\s+/gi;

/** A joining word left at the start of a clause ("Finally, save ..." after a sentence end). */
const LEADING_JOINER = /^(?:and then|then|and|after that|finally|also|next|lastly)\b[\s,]*/i;

/** A clause needs this many meaningful words (after stop words) to stand on its own. */
const MINIMUM_CLAUSE_WORDS = 2;

/** One step of a request. */
export interface Clause {
  /** The clause as written; a short piece joined to it follows after a space. */
  readonly text: string;
  /** Its tokens: those of `text`, taken from the request's tokens. */
  readonly tokens: readonly string[];
}

/**
 * The clauses of a request, in order: split at {@link CLAUSE_BOUNDARY}, and each piece with fewer than
 * two meaningful words joined to the one before it (the first such piece to the one after it), so that
 * "1,000 rows" or "and Bob" never stand alone. A request of one step comes back as one clause.
 *
 * `tokens` is the request's own tokenization (tokenizeWithStarts): a boundary, the whitespace trimmed
 * off a piece and a leading joining word all end between runs of letters and digits, so a clause's
 * tokens are the request's tokens that start inside it, and no clause is tokenized again.
 */
export function splitClauses(text: string, tokens: PositionedTokens): Clause[] {
  const stems = new Map<string, string>();
  const isShort = (clauseTokens: readonly string[]): boolean => analyzeTokens(clauseTokens, stems).length < MINIMUM_CLAUSE_WORDS;
  const take = tokensBetween(tokens);
  const clauses: { text: string; tokens: string[] }[] = [];
  for (const [start, end] of piecesOf(text)) {
    const piece = text.slice(start, end);
    const trimmed = piece.trim();
    const joiner = LEADING_JOINER.exec(trimmed)?.[0].length ?? 0;
    const clauseText = trimmed.slice(joiner);
    if (clauseText === '') continue;
    const clauseStart = start + piece.length - piece.trimStart().length + joiner;
    const clauseTokens = take(clauseStart, clauseStart + clauseText.length);
    const last = clauses[clauses.length - 1];
    if (last !== undefined && isShort(clauseTokens)) {
      last.text += ` ${clauseText}`;
      last.tokens.push(...clauseTokens);
    } else {
      clauses.push({ text: clauseText, tokens: clauseTokens });
    }
  }
  const [first, second] = clauses;
  if (first !== undefined && second !== undefined && isShort(first.tokens)) {
    clauses.splice(0, 2, { text: `${first.text} ${second.text}`, tokens: [...first.tokens, ...second.tokens] });
  }
  return clauses;
}

/** The text between clause boundaries, as [start, end) ranges, in order (as `text.split(CLAUSE_BOUNDARY)` cuts it). */
function piecesOf(text: string): [number, number][] {
  const pieces: [number, number][] = [];
  let start = 0;
  for (const boundary of text.matchAll(CLAUSE_BOUNDARY)) {
    pieces.push([start, boundary.index]);
    start = boundary.index + boundary[0].length;
  }
  pieces.push([start, text.length]);
  return pieces;
}

/**
 * Takes, for ranges asked in increasing order, the tokens that start in each: one walk over the
 * tokens. A run's tokens are together in the list and start inside the run, so a run before the range
 * is passed over whole and one inside it taken whole.
 */
function tokensBetween({ tokens, starts }: PositionedTokens): (start: number, end: number) => string[] {
  let cursor = 0;
  return (start, end) => {
    while (cursor < tokens.length && starts[cursor]! < start) cursor++;
    const taken: string[] = [];
    while (cursor < tokens.length && starts[cursor]! < end) taken.push(tokens[cursor++]!);
    return taken;
  };
}

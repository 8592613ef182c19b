import { analyzeTokens } from '../text/analyze-tokens.ts';
import { tokenize } from '../text/tokenize.ts';

/**
 * Where one step of a request ends and the next begins: a sentence end or semicolon followed by a space,
 * a comma (not one inside a number: 1,000), or a joining word ("and", "then", "after that", "finally",
 * "also"). A dot or slash without a space after it (a URL, a file name, 2.5) is no boundary.
 */
const CLAUSE_BOUNDARY = /[.;!?]\s+|,(?!\d)\s*|\s+(?:and then|then|and|after that|finally|also)\s+/i;

/** A joining word left at the start of a clause ("Finally, save ..." after a sentence end). */
const LEADING_JOINER = /^(?:and then|then|and|after that|finally|also|next|lastly)\b[\s,]*/i;

/** A clause needs this many meaningful words (after stop words) to stand on its own. */
const MINIMUM_CLAUSE_WORDS = 2;

/**
 * The clauses of a request, in order: split at {@link CLAUSE_BOUNDARY}, and each piece with fewer than
 * two meaningful words joined to the one before it (the first such piece to the one after it), so that
 * "1,000 rows" or "and Bob" never stand alone. A request of one step comes back as one clause.
 */
export function splitClauses(query: string): string[] {
  const stems = new Map<string, string>();
  const isShort = (text: string): boolean => analyzeTokens(tokenize(text), stems).length < MINIMUM_CLAUSE_WORDS;
  const clauses: string[] = [];
  for (const piece of query.split(CLAUSE_BOUNDARY)) {
    const text = piece.trim().replace(LEADING_JOINER, '');
    if (text === '') continue;
    if (clauses.length > 0 && isShort(text)) clauses[clauses.length - 1] += ` ${text}`;
    else clauses.push(text);
  }
  if (clauses.length > 1 && isShort(clauses[0]!)) clauses.splice(0, 2, `${clauses[0]} ${clauses[1]}`);
  return clauses;
}

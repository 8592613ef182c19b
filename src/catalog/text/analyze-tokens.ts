import { stemWord } from './stem-word.ts';
import { STOP_WORDS } from './stop-words.ts';

/**
 * Turns tokens from {@link tokenize} into index terms: stop words dropped, the rest stemmed. `stems`
 * memoizes stemWord for one build or query (vocabularies repeat a lot); pass a fresh map or reuse one
 * that belongs to the same caller, never a shared one.
 */
export function analyzeTokens(tokens: readonly string[], stems: Map<string, string>): string[] {
  const terms: string[] = [];
  for (const token of tokens) {
    let stem = stems.get(token);
    if (stem === undefined) {
      stem = indexTermOf(token);
      stems.set(token, stem);
    }
    if (stem !== '') terms.push(stem);
  }
  return terms;
}

/** A token's index term: '' for a stop word, else its stem. The one rule for queries and the index alike. */
export function indexTermOf(token: string): string {
  return STOP_WORDS.has(token) ? '' : stemWord(token);
}

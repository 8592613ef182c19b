import { failure, outcomeText, success, type CallOutcome } from './call-outcome.ts';
import { CHARACTERS_PER_TOKEN, cutText } from './cut-text.ts';

/**
 * The outcome as the model may read it: when the text the model would be given (`outcomeText`) is
 * longer than `maxTokens` estimated tokens, a value becomes that text cut with a note (see `cutText`),
 * and an error keeps its code with its message cut. Anything within the budget is returned as it is,
 * the same object. A value that cannot be written as JSON (a cycle) is left to whoever writes it.
 */
export function boundOutcome(outcome: CallOutcome, maxTokens: number): CallOutcome {
  const maxCharacters = maxTokens * CHARACTERS_PER_TOKEN;
  if (!outcome.ok) {
    if (outcome.error.message.length <= maxCharacters) return outcome;
    return failure(outcome.error.code, cutText(outcome.error.message, maxCharacters), outcome.error.suggestions);
  }
  if (typeof outcome.value === 'string') {
    return outcome.value.length <= maxCharacters ? outcome : success(cutText(outcome.value, maxCharacters));
  }
  if (maxCharacters === Number.POSITIVE_INFINITY) return outcome;
  let text: string;
  try {
    text = outcomeText(outcome);
  } catch {
    return outcome;
  }
  return text.length <= maxCharacters ? outcome : success(cutText(text, maxCharacters));
}

import { outcomeText, type CallOutcome } from '../../dispatch/call-outcome.ts';

/** The AI SDK's tool-result output for an outcome: text, or `error-text` so providers flag it as an error. */
export function outcomeToModelOutput(outcome: CallOutcome): { type: 'text' | 'error-text'; value: string } {
  return { type: outcome.ok ? 'text' : 'error-text', value: outcomeText(outcome) };
}

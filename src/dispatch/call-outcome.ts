/** Why a call did not produce a value, as a stable string the model, hooks and logs can switch on. */
export type ModelErrorCode =
  | 'empty_query'
  | 'empty_name'
  | 'invalid_limit'
  | 'unknown_tool'
  | 'core_tool'
  | 'bridge_tool'
  | 'invalid_arguments'
  | 'blocked'
  | 'denied'
  | 'approval_declined'
  | 'cancelled'
  | 'tool_failed'
  | 'unavailable'
  | 'no_executor';

/** A mistake or refusal the model can read and act on: what was wrong and what to try. */
export interface ModelError {
  readonly code: ModelErrorCode;
  readonly message: string;
  /** Close tool names, for unknown names. */
  readonly suggestions?: readonly string[];
}

/** The result of one call: a value for the model, or an error it can act on. Never an exception. */
export type CallOutcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: ModelError };

export function success(value: unknown): CallOutcome {
  return { ok: true, value };
}

export function failure(code: ModelErrorCode, message: string, suggestions?: readonly string[]): CallOutcome {
  return { ok: false, error: suggestions === undefined ? { code, message } : { code, message, suggestions } };
}

/**
 * The text a model is given for an outcome: a string value as it is, any other value as JSON, and an
 * error as `{"error": ..., "code": ..., "suggestions": [...]}`.
 */
export function outcomeText(outcome: CallOutcome): string {
  if (!outcome.ok) return JSON.stringify({ error: outcome.error.message, ...outcome.error, message: undefined });
  if (typeof outcome.value === 'string') return outcome.value;
  if (outcome.value === undefined) return '';
  return JSON.stringify(outcome.value);
}

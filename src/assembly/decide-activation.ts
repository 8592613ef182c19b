import type { ToolSearchMode } from '../config/tool-search-config.ts';
import { countOf, formatCount } from '../text/count-of.ts';

/**
 * The token threshold `auto` uses when the model's context length is unknown: the figure the
 * reference implementation used.
 */
export const UNKNOWN_CONTEXT_THRESHOLD_TOKENS = 20_000;

export interface ActivationInput {
  readonly mode: ToolSearchMode;
  readonly thresholdPct: number;
  /** Context window of the active model in tokens; undefined when unknown. */
  readonly contextLength: number | undefined;
  readonly deferrableCount: number;
  readonly deferrableTokens: number;
}

export interface ActivationDecision {
  readonly active: boolean;
  /** Tokens at which `auto` activates (inclusive), whatever the mode. */
  readonly thresholdTokens: number;
  /** One sentence a person can read: why Tool Search is or is not active. */
  readonly reason: string;
}

/** The token threshold for a context length: threshold_pct percent of it, rounded up. */
export function thresholdTokensFor(thresholdPct: number, contextLength: number | undefined): number {
  if (contextLength === undefined || !Number.isFinite(contextLength) || contextLength <= 0) {
    return UNKNOWN_CONTEXT_THRESHOLD_TOKENS;
  }
  return Math.ceil((contextLength * thresholdPct) / 100);
}

/** Whether Tool Search is active for this assembly (docs/behaviour.md, rules 9 to 12). */
export function decideActivation(input: ActivationInput): ActivationDecision {
  const thresholdTokens = thresholdTokensFor(input.thresholdPct, input.contextLength);
  const context =
    input.contextLength === undefined
      ? `the fixed ${countOf(thresholdTokens, 'token')} used when the context length is unknown`
      : `${input.thresholdPct}% of the ${formatCount(input.contextLength)}-token context (${countOf(thresholdTokens, 'token')})`;
  if (input.mode === 'off') return { active: false, thresholdTokens, reason: 'tool search is off' };
  if (input.deferrableCount === 0) {
    return { active: false, thresholdTokens, reason: 'there are no MCP or plugin tools to defer' };
  }
  if (input.mode === 'on') {
    return { active: true, thresholdTokens, reason: `tool search is on and ${countOf(input.deferrableCount, 'tool')} can be deferred` };
  }
  const active = input.deferrableTokens >= thresholdTokens;
  const one = input.deferrableCount === 1;
  const comparison = active ? (one ? 'reaches' : 'reach') : one ? 'stays below' : 'stay below';
  const schemas = one ? "1 deferrable tool's schema" : `${formatCount(input.deferrableCount)} deferrable tools' schemas`;
  return {
    active,
    thresholdTokens,
    reason: `auto: the ${schemas} (${countOf(input.deferrableTokens, 'token')}) ${comparison} ${context}`,
  };
}

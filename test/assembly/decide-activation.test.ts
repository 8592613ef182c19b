import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decideActivation, thresholdTokensFor, UNKNOWN_CONTEXT_THRESHOLD_TOKENS } from '../../src/assembly/decide-activation.ts';

const base = { mode: 'auto' as const, thresholdPct: 10, contextLength: 100_000, deferrableCount: 20 };

describe('decideActivation', () => {
  it('activates auto exactly at the threshold (inclusive)', () => {
    assert.equal(decideActivation({ ...base, deferrableTokens: 10_000 }).active, true);
    assert.equal(decideActivation({ ...base, deferrableTokens: 9_999 }).active, false);
  });

  it('computes the threshold as threshold_pct percent of the context, rounded up', () => {
    assert.equal(thresholdTokensFor(10, 200_000), 20_000);
    assert.equal(thresholdTokensFor(7.5, 1_001), 76);
    assert.equal(thresholdTokensFor(0, 200_000), 0);
  });

  it('uses the fixed 20,000-token threshold when the context length is unknown', () => {
    assert.equal(UNKNOWN_CONTEXT_THRESHOLD_TOKENS, 20_000);
    const decision = decideActivation({ ...base, contextLength: undefined, deferrableTokens: 20_000 });
    assert.equal(decision.thresholdTokens, 20_000);
    assert.equal(decision.active, true);
    assert.equal(decideActivation({ ...base, contextLength: undefined, deferrableTokens: 19_999 }).active, false);
  });

  it('activates on whenever a deferrable tool exists, however few tokens', () => {
    assert.equal(decideActivation({ ...base, mode: 'on', deferrableCount: 1, deferrableTokens: 5 }).active, true);
    assert.equal(decideActivation({ ...base, mode: 'on', deferrableCount: 0, deferrableTokens: 0 }).active, false);
  });

  it('never activates off', () => {
    assert.equal(decideActivation({ ...base, mode: 'off', deferrableTokens: 1_000_000 }).active, false);
  });

  it('does not activate auto with nothing to defer even at threshold 0', () => {
    assert.equal(decideActivation({ ...base, thresholdPct: 0, deferrableCount: 0, deferrableTokens: 0 }).active, false);
  });

  it('explains the decision with the numbers it compared', () => {
    assert.equal(
      decideActivation({ ...base, deferrableTokens: 12_000 }).reason,
      "auto: the 20 deferrable tools' schemas (12,000 tokens) reach 10% of the 100,000-token context (10,000 tokens)",
    );
  });

  it('puts one deferrable tool in the singular', () => {
    assert.equal(
      decideActivation({ ...base, deferrableCount: 1, deferrableTokens: 30 }).reason,
      "auto: the 1 deferrable tool's schema (30 tokens) stays below 10% of the 100,000-token context (10,000 tokens)",
    );
    assert.equal(
      decideActivation({ ...base, mode: 'on', deferrableCount: 1, deferrableTokens: 30 }).reason,
      'tool search is on and 1 tool can be deferred',
    );
  });
});

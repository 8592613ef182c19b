import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundOutcome } from '../../src/dispatch/bound-outcome.ts';
import { failure, success } from '../../src/dispatch/call-outcome.ts';

describe('boundOutcome', () => {
  it('returns an outcome within the budget as it is', () => {
    const outcome = success({ rows: [1, 2, 3] });
    assert.equal(boundOutcome(outcome, 100), outcome);
  });

  it('cuts a string value to the budget, with the note', () => {
    const outcome = boundOutcome(success('x'.repeat(10_000)), 100);
    assert.ok(outcome.ok);
    assert.equal(
      outcome.value,
      `${'x'.repeat(240)}\n[cut: 9,760 of 10,000 characters (about 2,440 tokens) left out; ask for less, e.g. with a filter or a page]`,
    );
  });

  it('cuts any other value as the JSON text the model would read', () => {
    const outcome = boundOutcome(success({ text: 'y'.repeat(1_000) }), 50);
    assert.ok(outcome.ok);
    assert.equal(
      outcome.value,
      `{"text":"${'y'.repeat(31)}\n[cut: 971 of 1,011 characters (about 243 tokens) left out; ask for less, e.g. with a filter or a page]`,
    );
  });

  it('cuts an error message and keeps its code', () => {
    const outcome = boundOutcome(failure('tool_failed', 'z'.repeat(2_000)), 50);
    assert.ok(!outcome.ok);
    assert.equal(outcome.error.code, 'tool_failed');
    assert.equal(
      outcome.error.message.length,
      40 + 1 + '[cut: 1,960 of 2,000 characters (about 490 tokens) left out; ask for less, e.g. with a filter or a page]'.length,
    );
  });

  it('cuts nothing with an infinite budget', () => {
    const outcome = success('x'.repeat(100_000));
    assert.equal(boundOutcome(outcome, Number.POSITIVE_INFINITY), outcome);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { failure, outcomeText, success } from '../../src/dispatch/call-outcome.ts';

describe('outcomeText', () => {
  it('gives a string value as it is and any other value as JSON', () => {
    assert.equal(outcomeText(success('plain text')), 'plain text');
    assert.equal(outcomeText(success({ issue_number: 42 })), '{"issue_number":42}');
    assert.equal(outcomeText(success(undefined)), '');
  });

  it('gives an error as JSON the model can read, with the code and suggestions', () => {
    assert.equal(
      outcomeText(failure('unknown_tool', "Unknown tool 'x'. Did you mean y?", ['y'])),
      '{"error":"Unknown tool \'x\'. Did you mean y?","code":"unknown_tool","suggestions":["y"]}',
    );
    assert.equal(outcomeText(failure('denied', 'No.')), '{"error":"No.","code":"denied"}');
  });
});

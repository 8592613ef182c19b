import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compactSchemaJson, countSchemaTokens, estimateTokensFromCharacters } from '../../src/assembly/estimate-tokens.ts';
import { makeTool } from '../support/fixtures.ts';

describe('countSchemaTokens', () => {
  it('estimates a quarter of the characters of each compact schema, rounded up', () => {
    const tool = makeTool('a', 'bc');
    const json = compactSchemaJson(tool);
    assert.equal(json, '{"name":"a","description":"bc","parameters":{"type":"object","properties":{}}}');
    assert.equal(countSchemaTokens([tool]), Math.ceil(json.length / 4));
    assert.equal(estimateTokensFromCharacters('12345'), 2);
  });

  it('sums tool by tool, so order does not matter', () => {
    const tools = [makeTool('a', 'x'), makeTool('bb', 'yyyyyy'), makeTool('c', '')];
    assert.equal(countSchemaTokens(tools), countSchemaTokens([...tools].reverse()));
  });

  it('uses a plugged-in counter', () => {
    assert.equal(
      countSchemaTokens([makeTool('a', 'b'), makeTool('c', 'd')], () => 7),
      14,
    );
  });

  it('ignores provenance and executors', () => {
    const plain = makeTool('a', 'b');
    const decorated = makeTool('a', 'b', { toolset: 'much-longer-toolset-name', execute: () => 1 });
    assert.equal(countSchemaTokens([decorated]), countSchemaTokens([plain]));
  });
});

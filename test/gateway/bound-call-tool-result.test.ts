import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { boundCallToolResult } from '../../src/gateway/bound-call-tool-result.ts';

describe('boundCallToolResult', () => {
  it('returns a result within the budget as it is', () => {
    const result: CallToolResult = { content: [{ type: 'text', text: 'small' }], structuredContent: { small: true } };
    assert.equal(boundCallToolResult(result, 100), result);
  });

  it('cuts text blocks where the shared budget runs out, with the note', () => {
    const result = boundCallToolResult(
      {
        content: [
          { type: 'text', text: 'a'.repeat(300) },
          { type: 'text', text: 'b'.repeat(300) },
        ],
      },
      100,
    );
    assert.deepEqual(result.content, [
      { type: 'text', text: 'a'.repeat(300) },
      { type: 'text', text: '[cut: 300 of 300 characters (about 75 tokens) left out; ask for less, e.g. with a filter or a page]' },
    ]);
  });

  it('replaces an image, audio or resource block that does not fit by a note naming it', () => {
    const result = boundCallToolResult(
      {
        content: [
          { type: 'image', data: 'i'.repeat(5_000), mimeType: 'image/png' },
          { type: 'audio', data: 'a'.repeat(5_000), mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: 'file:///big.txt', text: 't'.repeat(5_000) } },
          { type: 'text', text: 'still here' },
        ],
        isError: false,
      },
      1_000,
    );
    assert.deepEqual(result, {
      content: [
        {
          type: 'text',
          text: '[left out an image (image/png) of 5,000 characters: the result is over its budget of 1,000 tokens; ask for less]',
        },
        {
          type: 'text',
          text: '[left out an audio clip (audio/wav) of 5,000 characters: the result is over its budget of 1,000 tokens; ask for less]',
        },
        {
          type: 'text',
          text: '[left out the resource file:///big.txt of 5,000 characters: the result is over its budget of 1,000 tokens; ask for less]',
        },
        { type: 'text', text: 'still here' },
      ],
      isError: false,
    });
  });

  it('leaves out structured content over the budget, with a note', () => {
    const result = boundCallToolResult(
      { content: [{ type: 'text', text: 'summary' }], structuredContent: { rows: 'r'.repeat(1_000) } },
      100,
    );
    assert.deepEqual(result, {
      content: [
        { type: 'text', text: 'summary' },
        {
          type: 'text',
          text: '[left out the structured content of 1,011 characters: the result is over its budget of 100 tokens; ask for less]',
        },
      ],
    });
  });

  it('counts what each block costs besides its text, so many empty blocks cannot pass', () => {
    const result = boundCallToolResult({ content: Array.from({ length: 100_000 }, () => ({ type: 'text' as const, text: '' })) }, 1_000);
    assert.ok(JSON.stringify(result).length <= 4_000, `${JSON.stringify(result).length} characters`);
    assert.match(JSON.stringify(result.content.at(-1)), /left out 9\d,\d\d\d content blocks/);
  });

  it('counts _meta and structured content in the same budget as the text', () => {
    const meta = boundCallToolResult({ content: [{ type: 'text', text: 'ok' }], _meta: { padding: 'm'.repeat(10_000) } }, 1_000);
    assert.deepEqual(meta, {
      content: [
        { type: 'text', text: 'ok' },
        {
          type: 'text',
          text: "[left out the result's _meta of 10,014 characters: the result is over its budget of 1,000 tokens; ask for less]",
        },
      ],
    });
    const both = boundCallToolResult(
      { content: [{ type: 'text', text: 't'.repeat(3_000) }], structuredContent: { same: 's'.repeat(3_000) } },
      1_000,
    );
    assert.equal((both.content[0] as { text: string }).text.length, 3_000);
    assert.equal(both.structuredContent, undefined);
    assert.ok(JSON.stringify(both).length <= 4_000);
    const small = boundCallToolResult(
      { content: [{ type: 'text', text: 't'.repeat(3_000) }], structuredContent: { n: 1 }, _meta: { m: 1 } },
      800,
    );
    assert.deepEqual([small.structuredContent, small._meta], [{ n: 1 }, { m: 1 }], 'a result within the one budget keeps both');
  });
});

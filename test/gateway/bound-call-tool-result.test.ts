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
    const result = boundCallToolResult({ content: [{ type: 'text', text: 'a'.repeat(300) }, { type: 'text', text: 'b'.repeat(300) }] }, 100);
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
        { type: 'text', text: '[left out an image (image/png) of 5,000 characters: the result is over its budget of 1,000 tokens; ask for less]' },
        { type: 'text', text: '[left out an audio clip (audio/wav) of 5,000 characters: the result is over its budget of 1,000 tokens; ask for less]' },
        { type: 'text', text: '[left out the resource file:///big.txt of 5,000 characters: the result is over its budget of 1,000 tokens; ask for less]' },
        { type: 'text', text: 'still here' },
      ],
      isError: false,
    });
  });

  it('leaves out structured content over the budget, with a note', () => {
    const result = boundCallToolResult({ content: [{ type: 'text', text: 'summary' }], structuredContent: { rows: 'r'.repeat(1_000) } }, 100);
    assert.deepEqual(result, {
      content: [
        { type: 'text', text: 'summary' },
        { type: 'text', text: '[left out the structured content of 1,011 characters: the result is over its budget of 100 tokens; ask for less]' },
      ],
    });
  });
});

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CHARACTERS_PER_TOKEN, cutText, formatCount } from '../dispatch/cut-text.ts';

type ContentBlock = CallToolResult['content'][number];

/**
 * An MCP tool result within `maxTokens` estimated tokens (characters / 4), for relaying to a client
 * whose model would read all of it. The content blocks share the budget in order: a text block that
 * does not fit is cut with a note saying how much was left out (see `cutText`); an image, audio or
 * embedded resource block that does not fit is replaced by a text note naming it and its size.
 * `structuredContent`, usually the same result as data beside its text, is measured alone against the
 * whole budget and, when over it, left out with a note. A result within the budget is returned as it
 * is, the same object.
 */
export function boundCallToolResult(result: CallToolResult, maxTokens: number): CallToolResult {
  const maxCharacters = maxTokens * CHARACTERS_PER_TOKEN;
  let remaining = maxCharacters;
  let changed = false;
  const content = (result.content ?? []).map((block): ContentBlock => {
    const size = sizeOf(block);
    if (size <= remaining) {
      remaining -= size;
      return block;
    }
    changed = true;
    if (block.type === 'text') {
      const cut = cutText(block.text, remaining);
      remaining = Math.max(0, remaining - cut.length);
      return { ...block, text: cut };
    }
    return { type: 'text', text: leftOutNote(describeBlock(block), size, maxTokens) };
  });
  const structuredSize = result.structuredContent === undefined ? 0 : structuredSizeOf(result.structuredContent);
  if (structuredSize <= maxCharacters && !changed) return result;
  if (structuredSize <= maxCharacters) return { ...result, content };
  const { structuredContent: _leftOut, ...rest } = result;
  return { ...rest, content: [...content, { type: 'text', text: leftOutNote('the structured content', structuredSize, maxTokens) }] };
}

/** Characters a block puts in front of the model: its text, or its encoded data. */
function sizeOf(block: ContentBlock): number {
  switch (block.type) {
    case 'text':
      return block.text.length;
    case 'image':
    case 'audio':
      return block.data.length;
    case 'resource': {
      const resource = block.resource as { text?: unknown; blob?: unknown };
      return typeof resource.text === 'string' ? resource.text.length : typeof resource.blob === 'string' ? resource.blob.length : 0;
    }
    default:
      return JSON.stringify(block).length;
  }
}

function describeBlock(block: ContentBlock): string {
  switch (block.type) {
    case 'image':
      return `an image (${block.mimeType})`;
    case 'audio':
      return `an audio clip (${block.mimeType})`;
    case 'resource':
      return `the resource ${block.resource.uri}`;
    default:
      return `a ${block.type} block`;
  }
}

function structuredSizeOf(value: unknown): number {
  try {
    return JSON.stringify(value).length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function leftOutNote(what: string, size: number, maxTokens: number): string {
  return `[left out ${what} of ${formatCount(size)} characters: the result is over its budget of ${formatCount(maxTokens)} tokens; ask for less]`;
}

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CHARACTERS_PER_TOKEN, cutText, formatCount } from '../dispatch/cut-text.ts';

type ContentBlock = CallToolResult['content'][number];

/** Room kept for the notes saying what was left out: at most this, and an eighth of a small budget. */
const NOTES_ROOM = 600;

/**
 * An MCP tool result within one budget of `maxTokens` estimated tokens (characters / 4), for relaying
 * to a client: everything sent back counts, the content blocks (their text or data, and the JSON each
 * block costs besides, so 300,000 empty blocks are not free), then `structuredContent`, then `_meta`,
 * in that order of what matters to the model. A text block that does not fit is cut with a note
 * saying how much was left out (see `cutText`); an image, audio or resource block that does not fit is
 * replaced by a note naming it; once the budget is spent, the remaining blocks are left out with one
 * note counting them. `structuredContent` (usually the text's data again) and `_meta` (for the client,
 * not the model) are kept when they fit in what is left, and left out with a note otherwise. A result
 * within the budget is returned as it is, the same object.
 */
export function boundCallToolResult(result: CallToolResult, maxTokens: number): CallToolResult {
  const maxCharacters = maxTokens * CHARACTERS_PER_TOKEN;
  if (jsonSize(result) <= maxCharacters) return result;
  let remaining = Math.max(0, maxCharacters - Math.min(NOTES_ROOM, Math.floor(maxCharacters / 8)));
  const blocks = Array.isArray(result.content) ? result.content : [];
  const content: ContentBlock[] = [];
  let index = 0;
  for (; index < blocks.length && remaining > 0; index++) {
    const block = blocks[index]!;
    const overhead = blockOverhead(block);
    const size = payloadSize(block);
    if (overhead + size <= remaining) {
      remaining -= overhead + size;
      content.push(block);
    } else if (block.type === 'text') {
      const cut = cutText(block.text, Math.max(0, remaining - overhead));
      remaining = Math.max(0, remaining - overhead - cut.length);
      content.push({ ...block, text: cut });
    } else {
      const note = leftOutNote(describeBlock(block), size, maxTokens);
      remaining = Math.max(0, remaining - note.length);
      content.push({ type: 'text', text: note });
    }
  }
  if (index < blocks.length) {
    content.push({
      type: 'text',
      text: `[left out ${formatCount(blocks.length - index)} content blocks: the result is over its budget of ${formatCount(maxTokens)} tokens; ask for less]`,
    });
  }
  const { structuredContent, _meta, ...rest } = result;
  const bounded: CallToolResult = { ...rest, content };
  if (structuredContent !== undefined) {
    const size = jsonSize(structuredContent);
    if (size <= remaining) {
      remaining -= size;
      bounded.structuredContent = structuredContent;
    } else {
      content.push({ type: 'text', text: leftOutNote('the structured content', size, maxTokens) });
    }
  }
  if (_meta !== undefined) {
    const size = jsonSize(_meta);
    if (size <= remaining) bounded._meta = _meta;
    else content.push({ type: 'text', text: leftOutNote("the result's _meta", size, maxTokens) });
  }
  return bounded;
}

/** Characters a block puts in front of the model: its text, or its encoded data. */
function payloadSize(block: ContentBlock): number {
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
      return jsonSize(block);
  }
}

/** The JSON a block costs besides its payload (its type, its keys, a separator); at least 8. */
function blockOverhead(block: ContentBlock): number {
  switch (block.type) {
    case 'text':
      return Math.max(8, jsonSize({ ...block, text: '' }) + 1);
    case 'image':
    case 'audio':
      return Math.max(8, jsonSize({ ...block, data: '' }) + 1);
    case 'resource':
      return Math.max(8, jsonSize({ ...block, resource: { ...block.resource, text: '', blob: '' } }) + 1);
    default:
      return 8;
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

/** Characters of `value` as JSON; a value that cannot be written out counts as over any budget. */
function jsonSize(value: unknown): number {
  try {
    return (JSON.stringify(value) as string | undefined)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function leftOutNote(what: string, size: number, maxTokens: number): string {
  const shown = Number.isFinite(size) ? `${formatCount(size)} characters` : 'a size that cannot be measured';
  return `[left out ${what} of ${shown}: the result is over its budget of ${formatCount(maxTokens)} tokens; ask for less]`;
}

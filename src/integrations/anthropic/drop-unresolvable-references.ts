import type Anthropic from '@anthropic-ai/sdk';

type MessageParam = Anthropic.Messages.MessageParam;
type ToolResultBlock = Anthropic.Messages.ToolResultBlockParam;

/**
 * The conversation with every `tool_reference` to a tool the next request does not define taken
 * out, since the API refuses the whole request over one such reference (`tool_reference_unresolved`).
 * That happens when a tool found earlier is gone: its MCP server stopped, a policy now hides it, the
 * catalog shrank below the threshold. A result left with no reference says, as text, which tools are
 * no longer available. Messages with nothing to take out are returned as they are (the same objects);
 * the caller's array is never changed.
 */
export function dropUnresolvableToolReferences(
  messages: readonly MessageParam[],
  tools: readonly { readonly name: string }[],
): MessageParam[] {
  const defined = new Set(tools.map((tool) => tool.name));
  return messages.map((message) => {
    if (message.role !== 'user' || typeof message.content === 'string') return message;
    let changed = false;
    const content = message.content.map((block) => {
      if (block.type !== 'tool_result') return block;
      const kept = resolvableContent(block, defined);
      if (kept === block) return block;
      changed = true;
      return kept;
    });
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set by the callback above (TypeScript does not see it: microsoft/TypeScript#9998)
    return changed ? { ...message, content } : message;
  });
}

function resolvableContent(block: ToolResultBlock, defined: ReadonlySet<string>): ToolResultBlock {
  if (!Array.isArray(block.content)) return block;
  const gone = block.content.flatMap((part) => (part.type === 'tool_reference' && !defined.has(part.tool_name) ? [part.tool_name] : []));
  if (gone.length === 0) return block;
  const kept = block.content.filter((part) => part.type !== 'tool_reference' || defined.has(part.tool_name));
  if (kept.length > 0) return { ...block, content: kept };
  return {
    ...block,
    content: `These tools found earlier are no longer available: ${gone.join(', ')}. Search again if you still need one.`,
  };
}

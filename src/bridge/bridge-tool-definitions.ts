import type { ToolSearchConfig } from '../config/tool-search-config.ts';
import type { ToolDefinition } from '../tools/tool.ts';
import { TOOL_CALL, TOOL_DESCRIBE, TOOL_SEARCH } from './bridge-tool-names.ts';

/** How many toolset names the tool_search description lists before saying "and N more". */
export const LISTED_TOOLSETS_MAX = 12;

export interface BridgeToolsInput {
  readonly deferredCount: number;
  /** Toolsets the deferred tools come from; listed so the model knows what it can search for. */
  readonly toolsets: readonly string[];
  readonly config: ToolSearchConfig;
}

/**
 * The three bridge tools in neutral form. Deterministic: the same input gives the same definitions,
 * byte for byte, so the prompt cache survives between steps. The descriptions carry the deferred count
 * and toolsets, which is why changing the tool set invalidates the cache (docs/behaviour.md, trade-offs).
 * Budget: the three together stay under 300 o200k tokens (a test holds this).
 */
export function buildBridgeTools(input: BridgeToolsInput): ToolDefinition[] {
  const toolsets = [...new Set(input.toolsets)].sort();
  const listed = toolsets.slice(0, LISTED_TOOLSETS_MAX).map(shortToolsetName);
  const more = toolsets.length - listed.length;
  const from = listed.length === 0 ? '' : ` from ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  const { maxSearchLimit, searchDefaultLimit } = input.config;
  return [
    {
      name: TOOL_SEARCH,
      description:
        `Find tools among ${input.deferredCount} more that are not in your list${from}. ` +
        `Query with service and action, e.g. "github create issue". Then ${TOOL_DESCRIBE} a match and run it with ${TOOL_CALL}.`,
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What you want to do' },
          limit: { type: 'integer', minimum: 1, maximum: maxSearchLimit, description: `Results (default ${searchDefaultLimit})` },
        },
        required: ['query'],
      },
    },
    {
      name: TOOL_DESCRIBE,
      description: `Get the parameter schema of a tool found with ${TOOL_SEARCH}.`,
      parameters: {
        type: 'object',
        properties: { name: { type: 'string', description: 'Tool name' } },
        required: ['name'],
      },
    },
    {
      name: TOOL_CALL,
      description: `Run a tool found with ${TOOL_SEARCH}, with arguments that match its schema.`,
      parameters: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'Tool name' },
          arguments: { type: 'object', description: 'Arguments for the tool' },
        },
        required: ['name', 'arguments'],
      },
    },
  ];
}

/** `mcp-github` reads better as `github` in prose. */
function shortToolsetName(toolset: string): string {
  return toolset.startsWith('mcp-') ? toolset.slice(4) : toolset;
}

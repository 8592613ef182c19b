import { describeValue } from '../config/config-warning.ts';
import { ToolSearchError } from '../errors/tool-search-error.ts';

/** Where a gateway config turns on tool_search's ranking by meaning. */
export const SEMANTIC_SETTING_PATH = 'tools.tool_search.semantic';

export interface SemanticSetting {
  /** Whether the config asks for ranking by meaning (false when the key is absent). */
  readonly semantic: boolean;
  /** The document without the key, for the shared agent-config reader, which does not know it. */
  readonly document: Record<string, unknown>;
}

/**
 * Takes `tools.tool_search.semantic` out of a gateway config document. The key is a gateway setting
 * (the gateway loads the sentence encoder for it), so it is read here and removed before the
 * `tools.tool_search` block goes to the agent-config reader, which would call it unknown. A value
 * other than true/false throws a ToolSearchError (`invalid_config_file`): quietly searching by words
 * alone after `semantic: "yes"` would hide the mistake, and a typo costs nothing to fix.
 */
export function takeSemanticSetting(root: Record<string, unknown>): SemanticSetting {
  const tools = root['tools'];
  if (!isMapping(tools)) return { semantic: false, document: root };
  const block = tools['tool_search'];
  if (!isMapping(block) || !('semantic' in block)) return { semantic: false, document: root };
  const { semantic: value, ...rest } = block;
  if (value !== undefined && value !== null && typeof value !== 'boolean') {
    throw new ToolSearchError('invalid_config_file', `${SEMANTIC_SETTING_PATH}: ${describeValue(value)} is not true or false`);
  }
  return { semantic: value === true, document: { ...root, tools: { ...tools, tool_search: rest } } };
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

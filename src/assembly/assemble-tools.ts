import { buildBridgeTools } from '../bridge/bridge-tool-definitions.ts';
import { isBridgeToolName } from '../bridge/bridge-tool-names.ts';
import { DEFAULT_TOOL_SEARCH_CONFIG, type ToolSearchConfig } from '../config/tool-search-config.ts';
import { resolveNameCollisions } from '../tools/resolve-name-collisions.ts';
import { toDefinition, type Tool, type ToolDefinition } from '../tools/tool.ts';
import { isDeferrable } from './classify-tools.ts';
import { decideActivation } from './decide-activation.ts';
import { countSchemaTokens, estimateTokensFromCharacters, type TokenCounter } from './estimate-tokens.ts';

export interface AssemblyOptions {
  /** Resolved `tools.tool_search` config. @default DEFAULT_TOOL_SEARCH_CONFIG */
  readonly config?: ToolSearchConfig;
  /** Context window of the active model, in tokens; undefined when unknown. */
  readonly contextLength?: number;
  /** @default estimateTokensFromCharacters (characters / 4) */
  readonly countTokens?: TokenCounter;
  /** Deferrable tools to keep visible anyway (the gateway's `pin`). */
  readonly isPinned?: (tool: Tool) => boolean;
}

export interface AssemblyResult {
  readonly active: boolean;
  /** Why Tool Search is or is not active, in one sentence. */
  readonly reason: string;
  /** The model-visible tool array, neutral shape: the input when inactive, else visible tools + bridge. */
  readonly tools: readonly ToolDefinition[];
  /** Session tools that stay visible (all of them when inactive), in input order. */
  readonly visible: readonly Tool[];
  /** Tools replaced by the bridge; empty when inactive. These form the tool_search catalog. */
  readonly deferred: readonly Tool[];
  /** Schema tokens of the deferrable tools: the figure compared with the threshold. */
  readonly deferredTokens: number;
  readonly thresholdTokens: number;
  /** Schema tokens of all input tools, and of the model-visible array. */
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  /** Problems with the input that were handled: name collisions (see resolveNameCollisions). */
  readonly warnings: readonly string[];
}

/**
 * Builds the tool array the model sees for one step (docs/behaviour.md, rules 4 to 12:
 * how it works and when it switches on). Pure and deterministic: the same input gives byte-identical output, which keeps the
 * prompt cache. Idempotent: bridge tools found in the input are dropped first, so feeding the output
 * back in gives the same output. With `enabled: off` the input is returned untouched.
 */
export function assembleTools(input: readonly Tool[], options: AssemblyOptions = {}): AssemblyResult {
  const config = options.config ?? DEFAULT_TOOL_SEARCH_CONFIG;
  const countTokens = options.countTokens ?? estimateTokensFromCharacters;
  const tokensBefore = countSchemaTokens(input, countTokens);
  if (config.enabled === 'off') {
    const decision = decideActivation({
      mode: 'off',
      thresholdPct: config.thresholdPct,
      contextLength: options.contextLength,
      deferrableCount: 0,
      deferrableTokens: 0,
    });
    return {
      active: false,
      reason: decision.reason,
      tools: input.map(toDefinition),
      visible: input,
      deferred: [],
      deferredTokens: 0,
      thresholdTokens: decision.thresholdTokens,
      tokensBefore,
      tokensAfter: tokensBefore,
      warnings: [],
    };
  }
  const { tools, warnings } = dropBridgeAndDuplicates(input);
  const deferrable = tools.filter((tool) => isDeferrable(tool) && !(options.isPinned?.(tool) ?? false));
  const deferredTokens = countSchemaTokens(deferrable, countTokens);
  const decision = decideActivation({
    mode: config.enabled,
    thresholdPct: config.thresholdPct,
    contextLength: options.contextLength,
    deferrableCount: deferrable.length,
    deferrableTokens: deferredTokens,
  });
  if (!decision.active) {
    return {
      active: false,
      reason: decision.reason,
      tools: tools.map(toDefinition),
      visible: tools,
      deferred: [],
      deferredTokens,
      thresholdTokens: decision.thresholdTokens,
      tokensBefore,
      tokensAfter: countSchemaTokens(tools, countTokens),
      warnings,
    };
  }
  const deferredSet = new Set(deferrable);
  const visible = tools.filter((tool) => !deferredSet.has(tool));
  const bridge = buildBridgeTools({
    deferredCount: deferrable.length,
    toolsets: deferrable.map((tool) => tool.toolset),
    config,
  });
  const modelTools = [...visible.map(toDefinition), ...bridge];
  return {
    active: true,
    reason: decision.reason,
    tools: modelTools,
    visible,
    deferred: deferrable,
    deferredTokens,
    thresholdTokens: decision.thresholdTokens,
    tokensBefore,
    tokensAfter: countSchemaTokens(modelTools, countTokens),
    warnings,
  };
}

/** Drops tools named like a bridge tool, then makes names unique (core tools keep theirs). */
function dropBridgeAndDuplicates(input: readonly Tool[]): { tools: Tool[]; warnings: string[] } {
  return resolveNameCollisions(input.filter((tool) => !isBridgeToolName(tool.name)));
}

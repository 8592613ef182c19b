import { dynamicTool, jsonSchema, type ModelMessage, type PrepareStepFunction, type ToolSet } from 'ai';
import { isBridgeToolName, TOOL_CALL } from '../../bridge/bridge-tool-names.ts';
import { parseArgumentsObject } from '../../bridge/parse-arguments.ts';
import type { CallOutcome } from '../../dispatch/call-outcome.ts';
import type { ToolSearchSession } from '../../session/tool-search-session.ts';
import type { Tool, ToolDefinition } from '../../tools/tool.ts';
import { isAiSdkBackedTool } from './from-ai-sdk-tools.ts';
import { outcomeToModelOutput } from './outcome-to-model-output.ts';
import { sameItems } from '../../catalog/index/same-items.ts';

/** The AI SDK's per-tool approval switch: a boolean, or a function of the input. */
type NeedsApprovalFunction = (
  input: unknown,
  options: { toolCallId: string; messages: ModelMessage[]; experimental_context?: unknown },
) => boolean | PromiseLike<boolean>;
type NeedsApproval = NeedsApprovalFunction | boolean;

/** What `generateText` / `streamText` need: spread it in, or pass `tools` and `prepareStep` yourself. */
export interface AiSdkToolSearch {
  /**
   * A live tool record over the session: its keys are the model-visible tools of the latest assembly
   * (in that order) followed by the session's other tools, read afresh each time the SDK looks, so
   * tools added to or removed from the session's registry show up at the next step. Every entry runs
   * through `session.call`, so hooks, guardrails, approval and the activity feed see each call, and
   * returns the `CallOutcome` (`{ok, value}` or `{ok, error}`) as the tool's output.
   */
  readonly tools: ToolSet;
  /**
   * The per-step hook: re-assembles the tool array and returns it as `activeTools`, so the model sees
   * exactly `session.assemble().tools` at every step. To combine it with your own, call it inside yours
   * and keep its `activeTools`.
   */
  readonly prepareStep: PrepareStepFunction<ToolSet>;
}

/**
 * Connects a Tool Search session to the Vercel AI SDK (v6): `generateText({model, ...createAiSdkTools(session), stopWhen, prompt})`.
 * Model mistakes (unknown tool, denied or declined call, failing tool) reach the model as `error-text`
 * tool results; nothing throws into the agent loop. The SDK's abort signal is passed to the real tool.
 *
 * Bridge mode only, on purpose. Native deferred loading (Anthropic's `defer_loading` with
 * `tool_reference` results, OpenAI Responses' client `tool_search` with `tool_search_output` items,
 * as `tool-search/anthropic` and `tool-search/openai` do it) needs the provider to write those fields,
 * and in the versions this package is built and tested with (`ai` 6.0, `@ai-sdk/provider` 3.0,
 * `@ai-sdk/openai-compatible` 2.0, `@ai-sdk/gateway` 3.0) none does: a tool reaches the provider as
 * name, description and schema, and a tool result as text, JSON or media. Sending the flags through
 * `providerOptions` that no installed provider reads would only look native. The bridge works with
 * every provider; for native mode, use the official SDKs through `tool-search/anthropic` or `/openai`.
 */
export function createAiSdkTools(session: ToolSearchSession): AiSdkToolSearch {
  const execute = (name: string) => (input: unknown, options: { toolCallId: string; abortSignal?: AbortSignal }) =>
    session.call(name, input ?? {}, {
      callId: options.toolCallId,
      ...(options.abortSignal === undefined ? {} : { signal: options.abortSignal }),
      // The SDK's options (messages, context) reach an AI SDK tool run through the bridge as well.
      host: options,
    });
  const wrap = (definition: ToolDefinition, needsApproval: NeedsApproval | undefined): ToolSet[string] =>
    dynamicTool({
      description: definition.description,
      inputSchema: jsonSchema(definition.parameters as Parameters<typeof jsonSchema>[0]),
      execute: execute(definition.name),
      toModelOutput: ({ output }) => outcomeToModelOutput(output as CallOutcome),
      ...(needsApproval === undefined ? {} : { needsApproval }),
    });
  // tool_call asks the SDK for approval exactly when the real tool it names would have.
  const bridgedApproval: NeedsApprovalFunction = async (input, options) => {
    const target = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
    const tool = session.tools().find((candidate) => candidate.name === target['name']);
    const needsApproval = tool !== undefined && isAiSdkBackedTool(tool) ? tool.aiSdkTool.needsApproval : undefined;
    if (needsApproval === undefined || typeof needsApproval === 'boolean') return needsApproval ?? false;
    const parsed = parseArgumentsObject(target['arguments'], 'arguments');
    return parsed.ok ? needsApproval(parsed.value, options) : false;
  };
  const approvalOf = (definition: ToolDefinition, tool: Tool | undefined): NeedsApproval | undefined => {
    if (definition.name === TOOL_CALL) return bridgedApproval;
    return tool !== undefined && isAiSdkBackedTool(tool) ? (tool.aiSdkTool.needsApproval as NeedsApproval | undefined) : undefined;
  };

  // The view is rebuilt only when the session's tools change (compared by identity): the SDK reads the
  // record many times per step, and assembly is pure over the tool list, so reusing it changes nothing.
  let view: { source: readonly Tool[]; activeTools: string[]; entries: Map<string, ToolSet[string]> } | undefined;
  const current = () => {
    const source = session.tools();
    if (view !== undefined && sameItems(view.source, source)) return view;
    const assembled = session.assemble().tools;
    const entries = new Map<string, ToolSet[string]>();
    const byName = new Map(source.map((tool) => [tool.name, tool]));
    for (const definition of assembled) entries.set(definition.name, wrap(definition, approvalOf(definition, byName.get(definition.name))));
    for (const tool of source) {
      if (!entries.has(tool.name) && !isBridgeToolName(tool.name)) entries.set(tool.name, wrap(tool, approvalOf(tool, tool)));
    }
    view = { source, activeTools: assembled.map((tool) => tool.name), entries };
    return view;
  };

  const tools = new Proxy({} as ToolSet, {
    ownKeys: () => [...current().entries.keys()],
    has: (_target, name) => typeof name === 'string' && current().entries.has(name),
    getOwnPropertyDescriptor: (_target, name) => {
      const entry = typeof name === 'string' ? current().entries.get(name) : undefined;
      return entry === undefined ? undefined : { value: entry, enumerable: true, configurable: true, writable: false };
    },
    get: (_target, name) => (typeof name === 'string' ? current().entries.get(name) : undefined),
  });

  return {
    tools,
    prepareStep: () => ({ activeTools: [...current().activeTools] }),
  };
}

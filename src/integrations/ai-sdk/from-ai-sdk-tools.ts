import { asSchema, type ModelMessage, type Tool as AiSdkTool, type ToolSet } from 'ai';
import { ToolSearchError } from '../../errors/tool-search-error.ts';
import type { JsonSchema, Tool, ToolsetKind } from '../../tools/tool.ts';
import { toolsetKindFromName } from '../../tools/toolset-kind.ts';

export interface FromAiSdkToolsOptions {
  /** The toolset the tools belong to: `core` for your own always-visible tools, `mcp-<server>` for an MCP server's. */
  readonly toolset: string;
  /** @default toolsetKindFromName(toolset): `core`, `mcp` for `mcp-*`, else `plugin` */
  readonly kind?: ToolsetKind;
}

/** A neutral tool made from an AI SDK tool, which it keeps so its `needsApproval` can be honoured. */
export interface AiSdkBackedTool extends Tool {
  readonly aiSdkTool: AiSdkTool;
}

/** Whether a tool was made by {@link fromAiSdkTools}. */
export function isAiSdkBackedTool(tool: Tool): tool is AiSdkBackedTool {
  return 'aiSdkTool' in tool && typeof (tool as { aiSdkTool?: unknown }).aiSdkTool === 'object';
}

/**
 * Turns an AI SDK tool set (`tool()`, `dynamicTool()`, or the tools of an AI SDK MCP client) into the
 * library's neutral tools, so a session can defer, search and run them. Each tool keeps its own
 * `execute`, called with the input checked by the tool's own schema (as the SDK does), the pipeline's
 * abort signal, the call id as `toolCallId`, and the conversation (`messages`, `experimental_context`)
 * of the SDK call that led to it, direct or through tool_call, when it came through createAiSdkTools
 * (otherwise `messages` is empty). Its `needsApproval` is kept for
 * {@link createAiSdkTools}, which hands it to the SDK for direct and bridged calls alike. Async because
 * AI SDK schemas may resolve lazily.
 * Throws a ToolSearchError (`invalid_tool`) for provider-executed tools, which cannot be deferred.
 */
export async function fromAiSdkTools(toolSet: ToolSet, options: FromAiSdkToolsOptions): Promise<AiSdkBackedTool[]> {
  const kind = options.kind ?? toolsetKindFromName(options.toolset);
  return Promise.all(
    Object.entries(toolSet).map(async ([name, aiTool]): Promise<AiSdkBackedTool> => {
      if (aiTool.type === 'provider') {
        throw new ToolSearchError(
          'invalid_tool',
          `AI SDK tool '${name}' is provider-executed and cannot go through Tool Search; pass it to generateText yourself.`,
        );
      }
      const schema = asSchema(aiTool.inputSchema);
      const parameters = (await schema.jsonSchema) as JsonSchema;
      const execute = aiTool.execute;
      return {
        name,
        description: aiTool.description ?? '',
        parameters,
        toolset: options.toolset,
        kind,
        aiSdkTool: aiTool,
        ...(execute === undefined
          ? {}
          : {
              execute: async (args, call) =>
                lastValue(
                  await execute(await validated(schema, args), {
                    ...sdkOptionsOf(call.host),
                    toolCallId: call.callId,
                    ...(call.signal === undefined ? {} : { abortSignal: call.signal }),
                  }),
                ),
            }),
      };
    }),
  );
}

/**
 * The conversation and user context of the AI SDK call that led here (createAiSdkTools passes the SDK's
 * options as the call's host), or no messages when the call came from elsewhere.
 */
function sdkOptionsOf(host: unknown): { messages: ModelMessage[]; experimental_context?: unknown } {
  if (typeof host !== 'object' || host === null) return { messages: [] };
  const { messages, experimental_context: context } = host as { messages?: unknown; experimental_context?: unknown };
  return {
    messages: Array.isArray(messages) ? (messages as ModelMessage[]) : [],
    ...(context === undefined ? {} : { experimental_context: context }),
  };
}

/**
 * The input as the tool's own schema reads it (defaults and transforms applied), as the SDK would
 * pass it. A mismatch throws, which the pipeline reports to the model as a failed call.
 */
async function validated(schema: ReturnType<typeof asSchema>, input: unknown): Promise<unknown> {
  if (schema.validate === undefined) return input;
  const result = await schema.validate(input);
  if (!result.success) throw new Error(`the arguments do not match its schema: ${result.error.message}`);
  return result.value;
}

/** AI SDK tools may stream preliminary results as an async iterable; the last one is the result. */
async function lastValue(result: unknown): Promise<unknown> {
  if (typeof result !== 'object' || result === null || !(Symbol.asyncIterator in result)) return result;
  let last: unknown;
  for await (const value of result as AsyncIterable<unknown>) last = value;
  return last;
}

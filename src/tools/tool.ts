/**
 * The neutral tool definition every layer works on, whatever wire shape it arrived in.
 */

/** A JSON Schema object, kept as plain data: the library never interprets more than `properties`. */
export type JsonSchema = { readonly [key: string]: unknown };

/** What a model needs to call a tool: the same three fields in every provider's wire shape. */
export interface ToolDefinition {
  /** Model-visible name; unique within one session. */
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments object (`{type: "object", properties: {...}}`). */
  readonly parameters: JsonSchema;
}

/**
 * Where a tool comes from. Only `mcp` and `plugin` tools may be deferred; `core` tools are always sent
 * directly (docs/behaviour.md, rules 1 and 2).
 */
export type ToolsetKind = 'core' | 'mcp' | 'plugin';

/** Arguments of one call, always an object by the time a tool sees them. */
export type ToolArguments = Record<string, unknown>;

/** What a pipeline stage or a tool is told about the call it is part of. */
export interface ToolCallContext {
  /** The real tool's model-visible name: never a bridge tool's. */
  readonly name: string;
  readonly tool: Tool;
  readonly arguments: ToolArguments;
  /** True when the model reached the tool through `tool_call`. */
  readonly viaBridge: boolean;
  readonly sessionId: string;
  readonly callId: string;
  readonly signal?: AbortSignal;
  /**
   * What the host framework passed with the call (the AI SDK's tool execution options, say), handed on
   * untouched so that a tool made from that framework's tools gets it as if called directly. The
   * library never reads it.
   */
  readonly host?: unknown;
}

/** Runs a tool. Whatever it returns is handed back to the model as the call's value. */
export type ToolExecutor = (args: ToolArguments, context: ToolCallContext) => unknown;

/**
 * Hints for clients about what a tool does (MCP's tool annotations): shown to MCP clients, which use
 * them for approval and display, and never to a model. Untrusted: an upstream server's claims.
 */
export interface ToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/** A tool as registered with a session: its definition, its provenance and, optionally, how to run it. */
export interface Tool extends ToolDefinition {
  /** Name of the toolset (MCP server, plugin, core group) the tool belongs to. */
  readonly toolset: string;
  readonly kind: ToolsetKind;
  /** The name the source knows the tool by (an upstream MCP server's own name); defaults to `name`. */
  readonly originalName?: string;
  /** Runs the tool; when absent the session's `execute` option is used. */
  readonly execute?: ToolExecutor;
  /** Client-facing hints (MCP annotations), passed on in the MCP shape only. */
  readonly annotations?: ToolAnnotations;
  /**
   * Short texts of how people ask for this tool ("make my fix part of main" for a merge), for the
   * search to match requests worded unlike the tool's own description. Never shown to the model or a
   * client: no wire shape, describe or tool list carries them. Filled by the caller or by request
   * sources (docs/requests.md: the shipped request pack, learning from use, the user's own model);
   * order is meaningful only in that earlier texts survive a bound first. @default none
   */
  readonly requests?: readonly string[];
  /**
   * Set by balanceRequests on a tool that had no requests beside tools that had some: how it was
   * given its `requests` (lent by similarly named tools, or its own text). The search then keeps the
   * requests field at its lower weight (FieldWeights.requests). @default none: its own requests
   */
  readonly requestsGivenBy?: 'lent' | 'own text';
}

/** The source's own name of a tool. */
export function originalNameOf(tool: Tool): string {
  return tool.originalName ?? tool.name;
}

/** The neutral definition of a tool, without provenance or executor (what a model is shown). */
export function toDefinition(tool: ToolDefinition): ToolDefinition {
  return { name: tool.name, description: tool.description, parameters: tool.parameters };
}

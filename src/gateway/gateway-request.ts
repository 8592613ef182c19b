import type { CallToolResult, ElicitRequestFormParams, ElicitResult, Progress } from '@modelcontextprotocol/sdk/types.js';

/**
 * What the gateway knows about the MCP request being served while the core session runs the call:
 * carried through the core pipeline in an AsyncLocalStorage (the pipeline's context has no room for
 * transport details), so the executor can relay progress and the approver can elicit.
 */
export interface GatewayRequest {
  /** Relays an upstream progress notification to the client; set when the client sent a progressToken. */
  readonly onProgress?: (progress: Progress) => void;
  /** Asks the client's user; undefined when the client does not support elicitation. */
  readonly elicit?: (params: ElicitRequestFormParams) => Promise<ElicitResult>;
  /**
   * Set by the executor when the upstream answered with `isError: true`: the gateway relays this result
   * untouched while the pipeline records the call as failed.
   */
  upstreamError?: CallToolResult;
}

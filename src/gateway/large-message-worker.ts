/**
 * The worker thread of readLargeMessage: parses one large line from an upstream, shrinks any tool
 * result in it (shrinkToolAnswer), checks it as a JSON-RPC message and posts back `{id, message}` or
 * `{id, error}`. Run only as a worker; importing it elsewhere does nothing.
 */
import { parentPort } from 'node:worker_threads';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { shrinkToolAnswer, type ToolAnswerLimits } from './shrink-tool-answer.ts';

/** A line as the pieces of its bytes, joined and decoded here. */
export interface LargeMessageRequest {
  readonly id: number;
  readonly pieces: readonly Uint8Array[];
  readonly limits: ToolAnswerLimits;
}

export type LargeMessageReply = { readonly id: number; readonly message: unknown } | { readonly id: number; readonly error: string };

parentPort?.on('message', (request: LargeMessageRequest) => {
  let reply: LargeMessageReply;
  try {
    const shrunk = shrinkToolAnswer(JSON.parse(Buffer.concat(request.pieces).toString('utf8')), request.limits);
    reply = { id: request.id, message: JSONRPCMessageSchema.parse(shrunk) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});

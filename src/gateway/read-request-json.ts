import type { IncomingMessage } from 'node:http';
import { incomingMessageProblem, refusalMessage, topLevelRequestId, type MessageRefusal } from './bound-incoming-message.ts';

/**
 * The most bytes of a request body read: the MCP SDK's own default limit for Streamable HTTP, so a
 * body read here is one the transport would have read too.
 */
export const MAX_REQUEST_BODY_BYTES = 4 * 1024 * 1024;

/** A request body read as JSON: its value, or why there is none (`refused`: the JSON-RPC error to send). */
export type RequestJson =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'refused'; readonly refusal: MessageRefusal };

/**
 * Reads a request's body as JSON, at most `maxBytes`: a declared Content-Length over it is refused
 * unread, and reading stops as soon as more has arrived. A body nested or packed beyond
 * INCOMING_MESSAGE_BOUNDS is refused before it is parsed.
 */
export async function readRequestJson(request: IncomingMessage, maxBytes = MAX_REQUEST_BODY_BYTES): Promise<RequestJson> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return { kind: 'too-large' };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) return { kind: 'too-large' };
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const problem = incomingMessageProblem(text);
  if (problem !== undefined) return { kind: 'refused', refusal: refusalMessage(topLevelRequestId(text), problem) };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'invalid' };
  }
}

/** Whether a JSON-RPC message, or a batch, holds the `initialize` request that starts an MCP session. */
export function startsSession(message: unknown): boolean {
  const messages = Array.isArray(message) ? message : [message];
  return messages.some((item) => typeof item === 'object' && item !== null && (item as { method?: unknown }).method === 'initialize');
}

import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { incomingMessageProblem, refusalMessage, topLevelRequestId, type MessageRefusal } from './bound-incoming-message.ts';

/**
 * The most bytes of a request body read: the MCP SDK's own default limit for Streamable HTTP, so a
 * body read here is one the transport would have read too.
 */
export const MAX_REQUEST_BODY_BYTES = 4 * 1024 * 1024;

/** A request body read as JSON: its value, or why there is none (`refused`: the JSON-RPC error to send). */
export type RequestJson =
  | { readonly kind: 'json'; readonly value: unknown; readonly large: boolean }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'refused'; readonly refusal: MessageRefusal };

/** A body of at least this many bytes is checked and parsed in turns of the event loop. */
export const LARGE_REQUEST_BODY_BYTES = 256 * 1024;

export interface ReadRequestOptions {
  /** @default MAX_REQUEST_BODY_BYTES */
  readonly maxBytes?: number;
  /** Lets the event loop serve others' requests; resolves on its next turn. @default setImmediate */
  readonly yieldTurn?: () => Promise<unknown>;
}

/**
 * Reads a request's body as JSON, at most `maxBytes`: a declared Content-Length over it is refused
 * unread, and reading stops as soon as more has arrived. A body nested or packed beyond
 * INCOMING_MESSAGE_BOUNDS is refused before it is parsed. A large body (LARGE_REQUEST_BODY_BYTES) yields
 * the event loop after its bounds check and after its parse: each takes tens of milliseconds for a few
 * megabytes, and run back to back with the call they carry they held up every other client's requests
 * for over 100 ms (bench/results/gateway-trust.md).
 */
export async function readRequestJson(request: IncomingMessage, options: ReadRequestOptions = {}): Promise<RequestJson> {
  const maxBytes = options.maxBytes ?? MAX_REQUEST_BODY_BYTES;
  const yieldTurn = options.yieldTurn ?? (() => nextTurn());
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
  const large = size >= LARGE_REQUEST_BODY_BYTES;
  const problem = incomingMessageProblem(text);
  if (problem !== undefined) return { kind: 'refused', refusal: refusalMessage(topLevelRequestId(text), problem) };
  if (large) await yieldTurn();
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return { kind: 'invalid' };
  }
  if (large) await yieldTurn();
  return { kind: 'json', value, large };
}

/**
 * Set (serve-http) while the MCP SDK handles a large request body, so that the request's handler can
 * yield the event loop once more before the call it carries is checked and run.
 */
export const largeRequestBody = new AsyncLocalStorage<true>();

/** Whether a JSON-RPC message, or a batch, holds the `initialize` request that starts an MCP session. */
export function startsSession(message: unknown): boolean {
  const messages = Array.isArray(message) ? message : [message];
  return messages.some((item) => typeof item === 'object' && item !== null && (item as { method?: unknown }).method === 'initialize');
}

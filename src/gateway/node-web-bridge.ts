import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/**
 * Node's request as a web `Request`, for the MCP SDK's web-standard Streamable HTTP transport. A body
 * already read (and bounded) by the gateway is passed to the transport as `parsedBody` instead, so the
 * request then carries none; otherwise (a body of another content type) the node stream is handed on.
 * `signal` aborts when the client goes away.
 */
export function toWebRequest(
  request: IncomingMessage,
  options: { readonly bodyRead: boolean; readonly signal: AbortSignal; readonly omitHeaders?: readonly string[] },
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || options.omitHeaders?.includes(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
  const hasBody = !options.bodyRead && method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    signal: options.signal,
    ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Sends a web `Response` through node's response: status and headers at once (an event stream's
 * client waits for them), then the body as it comes, waiting for the client to read when it lags.
 * When the client goes away the body is cancelled, which is how the SDK learns a stream closed.
 * With `headersSent`, only the body is sent (the caller already wrote the headers and some events).
 */
export async function relayWebResponse(
  webResponse: Response,
  response: ServerResponse,
  options: { readonly headersSent?: boolean } = {},
): Promise<void> {
  if (options.headersSent !== true) {
    const headers: Record<string, string> = {};
    webResponse.headers.forEach((value, name) => {
      headers[name] = value;
    });
    response.writeHead(webResponse.status, headers);
    response.flushHeaders();
  }
  // Headers already sent promised an event stream: a refusal's body cannot follow them.
  if (webResponse.body === null || (options.headersSent === true && webResponse.status !== 200)) {
    await webResponse.body?.cancel().catch(() => undefined);
    response.end();
    return;
  }
  const reader = webResponse.body.getReader();
  const cancel = (): void => void reader.cancel().catch(() => undefined);
  response.once('close', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!response.write(value)) await drained(response);
      if (response.destroyed) break;
    }
  } catch {
    // The body failed or was cancelled: the client is gone, or the SDK closed the stream.
  } finally {
    response.off('close', cancel);
    if (response.destroyed) cancel();
    response.end();
  }
}

function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.once('drain', done);
    response.once('close', done);
  });
}

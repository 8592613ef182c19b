import type { IncomingMessage } from 'node:http';

/** The most bytes of a sign-in form read: a code is 24 characters. */
export const MAX_FORM_BYTES = 2_048;

/**
 * The fields of an `application/x-www-form-urlencoded` request body, or undefined when the body is of
 * another type or over `maxBytes` (a declared Content-Length over it is refused unread; reading stops
 * as soon as more has arrived).
 */
export async function readFormBody(request: IncomingMessage, maxBytes = MAX_FORM_BYTES): Promise<URLSearchParams | undefined> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '')) return undefined;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) return undefined;
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A fetch response's body parsed as JSON, reading at most `maxBytes`: a declared Content-Length over
 * it is refused unread, and reading stops (the rest cancelled) as soon as more has arrived, so an
 * endpoint cannot make the process hold an answer of any size. Rejects with a one-line reason.
 */
export async function readBoundedJson(response: Response, maxBytes: number, signal?: AbortSignal): Promise<unknown> {
  const tooLarge = (): Error => new Error(`the answer is larger than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (response.body === null) throw new Error('the answer has no body');
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      if (signal?.aborted === true) throw new Error('abandoned');
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw tooLarge();
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new Error('the answer is not JSON');
  }
}

import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { LARGE_REQUEST_BODY_BYTES, readRequestJson } from '../../src/gateway/read-request-json.ts';

/** A request whose body is `text`, in 64 KB chunks. */
function requestOf(text: string): IncomingMessage {
  const buffer = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let start = 0; start < buffer.length; start += 65_536) chunks.push(buffer.subarray(start, start + 65_536));
  return Object.assign(Readable.from(chunks), { headers: {} }) as unknown as IncomingMessage;
}

const callOf = (values: number): string =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 7,
    method: 'tools/call',
    params: { name: 'echo', arguments: { values: Array.from({ length: values }, (_, index) => index) } },
  });

describe('readRequestJson', () => {
  it('reads a small body in one go, and a large one yielding the event loop after its check and after its parse', async () => {
    let turns = 0;
    const yieldTurn = async () => void (turns += 1);
    const small = await readRequestJson(requestOf(callOf(10)), { yieldTurn });
    assert.deepEqual(small, { kind: 'json', value: JSON.parse(callOf(10)), large: false });
    assert.equal(turns, 0);

    const text = callOf(60_000);
    assert.ok(Buffer.byteLength(text) >= LARGE_REQUEST_BODY_BYTES);
    const large = await readRequestJson(requestOf(text), { yieldTurn });
    assert.deepEqual(large, { kind: 'json', value: JSON.parse(text), large: true });
    assert.equal(turns, 2);
  });

  it('answers a large body that is not JSON as invalid, and one over the byte bound as too large', async () => {
    let turns = 0;
    const yieldTurn = async () => void (turns += 1);
    const invalid = await readRequestJson(requestOf(`${callOf(60_000)}}`), { yieldTurn });
    assert.deepEqual(invalid, { kind: 'invalid' });
    assert.equal(turns, 1);
    assert.deepEqual(await readRequestJson(requestOf(callOf(60_000)), { maxBytes: 100_000, yieldTurn }), { kind: 'too-large' });
  });
});

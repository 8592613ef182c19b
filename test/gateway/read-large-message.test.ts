import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ProcessGroupTransport } from '../../src/gateway/process-group-transport.ts';
import { shownCallToolResult } from '../../src/gateway/shown-call-tool-result.ts';
import type { LineBytes } from '../../src/gateway/newline-frames.ts';
import { LARGE_MESSAGE_BYTES, readLargeMessage } from '../../src/gateway/read-large-message.ts';

const LIMITS = { maxResultTokens: 1_000, secrets: [] };

function answerLine(id: number, blocks: number): string {
  const result = {
    content: [{ type: 'text', text: 'first' }, ...Array.from({ length: blocks }, () => ({ type: 'text', text: '' }))],
    _meta: { padding: 'm'.repeat(300_000) },
  };
  return JSON.stringify({ jsonrpc: '2.0', id, result });
}

/** A line as NewlineFrames gives a large one: its bytes, here in one piece. */
const bytesOf = (line: string): LineBytes => ({ pieces: [Buffer.from(line)] });

describe('readLargeMessage', () => {
  it('reads a large tool answer in a worker and hands back only what a client could be shown', async () => {
    const line = answerLine(4, 200_000);
    assert.ok(line.length > 4_000_000);
    const message = (await readLargeMessage(bytesOf(line), LIMITS)) as unknown as { id: number; result: CallToolResult };
    assert.equal(message.id, 4);
    assert.ok(JSON.stringify(message).length < 5_000, `${JSON.stringify(message).length} characters`);
    // Exactly what the relay would have made of the whole answer.
    assert.deepEqual(message.result, shownCallToolResult((JSON.parse(line) as { result: CallToolResult }).result, LIMITS.maxResultTokens));
    assert.match(JSON.stringify(message.result.content), /left out 199,\d{3} content blocks/);
    assert.match(JSON.stringify(message.result.content), /left out the result's _meta/);
  });

  it('reads a line in several pieces the same as in one, moving the pieces that own their memory', async () => {
    const line = answerLine(6, 50_000);
    const bytes = Buffer.from(line);
    const owned = Buffer.from(bytes.subarray(0, 1_000_000));
    const pooled = Buffer.from('x').subarray(0, 0);
    const pieces = [owned, pooled, Buffer.from(bytes.subarray(1_000_000))];
    const fromPieces = await readLargeMessage({ pieces }, LIMITS);
    assert.deepEqual(fromPieces, await readLargeMessage(bytesOf(line), LIMITS));
    assert.equal(owned.length, 0, 'moved to the worker');
    assert.equal(Buffer.from('y').toString(), 'y', 'the shared pool is still there');
  });

  it('rejects a line that is not JSON-RPC, with the reason, and reads the next one', async () => {
    await assert.rejects(readLargeMessage(bytesOf(`{"jsonrpc": "2.0", "id": 1, "result": ${'['.repeat(10)}`), LIMITS), /JSON/);
    await assert.rejects(readLargeMessage(bytesOf(JSON.stringify({ jsonrpc: '1.0', id: 1, result: {} })), LIMITS));
    const message = (await readLargeMessage(bytesOf(answerLine(5, 10)), LIMITS)) as { id: number };
    assert.equal(message.id, 5);
  });
});

describe('ProcessGroupTransport with largeAnswers', () => {
  it('hands on a large answer shrunk, and the lines after it still after it', async () => {
    const large = answerLine(1, 100_000);
    assert.ok(large.length >= LARGE_MESSAGE_BYTES);
    // A server that writes a large answer, a notification and a small answer at once, then waits.
    const script = [
      `const lines = [${JSON.stringify(large)}, ${JSON.stringify(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }))}, ${JSON.stringify(JSON.stringify({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'small' }] } }))}];`,
      `process.stdout.write(lines.join('\\n') + '\\n');`,
      'process.stdin.resume();',
    ].join('\n');
    const folder = mkdtempSync(join(tmpdir(), 'large-answer-'));
    const scriptFile = join(folder, 'server.cjs');
    writeFileSync(scriptFile, script);
    const transport = new ProcessGroupTransport({
      command: process.execPath,
      args: [scriptFile],
      env: { PATH: process.env.PATH ?? '' },
      largeAnswers: LIMITS,
      graceMs: 200,
    });
    const received: JSONRPCMessage[] = [];
    const three = new Promise<void>((resolve, reject) => {
      transport.onerror = reject;
      transport.onmessage = (message) => {
        received.push(message);
        if (received.length === 3) resolve();
      };
    });
    await transport.start();
    try {
      await three;
    } finally {
      await transport.close();
      rmSync(folder, { recursive: true, force: true });
    }
    assert.deepEqual(
      received.map((message) => ('id' in message ? message.id : (message as { method: string }).method)),
      [1, 'notifications/tools/list_changed', 2],
    );
    const first = received[0] as unknown as { result: CallToolResult };
    assert.ok(JSON.stringify(first).length < 5_000, `${JSON.stringify(first).length} characters`);
    assert.match(JSON.stringify(first.result.content), /left out 99,\d{3} content blocks/);
  });
});

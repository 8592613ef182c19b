import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createRedactor } from '../../src/gateway/redact-secrets.ts';
import { shownCallToolResult } from '../../src/gateway/shown-call-tool-result.ts';
import { shrinkToolAnswer } from '../../src/gateway/shrink-tool-answer.ts';

const SECRET = { value: 'sk-live-9Vb4Nc8Rt1Zw6Yp3Kd5Lm7Qx2', shownAs: '${env:API_KEY}' };
const LIMITS = { maxResultTokens: 1_000, secrets: [SECRET] };

/** The hostile fixture's worst answer, smaller: long text, many empty blocks, structuredContent and a big _meta. */
function oversizedResult(blocks: number): CallToolResult {
  return {
    content: [{ type: 'text', text: 't'.repeat(9_000) }, ...Array.from({ length: blocks }, () => ({ type: 'text' as const, text: '' }))],
    structuredContent: { text: 't'.repeat(9_000) },
    _meta: { padding: 'm'.repeat(400_000) },
  };
}

describe('shrinkToolAnswer', () => {
  it('gives a tool answer exactly as the client is shown it when relayed, counting every block left out', () => {
    const result = oversizedResult(200_000);
    const shrunk = shrinkToolAnswer({ jsonrpc: '2.0', id: 7, result }, LIMITS) as { id: number; result: CallToolResult };
    assert.equal(shrunk.id, 7);
    assert.deepEqual(shrunk.result, shownCallToolResult(result, LIMITS.maxResultTokens, createRedactor(LIMITS.secrets)));
    assert.ok(JSON.stringify(shrunk).length < 6_000, `${JSON.stringify(shrunk).length} characters`);
    assert.match(JSON.stringify(shrunk.result.content), /left out 199,99\d content blocks/);
    // Relaying it again changes nothing: the early shrink and the relay agree.
    assert.deepEqual(shownCallToolResult(shrunk.result, LIMITS.maxResultTokens, createRedactor(LIMITS.secrets)), shrunk.result);
  });

  it('takes a secret out before cutting, so no piece of one straddling the cut is left', () => {
    // The secret starts 10 characters before where a 1,000-token budget cuts the text.
    const text = `${'x'.repeat(3_990 - 600 - 10)}${SECRET.value}${'y'.repeat(5_000)}`;
    const shrunk = shrinkToolAnswer({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text }] } }, LIMITS);
    const shown = JSON.stringify(shrunk);
    for (let start = 0; start + 8 <= SECRET.value.length; start++)
      assert.ok(!shown.includes(SECRET.value.slice(start, start + 8)), `a piece of the secret at ${start}`);
  });

  it('turns an answer that is not a valid tool result into an error response for the same id', () => {
    const shrunk = shrinkToolAnswer({ jsonrpc: '2.0', id: 'call-3', result: { content: [{ type: 'text', text: 42 }] } }, LIMITS) as {
      id: unknown;
      error: { code: number; message: string };
    };
    assert.equal(shrunk.id, 'call-3');
    assert.equal(shrunk.error.code, -32603);
    assert.match(shrunk.error.message, /not a valid tool result/);
  });

  it('returns any other message as it is', () => {
    for (const message of [
      { jsonrpc: '2.0', id: 2, result: { tools: [] } },
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
      { jsonrpc: '2.0', id: 3, error: { code: 1, message: 'no' } },
      'not an object',
      null,
    ]) {
      assert.equal(shrinkToolAnswer(message, LIMITS), message);
    }
  });
});

import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, test } from 'node:test';
import type { ToolCallContext } from '../../src/index.ts';
import { blockDeletes, createTerminalApprover, redactSecrets } from '../../examples/hooks.ts';

function callOf(name: string, args: Record<string, unknown> = {}): ToolCallContext {
  return {
    name,
    arguments: args,
    viaBridge: true,
    sessionId: 's',
    callId: 'c',
    tool: { name, description: '', parameters: {}, toolset: 'mcp-x', kind: 'mcp' },
  };
}

describe('the worked example hooks', () => {
  test('blockDeletes denies names matching *delete* and allows the rest', async () => {
    assert.deepEqual(await blockDeletes(callOf('mcp_github_delete_repo')), { deny: 'deleting is not allowed in this agent' });
    assert.equal(await blockDeletes(callOf('mcp_github_create_issue')), undefined);
  });

  test('redactSecrets replaces keys and key-value secrets in text and in JSON values', async () => {
    const ok = (value: unknown) => ({ ok: true as const, value });
    assert.deepEqual(
      await redactSecrets(callOf('t'), ok('key sk-abcdef1234567 and password: hunter2')),
      ok('key [REDACTED] and password: [REDACTED]'),
    );
    assert.deepEqual(await redactSecrets(callOf('t'), ok({ token: 'abc123', user: 'ada' })), ok({ token: '[REDACTED]', user: 'ada' }));
    assert.equal(await redactSecrets(callOf('t'), ok('nothing secret')), undefined);
    assert.equal(await redactSecrets(callOf('t'), { ok: false, error: { code: 'tool_failed', message: 'token=abc' } }), undefined);
  });

  test('the terminal approver asks with the real name and arguments, and approves on y', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let asked = '';
    output.on('data', (chunk: Buffer) => {
      asked += chunk.toString();
      if (asked.endsWith('[y/N] ')) input.write('y\n');
    });
    const approve = createTerminalApprover({ input, output, needsApproval: (name) => name.includes('create') });
    assert.equal(await approve(callOf('mcp_github_create_issue', { title: 'bug' })), true);
    assert.equal(asked, 'Allow mcp_github_create_issue {"title":"bug"}? [y/N] ');
    assert.equal(await approve(callOf('mcp_github_list_issues')), true);
    assert.equal(asked, 'Allow mcp_github_create_issue {"title":"bug"}? [y/N] ');
  });
});

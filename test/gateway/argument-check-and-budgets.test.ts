import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createScratchFolder, firstText, projectPath, type ScratchFolder } from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

const UNCHECKED_SERVER = projectPath('test/gateway/fixtures/unchecked-server.mjs');

const INVALID_TASK_MESSAGE = [
  "The arguments for 'mcp_unchecked_create_task' do not match its parameters:",
  '- /title: must be string',
  '- /priority: must be one of "low", "high"',
  'Parameters of mcp_unchecked_create_task: title (string, required); priority (string, one of "low", "high"). Fix the arguments and call it again.',
].join('\n');

// The gateway in front of a server that checks nothing: the gateway checks arguments against each
// tool's schema before the call leaves it, and keeps results and describes within config's limits.
describe('the gateway checks arguments and bounds results', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;
  const call = (name: string, args: Record<string, unknown>) => under.client.callTool({ name, arguments: args });
  const received = async () => JSON.parse(firstText(await call('mcp_unchecked_calls_received', {}))) as unknown[];

  before(async () => {
    scratch = createScratchFolder();
    under = await startHttpGateway(
      { tools: { tool_search: { enabled: 'on' } }, mcp_servers: { unchecked: { command: process.execPath, args: [UNCHECKED_SERVER] } } },
      scratch.path,
    );
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  test('a direct call with bad arguments gets invalid_arguments naming each path, and never reaches the server', async () => {
    const result = await call('mcp_unchecked_create_task', { title: 5, priority: 'urgent' });
    assert.equal(result.isError, true);
    assert.deepEqual(JSON.parse(firstText(result)), { error: INVALID_TASK_MESSAGE, code: 'invalid_arguments' });
    assert.deepEqual(await received(), []);
  });

  test('a tool_call through the bridge is checked the same way', async () => {
    const result = await call('tool_call', { name: 'mcp_unchecked_create_task', arguments: { title: 5, priority: 'urgent' } });
    assert.equal(result.isError, true);
    assert.deepEqual(JSON.parse(firstText(result)), { error: INVALID_TASK_MESSAGE, code: 'invalid_arguments' });
    const missing = await call('tool_call', { name: 'mcp_unchecked_create_task', arguments: {} });
    assert.match(firstText(missing), /- \(root\): missing required property 'title'/);
    assert.deepEqual(await received(), []);
  });

  test('a call with good arguments reaches the server as it was sent', async () => {
    const result = await call('tool_call', { name: 'mcp_unchecked_create_task', arguments: { title: 'Ship it', priority: 'high' } });
    assert.equal(firstText(result), 'created with {"title":"Ship it","priority":"high"}');
    assert.deepEqual(await received(), [{ name: 'create_task', arguments: { title: 'Ship it', priority: 'high' } }]);
  });

  test('a 5 MB result arrives cut to limits.max_result_tokens, with a note saying how much', async () => {
    const text = firstText(await call('mcp_unchecked_big_result', {}));
    assert.ok(text.length <= 25_000 * 4);
    assert.ok(text.startsWith('xxxx'));
    assert.ok(
      text.endsWith(
        '\n[cut: 4,900,786 of 5,000,000 characters (about 1,225,197 tokens) left out; ask for less, e.g. with a filter or a page]',
      ),
    );
  });

  test('a 300 KB describe is shortened to limits.max_describe_tokens and keeps required, types and enums', async () => {
    const text = firstText(await call('tool_describe', { name: 'mcp_unchecked_huge_schema' }));
    assert.ok(text.length <= 4_000 * 4);
    const described = JSON.parse(text) as { parameters: Record<string, any>; note: string };
    assert.equal(described.parameters['required'][0], 'mode');
    assert.deepEqual(described.parameters['properties'].mode, { type: 'string', enum: ['fast', 'safe'] });
    const deepest = described.parameters['properties'].options.properties.field_2_6.properties.field_1_6.properties.field_0_6;
    assert.deepEqual(deepest, { type: 'string' });
    assert.match(
      described.note,
      /^Shortened to fit 4,000 tokens: left out .*\. Types, property names, required, enums and nesting are complete\.$/,
    );
  });
});

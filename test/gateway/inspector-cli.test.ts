import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { createScratchFolder, EVERYTHING_SERVER, GATEWAY_BIN, INSPECTOR_CLI, type ScratchFolder } from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

const run = promisify(execFile);

/** Runs the MCP Inspector in CLI mode and parses the JSON it prints. */
async function inspector(...args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, [INSPECTOR_CLI, '--cli', ...args], { timeout: 60_000, maxBuffer: 8 * 1024 * 1024 });
  return JSON.parse(stdout) as Record<string, unknown>;
}

const CONFIG = {
  tools: { tool_search: { enabled: 'on' } },
  mcp_servers: { everything: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] } },
  policy: { deny: ['*get-env*'] },
};

// A second, independent client: the MCP Inspector's CLI mode, over stdio and over Streamable HTTP.
describe('the gateway, as the MCP Inspector CLI sees it', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;

  before(async () => {
    scratch = createScratchFolder();
    // The Inspector CLI (0.15) cannot send headers, so this gateway serves without a token, as
    // `serve --http PORT --allow-unauthenticated` does.
    under = await startHttpGateway(CONFIG, scratch.path, {}, { allowUnauthenticated: true });
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  test('lists the bridge tools over stdio, with the gateway started by the Inspector', async () => {
    const config = scratch.write('gateway.json', CONFIG);
    const listed = await inspector('--method', 'tools/list', '--', process.execPath, GATEWAY_BIN, 'serve', '--config', config);
    assert.deepEqual(
      (listed['tools'] as { name: string }[]).map((tool) => tool.name),
      ['tool_search', 'tool_describe', 'tool_call'],
    );
  });

  test('searches and calls through the bridge over HTTP, arguments given as JSON text', async () => {
    const url = under.http.url.href;
    const search = await inspector(
      url,
      '--transport',
      'http',
      '--method',
      'tools/call',
      '--tool-name',
      'tool_search',
      '--tool-arg',
      'query=echo',
    );
    const matches = JSON.parse((search['content'] as { text: string }[])[0]!.text).matches as { name: string }[];
    assert.equal(matches[0]?.name, 'mcp_everything_echo');
    const called = await inspector(
      url,
      '--transport',
      'http',
      '--method',
      'tools/call',
      '--tool-name',
      'tool_call',
      '--tool-arg',
      'name=mcp_everything_echo',
      'arguments={"message":"from the inspector"}',
    );
    assert.deepEqual(called['content'], [{ type: 'text', text: 'Echo: from the inspector' }]);
  });

  test('sees a denied tool refused, by its real name, over HTTP', async () => {
    const refused = await inspector(
      under.http.url.href,
      '--transport',
      'http',
      '--method',
      'tools/call',
      '--tool-name',
      'tool_call',
      '--tool-arg',
      'name=mcp_everything_get-env',
      'arguments={}',
    );
    assert.equal(refused['isError'], true);
    assert.match((refused['content'] as { text: string }[])[0]!.text, /Call to 'mcp_everything_get-env' was denied/);
  });

  test('gets an upstream prompt and reads an upstream resource through the gateway over HTTP', async () => {
    const url = under.http.url.href;
    const prompt = await inspector(
      url,
      '--transport',
      'http',
      '--method',
      'prompts/get',
      '--prompt-name',
      'mcp_everything_args-prompt',
      '--prompt-args',
      'city=Quito',
    );
    assert.match(JSON.stringify(prompt['messages']), /Quito/);
    const resource = await inspector(
      url,
      '--transport',
      'http',
      '--method',
      'resources/read',
      '--uri',
      'demo://resource/static/document/features.md',
    );
    assert.equal((resource['contents'] as { uri: string }[])[0]?.uri, 'demo://resource/static/document/features.md');
  });
});

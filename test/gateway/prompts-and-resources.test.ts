import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PromptListChangedNotificationSchema, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  createScratchFolder,
  EVERYTHING_SERVER,
  MEMORY_SERVER,
  SCRIPTED_SERVER,
  type ScratchFolder,
} from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

// server-everything offers prompts, resources and resource templates; server-memory one resource, its graph.
describe('gateway: upstream prompts and resources pass through', () => {
  let scratch: ScratchFolder;
  const gateways: HttpGatewayUnderTest[] = [];
  const servers = () => ({
    everything: { command: process.execPath, args: [EVERYTHING_SERVER] },
    memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } },
  });
  const start = async (toolsets?: string[]) => {
    const under = await startHttpGateway({ mcp_servers: servers() }, scratch.path, toolsets === undefined ? {} : { toolsets });
    gateways.push(under);
    return under;
  };
  let under: HttpGatewayUnderTest;

  before(async () => {
    scratch = createScratchFolder();
    under = await start();
  });
  after(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
    scratch?.remove();
  });

  test('lists prompts named per server and gets one with its arguments from the server that has it', async () => {
    const { prompts } = await under.client.listPrompts();
    const names = prompts.map((prompt) => prompt.name);
    assert.ok(names.includes('mcp_everything_simple-prompt'), names.join(', '));
    assert.ok(names.includes('mcp_everything_args-prompt'));
    assert.deepEqual(
      prompts.find((prompt) => prompt.name === 'mcp_everything_args-prompt')?.arguments?.map((argument) => argument.name),
      ['city', 'state'],
    );
    const result = await under.client.getPrompt({ name: 'mcp_everything_args-prompt', arguments: { city: 'Lima', state: 'Lima' } });
    assert.match(JSON.stringify(result.messages), /Lima/);
  });

  test('refuses an unknown prompt with the names there are', async () => {
    await assert.rejects(
      under.client.getPrompt({ name: 'simple-prompt' }),
      /Unknown prompt 'simple-prompt'\. Prompts: .*mcp_everything_simple-prompt/,
    );
  });

  test('lists resources and templates with their own URIs and reads listed and templated ones', async () => {
    const { resources } = await under.client.listResources();
    assert.ok(
      resources.some((resource) => resource.uri === 'memory://knowledge-graph'),
      "every server's resources are listed",
    );
    const listed = resources.find((resource) => resource.uri === 'demo://resource/static/document/architecture.md');
    assert.ok(listed, resources.map((resource) => resource.uri).join(', '));
    const read = await under.client.readResource({ uri: listed.uri });
    assert.ok(read.contents.length > 0 && read.contents[0]!.uri === listed.uri);
    const { resourceTemplates } = await under.client.listResourceTemplates();
    assert.ok(resourceTemplates.some((template) => template.uriTemplate === 'demo://resource/dynamic/text/{resourceId}'));
    const templated = await under.client.readResource({ uri: 'demo://resource/dynamic/text/7' });
    assert.equal(templated.contents[0]?.uri, 'demo://resource/dynamic/text/7');
  });

  test('refuses a resource no server offers, naming it', async () => {
    await assert.rejects(under.client.readResource({ uri: 'nowhere://x' }), /No connected server offers the resource 'nowhere:\/\/x'/);
  });

  test("tells the client when an upstream's prompts change, and lists the new one", async () => {
    const scripted = await startHttpGateway(
      { tools: { tool_search: { enabled: 'off' } }, mcp_servers: { scripted: { command: process.execPath, args: [SCRIPTED_SERVER] } } },
      scratch.path,
    );
    gateways.push(scripted);
    let notified = 0;
    scripted.client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
      notified += 1;
    });
    const before = (await scripted.client.listPrompts()).prompts.map((prompt) => prompt.name);
    assert.deepEqual(before, ['mcp_scripted_greet']);
    // Let a notification of the server's own connection arrive first, so only the change is counted.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const beforeChange = notified;
    await scripted.client.callTool({ name: 'mcp_scripted_add_prompt', arguments: {} });
    const deadline = Date.now() + 10_000;
    while (notified === beforeChange && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.ok(notified > beforeChange, 'notifications/prompts/list_changed reached the client');
    assert.deepEqual(
      (await scripted.client.listPrompts()).prompts.map((prompt) => prompt.name),
      ['mcp_scripted_greet', 'mcp_scripted_extra_prompt_1'],
    );
    const greeting = await scripted.client.getPrompt({ name: 'mcp_scripted_greet', arguments: { who: 'Ada' } });
    assert.match(JSON.stringify(greeting.messages), /Say hello to Ada/);
  });

  test('passes a resource subscription to the server that has the resource, and its updates back', async () => {
    const scripted = await startHttpGateway(
      { tools: { tool_search: { enabled: 'off' } }, mcp_servers: { scripted: { command: process.execPath, args: [SCRIPTED_SERVER] } } },
      scratch.path,
    );
    gateways.push(scripted);
    const updates: string[] = [];
    scripted.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      updates.push(notification.params.uri);
    });
    const touch = async () => JSON.stringify((await scripted.client.callTool({ name: 'mcp_scripted_touch_note', arguments: {} })).content);
    assert.match(await touch(), /nobody is subscribed/);
    await scripted.client.subscribeResource({ uri: 'scripted://note' });
    assert.match(await touch(), /subscribers told/, 'the subscription reached the server');
    const deadline = Date.now() + 10_000;
    while (updates.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(updates, ['scripted://note']);
    await scripted.client.unsubscribeResource({ uri: 'scripted://note' });
    assert.match(await touch(), /nobody is subscribed/, 'the last follower leaving ended the upstream subscription');
  });

  test('subscribes again when the server behind a subscription restarts', async () => {
    const restarting = await startHttpGateway(
      { tools: { tool_search: { enabled: 'off' } }, mcp_servers: { scripted: { command: process.execPath, args: [SCRIPTED_SERVER] } } },
      scratch.path,
      { backoff: { initialMs: 200, maxMs: 1_000 } },
    );
    gateways.push(restarting);
    await restarting.client.subscribeResource({ uri: 'scripted://note' });
    await restarting.client.callTool({ name: 'mcp_scripted_crash', arguments: {} });
    const deadline = Date.now() + 15_000;
    let answer = '';
    while (Date.now() < deadline) {
      const result = await restarting.client.callTool({ name: 'mcp_scripted_touch_note', arguments: {} }).catch(() => undefined);
      answer = JSON.stringify(result?.content ?? '');
      if (/subscribers told/.test(answer)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.match(answer, /subscribers told/, 'the restarted server has the subscription again');
  });

  test('refuses to subscribe to a resource whose server cannot take subscriptions, or that nobody offers', async () => {
    const plain = await startHttpGateway(
      { mcp_servers: { plain: { command: process.execPath, args: [SCRIPTED_SERVER, '--no-subscriptions'] } } },
      scratch.path,
    );
    gateways.push(plain);
    await assert.rejects(
      plain.client.subscribeResource({ uri: 'scripted://note' }),
      /MCP server 'plain' does not support resource subscriptions/,
    );
    await assert.rejects(plain.client.subscribeResource({ uri: 'nowhere://x' }), /No connected server offers the resource 'nowhere:\/\/x'/);
  });

  test('limits prompts and resources to --toolsets like tools', async () => {
    const memoryOnly = await start(['memory']);
    assert.deepEqual((await memoryOnly.client.listPrompts()).prompts, []);
    assert.deepEqual(
      (await memoryOnly.client.listResources()).resources.map((resource) => resource.uri),
      ['memory://knowledge-graph'],
    );
    await assert.rejects(
      memoryOnly.client.readResource({ uri: 'demo://resource/static/document/architecture.md' }),
      /No connected server offers/,
    );
  });
});

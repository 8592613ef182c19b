import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatTools, TOOL_FORMATS } from '../../src/adapters/tool-format.ts';
import { planNativeTools } from '../../src/bridge/native-tool-plan.ts';
import { DEFAULT_TOOL_SEARCH_CONFIG } from '../../src/config/tool-search-config.ts';
import { toAnthropicTools } from '../../src/integrations/anthropic/messages.ts';
import { anthropicNativeTools, toolReferenceBlocks } from '../../src/integrations/anthropic/native-tools.ts';
import { toChatTools } from '../../src/integrations/openai/chat-completions.ts';
import { toResponsesTools } from '../../src/integrations/openai/responses.ts';
import { responsesNativeTools, toolSearchOutput } from '../../src/integrations/openai/responses-native-tools.ts';
import { createAiSdkTools } from '../../src/integrations/ai-sdk/index.ts';
import { createRequestSources } from '../../src/requests/request-sources.ts';
import { createToolSearchSession } from '../../src/session/tool-search-session.ts';
import { toDefinition, type Tool } from '../../src/tools/tool.ts';
import { mcpServerTools } from '../support/fixtures.ts';

/** A word no tool, schema or bridge text has: if it shows up in output, a request leaked. */
const MARKER = 'zqxrequestmarker';

function toolsWithRequests(): Tool[] {
  return mcpServerTools('memory').map((tool) => ({
    ...tool,
    requests: [`${MARKER} how people ask for ${tool.originalName}`],
    execute: () => 'done',
  }));
}

function assertNoRequests(value: unknown, where: string): void {
  const text = JSON.stringify(value) ?? '';
  assert.ok(!text.includes(MARKER), `${where} carries a tool's requests`);
  assert.ok(!text.includes('"requests"'), `${where} has a "requests" field`);
}

describe("a tool's requests are never shown to the model", () => {
  const tools = toolsWithRequests();
  const sessionOf = (enabled: 'on' | 'off') =>
    createToolSearchSession({
      tools,
      config: { ...DEFAULT_TOOL_SEARCH_CONFIG, enabled },
      requests: createRequestSources({ pack: () => [`${MARKER} from the pack`] }),
    });

  it('the tools carry them, so the check below is not vacuous', () => {
    assert.ok(JSON.stringify(sessionOf('on').tools()).includes(MARKER));
  });

  for (const format of TOOL_FORMATS) {
    it(`formatTools(${format}) leaves them out, for tools passed through and for the bridge`, () => {
      assertNoRequests(formatTools(tools, format), format);
      assertNoRequests(formatTools(sessionOf('on').assemble().tools, format), `${format} (bridge)`);
      assertNoRequests(formatTools(sessionOf('off').assemble().tools, format), `${format} (off)`);
    });
  }

  it('toDefinition leaves them out', () => {
    assert.deepEqual(Object.keys(toDefinition(tools[0]!)).sort(), ['description', 'name', 'parameters']);
  });

  it('the native formats leave them out (Anthropic, OpenAI Responses, and their search answers)', () => {
    const plan = planNativeTools(sessionOf('on').assemble());
    assertNoRequests(anthropicNativeTools(plan), 'anthropic-native');
    assertNoRequests(responsesNativeTools(plan), 'openai-responses-native');
    assertNoRequests(toolSearchOutput(plan, plan.deferred, 'call_1'), 'tool_search_output');
    assertNoRequests(toolReferenceBlocks(plan.deferred), 'tool_reference blocks');
  });

  it('the provider integrations leave them out (Chat Completions, Responses, Messages, the AI SDK)', () => {
    for (const enabled of ['on', 'off'] as const) {
      const session = sessionOf(enabled);
      assertNoRequests(toChatTools(session), `toChatTools (${enabled})`);
      assertNoRequests(toResponsesTools(session), `toResponsesTools (${enabled})`);
      assertNoRequests(toAnthropicTools(session), `toAnthropicTools (${enabled})`);
      const aiSdk = createAiSdkTools(session);
      const prepared = aiSdk.prepareStep?.({
        steps: [],
        stepNumber: 0,
        model: {} as never,
        messages: [],
        experimental_context: undefined,
      } as never);
      assertNoRequests(
        { tools: Object.entries(aiSdk.tools).map(([name, tool]) => [name, tool.description, tool.inputSchema]), prepared },
        `createAiSdkTools (${enabled})`,
      );
    }
  });

  it('tool_search and tool_describe answers leave them out', async () => {
    const session = sessionOf('on');
    assertNoRequests(await session.call('tool_search', { query: 'create entities', limit: 9 }), 'tool_search');
    assertNoRequests(await session.call('tool_describe', { name: 'mcp_memory_create_entities' }), 'tool_describe');
  });
});

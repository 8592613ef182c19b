/**
 * Measures what the model is sent without Tool Search, in bridge mode and in native mode, in tokens on the bundled realistic session
 * (catalogs/realistic-session.json: 17 MCP servers, 358 tools), with the o200k_base tokenizer
 * (js-tiktoken, a dev dependency) and the library's own default estimate (characters / 4). Every
 * figure is of the JSON this library puts on the wire, as `JSON.stringify` writes it; how a provider
 * renders tools into the model's context is its own and is not measured. The README's headline
 * figures and docs/native-mode.md quote it.
 *
 *     npx tsx scripts/measure-native-tokens.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getEncoding } from 'js-tiktoken';
import { formatTools } from '../src/adapters/tool-format.ts';
import { assembleTools } from '../src/assembly/assemble-tools.ts';
import { DEFAULT_TOOL_SEARCH_CONFIG } from '../src/config/tool-search-config.ts';
import { countSchemaTokens, estimateTokensFromCharacters } from '../src/assembly/estimate-tokens.ts';
import { outcomeText } from '../src/dispatch/call-outcome.ts';
import { runAnthropicNativeToolUses, toAnthropicNativeTools, toAnthropicTools } from '../src/integrations/anthropic/index.ts';
import { runResponsesNativeToolCalls, toResponsesNativeTools, toResponsesTools } from '../src/integrations/openai/index.ts';
import { createToolSearchSession } from '../src/session/tool-search-session.ts';
import { parseToolsetMap } from '../src/tools/parse-toolset-map.ts';

const encoding = getEncoding('o200k_base');
const SESSION = join(import.meta.dirname, '..', 'catalogs', 'realistic-session.json');
const tools = parseToolsetMap(JSON.parse(readFileSync(SESSION, 'utf8')), 'session');
const session = createToolSearchSession({ tools, contextLength: 200_000 });

/** `o200k (chars/4)` of a value's JSON. */
const cost = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `${encoding.encode(text).length} (${estimateTokensFromCharacters(text)})`;
};

/** `o200k (chars/4)` of tools counted as Tool Search counts them: each tool's compact definition apart. */
const schemaCost = (counted: Parameters<typeof countSchemaTokens>[0]): string =>
  `${countSchemaTokens(counted, (text) => encoding.encode(text).length)} (${countSchemaTokens(counted)})`;
const bridge = assembleTools(tools, { config: { ...DEFAULT_TOOL_SEARCH_CONFIG, enabled: 'on' } }).tools;

const anthropicNative = toAnthropicNativeTools(session);
const responsesNative = toResponsesNativeTools(session);
const rows: [string, string][] = [
  ['no Tool Search: every tool as Tool Search counts it ({name, description, parameters} of each)', schemaCost(tools)],
  ['no Tool Search: every tool, Anthropic shape', cost(formatTools(tools, 'anthropic'))],
  ['bridge: the three tools as Tool Search counts them (each apart)', schemaCost(bridge)],
  [
    'bridge: the three tools as one array, neutral / OpenAI Chat / MCP shape',
    [cost(bridge), cost(formatTools(bridge, 'openai')), cost(formatTools(bridge, 'mcp'))].join(' / '),
  ],
  ['bridge, Anthropic tools array', cost(toAnthropicTools(session))],
  ['bridge, Responses tools array', cost(toResponsesTools(session))],
  ['native, Anthropic tools array as sent', cost(anthropicNative)],
  ['native, Anthropic: its tools without defer_loading', cost(anthropicNative.filter((tool) => tool.defer_loading !== true))],
  ['native, Responses tools array as sent', cost(responsesNative)],
  [
    'native, Responses: its tools with deferred functions left out',
    cost(
      responsesNative.map((tool) =>
        tool.type === 'namespace'
          ? { ...tool, tools: tool.tools.filter((fn) => !('defer_loading' in fn && fn.defer_loading === true)) }
          : tool,
      ),
    ),
  ],
];
console.log('| what (tokens: o200k, and chars/4 in brackets) | tokens |\n| --- | --- |');
for (const [what, tokens] of rows) console.log(`| ${what} | ${tokens} |`);

console.log(
  '\n| query | bridge: tool_search result | bridge: tool_describe of the first match | native Anthropic: tool_result content | native Anthropic: the loaded definitions | native Responses: tool_search_output |\n| --- | --- | --- | --- | --- | --- |',
);
for (const query of ['create a github issue', 'take a screenshot of a web page', 'find documents in a mongodb collection']) {
  const search = await session.call('tool_search', { query });
  const first = (search.ok ? (search.value as { matches: { name: string }[] }).matches[0]?.name : undefined) ?? '';
  const describe = await session.call('tool_describe', { name: first });
  const anthropic = await runAnthropicNativeToolUses(session, [
    { type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query }, caller: { type: 'direct' } },
  ]);
  const content = anthropic.content[0]!.content;
  const loaded = Array.isArray(content) ? content.flatMap((part) => (part.type === 'tool_reference' ? [part.tool_name] : [])) : [];
  const definitions = anthropicNative.filter((tool) => loaded.includes(tool.name)).map(({ defer_loading: _deferred, ...tool }) => tool);
  const responses = await runResponsesNativeToolCalls(session, [
    { type: 'tool_search_call', id: 'tsc_1', call_id: 'call_1', execution: 'client', status: 'completed', arguments: { query } },
  ]);
  console.log(
    `| ${query} | ${cost(outcomeText(search))} | ${cost(outcomeText(describe))} | ${cost(content)} | ${cost(definitions)} (${loaded.length} tools) | ${cost(responses[0])} |`,
  );
}

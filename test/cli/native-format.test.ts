import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createToolSearchSession } from '../../src/index.ts';
import { toAnthropicNativeTools } from '../../src/integrations/anthropic/index.ts';
import { toResponsesNativeTools } from '../../src/integrations/openai/index.ts';
import { checkAnthropicTools, checkResponsesTools } from '../integrations/fixtures/native-wire-shapes.ts';
import { PROJECT_ROOT, realisticSession } from '../support/fixtures.ts';
import { runCli } from '../support/run-cli.ts';

const SESSION = join(PROJECT_ROOT, 'catalogs', 'realistic-session.json');

describe('tool-search assemble --format (native mode)', () => {
  it('prints the Anthropic request tools array the integration sends: deferred tools with defer_loading, tool_search last', async () => {
    const run = await runCli(['assemble', '--tools', SESSION, '--format', 'anthropic-native']);
    assert.equal(run.code, 0, run.stderr);
    const tools = JSON.parse(run.stdout) as { name: string; defer_loading?: boolean }[];
    assert.deepEqual(tools, JSON.parse(JSON.stringify(toAnthropicNativeTools(createToolSearchSession({ tools: realisticSession() })))));
    assert.equal(tools.length, 359);
    assert.equal(tools.at(-1)!.name, 'tool_search');
    assert.equal(tools.filter((tool) => tool.defer_loading === true).length, 358);
    assert.deepEqual(checkAnthropicTools(tools), []);
  });

  it('prints the OpenAI Responses request tools array: one namespace per server, then the client tool_search', async () => {
    const run = await runCli(['assemble', '--tools', SESSION, '--format', 'openai-responses-native']);
    assert.equal(run.code, 0, run.stderr);
    const tools = JSON.parse(run.stdout) as { type: string; name?: string; tools?: unknown[] }[];
    assert.deepEqual(tools, JSON.parse(JSON.stringify(toResponsesNativeTools(createToolSearchSession({ tools: realisticSession() })))));
    assert.equal(tools.filter((tool) => tool.type === 'namespace').length, 17);
    assert.equal(
      tools.reduce((sum, tool) => sum + (tool.tools?.length ?? 0), 0),
      358,
    );
    assert.deepEqual(tools.at(-1)!.type, 'tool_search');
    assert.deepEqual(checkResponsesTools(tools), []);
  });

  it('puts the native tools array in the --json report and keeps every other field', async () => {
    const bridge = JSON.parse((await runCli(['assemble', '--tools', SESSION, '--json'])).stdout) as Record<string, unknown>;
    const native = JSON.parse((await runCli(['assemble', '--tools', SESSION, '--format', 'anthropic-native', '--json'])).stdout) as Record<
      string,
      unknown
    >;
    assert.deepEqual(Object.keys(native), Object.keys(bridge));
    assert.deepEqual({ ...native, tools: null }, { ...bridge, tools: null });
    assert.equal((native['tools'] as unknown[]).length, 359);
  });

  it('names the accepted formats, and the one meant, for an unknown value', async () => {
    const run = await runCli(['assemble', '--tools', SESSION, '--format', 'anthropic-natve']);
    assert.equal(run.code, 2);
    assert.equal(
      run.stderr,
      "tool-search assemble: --format must be one of openai, anthropic, mcp, anthropic-native, openai-responses-native, got 'anthropic-natve' (did you mean anthropic-native?)\n",
    );
  });
});

describe('tool-search search --format (native mode)', () => {
  const QUERY = 'take a screenshot of a web page';

  it('prints the tool_result content: a tool_reference per match, best first', async () => {
    const run = await runCli(['search', '--tools', SESSION, '--format', 'anthropic-native', QUERY]);
    assert.equal(run.code, 0, run.stderr);
    const bridge = JSON.parse((await runCli(['search', '--tools', SESSION, '--json', QUERY])).stdout) as { matches: { name: string }[] };
    assert.equal(run.stdout, `${JSON.stringify(bridge.matches.map((match) => ({ type: 'tool_reference', tool_name: match.name })))}\n`);
    assert.equal(bridge.matches[0]!.name, 'mcp_playwright_browser_take_screenshot');
  });

  it('prints the tool_search_output item: the matches loaded in their namespaces, defined as the tools array defines them', async () => {
    const run = await runCli(['search', '--tools', SESSION, '--format', 'openai-responses-native', '--limit', '2', 'create github issue']);
    assert.equal(run.code, 0, run.stderr);
    const output = JSON.parse(run.stdout) as {
      type: string;
      execution: string;
      status: string;
      tools: { name: string; tools: { name: string }[] }[];
    };
    assert.deepEqual([output.type, output.execution, output.status], ['tool_search_output', 'client', 'completed']);
    const bridge = JSON.parse((await runCli(['search', '--tools', SESSION, '--json', '--limit', '2', 'create github issue'])).stdout) as {
      matches: { name: string }[];
    };
    const expected = bridge.matches.map((match) => match.name);
    assert.equal(expected.length, 2);
    assert.deepEqual(
      output.tools.flatMap((namespace) => namespace.tools.map((fn) => fn.name)),
      expected,
    );
    const declared = (
      JSON.parse((await runCli(['assemble', '--tools', SESSION, '--format', 'openai-responses-native'])).stdout) as {
        name?: string;
        tools?: { name: string }[];
      }[]
    ).find((tool) => tool.name === 'mcp-github')!;
    for (const fn of output.tools[0]!.tools)
      assert.deepEqual(
        fn,
        declared.tools!.find((candidate) => candidate.name === fn.name),
      );
  });

  it('prints a line per query, in order, for a queries file', async () => {
    const queries = join(mkdtempSync(join(tmpdir(), 'tool-search-native-')), 'queries.jsonl');
    writeFileSync(queries, `{"query": "${QUERY}"}\n{"query": "create github issue"}\n`);
    const run = await runCli(['search', '--tools', SESSION, '--format', 'anthropic-native', '--queries', queries]);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { tool_name: string }[]);
    assert.equal(lines.length, 2);
    assert.equal(lines[0]![0]!.tool_name, 'mcp_playwright_browser_take_screenshot');
    assert.ok(lines[1]!.some((reference) => reference.tool_name === 'mcp_github_create_issue'));
  });

  it('refuses --json together with --format, and a format that is not native', async () => {
    const both = await runCli(['search', '--tools', SESSION, '--format', 'anthropic-native', '--json', QUERY]);
    assert.equal(both.code, 2);
    assert.equal(
      both.stderr,
      "tool-search search: --json prints the bridge's search result and --format anthropic-native the native one; give one of them\n",
    );
    const bridgeShape = await runCli(['search', '--tools', SESSION, '--format', 'openai', QUERY]);
    assert.equal(bridgeShape.code, 2);
    assert.equal(
      bridgeShape.stderr,
      "tool-search search: --format must be one of anthropic-native, openai-responses-native, got 'openai'\n",
    );
  });

  it('leaves the output without --format as it was', async () => {
    const run = await runCli(['search', '--tools', SESSION, '--limit', '1', QUERY]);
    assert.match(
      run.stdout,
      /^"take a screenshot of a web page": 1 of 358 tools\n {2}1\. mcp_playwright_browser_take_screenshot {2}\[mcp-playwright\] {2}score /,
    );
  });
});

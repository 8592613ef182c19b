import assert from 'node:assert/strict';
import { createRequestSources } from '../../src/requests/request-sources.ts';
import { loadRequestPack } from '../../src/request-pack/load-request-pack.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createToolSearchSession } from '../../src/session/tool-search-session.ts';
import { PROJECT_ROOT, realisticSession } from '../support/fixtures.ts';
import { runCli } from '../support/run-cli.ts';

const SESSION = join(PROJECT_ROOT, 'catalogs', 'realistic-session.json');
const directory = mkdtempSync(join(tmpdir(), 'tool-search-search-'));

describe('tool-search search', () => {
  it('prints {query, total_available, matches} per query with --json', async () => {
    const run = await runCli(['search', '--tools', SESSION, '--json', 'create github issue']);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(result.query, 'create github issue');
    assert.equal(result.total_available, 358);
    assert.equal(result.matches.length, 5);
    assert.deepEqual(Object.keys(result.matches[0]), ['name', 'toolset', 'tool', 'description', 'score']);
    assert.equal(result.matches[0].name, 'mcp_github_create_issue');
    assert.equal(result.matches[0].tool, 'create_issue');
  });

  it('runs the very code path of the tool_search bridge', async () => {
    const run = await runCli(['search', '--tools', SESSION, '--no-pack', '--limit', '7', '--json', 'take a screenshot']);
    const bridged = await createToolSearchSession({ tools: realisticSession() }).call('tool_search', {
      query: 'take a screenshot',
      limit: 7,
    });
    assert.ok(bridged.ok);
    assert.deepEqual(JSON.parse(run.stdout), bridged.value);
  });

  it('runs the very code path of the tool_search bridge with the request pack, as the CLI attaches it by default', async () => {
    const run = await runCli(['search', '--tools', SESSION, '--limit', '7', '--json', 'make my fix part of main']);
    const pack = loadRequestPack();
    const requests = createRequestSources({
      pack: pack.lookup(),
      situational: pack.situationalLookup(),
      lenders: (tools) => pack.lendersFor(tools),
    });
    const bridged = await createToolSearchSession({ tools: realisticSession(), requests }).call('tool_search', {
      query: 'make my fix part of main',
      limit: 7,
    });
    assert.ok(bridged.ok);
    assert.deepEqual(JSON.parse(run.stdout), bridged.value);
  });

  it('answers a JSON Lines file of queries in order', async () => {
    const queries = join(directory, 'queries.jsonl');
    writeFileSync(queries, '{"query": "list kubernetes pods"}\n\n{"query": "web search"}\n{"query": "create issue"}\n');
    const run = await runCli(['search', '--tools', SESSION, '--queries', queries, '--limit', '2', '--json']);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      lines.map((line) => line.query),
      ['list kubernetes pods', 'web search', 'create issue'],
    );
    assert.ok(lines.every((line) => line.matches.length === 2));
  });

  it('names the line of a bad queries file', async () => {
    const queries = join(directory, 'bad.jsonl');
    writeFileSync(queries, '{"query": "ok"}\n{"q": "wrong key"}\n');
    const run = await runCli(['search', '--tools', SESSION, '--queries', queries]);
    assert.equal(run.code, 2);
    assert.equal(
      run.stderr,
      `tool-search search: queries file line ${queries}:2 must be an object with a string "query", like {"query": "create issue"}\n`,
    );
  });

  it('limits results to the session toolsets', async () => {
    const run = await runCli(['search', '--tools', SESSION, '--toolsets', 'mcp-memory', '--json', 'create issue']);
    const result = JSON.parse(run.stdout);
    assert.equal(result.total_available, 9);
    assert.ok(result.matches.every((match: { toolset: string }) => match.toolset === 'mcp-memory'));
  });

  it('after a --toolsets name that matches nothing, says the session has no tools instead of claiming they are all listed', async () => {
    const run = await runCli(['search', '--tools', SESSION, '--toolsets', 'githb', 'create issue']);
    assert.match(run.stderr, /warning: --toolsets: no toolset 'githb' \(did you mean 'github'\?\) in the tools file/);
    assert.equal(run.stdout, '"create issue": 0 of 0 tools\n  This session has no tools to search: its toolsets hold none.\n');
    assert.ok(!run.stdout.includes('No tools are deferred'));
  });

  it('clamps --limit to max_search_limit with a warning', async () => {
    const run = await runCli(['search', '--tools', SESSION, '--limit', '99', '--json', 'github']);
    assert.equal(JSON.parse(run.stdout).matches.length, 20);
    assert.match(run.stderr, /--limit 99 is above max_search_limit 20; using 20/);
  });

  it('prints a readable list without --json', async () => {
    const run = await runCli(['search', '--tools', SESSION, '--limit', '1', 'take a screenshot']);
    assert.match(run.stdout, /^"take a screenshot": 1 of 358 tools\n  1\. mcp_\S+  \[mcp-\S+\]  score [\d.]+\n/);
  });

  it('asks for a query when none is given', async () => {
    const run = await runCli(['search', '--tools', SESSION]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /a QUERY is required/);
  });
});

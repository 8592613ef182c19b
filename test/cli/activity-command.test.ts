import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { ActivityReport } from '../../src/gateway/activity-report/summarize-activity.ts';
import { projectPath } from '../gateway/fixtures/gateway-test-support.ts';
import { runCli } from '../support/run-cli.ts';

/**
 * A log recorded from the shipped demo config (everything, memory, filesystem; `enabled: on`) by two
 * MCP clients: see the lines themselves for every figure asserted below.
 */
const RECORDED = projectPath('test/gateway/fixtures/recorded-activity.jsonl');

describe('tool-search activity on a recorded log', () => {
  const report = async (): Promise<ActivityReport> => {
    const run = await runCli(['activity', RECORDED, '--json']);
    assert.equal(run.code, 0, run.stderr);
    return JSON.parse(run.stdout) as ActivityReport;
  };

  test('counts sessions, searches, describes, calls and refusals (a call the policy denied is a refusal)', async () => {
    const { sessions, counts, lines, invalidLines } = await report();
    assert.deepEqual(
      { sessions, counts, lines, invalidLines },
      { sessions: 2, counts: { searches: 6, describes: 1, calls: 6, refusals: 2 }, lines: 17, invalidLines: 0 },
    );
  });

  test('lists searches that found nothing, and those never followed by a call of one of their results', async () => {
    const { foundNothing, neverFollowed } = await report();
    assert.deepEqual(foundNothing, [{ query: 'qwxz', count: 2 }]);
    // 'add two numbers' led to mcp_everything_get-sum, its second result; 'send an email' led nowhere.
    assert.deepEqual(neverFollowed, [{ query: 'send an email', count: 1 }]);
  });

  test('ranks the most called tools, with their failures (an error and a policy denial)', async () => {
    const { mostCalled } = await report();
    assert.deepEqual(mostCalled, [
      { tool: 'mcp_filesystem_list_directory', server: 'filesystem', calls: 2, failed: 1 },
      { tool: 'mcp_memory_read_graph', server: 'memory', calls: 2, failed: 0 },
      { tool: 'mcp_everything_get-sum', server: 'everything', calls: 1, failed: 0 },
      { tool: 'mcp_memory_create_entities', server: 'memory', calls: 1, failed: 0 },
      { tool: 'mcp_memory_delete_entities', server: 'memory', calls: 1, failed: 1 },
    ]);
  });

  test('gives p50 / p99 per server over the calls that reached the tool (not the denied one)', async () => {
    const { latency } = await report();
    assert.deepEqual(latency, [
      { server: 'everything', calls: 1, p50Ms: 7, p99Ms: 7 },
      { server: 'filesystem', calls: 2, p50Ms: 2, p99Ms: 8 },
      { server: 'memory', calls: 3, p50Ms: 4, p99Ms: 36 },
    ]);
  });

  test('counts the tokens saved from the tool lists: 3,651 per request, over 15 logged model turns', async () => {
    const { tokens, refusals } = await report();
    assert.deepEqual(tokens, { sessions: 2, lastBefore: 4001, lastAfter: 350, atLeast: 15 * (4001 - 350) });
    assert.deepEqual(
      refusals.map((row) => ({ ...row, example: undefined })),
      [
        { outcome: 'denied', tool: 'mcp_memory_delete_entities', count: 1, example: undefined },
        { outcome: 'unknown_tool', tool: 'mcp_memory_read_grph', count: 1, example: undefined },
      ],
    );
    assert.match(refusals[0]!.example, /the gateway's policy\.deny pattern '\*delete\*' refuses this tool/);
    assert.match(refusals[1]!.example, /^Unknown tool 'mcp_memory_read_grph'\. Did you mean mcp_memory_read_graph\?/);
  });

  test('prints the same as text', async () => {
    const run = await runCli(['activity', RECORDED]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /^Activity from 2026-12-01T15:37:54\.973Z to 2026-12-01T15:37:55\.086Z: 2 sessions, 6 searches, 1 describe, 6 calls, 2 refusals \(17 lines\)\n/,
    );
    assert.match(
      run.stdout,
      /\nTokens saved: each model request carried 350 schema tokens instead of 4,001 \(91% less, last tool list\); at least 54,765 tokens over 2 sessions/,
    );
    assert.match(run.stdout, /\nSearches that found nothing:\n +2 +qwxz\n/);
    assert.match(run.stdout, /\nSearches never followed by a call of one of their results:\n +1 +send an email\n/);
    assert.match(run.stdout, /\n +3 +4 ms +36 ms +memory\n/);
  });
});

describe('tool-search activity on bad input', () => {
  test('skips and counts lines that are not log entries, and keeps control characters off the terminal', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'activity-test-'));
    try {
      const path = join(folder, 'log.jsonl');
      writeFileSync(
        path,
        [
          'not json',
          '[1,2]',
          '{"event":"search"}',
          JSON.stringify({ time: 't', session: 's', event: 'search', query: 'a\u001b[31mred', results: [] }),
          '',
        ].join('\n'),
      );
      const run = await runCli(['activity', path]);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /\(4 lines; 3 skipped: not activity-log entries\)/);
      assert.match(run.stdout, /\n +1 +a \[31mred\n/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('names a missing file in one line and exits 2', async () => {
    const run = await runCli(['activity', '/nonexistent/activity.jsonl']);
    assert.equal(run.code, 2);
    assert.equal(run.stderr, "tool-search activity: activity log '/nonexistent/activity.jsonl' does not exist\n");
  });

  test('asks for exactly one file', async () => {
    const run = await runCli(['activity']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /expected one activity log file \(FILE\.jsonl\), got 0/);
  });
});

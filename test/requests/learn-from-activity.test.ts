import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ActivityEvent } from '../../src/dispatch/hooks.ts';
import { createActivityLearner, type LearnedUse } from '../../src/requests/learn-from-activity.ts';

const search = (sessionId: string, query: string, results: string[]): ActivityEvent => ({
  type: 'search',
  time: '2026-12-01T10:00:00.000Z',
  sessionId,
  via: 'tool_search',
  query,
  results,
});
const call = (sessionId: string, tool: string, outcome: 'ok' | 'error' | 'denied' = 'ok'): ActivityEvent => ({
  type: 'call_finished',
  time: '2026-12-01T10:00:05.000Z',
  sessionId,
  callId: `${sessionId}-1`,
  tool,
  toolset: 'mcp-github',
  viaBridge: true,
  outcome,
  durationMs: 3,
});
const describeEvent = (sessionId: string, tool: string): ActivityEvent => ({
  type: 'describe',
  time: '2026-12-01T10:00:02.000Z',
  sessionId,
  via: 'tool_describe',
  tool,
  toolset: 'mcp-github',
});

function learnedFrom(events: readonly ActivityEvent[]): LearnedUse[] {
  const learner = createActivityLearner();
  return events.flatMap((event) => learner.observe(event) ?? []);
}

describe('createActivityLearner', () => {
  it('learns a search query from a successful call of one of its results in the same session', () => {
    assert.deepEqual(
      learnedFrom([
        search('s1', 'make my fix part of main', ['mcp_github_merge_pull_request', 'mcp_github_push_files']),
        call('s1', 'mcp_github_merge_pull_request'),
      ]),
      [{ sessionId: 's1', tool: 'mcp_github_merge_pull_request', query: 'make my fix part of main', time: '2026-12-01T10:00:05.000Z' }],
    );
  });

  it('learns through a describe between the search and the call', () => {
    const learned = learnedFrom([
      search('s1', 'what broke CI', ['mcp_github_get_job_logs']),
      describeEvent('s1', 'mcp_github_get_job_logs'),
      call('s1', 'mcp_github_get_job_logs'),
    ]);
    assert.deepEqual(
      learned.map((use) => use.query),
      ['what broke CI'],
    );
  });

  it('learns nothing from a search with no call after it', () => {
    assert.deepEqual(learnedFrom([search('s1', 'what broke CI', ['mcp_github_get_job_logs'])]), []);
  });

  it('learns nothing from a failed, denied or declined call', () => {
    for (const outcome of ['error', 'denied'] as const) {
      assert.deepEqual(
        learnedFrom([search('s1', 'what broke CI', ['mcp_github_get_job_logs']), call('s1', 'mcp_github_get_job_logs', outcome)]),
        [],
      );
    }
  });

  it('learns nothing from a call in another session', () => {
    assert.deepEqual(learnedFrom([search('s1', 'what broke CI', ['mcp_github_get_job_logs']), call('s2', 'mcp_github_get_job_logs')]), []);
  });

  it('learns nothing from a call of a tool the search did not return', () => {
    assert.deepEqual(learnedFrom([search('s1', 'what broke CI', ['mcp_github_get_job_logs']), call('s1', 'mcp_github_list_issues')]), []);
  });

  it('teaches a tool once per search, from the most recent search that returned it', () => {
    const learned = learnedFrom([
      search('s1', 'older wording', ['mcp_github_merge_pull_request']),
      search('s1', 'newer wording', ['mcp_github_merge_pull_request']),
      call('s1', 'mcp_github_merge_pull_request'),
      call('s1', 'mcp_github_merge_pull_request'),
    ]);
    assert.deepEqual(
      learned.map((use) => use.query),
      ['newer wording'],
    );
  });

  it('forgets the least recently active session past maxSessions', () => {
    const learner = createActivityLearner({ maxSessions: 1 });
    learner.observe(search('s1', 'what broke CI', ['t']));
    learner.observe(search('s2', 'other', ['t']));
    assert.equal(learner.observe(call('s1', 't')), undefined);
    assert.equal(learner.observe(call('s2', 't'))?.query, 'other');
  });
});

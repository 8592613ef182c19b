import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ActivityEvent } from '../../../src/dispatch/hooks.ts';
import { createActivityHistory } from '../../../src/gateway/live-view/activity-history.ts';
import { createRedactor } from '../../../src/gateway/redact-secrets.ts';

const SECRET = 'history-secret-0123456789';
const redact = createRedactor([{ value: SECRET, shownAs: '<KEY>' }]);

/** A history fed by hand, as the gateway's activity would feed it. */
function historyOf(options: { size?: number; seed?: unknown[]; saved?: number } = {}) {
  let emit: (event: ActivityEvent) => void = () => undefined;
  let listening = false;
  const history = createActivityHistory({
    onActivity: (listener) => {
      emit = listener;
      listening = true;
      return () => void (listening = false);
    },
    redact,
    savedPerRequest: () => options.saved ?? 0,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.size === undefined ? {} : { size: options.size }),
  });
  const search = (query: string): void =>
    emit({ type: 'search', time: '2026-01-01T00:00:00.000Z', sessionId: 's1', via: 'tool_search', query, results: ['mcp_a_b'] });
  return { history, search, emit: (event: ActivityEvent) => emit(event), listening: () => listening };
}

describe('createActivityHistory', () => {
  test('keeps the last entries with consecutive ids and counts every one', () => {
    const { history, search } = historyOf({ size: 3, saved: 100 });
    for (let index = 1; index <= 5; index++) search(`query ${index}`);
    assert.deepEqual(
      history.items().map((item) => [item.id, item.entry['query']]),
      [
        [3, 'query 3'],
        [4, 'query 4'],
        [5, 'query 5'],
      ],
    );
    assert.equal(history.lastId(), 5);
    assert.equal(history.total(), 5);
    assert.equal(history.savedTokens(), 500);
  });

  test('gives a stream resuming after an id the entries since, and how many are no longer kept', () => {
    const { history, search } = historyOf({ size: 3 });
    for (let index = 1; index <= 6; index++) search(`query ${index}`);
    assert.deepEqual(
      history.after(5).items.map((item) => item.id),
      [6],
    );
    assert.equal(history.after(5).missed, 0);
    assert.deepEqual(
      history.after(1).items.map((item) => item.id),
      [4, 5, 6],
    );
    assert.equal(history.after(1).missed, 2);
    // An id from another run of the gateway: everything kept, nothing claimed missed.
    assert.deepEqual(history.after(99), { items: history.items(), missed: 0 });
  });

  test('redacts entries and keeps a call’s arguments and result as redacted previews, never whole', () => {
    const { history, emit } = historyOf();
    emit({
      type: 'call_finished',
      time: '2026-01-01T00:00:00.000Z',
      sessionId: 's1',
      callId: 'c1',
      tool: 'mcp_files_read',
      toolset: 'mcp-files',
      viaBridge: true,
      outcome: 'ok',
      durationMs: 12,
      arguments: { path: `/home/${SECRET}` },
      result: { content: [{ type: 'text', text: 'q'.repeat(100_000) }] },
    });
    const [item] = history.items();
    assert.equal(item?.entry['tool'], 'mcp_files_read');
    assert.deepEqual(item?.entry['arguments'], { path: '/home/<KEY>' });
    assert.ok(JSON.stringify(item?.entry['result']).length < 1_000);
    assert.ok(!JSON.stringify(history.items()).includes(SECRET));
  });

  test('starts from the lines of an activity log, with the tokens each session saved per request', () => {
    const seed = [
      { event: 'tools', time: 't0', session: 'a', tokens_before: 1_000, tokens_after: 100 },
      { event: 'search', time: 't1', session: 'a', query: `find ${SECRET}`, results: [] },
      'not an entry',
      { event: 'call', time: 't2', session: 'b', tool: 'x', server: 'y', outcome: 'ok', duration_ms: 1, client: 'alice' },
    ];
    const { history } = historyOf({ seed });
    assert.deepEqual(
      history.items().map((item) => [item.id, item.entry.event, item.entry.saved_tokens]),
      [
        [1, 'search', 900],
        [2, 'call', 0],
      ],
    );
    assert.equal(history.items()[0]?.entry['query'], 'find <KEY>');
    assert.equal(history.items()[1]?.entry['client'], 'alice');
  });

  test('hands each new entry to its listeners just after the call that made it, and stops listening to the gateway when closed', async () => {
    const { history, search, listening } = historyOf();
    const seen: number[] = [];
    const stop = history.subscribe((item) => seen.push(item.id));
    search('one');
    assert.deepEqual(seen, [], 'not while the call is still answering');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(seen, [1]);
    stop();
    search('two');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(seen, [1]);
    history.close();
    assert.equal(listening(), false);
  });
});

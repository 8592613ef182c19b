import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLearnedRequestTable } from '../../src/requests/learned-requests.ts';

describe('createLearnedRequestTable', () => {
  it('keeps the newest requests of a tool when it has more than maxPerTool', () => {
    const table = createLearnedRequestTable({ maxPerTool: 3 });
    for (let time = 1; time <= 5; time += 1) table.add({ server: 'github', tool: 'merge_pull_request', text: `request ${time}`, time });
    assert.deepEqual(table.requestsOf('github', 'merge_pull_request'), ['request 3', 'request 4', 'request 5']);
  });

  it('drops the oldest requests of any tool when over maxTotal', () => {
    const table = createLearnedRequestTable({ maxTotal: 3 });
    table.add({ server: 'a', tool: 'x', text: 'oldest', time: 1 });
    table.add({ server: 'b', tool: 'y', text: 'middle', time: 2 });
    table.add({ server: 'a', tool: 'x', text: 'newer', time: 3 });
    table.add({ server: 'b', tool: 'y', text: 'newest', time: 4 });
    assert.deepEqual(
      table.entries().map((request) => request.text),
      ['newer', 'middle', 'newest'],
    );
  });

  it('drops the oldest requests when over maxCharacters', () => {
    const table = createLearnedRequestTable({ maxCharacters: 30 });
    table.add({ server: 's', tool: 't', text: 'first request text', time: 1 });
    table.add({ server: 's', tool: 't', text: 'second request text', time: 2 });
    assert.deepEqual(table.requestsOf('s', 't'), ['second request text']);
  });

  it('refreshes the time of a request learned again instead of keeping it twice', () => {
    const table = createLearnedRequestTable();
    assert.equal(table.add({ server: 's', tool: 't', text: 'ship it', time: 1 }), true);
    table.add({ server: 's', tool: 't', text: 'merge', time: 2 });
    assert.equal(table.add({ server: 's', tool: 't', text: 'Ship it', time: 3 }), true);
    assert.deepEqual(table.requestsOf('s', 't'), ['merge', 'Ship it']);
    assert.equal(table.add({ server: 's', tool: 't', text: 'merge', time: 1 }), false);
  });

  it('grows its version at every change and forgets everything on clear', () => {
    const table = createLearnedRequestTable();
    const before = table.version;
    table.add({ server: 's', tool: 't', text: 'ship it', time: 1 });
    assert.ok(table.version > before);
    table.clear();
    assert.deepEqual(table.entries(), []);
  });
});

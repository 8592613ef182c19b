import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeWeighing, renderRequests, type ServerRequests } from '../../src/cli/describe-requests.ts';

const tool = (name: string) => ({ tool: name, pack: 0, model: 0, learned: 0 });
const covered: ServerRequests = {
  server: 'memory',
  pack: { id: 'memory', by: 'config_name', value: 'memory' },
  tools: [{ ...tool('mcp_memory_create_entities'), pack: 10 }],
};
const uncovered = (server: string, tools: number): ServerRequests => ({
  server,
  pack: null,
  tools: Array.from({ length: tools }, (_, index) => tool(`mcp_${server}_tool_${index}`)),
});
const HINT = /no pack entry: search\.expand has your own model write requests/;

describe('renderRequests', () => {
  it('points servers without a pack entry to search.expand, naming them and counting their tools', () => {
    const text = renderRequests([covered, uncovered('ocean', 2), uncovered('tides', 1)], { pack: true, learn: false, expand: false });
    assert.match(
      text,
      /\n {2}ocean and tides have no pack entry: search\.expand has your own model write requests for 3 tools \(docs\/requests\.md\)\n$/,
    );
  });

  it('counts the names past three', () => {
    const servers = ['a', 'b', 'c', 'd'].map((name) => uncovered(name, 1));
    assert.match(renderRequests(servers, { pack: true, learn: false, expand: false }), /\n {2}a, b and 2 more have no pack entry/);
    assert.match(renderRequests(servers.slice(0, 3), { pack: true, learn: false, expand: false }), /\n {2}a, b and c have no pack entry/);
    assert.match(
      renderRequests(servers.slice(0, 1), { pack: true, learn: false, expand: false }),
      /\n {2}a has no pack entry: .* for 1 tool /,
    );
  });

  it('says nothing of it when expand is on, the pack is off, or every server has an entry', () => {
    const servers = [covered, uncovered('ocean', 2)];
    assert.doesNotMatch(renderRequests(servers, { pack: true, learn: false, expand: true }), HINT);
    assert.doesNotMatch(renderRequests(servers, { pack: false, learn: false, expand: false }), HINT);
    assert.doesNotMatch(renderRequests([covered], { pack: true, learn: false, expand: false }), HINT);
  });
});

describe('describeWeighing', () => {
  it('says requests count fully when every tool has its own, and names how many lack them otherwise', () => {
    assert.match(describeWeighing([covered])!, /^every tool has requests of its own: they weigh 1\.5 .* best request counts too$/);
    const lent = { ...tool('mcp_ocean_tide'), balanced: { by: 'lent' as const, count: 4 } };
    const own = { ...tool('mcp_ocean_wave'), balanced: { by: 'own text' as const, count: 2 } };
    const ocean: ServerRequests = { server: 'ocean', pack: null, tools: [lent, own] };
    assert.match(
      describeWeighing([covered, ocean])!,
      /^2 tools without requests of their own: requests weigh 0\.5 .* given the benefit of the doubt/,
    );
    assert.equal(describeWeighing([uncovered('ocean', 2)]), undefined);
    const text = renderRequests([covered, ocean], { pack: true, learn: false, expand: false });
    assert.match(text, /\n {2}2 tools without requests of their own: /);
  });

  it('does not count a hidden tool (no requests, none given) as lacking them', () => {
    const hidden = tool('mcp_memory_delete_entities');
    assert.match(describeWeighing([{ ...covered, tools: [...covered.tools, hidden] }])!, /^every tool has requests of its own/);
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createToolPolicy, describeUnmatched, mayMatchServersDown, namesOfTool, serverNamedBy } from '../../src/gateway/tool-policy.ts';
import type { Tool } from '../../src/tools/tool.ts';

const tool = (server: string, original: string, shown = `mcp_${server}_${original}`): Tool => ({
  name: shown,
  originalName: original,
  description: '',
  parameters: { type: 'object' },
  toolset: `mcp-${server}`,
  kind: 'mcp',
});

describe('createToolPolicy', () => {
  test('matches case-insensitively: *delete* stops DeleteItem', () => {
    const policy = createToolPolicy({ pin: [], deny: ['*delete*'], requireApproval: [] });
    assert.equal(policy.flags(tool('dynamo', 'DeleteItem')).deniedBy, '*delete*');
  });

  test("matches the upstream's own name, as Claude Desktop shows it, and server/tool", () => {
    const policy = createToolPolicy({ pin: ['memory/read_graph'], deny: ['delete_entities'], requireApproval: ['MEMORY/CREATE_*'] });
    assert.equal(policy.flags(tool('memory', 'delete_entities')).deniedBy, 'delete_entities');
    assert.equal(policy.flags(tool('memory', 'create_entities')).approvalBy, 'MEMORY/CREATE_*');
    assert.equal(policy.flags(tool('memory', 'read_graph')).pinnedBy, 'memory/read_graph');
    assert.deepEqual(policy.flags(tool('memory', 'search_nodes')), {});
  });

  test('matches the whole gateway name of a tool whose shown name was cut to 64 characters', () => {
    const long = 'x'.repeat(70);
    const cut = tool('srv', `${long}_delete`, `mcp_srv_${long}`.slice(0, 64));
    const policy = createToolPolicy({ pin: [], deny: [`mcp_srv_${long}_delete`], requireApproval: [] });
    assert.equal(policy.flags(cut).deniedBy, `mcp_srv_${long}_delete`);
  });

  test('lists patterns that match no tool, with a did-you-mean for a near name', () => {
    const tools = [tool('memory', 'delete_entities'), tool('memory', 'create_entities')];
    const policy = createToolPolicy({ pin: ['*graph*'], deny: ['delete_entitys'], requireApproval: ['create_*'] });
    const unmatched = policy.unmatched(tools);
    assert.deepEqual(unmatched, [
      { list: 'pin', pattern: '*graph*' },
      { list: 'policy.deny', pattern: 'delete_entitys', suggestion: 'delete_entities' },
    ]);
    assert.equal(
      describeUnmatched(unmatched[1]!, 2),
      "policy.deny: 'delete_entitys' matches none of the 2 tools of the connected servers (did you mean 'delete_entities'?)",
    );
  });
});

describe('namesOfTool', () => {
  test('gives the shown name, the whole gateway name, the upstream name and server/tool, lower-cased', () => {
    assert.deepEqual(namesOfTool(tool('GitHub', 'Merge_PR')), ['mcp_github_merge_pr', 'merge_pr', 'github/merge_pr']);
  });
});

describe('serverNamedBy and mayMatchServersDown', () => {
  const servers = ['git', 'github', 'My Server'];

  test('name the server of a prefixed pattern, the longest name first, in either form', () => {
    assert.equal(serverNamedBy('mcp_github_create_*', servers), 'github');
    assert.equal(serverNamedBy('MCP_GIT_log', servers), 'git');
    assert.equal(serverNamedBy('github/merge_pr', servers), 'github');
    assert.equal(serverNamedBy('mcp_my_server_run', servers), 'My Server');
    assert.equal(serverNamedBy('*delete*', servers), undefined);
  });

  test('hold back a pattern that names a server down, or none while any is down', () => {
    assert.equal(mayMatchServersDown('mcp_github_x', servers, ['github']), true);
    assert.equal(mayMatchServersDown('create_issue', servers, ['github']), true);
    assert.equal(mayMatchServersDown('mcp_git_x', servers, ['github']), false);
    assert.equal(mayMatchServersDown('create_issue', servers, []), false);
  });
});

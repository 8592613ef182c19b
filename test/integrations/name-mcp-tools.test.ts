import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { MAX_TOOL_NAME_LENGTH, nameMcpTools } from '../../src/integrations/mcp-client/index.ts';

describe('nameMcpTools', () => {
  test('prefixes mcp_<server>_ and keeps clean names untouched', () => {
    const naming = nameMcpTools([{ server: 'github', tool: 'create_issue' }]);
    assert.deepEqual(naming.names, ['mcp_github_create_issue']);
    assert.deepEqual(naming.renames, []);
  });

  test('replaces characters outside [A-Za-z0-9_-] and reports it', () => {
    const naming = nameMcpTools([{ server: 'my.server', tool: 'get file/v2' }]);
    assert.deepEqual(naming.names, ['mcp_my_server_get_file_v2']);
    assert.deepEqual(naming.renames, [
      { server: 'my.server', tool: 'get file/v2', name: 'mcp_my_server_get_file_v2', reason: 'sanitized' },
    ]);
  });

  test('cuts names over 64 characters and keeps two long names with a shared prefix apart', () => {
    const long = 'x'.repeat(80);
    const naming = nameMcpTools([
      { server: 'srv', tool: `${long}_one` },
      { server: 'srv', tool: `${long}_two` },
    ]);
    assert.equal(naming.names[0]!.length, MAX_TOOL_NAME_LENGTH);
    assert.match(naming.names[0]!, /^mcp_srv_x+_[0-9a-f]{6}$/);
    assert.notEqual(naming.names[0], naming.names[1]);
    assert.deepEqual(
      naming.renames.map((rename) => rename.reason),
      ['truncated', 'truncated'],
    );
  });

  test('lets the first tool in (server, tool) order keep a contested name and suffixes the other', () => {
    const naming = nameMcpTools([
      { server: 'a', tool: 'b.c' },
      { server: 'a', tool: 'b_c' },
    ]);
    assert.equal(naming.names[0], 'mcp_a_b_c');
    assert.match(naming.names[1]!, /^mcp_a_b_c_[0-9a-f]{6}$/);
    assert.deepEqual(naming.renames, [
      { server: 'a', tool: 'b.c', name: 'mcp_a_b_c', reason: 'sanitized' },
      { server: 'a', tool: 'b_c', name: naming.names[1], reason: 'collision' },
    ]);
  });

  test('gives unique valid names that do not depend on input order', () => {
    const identity = fc.record({ server: fc.string({ minLength: 1, maxLength: 12 }), tool: fc.string({ maxLength: 90 }) });
    fc.assert(
      fc.property(fc.uniqueArray(identity, { selector: (item) => `${item.server}\u0001${item.tool}`, maxLength: 30 }), (tools) => {
        const forward = nameMcpTools(tools);
        const backward = nameMcpTools([...tools].reverse());
        assert.equal(new Set(forward.names).size, tools.length);
        for (const name of forward.names) assert.match(name, /^[A-Za-z0-9_-]{1,64}$/);
        assert.deepEqual([...backward.names].reverse(), forward.names);
        assert.deepEqual(backward.renames, forward.renames);
      }),
    );
  });
});

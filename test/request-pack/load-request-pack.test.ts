import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, it } from 'node:test';
import { createRequestSources } from '../../src/requests/request-sources.ts';
import { loadRequestPack } from '../../src/request-pack/load-request-pack.ts';
import { parsePackServerFile } from '../../src/request-pack/request-pack-manifest.ts';
import { packageName, packagesInCommand } from '../../src/request-pack/server-identity.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { mcpServerTools } from '../support/fixtures.ts';

/** The shipped pack, with every file it reads recorded. */
function countingPack() {
  const reads: string[] = [];
  const pack = loadRequestPack({
    readFile: (path) => {
      reads.push(basename(path));
      return readFileSync(path, 'utf8');
    },
  });
  return { pack, reads };
}

describe('packagesInCommand', () => {
  const cases: ReadonlyArray<readonly [string, string[], string[]]> = [
    ['npx', ['-y', '@modelcontextprotocol/server-github@2025.4.8'], ['@modelcontextprotocol/server-github']],
    ['npx', ['--yes', 'tavily-mcp@latest', '--flag'], ['tavily-mcp']],
    ['npx.cmd', ['-p', 'mcp-server-kubernetes', 'mcp-server-kubernetes'], ['mcp-server-kubernetes']],
    ['pnpm', ['dlx', '@playwright/mcp@0.0.83', '--headless'], ['@playwright/mcp']],
    ['uvx', ['mcp-server-git', '--repository', '.'], ['mcp-server-git']],
    ['uvx', ['--from', 'office-word-mcp-server==1.0', 'word_mcp_server'], ['office-word-mcp-server']],
    ['uv', ['tool', 'run', 'arxiv-mcp-server'], ['arxiv-mcp-server']],
    ['node', ['/srv/app/node_modules/@modelcontextprotocol/server-memory/dist/index.js'], ['@modelcontextprotocol/server-memory']],
    ['/srv/app/node_modules/.bin/mcp-server-filesystem', ['/tmp'], []],
    ['node', ['/srv/my-server/dist/index.js'], []],
  ];
  for (const [command, args, packages] of cases) {
    it(`reads ${JSON.stringify(packages)} from ${[command, ...args].join(' ')}`, () => {
      assert.deepEqual(packagesInCommand(command, args).packages, packages);
    });
  }

  it('names the executables a command runs: its own name, a .bin link, a container image', () => {
    assert.deepEqual(packagesInCommand('/usr/local/bin/github-mcp-server', ['stdio']).commands, ['github-mcp-server']);
    assert.ok(packagesInCommand('node', ['/srv/node_modules/.bin/mcp-server-memory']).commands.includes('mcp-server-memory'));
    assert.ok(
      packagesInCommand('docker', ['run', '-i', '--rm', 'ghcr.io/github/github-mcp-server:latest']).commands.includes(
        'ghcr.io/github/github-mcp-server',
      ),
    );
  });

  it('drops versions and extras from package specs', () => {
    assert.equal(packageName('@scope/name@1.2.3'), '@scope/name');
    assert.equal(packageName('pkg==0.2.3'), 'pkg');
    assert.equal(packageName('pkg[cli]>=1'), 'pkg');
    assert.equal(packageName('github:flrngel/mcp-painter'), 'github:flrngel/mcp-painter');
  });
});

describe('loadRequestPack', () => {
  it('reads nothing until it is asked, then the manifest and only the file of the server that matched', () => {
    const { pack, reads } = countingPack();
    assert.deepEqual(reads, []);
    const match = pack.match({ name: 'github', command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'] });
    assert.deepEqual(reads, ['manifest.json']);
    assert.ok(pack.requestsOf(match!.id).get('merge_pull_request')!.length >= 8);
    pack.requestsOf(match!.id);
    assert.deepEqual(reads, ['manifest.json', 'github.json']);
  });

  it('costs nothing for servers not connected: a session of one server reads that server file alone', () => {
    const { pack, reads } = countingPack();
    const sources = createRequestSources({ pack: pack.lookup() });
    const attached = sources.attach(mcpServerTools('memory'));
    assert.deepEqual(reads, ['manifest.json', 'memory.json']);
    assert.ok(attached.every((tool) => (tool.requests ?? []).length >= 8));
  });

  it('matches by the package a command line runs, before the server name or the config name', () => {
    const { pack } = countingPack();
    assert.deepEqual(
      pack.match({
        name: 'notion',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-github@2025.4.8'],
        serverName: 'Notion API',
      }),
      {
        id: 'github',
        by: 'package',
        value: '@modelcontextprotocol/server-github',
      },
    );
    assert.deepEqual(pack.match({ command: 'node', args: ['/opt/x/node_modules/@modelcontextprotocol/server-memory/dist/index.js'] }), {
      id: 'memory',
      by: 'package',
      value: '@modelcontextprotocol/server-memory',
    });
    assert.deepEqual(pack.match({ command: 'uvx', args: ['mcp_server_git'] }), {
      id: 'livemcpbench-git',
      by: 'package',
      value: 'mcp_server_git',
    });
    assert.equal(pack.match({ command: 'github-mcp-server', args: ['stdio'] })?.id, 'github');
    assert.equal(
      pack.match({ command: 'npx', args: ['-y', 'supergateway', '--streamableHttp', 'https://mcp-api.op.gg/mcp'] })?.id,
      'livemcpbench-opgg-mcp',
    );
  });

  it('matches by serverInfo.name, then by config name or pack id', () => {
    const { pack } = countingPack();
    assert.deepEqual(pack.match({ name: 'kb', command: 'node', args: ['/srv/memory/index.js'], serverName: 'memory-server' }), {
      id: 'memory',
      by: 'server_name',
      value: 'memory-server',
    });
    assert.deepEqual(pack.match({ name: 'GitHub' }), { id: 'github', by: 'config_name', value: 'GitHub' });
    assert.deepEqual(pack.match({ name: 'sequential_thinking' }), {
      id: 'sequential-thinking',
      by: 'config_name',
      value: 'sequential_thinking',
    });
    assert.equal(pack.match({ name: 'livemcpbench-time' })?.id, 'livemcpbench-time');
    assert.equal(pack.match({ name: 'my-own-server', command: 'node', args: ['/srv/mine.js'], serverName: 'mine' }), undefined);
  });

  it('ignores entries for tools a server no longer has, and gives a tool it does not know nothing', () => {
    const { pack } = countingPack();
    const lookup = pack.lookup();
    const current: Tool = {
      name: 'mcp_memory_read_graph',
      originalName: 'read_graph',
      description: '',
      parameters: {},
      toolset: 'mcp-memory',
      kind: 'mcp',
    };
    const unknown: Tool = { ...current, name: 'mcp_memory_brand_new_tool', originalName: 'brand_new_tool' };
    assert.ok((lookup(current) ?? []).length >= 8);
    assert.equal(lookup(unknown), undefined);
    // The pack lists 9 memory tools; a server offering 1 of them gets requests for that one alone.
    const attached = createRequestSources({ pack: lookup }).attach([current]);
    assert.equal(attached.length, 1);
  });

  it('uses the identities given per server, by toolset name', () => {
    const { pack } = countingPack();
    const tool: Tool = {
      name: 'mcp_kb_read_graph',
      originalName: 'read_graph',
      description: '',
      parameters: {},
      toolset: 'mcp-kb',
      kind: 'mcp',
    };
    assert.equal(pack.lookup()(tool), undefined);
    assert.ok((pack.lookup({ kb: { serverName: 'memory-server' } })(tool) ?? []).length >= 8);
  });

  it("reads a server's situational requests from the same file, once, and looks them up as its requests", () => {
    const { pack, reads } = countingPack();
    const memory = mcpServerTools('memory');
    const tools = pack.lookup()(memory[0]!);
    const situational = pack.situationalLookup()(memory[0]!);
    assert.ok(tools !== undefined && tools.length >= 8);
    assert.ok(situational !== undefined && situational.length > 0);
    assert.deepEqual(situational, pack.situationalOf('memory').get(memory[0]!.originalName!));
    assert.ok(!situational.some((request) => tools.includes(request)), 'situational requests are other texts');
    assert.deepEqual(reads, ['manifest.json', 'memory.json']);
  });

  it('names what is wrong with a server file whose situational requests are not lists of strings', () => {
    const file = (situational: unknown) =>
      JSON.stringify({ server: 's', tool_list_source: 't', written: 'w', tools: { a: ['x'] }, situational });
    assert.throws(() => parsePackServerFile(file({ a: [1] })), /situational\.a must be a list of strings/);
    assert.throws(() => parsePackServerFile(file(['x'])), /situational must be an object of request lists/);
    assert.deepEqual(parsePackServerFile(file({ a: ['why'] })).situational, { a: ['why'] });
  });

  it('gives no requests, with one warning, when its files cannot be read', () => {
    const warnings: string[] = [];
    const pack = loadRequestPack({ directory: '/nonexistent/request-pack', onWarning: (line) => warnings.push(line) });
    assert.equal(pack.match({ name: 'github' }), undefined);
    assert.equal(pack.match({ name: 'memory' }), undefined);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /request pack: cannot read \/nonexistent\/request-pack\/manifest.json/);
  });
});

describe('the pack as a lender', () => {
  it("lends the tools of every server but the session's own, each with its requests", () => {
    const pack = loadRequestPack();
    const github = pack.match({ name: 'github' })!.id;
    const lenders = pack.lendersFor([
      { name: 'mcp_github_get_me', description: '', parameters: { type: 'object' }, toolset: 'mcp-github', kind: 'mcp' },
    ]);
    assert.ok(lenders.length > 1_000);
    assert.ok(lenders.every((tool) => tool.toolset !== `pack-${github}` && (tool.requests?.length ?? 0) >= 8));
  });
});

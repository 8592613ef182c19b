import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parsePackManifest, parsePackServerFile, type PackIdentities } from '../../src/request-pack/request-pack-manifest.ts';
import { PROJECT_ROOT } from '../support/fixtures.ts';

const PACK = join(PROJECT_ROOT, 'request-pack');
const manifest = parsePackManifest(readFileSync(join(PACK, 'manifest.json'), 'utf8'));
const serverFiles = readdirSync(join(PACK, 'servers'))
  .filter((name) => name.endsWith('.json'))
  .sort();

describe('the shipped request pack (request-pack/)', () => {
  it('lists every server file in the manifest, and no file that does not exist', () => {
    assert.deepEqual(
      manifest.servers.map((server) => server.file).sort(),
      serverFiles.map((name) => `servers/${name}`),
    );
  });

  it('is in the package files, so that an installed package has it', () => {
    const files = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { files: string[] }).files;
    assert.ok(files.includes('request-pack'));
  });

  for (const server of manifest.servers) {
    it(`${server.file} parses, is ${server.id}'s, has at least 8 requests per tool, and matches its manifest counts`, () => {
      const file = parsePackServerFile(readFileSync(join(PACK, server.file), 'utf8'));
      assert.equal(file.server, server.id);
      assert.ok(file.tool_list_source.length > 0 && file.written.length > 0, 'says where its tool list came from and how it was written');
      const thin = Object.entries(file.tools).filter(([, requests]) => requests.length < 8);
      assert.deepEqual(
        thin.map(([tool, requests]) => `${tool}: ${requests.length}`),
        [],
      );
      assert.equal(Object.keys(file.tools).length, server.tools);
      assert.equal(
        Object.values(file.tools).reduce((sum, requests) => sum + requests.length, 0),
        server.requests,
      );
      assert.ok(
        server.sources.length > 0 && server.sources.every((source) => source.name !== '' && source.version !== ''),
        'names its sources and versions',
      );
      assert.ok((server.identities.config_names ?? []).length > 0, 'has a config name');
      // Situational requests, where a file has them: for its own tools only, none repeating one of the tool's others.
      const situational = file.situational ?? {};
      assert.deepEqual(
        Object.keys(situational).filter((tool) => !(tool in file.tools)),
        [],
      );
      const repeated = Object.entries(situational).flatMap(([tool, requests]) => {
        const own = new Set(file.tools[tool]!.map((request) => request.toLowerCase()));
        return requests.filter((request) => own.has(request.toLowerCase())).map((request) => `${tool}: ${request}`);
      });
      assert.deepEqual(repeated, []);
      assert.equal(
        Object.values(situational).reduce((sum, requests) => sum + requests.length, 0),
        server.situational ?? 0,
      );
      if (file.situational !== undefined)
        assert.ok((file.situational_written ?? '').length > 0, 'says how its situational requests were written');
    });
  }

  it('gives every identity to one server only, so that a match is never ambiguous', () => {
    const kinds: ReadonlyArray<keyof PackIdentities> = ['npm', 'pypi', 'commands', 'urls', 'server_names', 'config_names'];
    for (const kind of kinds) {
      const owners = new Map<string, string>();
      for (const server of manifest.servers) {
        const names = [...(server.identities[kind] ?? []), ...(kind === 'config_names' ? [server.id] : [])];
        for (const name of new Set(names.map((value) => value.toLowerCase().replace(/[-_\s]+/g, '-')))) {
          assert.equal(owners.get(name) ?? server.id, server.id, `${kind} '${name}' is claimed by ${owners.get(name)} and ${server.id}`);
          owners.set(name, server.id);
        }
      }
    }
  });

  it('covers at least 40 servers and 1,000 tools', () => {
    assert.ok(manifest.servers.length >= 40);
    assert.ok(manifest.servers.reduce((sum, server) => sum + server.tools, 0) >= 1_000);
  });
});

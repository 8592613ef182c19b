import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync, readdirSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openLearnedRequestFile } from '../../src/request-pack/learned-request-file.ts';
import { defaultRequestCacheDirectory, defaultStateDirectory } from '../../src/request-pack/state-folders.ts';
import { openWrittenRequestFile } from '../../src/request-pack/written-request-file.ts';

const scratch = mkdtempSync(join(tmpdir(), 'tool-search-request-files-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
let counter = 0;
const freshFolder = () => join(scratch, `state-${++counter}`);

describe('openLearnedRequestFile', () => {
  it('keeps what was learned across a reopen (a restart), in a 0600 file in a 0700 folder', () => {
    const folder = freshFolder();
    const path = join(folder, 'learned-requests.json');
    const first = openLearnedRequestFile(path);
    first.add({
      server: 'npm:@modelcontextprotocol/server-github',
      tool: 'merge_pull_request',
      text: 'make my fix part of main',
      time: 1_000,
    });
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.equal(statSync(folder).mode & 0o777, 0o700);
    const again = openLearnedRequestFile(path);
    assert.deepEqual(again.requestsOf('npm:@modelcontextprotocol/server-github', 'merge_pull_request'), ['make my fix part of main']);
    assert.deepEqual(readdirSync(folder), ['learned-requests.json']);
  });

  it('keeps the requests of two processes sharing the file', () => {
    const path = join(freshFolder(), 'learned-requests.json');
    const one = openLearnedRequestFile(path);
    const two = openLearnedRequestFile(path);
    one.add({ server: 's', tool: 't', text: 'first gateway', time: 1 });
    two.add({ server: 's', tool: 't', text: 'second gateway', time: 2 });
    assert.deepEqual(openLearnedRequestFile(path).requestsOf('s', 't'), ['first gateway', 'second gateway']);
  });

  it('stays bounded on disk', () => {
    const path = join(freshFolder(), 'learned-requests.json');
    const store = openLearnedRequestFile(path, { bounds: { maxPerTool: 2, maxTotal: 3 } });
    for (let time = 1; time <= 6; time += 1) store.add({ server: 's', tool: `t${time % 2}`, text: `request ${time}`, time });
    const kept = (JSON.parse(readFileSync(path, 'utf8')) as { requests: { text: string }[] }).requests.map((request) => request.text);
    assert.deepEqual(kept.sort(), ['request 4', 'request 5', 'request 6']);
  });

  it('forgets everything on clear, file included', () => {
    const path = join(freshFolder(), 'learned-requests.json');
    const store = openLearnedRequestFile(path);
    store.add({ server: 's', tool: 't', text: 'a request', time: 1 });
    store.clear();
    assert.deepEqual(openLearnedRequestFile(path).entries(), []);
    assert.throws(() => statSync(path), /ENOENT/);
  });

  it('starts empty with a warning on a damaged file, and makes a file others can read owner-only', () => {
    const path = join(freshFolder(), 'learned-requests.json');
    const warnings: string[] = [];
    openLearnedRequestFile(path).add({ server: 's', tool: 't', text: 'kept', time: 1 });
    chmodSync(path, 0o644);
    openLearnedRequestFile(path, { onWarning: (line) => warnings.push(line) });
    assert.equal(statSync(path).mode & 0o777, 0o600);
    writeFileSync(path, '{"format": 1, "requests": [');
    assert.deepEqual(openLearnedRequestFile(path, { onWarning: (line) => warnings.push(line) }).entries(), []);
    assert.match(warnings[0]!, /was readable by others \(mode 644\); it is now owner-only \(600\)/);
    assert.match(warnings[1]!, /learned requests file .* is not valid/);
  });
});

describe('openWrittenRequestFile', () => {
  it('keeps written requests across a reopen, bounded to the newest entries', () => {
    const path = join(freshFolder(), 'written-requests.json');
    const cache = openWrittenRequestFile(path, { maxEntries: 2 });
    cache.set([['a', ['one']]]);
    cache.set([
      ['b', ['two']],
      ['c', ['three']],
    ]);
    const again = openWrittenRequestFile(path);
    assert.equal(again.get('a'), undefined);
    assert.deepEqual(again.get('c'), ['three']);
    assert.equal(statSync(path).mode & 0o777, 0o600);
  });
});

describe('state folders', () => {
  it('keeps learned requests in $TOOL_SEARCH_STATE_DIR, else $XDG_STATE_HOME/tool-search, else ~/.local/state/tool-search', () => {
    assert.equal(defaultStateDirectory({ TOOL_SEARCH_STATE_DIR: '/s' }), '/s');
    assert.equal(defaultStateDirectory({ XDG_STATE_HOME: '/x' }), '/x/tool-search');
    assert.match(defaultStateDirectory({}), /\.local\/state\/tool-search$/);
  });

  it("keeps the model's requests in the cache folder: $TOOL_SEARCH_CACHE_DIR, else $XDG_CACHE_HOME/tool-search, else ~/.cache/tool-search", () => {
    assert.equal(defaultRequestCacheDirectory({ TOOL_SEARCH_CACHE_DIR: '/c' }), '/c');
    assert.equal(defaultRequestCacheDirectory({ XDG_CACHE_HOME: '/x' }), join('/x', 'tool-search'));
    assert.equal(defaultRequestCacheDirectory({}), join(homedir(), '.cache', 'tool-search'));
  });
});

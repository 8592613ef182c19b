import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSearchIndex } from '../../../src/catalog/index/build-search-index.ts';
import { SearchIndexCache } from '../../../src/catalog/index/search-index-cache.ts';
import { searchIndex, searchTools } from '../../../src/catalog/search-tools.ts';
import type { Tool } from '../../../src/tools/tool.ts';
import { loadMcpSample, makeTool } from '../catalog-fixtures.ts';

/** Searches `tools` through `cache` and, for comparison, through an index built from scratch. */
function searchBoth(cache: SearchIndexCache, tools: readonly Tool[], query: string, limit = 10) {
  return { cached: searchIndex(cache.indexOf(tools), query, limit), fresh: searchIndex(buildSearchIndex(tools), query, limit) };
}

const names = (matches: readonly { tool: Tool }[]): string[] => matches.map((match) => match.tool.name);

describe('SearchIndexCache', () => {
  it('returns the kept index for the same catalog, with results equal to a fresh build', () => {
    const cache = new SearchIndexCache();
    const tools = loadMcpSample();
    const first = cache.indexOf(tools);
    assert.equal(cache.indexOf(tools), first);
    assert.equal(cache.indexOf([...tools]), first);
    const { cached, fresh } = searchBoth(cache, tools, 'post a message to a slack channel');
    assert.deepEqual(cached, fresh);
    assert.equal(cache.size, 1);
  });

  it('finds the index of a catalog rebuilt from new tool objects with the same content, holding the new objects', () => {
    const cache = new SearchIndexCache();
    const tools = loadMcpSample();
    const first = cache.indexOf(tools);
    const rebuilt = tools.map((tool) => ({ ...tool, parameters: structuredClone(tool.parameters) }));
    const second = cache.indexOf(rebuilt);
    assert.equal(second.stemEntries, first.stemEntries);
    assert.equal(second.tools, rebuilt);
    assert.equal(
      searchIndex(second, 'create issue', 1)[0]!.tool,
      rebuilt.find((tool) => tool.name === 'mcp_github_legacy_npm_create_issue'),
    );
  });

  it('re-analyzes a tool whose description changed under the same name', () => {
    const cache = new SearchIndexCache();
    const before = [makeTool('lookup', 'find the weather forecast'), makeTool('fetch_page', 'download a web page')];
    assert.deepEqual(names(searchIndex(cache.indexOf(before), 'invoice', 5)), []);
    const after = [makeTool('lookup', 'find an invoice by its number'), before[1]!];
    const { cached, fresh } = searchBoth(cache, after, 'invoice');
    assert.deepEqual(names(cached), ['lookup']);
    assert.deepEqual(cached, fresh);
  });

  it('notices a tool list changed in place: an element replaced by an edited copy, one pushed', () => {
    const cache = new SearchIndexCache();
    const tools = [makeTool('lookup', 'find the weather forecast', ['city']), makeTool('fetch_page', 'download a web page')];
    cache.indexOf(tools);
    tools[0] = { ...tools[0]!, description: 'find an invoice by its number' };
    assert.deepEqual(names(searchIndex(cache.indexOf(tools), 'invoice', 5)), ['lookup']);
    tools.push(makeTool('convert_currency', 'convert an amount between currencies'));
    assert.deepEqual(names(searchIndex(cache.indexOf(tools), 'currency', 5)), ['convert_currency']);
  });

  it('never returns a removed tool', () => {
    const cache = new SearchIndexCache();
    const tools = loadMcpSample();
    const removed = tools.find((tool) => tool.name === 'mcp_github_legacy_npm_create_issue')!;
    assert.ok(names(searchIndex(cache.indexOf(tools), 'create issue', 20)).includes(removed.name));
    const remaining = tools.filter((tool) => tool !== removed);
    const { cached, fresh } = searchBoth(cache, remaining, 'create issue', 20);
    assert.ok(!names(cached).includes(removed.name));
    assert.deepEqual(cached, fresh);
  });

  it('keeps catalogs that share tools apart', () => {
    const cache = new SearchIndexCache();
    const sample = loadMcpSample();
    const github = sample.filter((tool) => tool.toolset === 'mcp-github-legacy-npm');
    const slack = sample.filter((tool) => tool.toolset === 'mcp-slack');
    const shared = makeTool('send_notification', 'send a notification message', [], 'mcp-notify');
    const left = [...github, shared];
    const right = [shared, ...slack];
    for (let round = 0; round < 2; round++) {
      for (const [tools, query] of [
        [left, 'send a message'],
        [right, 'send a message'],
        [left, 'list pull requests'],
        [right, 'list pull requests'],
      ] as const) {
        const { cached, fresh } = searchBoth(cache, tools, query);
        assert.deepEqual(cached, fresh);
        assert.ok(cached.every((match) => tools.includes(match.tool)));
      }
    }
    assert.equal(cache.size, 2);
  });

  it('keys on the search options as well as the tools', () => {
    const cache = new SearchIndexCache();
    const tools = loadMcpSample();
    const plain = cache.indexOf(tools);
    const weighted = cache.indexOf(tools, { fieldWeights: { name: 1 } });
    assert.notEqual(weighted, plain);
    assert.equal(weighted.options.fieldWeights.name, 1);
    assert.equal(cache.indexOf(tools), plain);
  });

  it('evicts the least recently used catalog beyond its catalog count', () => {
    const cache = new SearchIndexCache({ catalogs: 2 });
    const catalogs = [0, 1, 2].map((round) => [makeTool(`tool_${round}`, `does thing ${round}`)]);
    const first = cache.indexOf(catalogs[0]!);
    const second = cache.indexOf(catalogs[1]!);
    assert.equal(cache.indexOf(catalogs[0]!), first);
    cache.indexOf(catalogs[2]!);
    assert.equal(cache.size, 2);
    assert.equal(cache.indexOf(catalogs[0]!), first);
    assert.notEqual(cache.indexOf(catalogs[1]!), second);
  });

  it('composes a large catalog of parts and searches it as a fresh build does, words only a removed tool had absent', () => {
    const cache = new SearchIndexCache({}, { average: 4, minimum: 2, maximum: 8, minimumCatalog: 0 });
    const sample = loadMcpSample();
    const removed = makeTool('zorblax_sync', 'Sync the zorblax ledger with quuxbridge', [], 'mcp-zorblax');
    const before = cache.indexOf([removed, ...sample]);
    assert.equal(cache.keptPartTools, sample.length + 1);
    assert.ok(before.tokenIds.find('zorblax') >= 0);
    const added = makeTool('fetch_invoice', 'Fetch an invoice by its number', ['invoice_number'], 'mcp-billing');
    const changed = [...sample, added];
    const composed = cache.indexOf(changed);
    const fresh = buildSearchIndex(changed);
    for (const word of ['zorblax', 'quuxbridge']) {
      assert.equal(composed.tokenIds.find(word), -1, word);
      assert.equal(composed.stemIds.get(word), undefined, word);
    }
    for (const query of [
      'zorblax',
      'sync the zorblax ledger',
      'fetch invoice 42',
      'create an issue',
      'post a message to a slack channel',
      'quux',
      'the',
    ]) {
      assert.deepEqual(searchIndex(composed, query, 10), searchIndex(fresh, query, 10), query);
    }
  });

  it('builds again only the parts that hold a changed tool', () => {
    const sizes = { average: 4, minimum: 2, maximum: 8, minimumCatalog: 0 };
    const cache = new SearchIndexCache({}, sizes);
    const sample = loadMcpSample();
    cache.indexOf(sample);
    assert.equal(cache.keptPartTools, sample.length);
    const middle = Math.floor(sample.length / 2);
    const edited = sample.map((tool, position) =>
      position === middle ? { ...tool, description: `${tool.description} Also archives invoices.` } : tool,
    );
    const index = cache.indexOf(edited);
    // The edited tool's part, and at most its neighbour when the cut after it moved: never the catalog.
    const rebuilt = cache.keptPartTools - sample.length;
    assert.ok(rebuilt >= 1 && rebuilt <= 2 * sizes.maximum, `${rebuilt} tools built again`);
    assert.deepEqual(searchIndex(index, 'archive invoices', 3), searchIndex(buildSearchIndex(edited), 'archive invoices', 3));
    assert.equal(searchIndex(index, 'archive invoices', 1)[0]!.tool, edited[middle]);
  });

  it('composes a catalog that lists one tool twice as a fresh build does', () => {
    const cache = new SearchIndexCache({}, { average: 4, minimum: 2, maximum: 8, minimumCatalog: 0 });
    const sample = loadMcpSample();
    cache.indexOf(sample);
    const twice = [...sample.slice(1), { ...sample[0]! }, { ...sample[0]! }];
    const composed = cache.indexOf(twice);
    for (const query of ['create an issue', 'post a message to a slack channel', sample[0]!.name]) {
      assert.deepEqual(searchIndex(composed, query, 10), searchIndex(buildSearchIndex(twice), query, 10), query);
    }
  });

  it('builds a composed catalog whole once it has been asked for the given number of times, with the same results', () => {
    const cache = new SearchIndexCache({}, { average: 4, minimum: 2, maximum: 8, minimumCatalog: 0, searchesBeforeWholeBuild: 2 });
    const tools = loadMcpSample();
    const composed = cache.indexOf(tools);
    assert.ok(!('occurrences' in composed), 'composed of parts first');
    const query = 'post a message to a slack channel';
    const before = searchIndex(composed, query, 10);
    assert.equal(cache.indexOf(tools), composed);
    const whole = cache.indexOf([...tools]);
    assert.notEqual(whole, composed);
    assert.ok('occurrences' in whole, 'built whole at the second search after the first');
    assert.deepEqual(searchIndex(whole, query, 10), before);
    assert.equal(cache.indexOf(tools), whole);
  });

  it('builds a catalog smaller than the cutting minimum whole', () => {
    const cache = new SearchIndexCache({}, { average: 4, minimum: 2, maximum: 8, minimumCatalog: 100 });
    cache.indexOf(loadMcpSample());
    assert.equal(cache.keptPartTools, 0);
    assert.equal(cache.keptTools, loadMcpSample().length);
  });

  it('evicts beyond its tool budget and never keeps a catalog larger than the budget', () => {
    const cache = new SearchIndexCache({ tools: 5 });
    const small = [makeTool('a_tool', 'first'), makeTool('b_tool', 'second'), makeTool('c_tool', 'third')];
    const other = [makeTool('d_tool', 'fourth'), makeTool('e_tool', 'fifth'), makeTool('f_tool', 'sixth')];
    const smallIndex = cache.indexOf(small);
    cache.indexOf(other);
    assert.equal(cache.size, 1);
    assert.equal(cache.keptTools, 3);
    assert.notEqual(cache.indexOf(small), smallIndex);
    const large = Array.from({ length: 6 }, (_, position) => makeTool(`large_${position}`, 'many'));
    assert.notEqual(cache.indexOf(large), cache.indexOf(large));
    assert.ok(cache.keptTools <= 5);
  });
});

describe('searchTools', () => {
  it('gives the results of a fresh build whether or not the catalog was searched before', () => {
    const tools = loadMcpSample();
    const fresh = searchIndex(buildSearchIndex(tools), 'search for code in a repository', 8);
    assert.deepEqual(searchTools(tools, 'search for code in a repository', 8), fresh);
    assert.deepEqual(searchTools([...tools], 'search for code in a repository', 8), fresh);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assembleTools } from '../../src/assembly/assemble-tools.ts';
import { loadableTools, planNativeTools } from '../../src/bridge/native-tool-plan.ts';
import { coreTools, realisticSession } from '../support/fixtures.ts';
import { countO200kTokens } from '../support/o200k.ts';

const tools = [...coreTools(), ...realisticSession()];

describe('planNativeTools', () => {
  it('keeps the visible tools direct, defers what the assembly defers, and offers one tool_search', () => {
    const assembly = assembleTools(tools, { contextLength: 200_000 });
    const plan = planNativeTools(assembly);
    assert.equal(plan.active, true);
    assert.deepEqual(
      plan.direct.map((tool) => tool.name),
      coreTools().map((tool) => tool.name),
    );
    assert.equal(plan.deferred, assembly.deferred);
    assert.equal(plan.search?.name, 'tool_search');
    assert.ok(![...plan.direct, ...plan.deferred].some((tool) => ['tool_search', 'tool_describe', 'tool_call'].includes(tool.name)));
  });

  it("gives tool_search the bridge's parameters and a description within the bridge's budget", () => {
    const assembly = assembleTools(tools, { contextLength: 200_000 });
    const bridgeSearch = assembly.tools.find((tool) => tool.name === 'tool_search')!;
    const search = planNativeTools(assembly).search!;
    assert.deepEqual(search.parameters, bridgeSearch.parameters);
    assert.ok(countO200kTokens(search.description) <= countO200kTokens(bridgeSearch.description));
    assert.match(
      search.description,
      /^Find tools among 358 more that are not in your list from .+\. The tools found are loaded for you to call directly\.$/,
    );
  });

  it('defers nothing and offers no search when Tool Search is not active', () => {
    const plan = planNativeTools(assembleTools(tools, { contextLength: 10_000_000 }));
    assert.deepEqual(plan, { active: false, direct: plan.direct, deferred: [] });
    assert.equal(plan.direct.length, tools.length);
  });

  it('is deterministic: the same tools give the same plan, byte for byte', () => {
    const first = JSON.stringify(planNativeTools(assembleTools(tools, { contextLength: 200_000 })));
    assert.equal(JSON.stringify(planNativeTools(assembleTools([...tools], { contextLength: 200_000 }))), first);
  });
});

describe('loadableTools', () => {
  const plan = planNativeTools(assembleTools(tools, { contextLength: 200_000 }));

  it('keeps deferred tools of the plan in the given order, each once', () => {
    const names = ['mcp_memory_create_entities', 'mcp_github_create_issue', 'mcp_memory_create_entities'];
    assert.deepEqual(
      loadableTools(plan, names).map((tool) => tool.name),
      ['mcp_memory_create_entities', 'mcp_github_create_issue'],
    );
  });

  it('leaves out names the plan does not defer: direct tools and unknown ones', () => {
    assert.deepEqual(loadableTools(plan, [coreTools()[0]!.name, 'mcp_nowhere_tool']), []);
  });
});

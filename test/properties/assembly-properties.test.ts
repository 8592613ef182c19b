import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { assembleTools } from '../../src/assembly/assemble-tools.ts';
import { isDeferrable } from '../../src/assembly/classify-tools.ts';
import { BRIDGE_TOOL_NAMES } from '../../src/bridge/bridge-tool-names.ts';
import { DEFAULT_TOOL_SEARCH_CONFIG, type ToolSearchMode } from '../../src/config/tool-search-config.ts';
import { toDefinition } from '../../src/tools/tool.ts';
import { toolLists } from './arbitraries.ts';

const modes = fc.constantFrom<ToolSearchMode>('auto', 'on', 'off');
const contextLengths = fc.option(fc.integer({ min: 100, max: 400_000 }), { nil: undefined });
const optionsOf = (mode: ToolSearchMode, contextLength: number | undefined, thresholdPct = 10) => ({
  config: { ...DEFAULT_TOOL_SEARCH_CONFIG, enabled: mode, thresholdPct },
  ...(contextLength === undefined ? {} : { contextLength }),
});

describe('assembly invariants', () => {
  it('never defers a core tool', () => {
    fc.assert(
      fc.property(toolLists, modes, contextLengths, (tools, mode, contextLength) => {
        const result = assembleTools(tools, optionsOf(mode, contextLength));
        assert.ok(result.deferred.every((tool) => isDeferrable(tool)));
        const visible = new Set(result.tools.map((tool) => tool.name));
        for (const tool of tools) if (!isDeferrable(tool)) assert.ok(visible.has(tool.name), tool.name);
      }),
    );
  });

  it('is a pure pass-through when off', () => {
    fc.assert(
      fc.property(toolLists, contextLengths, (tools, contextLength) => {
        const result = assembleTools(tools, optionsOf('off', contextLength));
        assert.equal(result.active, false);
        assert.deepEqual(result.tools, tools.map(toDefinition));
      }),
    );
  });

  it('either passes through or shows every non-deferred tool followed by the three bridge tools', () => {
    fc.assert(
      fc.property(toolLists, modes, contextLengths, fc.integer({ min: 0, max: 100 }), (tools, mode, contextLength, pct) => {
        const result = assembleTools(tools, optionsOf(mode, contextLength, pct));
        if (!result.active) {
          assert.deepEqual(result.tools, tools.map(toDefinition));
          return;
        }
        const deferred = new Set(result.deferred.map((tool) => tool.name));
        assert.deepEqual(
          result.tools.map((tool) => tool.name),
          [...tools.filter((tool) => !deferred.has(tool.name)).map((tool) => tool.name), ...BRIDGE_TOOL_NAMES],
        );
        assert.ok(result.deferred.length > 0);
      }),
    );
  });

  it('is idempotent and deterministic', () => {
    fc.assert(
      fc.property(toolLists, modes, contextLengths, (tools, mode, contextLength) => {
        const first = assembleTools(tools, optionsOf(mode, contextLength));
        const again = assembleTools(tools, optionsOf(mode, contextLength));
        assert.equal(JSON.stringify(again.tools), JSON.stringify(first.tools));
        if (mode === 'off') return;
        const bridge = first.tools
          .filter((tool) => BRIDGE_TOOL_NAMES.includes(tool.name))
          .map((tool) => ({ ...tool, toolset: 'core', kind: 'core' as const }));
        const fedBack = assembleTools([...tools, ...bridge], optionsOf(mode, contextLength));
        assert.equal(JSON.stringify(fedBack.tools), JSON.stringify(first.tools));
      }),
    );
  });

  it('decides the same and defers the same tools whatever the input order', () => {
    fc.assert(
      fc.property(
        toolLists.chain((tools) =>
          fc.tuple(fc.constant(tools), fc.shuffledSubarray(tools, { minLength: tools.length, maxLength: tools.length })),
        ),
        modes,
        contextLengths,
        ([tools, shuffled], mode, contextLength) => {
          const first = assembleTools(tools, optionsOf(mode, contextLength));
          const second = assembleTools(shuffled, optionsOf(mode, contextLength));
          assert.equal(second.active, first.active);
          assert.equal(second.deferredTokens, first.deferredTokens);
          assert.deepEqual(second.deferred.map((tool) => tool.name).sort(), first.deferred.map((tool) => tool.name).sort());
          const bridgeOf = (tools: readonly { name: string }[]) =>
            JSON.stringify(tools.filter((tool) => BRIDGE_TOOL_NAMES.includes(tool.name)));
          assert.equal(bridgeOf(second.tools), bridgeOf(first.tools));
        },
      ),
    );
  });
});

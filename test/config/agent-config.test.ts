import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveAgentConfig, SEMANTIC_RETIRED } from '../../src/config/agent-config.ts';

describe('resolveAgentConfig', () => {
  it('reads model.context_length and tools.tool_search', () => {
    const config = resolveAgentConfig({ model: { context_length: 128000 }, tools: { tool_search: { enabled: 'on' } } });
    assert.equal(config.contextLength, 128000);
    assert.equal(config.toolSearch.enabled, 'on');
    assert.deepEqual(config.warnings, []);
  });

  it('treats an empty document as defaults with an unknown context length', () => {
    const config = resolveAgentConfig({});
    assert.equal(config.contextLength, undefined);
    assert.equal(config.toolSearch.enabled, 'auto');
  });

  it('warns and treats the context length as unknown when it is not a positive whole number', () => {
    const config = resolveAgentConfig({ model: { context_length: -3 } });
    assert.equal(config.contextLength, undefined);
    assert.deepEqual(
      config.warnings.map((warning) => warning.message),
      ['model.context_length: -3 is not a positive whole number of tokens; treating the context length as unknown'],
    );
  });

  it('passes tool_search warnings through', () => {
    const config = resolveAgentConfig({ tools: { tool_search: { max_search_limit: 51 } } });
    assert.equal(config.toolSearch.maxSearchLimit, 50);
    assert.equal(config.warnings.length, 1);
  });

  it('ignores a tools section that is not a mapping, with a warning', () => {
    const config = resolveAgentConfig({ tools: 'yes' });
    assert.equal(config.toolSearch.enabled, 'auto');
    assert.deepEqual(
      config.warnings.map((warning) => warning.message),
      ['tools: "yes" is not a mapping; ignored'],
    );
  });

  it('warns that tools.tool_search.semantic is no longer read, naming what to use instead, and reads the core keys beside it', () => {
    const on = resolveAgentConfig({ tools: { tool_search: { enabled: 'on', semantic: true } } });
    assert.equal(on.retiredSemantic, true);
    assert.equal(on.toolSearch.enabled, 'on');
    assert.deepEqual(
      on.warnings.map((warning) => warning.message),
      [`tools.tool_search.semantic: ignored: ${SEMANTIC_RETIRED}`],
    );
    assert.equal(resolveAgentConfig({ tools: { tool_search: true } }).retiredSemantic, undefined);
    assert.deepEqual(resolveAgentConfig({ tools: { tool_search: true } }).warnings, []);
  });
});

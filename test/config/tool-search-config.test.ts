import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_TOOL_SEARCH_CONFIG, resolveToolSearchConfig } from '../../src/config/tool-search-config.ts';

describe('resolveToolSearchConfig', () => {
  it('uses the SPEC defaults when the block is absent', () => {
    const resolved = resolveToolSearchConfig(undefined);
    assert.deepEqual(resolved.config, { enabled: 'auto', thresholdPct: 10, searchDefaultLimit: 5, maxSearchLimit: 20 });
    assert.deepEqual(resolved.warnings, []);
  });

  it('reads every key of the block', () => {
    const resolved = resolveToolSearchConfig({ enabled: 'on', threshold_pct: 25, search_default_limit: 8, max_search_limit: 40 });
    assert.deepEqual(resolved.config, { enabled: 'on', thresholdPct: 25, searchDefaultLimit: 8, maxSearchLimit: 40 });
    assert.deepEqual(resolved.warnings, []);
  });

  it('treats the legacy true as enabled: auto and false as enabled: off', () => {
    assert.deepEqual(resolveToolSearchConfig(true).config, { ...DEFAULT_TOOL_SEARCH_CONFIG, enabled: 'auto' });
    assert.deepEqual(resolveToolSearchConfig(false).config, { ...DEFAULT_TOOL_SEARCH_CONFIG, enabled: 'off' });
    assert.deepEqual(resolveToolSearchConfig(false).warnings, []);
  });

  it('accepts enabled in any letter case and as a boolean', () => {
    assert.equal(resolveToolSearchConfig({ enabled: 'OFF' }).config.enabled, 'off');
    assert.equal(resolveToolSearchConfig({ enabled: false }).config.enabled, 'off');
    assert.equal(resolveToolSearchConfig({ enabled: true }).config.enabled, 'auto');
  });

  it('falls back to auto and names key, value and choices for an unknown mode', () => {
    const resolved = resolveToolSearchConfig({ enabled: 'sometimes' });
    assert.equal(resolved.config.enabled, 'auto');
    assert.deepEqual(
      resolved.warnings.map((warning) => warning.message),
      ['tools.tool_search.enabled: "sometimes" is not one of auto, on, off; using auto'],
    );
  });

  it('clamps max_search_limit into 1-50 with a warning naming the range', () => {
    const high = resolveToolSearchConfig({ max_search_limit: 80 });
    assert.equal(high.config.maxSearchLimit, 50);
    assert.deepEqual(
      high.warnings.map((warning) => warning.message),
      ['tools.tool_search.max_search_limit: 80 is outside 1-50; using 50'],
    );
    const low = resolveToolSearchConfig({ max_search_limit: 0 });
    assert.equal(low.config.maxSearchLimit, 1);
    assert.match(low.warnings[0]!.message, /0 is outside 1-50; using 1/);
  });

  it('clamps threshold_pct into 0-100', () => {
    const resolved = resolveToolSearchConfig({ threshold_pct: 150 });
    assert.equal(resolved.config.thresholdPct, 100);
    assert.deepEqual(
      resolved.warnings.map((warning) => warning.message),
      ['tools.tool_search.threshold_pct: 150 is outside 0-100; using 100'],
    );
    assert.equal(resolveToolSearchConfig({ threshold_pct: -5 }).config.thresholdPct, 0);
    assert.equal(resolveToolSearchConfig({ threshold_pct: 0 }).config.thresholdPct, 0);
    assert.equal(resolveToolSearchConfig({ threshold_pct: 2.5 }).config.thresholdPct, 2.5);
  });

  it('keeps search_default_limit within 1 and max_search_limit', () => {
    const resolved = resolveToolSearchConfig({ search_default_limit: 30, max_search_limit: 10 });
    assert.equal(resolved.config.searchDefaultLimit, 10);
    assert.deepEqual(
      resolved.warnings.map((warning) => warning.message),
      ['tools.tool_search.search_default_limit: 30 is outside 1-10; using 10'],
    );
  });

  it('lowers the default search limit to a smaller max_search_limit without a warning', () => {
    const resolved = resolveToolSearchConfig({ max_search_limit: 3 });
    assert.equal(resolved.config.searchDefaultLimit, 3);
    assert.deepEqual(resolved.warnings, []);
  });

  it('replaces a value that is not a number with the default', () => {
    const resolved = resolveToolSearchConfig({ max_search_limit: 'lots' });
    assert.equal(resolved.config.maxSearchLimit, 20);
    assert.deepEqual(
      resolved.warnings.map((warning) => warning.message),
      ['tools.tool_search.max_search_limit: "lots" is not a number in 1-50; using 20'],
    );
  });

  it('accepts numbers written as strings', () => {
    assert.equal(resolveToolSearchConfig({ max_search_limit: '12' }).config.maxSearchLimit, 12);
  });

  it('rounds a fractional limit and says it is not a whole number', () => {
    const resolved = resolveToolSearchConfig({ search_default_limit: 4.6 });
    assert.equal(resolved.config.searchDefaultLimit, 5);
    assert.deepEqual(
      resolved.warnings.map((warning) => warning.message),
      ['tools.tool_search.search_default_limit: 4.6 is not a whole number; using 5'],
    );
  });

  it('warns about unknown keys and ignores them', () => {
    const resolved = resolveToolSearchConfig({ enabled: 'on', treshold_pct: 5 });
    assert.equal(resolved.config.thresholdPct, 10);
    assert.match(resolved.warnings[0]!.message, /tools\.tool_search\.treshold_pct: unknown key, ignored/);
  });

  it('uses the defaults for a block of the wrong type', () => {
    const resolved = resolveToolSearchConfig([1, 2]);
    assert.deepEqual(resolved.config, DEFAULT_TOOL_SEARCH_CONFIG);
    assert.match(resolved.warnings[0]!.message, /^tools\.tool_search: \[1,2\] is not a mapping/);
  });

  it('never mutates the raw block', () => {
    const raw = Object.freeze({ enabled: 'on', max_search_limit: 99 });
    resolveToolSearchConfig(raw);
    assert.deepEqual(raw, { enabled: 'on', max_search_limit: 99 });
  });
});

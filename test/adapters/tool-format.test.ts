import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatTools, readToolDefinition } from '../../src/adapters/tool-format.ts';
import { ToolSearchError } from '../../src/errors/tool-search-error.ts';

const definition = {
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
};

describe('wire shapes', () => {
  it('writes OpenAI function tools', () => {
    assert.deepEqual(formatTools([definition], 'openai'), [{ type: 'function', function: definition }]);
  });

  it('writes Anthropic tools', () => {
    assert.deepEqual(formatTools([definition], 'anthropic'), [
      { name: 'get_weather', description: 'Weather for a city', input_schema: definition.parameters },
    ]);
  });

  it('writes MCP tools', () => {
    assert.deepEqual(formatTools([definition], 'mcp'), [
      { name: 'get_weather', description: 'Weather for a city', inputSchema: definition.parameters },
    ]);
  });

  it('reads each shape back to the same neutral definition', () => {
    for (const format of ['openai', 'anthropic', 'mcp'] as const) {
      assert.deepEqual(readToolDefinition(formatTools([definition], format)[0], format), definition);
    }
    assert.deepEqual(readToolDefinition(definition, 'neutral'), definition);
  });

  it('fills in an empty description and an empty object schema', () => {
    assert.deepEqual(readToolDefinition({ name: 'ping', inputSchema: undefined }, 'x'), {
      name: 'ping',
      description: '',
      parameters: { type: 'object', properties: {} },
    });
  });

  it('names the place of a tool without a name', () => {
    assert.throws(
      () => readToolDefinition({ description: 'nameless' }, "toolset 'mcp-a' tool #2"),
      (error: unknown) =>
        error instanceof ToolSearchError &&
        error.code === 'invalid_tool' &&
        error.message === 'toolset \'mcp-a\' tool #2: the tool has no name (expected a non-empty string "name")',
    );
  });

  it('refuses a schema that is not an object', () => {
    assert.throws(
      () => readToolDefinition({ name: 'x', parameters: 'string' }, 'here'),
      /here \('x'\): the parameter schema must be a JSON Schema object/,
    );
  });

  it('refuses an unknown format', () => {
    assert.throws(() => formatTools([definition], 'gemini' as never), /Unknown tool format 'gemini'; use one of openai, anthropic, mcp\./);
  });
});

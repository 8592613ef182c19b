import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shortenDescribedTool, type DescribedTool } from '../../src/bridge/shorten-described-tool.ts';

const LONG = 'A long explanation of this field. '.repeat(30);

function describedWith(parameters: Record<string, unknown>, description = 'Create a task.'): DescribedTool {
  return {
    name: 'mcp_x_create',
    toolset: 'mcp-x',
    tool: 'create',
    description,
    parameters,
    usage: 'tool_call({"name": "mcp_x_create", "arguments": {...}})',
  };
}

/** A schema whose structure is small and whose descriptions are long, at two levels. */
const nested = {
  type: 'object',
  description: 'Root',
  properties: {
    title: { type: 'string', description: 'The title', title: 'Title', examples: ['Ship it'] },
    priority: { type: 'string', enum: ['low', 'high'], default: 'low', description: LONG },
    owner: {
      type: 'object',
      description: 'Who owns it',
      properties: { id: { type: 'integer', description: LONG }, description: { type: 'string', description: LONG } },
      required: ['id'],
      additionalProperties: false,
    },
  },
  required: ['title'],
};

describe('shortenDescribedTool', () => {
  it('returns an answer within the budget as it is', () => {
    const described = describedWith(nested);
    assert.equal(shortenDescribedTool(described, 100_000), described);
  });

  it('drops the deepest descriptions first, keeping shallower ones while the answer fits', () => {
    const shortened = shortenDescribedTool(describedWith(nested), 700);
    const parameters = shortened.parameters as typeof nested;
    assert.equal(parameters.properties.owner.properties.id.description, undefined);
    assert.equal(parameters.properties.owner.properties.description.description, undefined);
    assert.equal(parameters.properties.owner.description, 'Who owns it');
    assert.equal(parameters.properties.priority.description, LONG);
    assert.equal(
      shortened.note,
      'Shortened to fit 700 tokens: left out the descriptions of parameters nested 2 or more levels deep. Types, property names, required, enums and nesting are complete.',
    );
    assert.ok(JSON.stringify(shortened).length <= 700 * 4);
  });

  it('never drops a parameter named like an annotation keyword', () => {
    const parameters = shortenDescribedTool(describedWith(nested), 100).parameters as typeof nested;
    assert.deepEqual(Object.keys(parameters.properties.owner.properties), ['id', 'description']);
  });

  it('then drops examples, defaults and titles, then clips the description, keeping everything a call needs', () => {
    const shortened = shortenDescribedTool(describedWith(nested, LONG), 150);
    assert.deepEqual(shortened.parameters, {
      type: 'object',
      properties: {
        title: { type: 'string' },
        priority: { type: 'string', enum: ['low', 'high'] },
        owner: {
          type: 'object',
          properties: { id: { type: 'integer' }, description: { type: 'string' } },
          required: ['id'],
          additionalProperties: false,
        },
      },
      required: ['title'],
    });
    assert.ok(shortened.description.length <= 200 && shortened.description.endsWith('…'));
    assert.equal(
      shortened.note,
      'Shortened to fit 150 tokens: left out every description inside the parameters, examples, defaults and titles and the end of the description. Types, property names, required, enums and nesting are complete. It is still over the budget: what a correct call needs is larger.',
    );
  });

  it("leaves the tool's own schema untouched", () => {
    const before = JSON.stringify(nested);
    shortenDescribedTool(describedWith(nested), 100);
    assert.equal(JSON.stringify(nested), before);
  });

  it('keeps a million-value enum whole and says the answer is still over the budget', () => {
    const values = Array.from({ length: 1_000_000 }, (_, index) => `v${index}`);
    const shortened = shortenDescribedTool(describedWith({ type: 'object', properties: { code: { enum: values } } }), 4_000);
    assert.equal((shortened.parameters['properties'] as Record<string, { enum: unknown[] }>)['code']!.enum.length, 1_000_000);
    assert.equal(shortened.note, 'Over the budget of 4,000 tokens, but all of it is what a correct call needs.');
  });

  it('bounds a schema nested ten thousand levels so the answer can be written out', () => {
    let schema: Record<string, unknown> = { type: 'string', description: 'leaf' };
    for (let level = 0; level < 10_000; level++) schema = { type: 'object', properties: { inner: schema } };
    const shortened = shortenDescribedTool(describedWith(schema), 4_000);
    assert.ok(JSON.stringify(shortened).length > 0);
    assert.match(shortened.note ?? '', /left out .*what is nested more than 300 levels deep \(shown as \{\} or \[\]\)\./);
  });

  it('cuts even what a call needs, a level at a time, when it is over the hard budget: never text cut mid-JSON', () => {
    const values = Array.from({ length: 100_000 }, (_, index) => `v${index}`);
    const schema = {
      type: 'object',
      properties: { mode: { type: 'string', enum: ['fast', 'safe'] }, code: { type: 'object', properties: { value: { enum: values } } } },
      required: ['mode'],
    };
    const shortened = shortenDescribedTool(describedWith(schema), 4_000, 25_000);
    const text = JSON.stringify(shortened);
    assert.ok(text.length <= 100_000, `${text.length} characters`);
    assert.deepEqual(shortened.parameters, {
      type: 'object',
      properties: { mode: { type: 'string', enum: ['fast', 'safe'] }, code: { type: 'object', properties: { value: {} } } },
      required: ['mode'],
    });
    assert.match(shortened.note ?? '', /the inside of parameters nested 2 or more levels deep \(each shown with its type only\)/);
    assert.ok(!(shortened.note ?? '').includes('are complete'));
    const root = shortenDescribedTool(describedWith({ type: 'object', required: values }), 4_000, 25_000);
    assert.deepEqual(root.parameters, { type: 'object' });
    assert.match(root.note ?? '', /every parameter \(the schema is larger than a whole result may be/);
  });
});

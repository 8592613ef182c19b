import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAjvValidator, schemaTooLarge } from '../../src/integrations/ajv/index.ts';
import type { JsonSchema, ToolDefinition } from '../../src/tools/tool.ts';

function tool(parameters: JsonSchema, name = 'create_task'): ToolDefinition {
  return { name, description: '', parameters };
}

const TASK = tool({
  type: 'object',
  properties: {
    title: { type: 'string' },
    priority: { enum: ['low', 'high'] },
    due: { type: 'string', format: 'date' },
    tags: { type: 'array', items: { type: ['string', 'null'] } },
    kind: { const: 'task' },
  },
  required: ['title'],
  additionalProperties: false,
});

describe('createAjvValidator', () => {
  it('reports every problem, with plain messages naming the path', () => {
    const check = createAjvValidator()(TASK)!;
    assert.deepEqual(check({ title: 5, priority: 'urgent', due: 'tomorrow', tags: [1], kind: 'note', extra: true }), [
      { path: '', message: "unknown property 'extra' (not allowed here)" },
      { path: '/title', message: 'must be string' },
      { path: '/priority', message: 'must be one of "low", "high"' },
      { path: '/due', message: 'must match format "date"' },
      { path: '/tags/0', message: 'must be string or null' },
      { path: '/kind', message: 'must be exactly "task"' },
    ]);
    assert.deepEqual(check({}), [{ path: '', message: "missing required property 'title'" }]);
    assert.deepEqual(check({ title: 'Ship it', due: '2025-01-31' }), []);
  });

  it('compiles a schema once for all tools that have it, by content', () => {
    const validate = createAjvValidator();
    const first = validate(TASK);
    assert.equal(validate(tool(JSON.parse(JSON.stringify(TASK.parameters)) as JsonSchema, 'other_tool')), first);
  });

  it('compiles again a schema pushed out of a full cache', () => {
    const validate = createAjvValidator({ cacheSize: 1 });
    const first = validate(TASK);
    validate(tool({ type: 'object', properties: { other: { type: 'string' } } }));
    assert.notEqual(validate(tool(JSON.parse(JSON.stringify(TASK.parameters)) as JsonSchema)), first);
  });

  it('passes a schema it cannot compile through, with one warning naming the tool', () => {
    const warnings: string[] = [];
    const validate = createAjvValidator({ onWarning: (message) => warnings.push(message) });
    assert.equal(validate(tool({ type: 'strin' }, 'broken')), undefined);
    assert.equal(validate(tool({ type: 'strin' }, 'broken')), undefined);
    assert.equal(warnings.length, 1);
    assert.match(
      warnings[0]!,
      /^the arguments of tool 'broken' are not checked: its parameters schema cannot be compiled \(schema is invalid: /,
    );
  });

  it('passes a schema with a reference it cannot resolve through', () => {
    const warnings: string[] = [];
    const validate = createAjvValidator({ onWarning: (message) => warnings.push(message) });
    assert.equal(validate(tool({ type: 'object', properties: { a: { $ref: 'https://example.com/elsewhere.json' } } })), undefined);
    assert.equal(warnings.length, 1);
  });

  it('reads draft 2020-12 schemas by their $schema, and draft-04 ones as draft-07', () => {
    const validate = createAjvValidator();
    const modern = validate(
      tool({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'array', prefixItems: [{ type: 'integer' }] }),
    );
    assert.deepEqual(modern!({ 0: 'x' } as never), [{ path: '', message: 'must be array' }]);
    const old = validate(
      tool({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { a: { type: 'integer' } } }),
    );
    assert.deepEqual(old!({ a: 'x' }), [{ path: '/a', message: 'must be integer' }]);
  });

  it('ignores unknown keywords and formats, and a $id two tools share', () => {
    const validate = createAjvValidator();
    const schema = {
      $id: 'https://example.com/shared.json',
      type: 'object',
      properties: { a: { type: 'string', format: 'made-up', 'x-vendor': true } },
    };
    assert.deepEqual(validate(tool(schema, 'one'))!({ a: 'x' }), []);
    assert.deepEqual(validate(tool({ ...schema, required: ['a'] }, 'two'))!({}), [{ path: '', message: "missing required property 'a'" }]);
  });

  it('passes hostile schemas through quickly instead of compiling them', () => {
    const warnings: string[] = [];
    const validate = createAjvValidator({ onWarning: (message) => warnings.push(message) });
    const values = Array.from({ length: 1_000_000 }, (_, index) => `v${index}`);
    assert.equal(validate(tool({ type: 'object', properties: { code: { enum: values } } }, 'huge_enum')), undefined);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 10_000; level++) deep = { type: 'object', properties: { inner: deep } };
    assert.equal(validate(tool(deep, 'deep')), undefined);
    assert.deepEqual(
      warnings.map((warning) => warning.replace(/ \(.*$/, '')),
      [
        "the arguments of tool 'huge_enum' are not checked: its parameters schema is too large to check",
        "the arguments of tool 'deep' are not checked: its parameters schema cannot be read",
      ],
    );
  });
});

describe('schemaTooLarge', () => {
  it('names the bound a schema crosses', () => {
    assert.equal(
      schemaTooLarge({ enum: Array.from({ length: 6_000 }, (_, index) => index) }),
      'it has an array of 6000 values, more than 5000',
    );
    assert.equal(schemaTooLarge({ a: { b: 1 } }, { maxDepth: 1, maxValues: 100, maxArrayLength: 100 }), 'it nests more than 1 levels deep');
    assert.equal(schemaTooLarge({ a: [1, 2, 3] }, { maxDepth: 10, maxValues: 3, maxArrayLength: 100 }), 'it has more than 3 values');
    assert.equal(schemaTooLarge({ type: 'object' }), undefined);
  });
});

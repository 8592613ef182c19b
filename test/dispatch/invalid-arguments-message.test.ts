import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { invalidArgumentsMessage } from '../../src/dispatch/invalid-arguments-message.ts';
import type { ToolDefinition } from '../../src/tools/tool.ts';

const createTask: ToolDefinition = {
  name: 'create_task',
  description: 'Create a task',
  parameters: {
    type: 'object',
    properties: { title: { type: 'string', description: 'What to do' }, priority: { type: 'string', enum: ['low', 'high'] } },
    required: ['title'],
  },
};

describe('invalidArgumentsMessage', () => {
  it('names every failing path and summarizes the parameters', () => {
    const message = invalidArgumentsMessage(createTask, [
      { path: '/title', message: 'must be string' },
      { path: '/priority', message: 'must be one of "low", "high"' },
    ]);
    assert.equal(
      message,
      [
        "The arguments for 'create_task' do not match its parameters:",
        '- /title: must be string',
        '- /priority: must be one of "low", "high"',
        'Parameters of create_task: title (string, required); priority (string, one of "low", "high"). Fix the arguments and call it again.',
      ].join('\n'),
    );
  });

  it('writes the arguments object itself as (root)', () => {
    const message = invalidArgumentsMessage(createTask, [{ path: '', message: "missing required property 'title'" }]);
    assert.equal(message.split('\n')[1], "- (root): missing required property 'title'");
  });

  it('lists a repeated problem once', () => {
    const message = invalidArgumentsMessage(createTask, [
      { path: '/title', message: 'must be string' },
      { path: '/title', message: 'must be string' },
    ]);
    assert.deepEqual(message.split('\n').slice(1, -1), ['- /title: must be string']);
  });

  it('lists at most 20 problems and counts the rest', () => {
    const problems = Array.from({ length: 25_000 }, (_, index) => ({ path: `/items/${index}`, message: 'must be integer' }));
    const lines = invalidArgumentsMessage(createTask, problems).split('\n');
    assert.equal(lines.length, 1 + 20 + 1 + 1);
    assert.equal(lines[20], '- /items/19: must be integer');
    assert.equal(lines[21], '- and 24980 more');
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_TOOL_SEARCH_CONFIG } from '../../src/config/tool-search-config.ts';
import { createToolSearchSession } from '../../src/session/tool-search-session.ts';
import { createAjvValidator } from '../../src/integrations/ajv/index.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { makeTool } from '../support/fixtures.ts';

const ON = { ...DEFAULT_TOOL_SEARCH_CONFIG, enabled: 'on' } as const;
const LONG = 'A long explanation of this field. '.repeat(30);

function registry(ran: unknown[]): Tool[] {
  return [
    makeTool('plugin_create_task', 'Create a task', {
      toolset: 'tasks',
      kind: 'plugin',
      parameters: {
        type: 'object',
        properties: {
          title: { type: 'string', description: LONG },
          priority: { type: 'string', enum: ['low', 'high'], description: LONG },
        },
        required: ['title'],
      },
      execute: (args) => (ran.push(args), 'created'),
    }),
    makeTool('plugin_dump', 'Dump everything', { toolset: 'tasks', kind: 'plugin', execute: () => 'd'.repeat(1_000) }),
  ];
}

const EXPECTED_MESSAGE = [
  "The arguments for 'plugin_create_task' do not match its parameters:",
  '- /title: must be string',
  '- /priority: must be one of "low", "high"',
  'Parameters of plugin_create_task: title (string, required); priority (string, one of "low", "high"). Fix the arguments and call it again.',
].join('\n');

describe('a session with validateArguments', () => {
  it('refuses a direct call with bad arguments, naming every path, and never runs the tool', async () => {
    const ran: unknown[] = [];
    const session = createToolSearchSession({ tools: registry(ran), config: ON, validateArguments: createAjvValidator() });
    const outcome = await session.call('plugin_create_task', { title: 5, priority: 'urgent' });
    assert.deepEqual(outcome, { ok: false, error: { code: 'invalid_arguments', message: EXPECTED_MESSAGE } });
    assert.deepEqual(ran, []);
  });

  it('refuses the same call through tool_call, and asks no approval for it', async () => {
    const ran: unknown[] = [];
    let asked = 0;
    const session = createToolSearchSession({
      tools: registry(ran),
      config: ON,
      validateArguments: createAjvValidator(),
      hooks: { approve: () => (asked++, true) },
    });
    const outcome = await session.call('tool_call', { name: 'plugin_create_task', arguments: { title: 5, priority: 'urgent' } });
    assert.deepEqual(outcome, { ok: false, error: { code: 'invalid_arguments', message: EXPECTED_MESSAGE } });
    assert.deepEqual([ran, asked], [[], 0]);
  });

  it('runs a call whose arguments match', async () => {
    const ran: unknown[] = [];
    const session = createToolSearchSession({ tools: registry(ran), validateArguments: createAjvValidator() });
    assert.deepEqual(await session.call('plugin_create_task', { title: 'Ship it', priority: 'high' }), { ok: true, value: 'created' });
    assert.deepEqual(ran, [{ title: 'Ship it', priority: 'high' }]);
  });

  it('gives its child sessions the same check', async () => {
    const ran: unknown[] = [];
    const session = createToolSearchSession({ tools: registry(ran), validateArguments: createAjvValidator() });
    const outcome = await session.child({ toolsets: ['tasks'] }).call('plugin_create_task', {});
    assert.equal(!outcome.ok && outcome.error.code, 'invalid_arguments');
  });
});

describe('a session without validateArguments', () => {
  it('runs the tool with whatever arguments the model sent', async () => {
    const ran: unknown[] = [];
    const session = createToolSearchSession({ tools: registry(ran) });
    assert.deepEqual(await session.call('plugin_create_task', { title: 5 }), { ok: true, value: 'created' });
  });
});

describe('a session with limits', () => {
  it('cuts a result above maxResultTokens with a note', async () => {
    const session = createToolSearchSession({ tools: registry([]), limits: { maxResultTokens: 100 } });
    const outcome = await session.call('plugin_dump', {});
    assert.deepEqual(outcome, {
      ok: true,
      value: `${'d'.repeat(240)}\n[cut: 760 of 1,000 characters (about 190 tokens) left out; ask for less, e.g. with a filter or a page]`,
    });
  });

  it('lets after-call hooks see the whole result before the cut', async () => {
    const seen: number[] = [];
    const session = createToolSearchSession({
      tools: registry([]),
      limits: { maxResultTokens: 100 },
      hooks: { afterCall: [(_call, outcome) => void seen.push(outcome.ok ? String(outcome.value).length : -1)] },
    });
    await session.call('plugin_dump', {});
    assert.deepEqual(seen, [1_000]);
  });

  it('shortens a tool_describe above maxDescribeTokens', async () => {
    const session = createToolSearchSession({ tools: registry([]), config: ON, limits: { maxDescribeTokens: 200 } });
    const outcome = await session.call('tool_describe', { name: 'plugin_create_task' });
    assert.ok(outcome.ok);
    const described = outcome.value as { parameters: unknown; note: string };
    assert.deepEqual(described.parameters, {
      type: 'object',
      properties: { title: { type: 'string' }, priority: { type: 'string', enum: ['low', 'high'] } },
      required: ['title'],
    });
    assert.equal(
      described.note,
      'Shortened to fit 200 tokens: left out the descriptions of parameters nested 1 or more levels deep. Types, property names, required, enums and nesting are complete.',
    );
  });

  it('describes and returns whole within the default limits', async () => {
    const session = createToolSearchSession({ tools: registry([]), config: ON });
    const described = await session.call('tool_describe', { name: 'plugin_create_task' });
    assert.equal(described.ok && (described.value as { note?: string }).note, undefined);
    assert.deepEqual(await session.call('plugin_dump', {}), { ok: true, value: 'd'.repeat(1_000) });
  });
});

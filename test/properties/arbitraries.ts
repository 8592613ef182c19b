import fc from 'fast-check';
import type { Tool, ToolsetKind } from '../../src/tools/tool.ts';

const WORDS = [
  'create',
  'list',
  'get',
  'delete',
  'issue',
  'file',
  'page',
  'message',
  'user',
  'repo',
  'graph',
  'search',
  'read',
  'write',
  'github',
  'slack',
];
const TOOLSETS: readonly [string, ToolsetKind][] = [
  ['core', 'core'],
  ['mcp-github', 'mcp'],
  ['mcp-slack', 'mcp'],
  ['notes-plugin', 'plugin'],
];

const word = fc.constantFrom(...WORDS);

/** A tool with a name of 1-3 vocabulary words, a description of vocabulary words and a few parameters. */
const toolWithoutName = fc.record({
  description: fc.array(word, { maxLength: 12 }).map((words) => words.join(' ')),
  parameterNames: fc.uniqueArray(word, { maxLength: 3 }),
  toolset: fc.constantFrom(...TOOLSETS),
});

/** Lists of tools with unique names, a mix of core, MCP and plugin toolsets. */
export const toolLists = fc
  .uniqueArray(
    fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join('_')),
    { maxLength: 30 },
  )
  .chain((names) => fc.tuple(fc.constant(names), fc.array(toolWithoutName, { minLength: names.length, maxLength: names.length })))
  .map(([names, bodies]): Tool[] =>
    names.map((name, index) => {
      const body = bodies[index]!;
      return {
        name,
        description: body.description,
        parameters: {
          type: 'object',
          properties: Object.fromEntries(body.parameterNames.map((parameter) => [parameter, { type: 'string' }])),
        },
        toolset: body.toolset[0],
        kind: body.toolset[1],
      };
    }),
  );

export const queries = fc
  .array(fc.oneof(word, fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join(' '));

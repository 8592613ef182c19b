import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { JsonSchema, Tool } from '../../src/tools/tool.ts';

interface SampleFile {
  tools: { server: string; name: string; description: string; parameters: JsonSchema }[];
}

/** 41 real MCP tools (slack, google-maps, github), named the way an MCP client exposes them. */
export function loadMcpSample(): Tool[] {
  const here = dirname(fileURLToPath(import.meta.url));
  const file = JSON.parse(readFileSync(join(here, '..', 'fixtures', 'catalog', 'mcp-servers-sample.json'), 'utf8')) as SampleFile;
  return file.tools.map((tool) => ({
    name: `mcp_${tool.server.replace(/-/g, '_')}_${tool.name}`,
    originalName: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    toolset: `mcp-${tool.server}`,
    kind: 'mcp',
  }));
}

/** A tool with just what search reads. */
export function makeTool(name: string, description: string, parameterNames: readonly string[] = [], toolset = 'mcp-test'): Tool {
  return {
    name,
    description,
    parameters: { type: 'object', properties: Object.fromEntries(parameterNames.map((parameter) => [parameter, { type: 'string' }])) },
    toolset,
    kind: 'mcp',
  };
}

const WORDS = [
  'create',
  'created',
  'list',
  'lists',
  'get',
  'delete',
  'remove',
  'issue',
  'issues',
  'file',
  'page',
  'message',
  'send',
  'user',
  'repo',
  'the',
  'a',
  'of',
  'search',
  'GitHub',
  'slack',
  'weather',
  'Report',
  'channel',
  'x',
];
const word = fc.constantFrom(...WORDS);
const separator = fc.constantFrom('_', '-', '.', '');

/** Tool names of 1-3 words joined by one separator kind (snake, kebab, dotted or camelCase-ish). */
const toolName = fc.tuple(fc.array(word, { minLength: 1, maxLength: 3 }), separator).map(([words, joiner]) => words.join(joiner));

/** Lists of tools with unique (name, toolset) and arbitrary overlap in vocabulary. */
export const toolLists = fc
  .uniqueArray(fc.tuple(toolName, fc.constantFrom('mcp-github', 'mcp-slack', 'notes')), {
    maxLength: 25,
    selector: ([name]) => name,
  })
  .chain((keys) =>
    fc.tuple(
      fc.constant(keys),
      fc.array(fc.tuple(fc.array(word, { maxLength: 10 }), fc.uniqueArray(word, { maxLength: 3 })), {
        minLength: keys.length,
        maxLength: keys.length,
      }),
    ),
  )
  .map(([keys, bodies]) => keys.map(([name, toolset], index) => makeTool(name, bodies[index]![0].join(' '), bodies[index]![1], toolset)));

/** Queries of vocabulary words, sometimes with noise characters. */
export const queries = fc
  .array(fc.oneof(word, word, fc.string({ maxLength: 5 })), { minLength: 1, maxLength: 9 })
  .map((parts) => parts.join(' '));

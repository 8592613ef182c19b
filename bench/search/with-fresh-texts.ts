import type { JsonSchema, Tool } from '../../src/tools/tool.ts';

/** Characters that are no part of any token: a marker made of them changes a text but not its tokens. */
const MARKER_CHARACTERS = '!#$%&*+-./:;<=>?@^~';

/**
 * `tools` with every text the index reads made new: the name, description, toolset and top-level
 * parameter names each end in a marker built from `round` out of punctuation, which the tokenizer
 * skips. Building an index of the result measures a catalog whose texts no build has seen, with the
 * same tokens as `tools` (so the index does the same work). The result goes through JSON, as tool
 * lists arrive from MCP servers, so its strings are flat like theirs.
 */
export function withFreshTexts(tools: readonly Tool[], round: number): Tool[] {
  const marker = markerOf(round);
  const fresh = tools.map((tool) => ({
    ...tool,
    name: `${tool.name}${marker}`,
    description: `${tool.description}${marker}`,
    toolset: `${tool.toolset}${marker}`,
    parameters: withFreshParameterNames(tool.parameters, marker),
  }));
  return JSON.parse(JSON.stringify(fresh)) as Tool[];
}

/** A short string of marker characters, different for every round. */
function markerOf(round: number): string {
  let marker = ' ';
  let rest = round;
  do {
    marker += MARKER_CHARACTERS[rest % MARKER_CHARACTERS.length];
    rest = Math.floor(rest / MARKER_CHARACTERS.length);
  } while (rest > 0);
  return marker;
}

function withFreshParameterNames(schema: JsonSchema, marker: string): JsonSchema {
  const properties = schema['properties'];
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return schema;
  const renamed = Object.fromEntries(Object.entries(properties).map(([name, value]) => [`${name}${marker}`, value]));
  return { ...schema, properties: renamed };
}

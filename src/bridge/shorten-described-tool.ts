import { clipDescription } from '../catalog/text/clip-description.ts';
import { CHARACTERS_PER_TOKEN, formatCount } from '../dispatch/cut-text.ts';
import type { JsonSchema } from '../tools/tool.ts';
import { copyJsonWithin } from './copy-json.ts';
import { jsonLength } from './json-length.ts';
import { schemaNodesOf, type SchemaNode } from './schema-nodes.ts';

/** What tool_describe answers: the tool's definition, its provenance and how to call it. */
export interface DescribedTool {
  readonly name: string;
  readonly toolset: string;
  /** The source's own name of the tool. */
  readonly tool: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  readonly usage: string;
  /** Present when the answer was shortened: what was left out. */
  readonly note?: string;
}

/**
 * How deep a shortened schema may nest objects and arrays. A call's arguments may nest at most 100
 * levels (MAXIMUM_ARGUMENT_DEPTH), and each level of arguments takes at most three of a schema
 * (`properties`, the property's schema, an `anyOf` list), so nothing deeper can describe a call that
 * could be made; and a schema nested a few thousand levels could not even be written out as JSON.
 */
export const MAX_DESCRIBED_DEPTH = 300;

/** Shortest the tool's own description is clipped to, in characters. */
const MIN_DESCRIPTION_CHARACTERS = 200;
/** Room kept for the note the shortened answer carries. */
const NOTE_ROOM = 400;

const DESCRIPTION_KEYWORDS = ['description'];
const ANNOTATION_KEYWORDS = ['examples', 'example', 'default', 'title', '$comment'];

/**
 * A tool_describe answer within `maxTokens` estimated tokens (characters / 4 of its JSON), shortened
 * in stages, each only as far as needed: the descriptions inside the parameters schema, deepest
 * first, a level at a time; then examples, defaults, titles and comments, deepest first; then the
 * tool's own description, clipped. Types, property names, `required`, `enum`, `const`, `items`,
 * `anyOf` / `oneOf` / `allOf`, `additionalProperties`, formats and bounds are never touched: what a
 * correct call needs stays whole, even when that alone is over the budget (the note then says so).
 * An answer within the budget is returned as it is; the tool's own schema is never changed. Linear
 * in the schema's size and without recursion, so hostile schemas (a million-value enum, ten thousand
 * levels of nesting) cost no more than their size.
 */
export function shortenDescribedTool(
  described: DescribedTool,
  maxTokens: number,
  hardMaxTokens: number = Number.POSITIVE_INFINITY,
): DescribedTool {
  const budget = Math.min(maxTokens, hardMaxTokens) * CHARACTERS_PER_TOKEN;
  const hardBudget = hardMaxTokens * CHARACTERS_PER_TOKEN;
  if (fitsWhole(described, budget)) return described;
  const { copy, capped } = copyJsonWithin(described.parameters, MAX_DESCRIBED_DEPTH);
  const parameters = copy as Record<string, unknown>;
  const nodes = schemaNodesOf(parameters);
  let size = jsonLength({ ...described, parameters }) + NOTE_ROOM;
  const leftOut: string[] = [];

  const dropDeepestFirst = (keywords: readonly string[]): number | undefined => {
    let shallowest: number | undefined;
    for (const level of levelsDeepestFirst(nodes)) {
      if (size <= budget) break;
      for (const { node, depth } of level) {
        for (const keyword of keywords) {
          if (!(keyword in node)) continue;
          size -= JSON.stringify(keyword).length + 2 + jsonLength(node[keyword]);
          delete node[keyword];
          shallowest = depth;
        }
      }
    }
    return shallowest;
  };
  const descriptionsFrom = dropDeepestFirst(DESCRIPTION_KEYWORDS);
  if (descriptionsFrom !== undefined) {
    leftOut.push(
      descriptionsFrom === 0
        ? 'every description inside the parameters'
        : `the descriptions of parameters nested ${descriptionsFrom} or more levels deep`,
    );
  }
  if (dropDeepestFirst(ANNOTATION_KEYWORDS) !== undefined) leftOut.push('examples, defaults and titles');
  let description = described.description;
  if (size > budget) {
    const clipped = clipDescription(description, Math.max(MIN_DESCRIPTION_CHARACTERS, description.length - (size - budget)));
    if (clipped !== description) {
      leftOut.push('the end of the description');
      description = clipped;
    }
  }
  if (capped) leftOut.push(`what is nested more than ${MAX_DESCRIBED_DEPTH} levels deep (shown as {} or [])`);
  // Past the hard budget (what the whole result may be), even what a correct call needs is cut, a
  // level of subschemas at a time from the deepest, each kept as its type: never text cut mid-JSON.
  let essentialsCut = false;
  if (size > hardBudget) {
    for (const level of levelsDeepestFirst(nodes)) {
      if (size <= hardBudget || level[0]!.depth === 0) break;
      for (const { node } of level) stubSchema(node);
      size = jsonLength({ ...described, description, parameters }) + NOTE_ROOM;
      essentialsCut = true;
      if (size <= hardBudget) {
        leftOut.push(`the inside of parameters nested ${level[0]!.depth} or more levels deep (each shown with its type only)`);
      }
    }
    if (size > hardBudget) {
      for (const key of Object.keys(parameters)) if (key !== 'type') delete parameters[key];
      leftOut.push('every parameter (the schema is larger than a whole result may be; ask the user or call with what you know)');
      essentialsCut = true;
    }
    if (size > hardBudget) {
      const clipped = clipDescription(
        description,
        Math.max(0, description.length - (jsonLength({ ...described, description, parameters }) + NOTE_ROOM - hardBudget)),
      );
      if (clipped !== description) description = clipped;
    }
  }
  const shortened = { ...described, description, parameters };
  const over = jsonLength(shortened) + NOTE_ROOM > budget;
  if (leftOut.length === 0) {
    return { ...shortened, note: `Over the budget of ${formatCount(maxTokens)} tokens, but all of it is what a correct call needs.` };
  }
  const note = [
    `Shortened to fit ${formatCount(maxTokens)} tokens: left out ${joinList(leftOut)}.`,
    capped || essentialsCut ? '' : ' Types, property names, required, enums and nesting are complete.',
    over ? ' It is still over the budget: what a correct call needs is larger.' : '',
  ].join('');
  return { ...shortened, note };
}

/** Empties a schema object but for its type (a string, or a list of strings). */
function stubSchema(node: Record<string, unknown>): void {
  const type = node['type'];
  for (const key of Object.keys(node)) delete node[key];
  if (typeof type === 'string' || (Array.isArray(type) && type.every((item) => typeof item === 'string'))) node['type'] = type;
}

/** Whether the answer fits as it is; an answer JSON.stringify cannot write out never fits. */
function fitsWhole(described: DescribedTool, budget: number): boolean {
  try {
    return JSON.stringify(described).length <= budget;
  } catch {
    return false;
  }
}

function levelsDeepestFirst(nodes: readonly SchemaNode[]): SchemaNode[][] {
  const levels = new Map<number, SchemaNode[]>();
  for (const node of nodes) {
    const level = levels.get(node.depth);
    if (level === undefined) levels.set(node.depth, [node]);
    else level.push(node);
  }
  return [...levels.entries()].sort(([left], [right]) => right - left).map(([, level]) => level);
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

import type { Tool } from '../../tools/tool.ts';
import { parameterNamesOf } from './searchable-text.ts';

/** What the index build reads of a tool, and the content id it was given. */
interface ToolContent {
  readonly name: string;
  readonly description: string;
  readonly toolset: string;
  readonly parameters: Tool['parameters'];
  readonly parameterNames: readonly string[];
  /** A copy of the tool's requests when its id was given (the array itself may be edited in place). */
  readonly requests: readonly string[];
  readonly requestsGivenBy: Tool['requestsGivenBy'];
  readonly kind: Tool['kind'];
  readonly id: number;
}

/** @default 200,000 distinct tool contents (a map entry and a short key string each). */
export const DEFAULT_MAXIMUM_TOOL_CONTENTS = 200_000;

/**
 * Gives every tool a content id: equal ids mean equal name, description, parameter names, toolset and requests,
 * everything the index build reads of a tool (parameter descriptions, enum values and original names
 * are read at query time, from the tool itself). Keyed on that content, never on a catalog or a session.
 *
 * A tool object seen before is recognised without rebuilding its key: its fields are compared with
 * the ones its id was given for (strings by value, the parameters object by identity and its property
 * names by value), so a tool edited in place gets a fresh look, while an unchanged one costs a few
 * comparisons. Ids are never reused, so an id always stands for one content; when `maximumContents`
 * keys are held, the key map is dropped and contents seen again get new ids (a catalog cached under the
 * old ids then misses once).
 */
export class ToolContentIds {
  private readonly byTool = new WeakMap<Tool, ToolContent>();
  private byKey = new Map<string, number>();
  private nextId = 0;

  constructor(private readonly maximumContents = DEFAULT_MAXIMUM_TOOL_CONTENTS) {}

  /** The content id of `tool`. */
  idOf(tool: Tool): number {
    const known = this.byTool.get(tool);
    if (known !== undefined && sameContent(known, tool)) return known.id;
    const parameterNames = parameterNamesOf(tool);
    // JSON keeps every part apart: no name or description can forge another tool's key.
    const requests = [...(tool.requests ?? [])];
    // How a tool's requests were given and whether it is core decide the requests field's weight (requestsWeightOf).
    const marks =
      tool.requestsGivenBy !== undefined || tool.kind === 'core'
        ? [{ given: tool.requestsGivenBy ?? null, core: tool.kind === 'core' }]
        : [];
    const key = JSON.stringify([
      tool.name,
      tool.description,
      tool.toolset,
      parameterNames,
      ...(requests.length === 0 && marks.length === 0 ? [] : [requests]),
      ...marks,
    ]);
    let id = this.byKey.get(key);
    if (id === undefined) {
      if (this.byKey.size >= this.maximumContents) this.byKey = new Map();
      id = this.nextId++;
      this.byKey.set(key, id);
    }
    const { name, description, toolset, parameters, requestsGivenBy, kind } = tool;
    this.byTool.set(tool, { name, description, toolset, parameters, parameterNames, requests, requestsGivenBy, kind, id });
    return id;
  }

  /** Distinct contents keyed now. */
  get size(): number {
    return this.byKey.size;
  }
}

function sameContent(known: ToolContent, tool: Tool): boolean {
  if (known.name !== tool.name || known.description !== tool.description || known.toolset !== tool.toolset) return false;
  if (known.parameters !== tool.parameters) return false;
  if (known.requestsGivenBy !== tool.requestsGivenBy || known.kind !== tool.kind) return false;
  const requests = tool.requests ?? [];
  if (requests.length !== known.requests.length) return false;
  for (let position = 0; position < requests.length; position++) if (requests[position] !== known.requests[position]) return false;
  // The same schema object may have been edited in place: its property names are what the build reads.
  const properties = tool.parameters['properties'];
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return known.parameterNames.length === 0;
  let position = 0;
  for (const name in properties) {
    if (!Object.prototype.hasOwnProperty.call(properties, name)) continue;
    if (known.parameterNames[position] !== name) return false;
    position++;
  }
  return position === known.parameterNames.length;
}

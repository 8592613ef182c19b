import type OpenAI from 'openai';
import type { NativeToolPlan } from '../../bridge/native-tool-plan.ts';
import { planNativeTools } from '../../bridge/native-tool-plan.ts';
import { clipEchoedName } from '../../bridge/clip-echoed-name.ts';
import type { ToolSearchSession } from '../../session/tool-search-session.ts';
import { originalNameOf, type Tool, type ToolDefinition } from '../../tools/tool.ts';
import { namespaceNames } from './namespace-names.ts';

type ResponsesTool = OpenAI.Responses.Tool;
type FunctionTool = OpenAI.Responses.FunctionTool;
type NamespaceTool = OpenAI.Responses.NamespaceTool;
type ToolSearchOutput = OpenAI.Responses.ResponseToolSearchOutputItemParam;

/** Tool names a namespace's description gives as examples of what it holds. */
const EXAMPLES_MAX = 6;

/**
 * The `tools` parameter of a Responses request in native mode: the direct functions, then one
 * namespace per deferred toolset (MCP server or plugin; OpenAI's models search namespaces best)
 * whose functions carry `defer_loading: true`, so the model sees only each namespace's name and
 * description; then the client-executed `tool_search`, answered by `runResponsesNativeToolCalls` with
 * `tool_search_output` items. Hidden and out-of-scope tools are not in it at all. When Tool Search is
 * not active, the functions are all direct, as in bridge mode. Byte-identical while the session's
 * tools do not change; found tools are added at the end of the context, so the cache holds.
 */
export function toResponsesNativeTools(session: ToolSearchSession): ResponsesTool[] {
  return responsesNativeTools(planNativeTools(session.assemble()));
}

/** {@link toResponsesNativeTools} for a plan (pure; the CLI prints it with `assemble --format openai-responses-native`). */
export function responsesNativeTools(plan: NativeToolPlan): ResponsesTool[] {
  const tools: ResponsesTool[] = plan.direct.map((tool) => functionTool(tool));
  const names = namespaceNames(plan);
  for (const [toolset, members] of groupByToolset(plan.deferred)) {
    tools.push(namespaceTool(names.get(toolset)!, members, namespaceDescription(toolset, members)));
  }
  if (plan.search !== undefined) {
    tools.push({ type: 'tool_search', execution: 'client', description: plan.search.description, parameters: plan.search.parameters });
  }
  return tools;
}

/**
 * The `tool_search_output` item answering a client tool_search call (`callId`) that found `found`:
 * their definitions, best first, each inside its toolset's namespace as the tools array names it
 * (namespaces in the order of their best tool). No tools when the search found none. `callId`
 * undefined leaves `call_id` out (the CLI's `search --format openai-responses-native` prints it so).
 */
export function toolSearchOutput(plan: NativeToolPlan, found: readonly Tool[], callId: string | null | undefined): ToolSearchOutput {
  const names = namespaceNames(plan);
  const deferredByToolset = groupByToolset(plan.deferred);
  const tools: ResponsesTool[] = [];
  for (const [toolset, members] of groupByToolset(found)) {
    const name = names.get(toolset);
    // Never expected: every loadable tool is in the plan. Leave out rather than invent a namespace.
    if (name === undefined) continue;
    tools.push(namespaceTool(name, members, namespaceDescription(toolset, deferredByToolset.get(toolset) ?? members)));
  }
  return {
    type: 'tool_search_output',
    ...(callId === undefined ? {} : { call_id: callId }),
    execution: 'client',
    status: 'completed',
    tools,
  };
}

function functionTool(tool: ToolDefinition): FunctionTool {
  return {
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters as FunctionTool['parameters'],
    strict: false,
  };
}

/**
 * A namespace of deferred functions. The same shape in the request's tools and in a
 * tool_search_output: a loaded function is the request's own definition, `defer_loading` included,
 * so what the model loads is byte for byte what the request declared.
 */
function namespaceTool(name: string, members: readonly Tool[], description: string): NamespaceTool {
  return {
    type: 'namespace',
    name,
    description,
    tools: members.map((tool) => ({
      type: 'function',
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      strict: false,
      defer_loading: true,
    })),
  };
}

/**
 * What the model knows of a namespace before it searches: how many tools of which server or plugin,
 * with a few of their own names, so that it can tell what to search for.
 */
function namespaceDescription(toolset: string, members: readonly Tool[]): string {
  const kind = members[0]?.kind === 'mcp' ? 'MCP server' : 'plugin';
  const source = kind === 'MCP server' && toolset.startsWith('mcp-') ? toolset.slice(4) : toolset;
  const examples = [...new Set(members.map((tool) => clipEchoedName(originalNameOf(tool))))].sort().slice(0, EXAMPLES_MAX);
  const more = members.length - examples.length;
  return `${members.length} tools of the ${clipEchoedName(source)} ${kind}, such as ${examples.join(', ')}${more > 0 ? ` and ${more} more` : ''}. Load them with tool_search.`;
}

/** Tools grouped by toolset, groups in the order of their first tool, tools in their given order. */
function groupByToolset(tools: readonly Tool[]): Map<string, Tool[]> {
  const groups = new Map<string, Tool[]>();
  for (const tool of tools) {
    const group = groups.get(tool.toolset);
    if (group === undefined) groups.set(tool.toolset, [tool]);
    else group.push(tool);
  }
  return groups;
}

import { isDeferrable } from '../assembly/classify-tools.ts';
import { failure, type CallOutcome } from '../dispatch/call-outcome.ts';
import { originalNameOf, type Tool } from '../tools/tool.ts';
import { isBridgeToolName, TOOL_SEARCH } from './bridge-tool-names.ts';
import { clipEchoedName } from './clip-echoed-name.ts';
import type { SessionScope } from './session-scope.ts';
import { suggestNames } from './suggest-names.ts';

export type ResolvedTool = { readonly ok: true; readonly tool: Tool } | { readonly ok: false; readonly outcome: CallOutcome };

/**
 * Finds the session tool a bridge call names. Accepts the exact name, or, when exactly one session
 * tool fits, the name in another letter case or the tool's original upstream name. Every other case is
 * a model mistake with a message that says what to do instead. A tool outside the session's toolsets
 * is an unknown tool, word for word as a name no tool has: a scope cannot be told from outside. A
 * hidden tool is found (its policy refuses it, which the caller does before saying anything else).
 */
export function resolveBridgeTarget(scope: SessionScope, rawName: unknown, bridgeTool: string): ResolvedTool {
  if (typeof rawName !== 'string' || rawName.trim() === '') {
    return refuse(failure('empty_name', `${bridgeTool} needs "name": the exact name of a tool from ${TOOL_SEARCH} results.`));
  }
  const name = rawName.trim();
  if (isBridgeToolName(name)) {
    return refuse(failure('bridge_tool', `'${clipEchoedName(name)}' is a bridge tool: call it directly, not through ${bridgeTool}.`));
  }
  const tool = findSessionTool(scope.sessionTools, name);
  if (tool !== undefined) {
    if (!isDeferrable(tool) && !(scope.isHidden?.(tool) ?? false)) {
      return refuse(
        failure(
          'core_tool',
          `'${tool.name}' is a core tool that is always in your tool list: call it directly, not through ${bridgeTool}.`,
        ),
      );
    }
    return { ok: true, tool };
  }
  return refuse(unknownToolOutcome(scope, name));
}

/**
 * The error for a name no session tool has (whether or not a tool outside the session has it), with
 * close names from the session's tools the model may know of. The name is repeated clipped
 * (clipEchoedName), and the search for close names is bounded (suggestNames).
 */
export function unknownToolOutcome(scope: SessionScope, name: string): CallOutcome {
  // A hidden (denied) tool is never offered: for the model it does not exist.
  const offered = scope.isHidden === undefined ? scope.sessionTools : scope.sessionTools.filter((tool) => !scope.isHidden!(tool));
  const suggestions = suggestNames(
    name,
    offered.map((tool) => tool.name),
  );
  const didYouMean = suggestions.length > 0 ? ` Did you mean ${suggestions.join(', ')}?` : '';
  return failure(
    'unknown_tool',
    `Unknown tool '${clipEchoedName(name)}'.${didYouMean} Use ${TOOL_SEARCH} to find tools by what they do.`,
    suggestions,
  );
}

/** Exact name first; then a unique case-insensitive name; then a unique original (upstream) name. */
export function findSessionTool(tools: readonly Tool[], name: string): Tool | undefined {
  const exact = tools.find((tool) => tool.name === name);
  if (exact !== undefined) return exact;
  const lower = name.toLowerCase();
  const byCase = tools.filter((tool) => tool.name.toLowerCase() === lower);
  if (byCase.length === 1) return byCase[0];
  const byOriginal = tools.filter((tool) => tool.originalName !== undefined && originalNameOf(tool) === name);
  return byOriginal.length === 1 ? byOriginal[0] : undefined;
}

function refuse(outcome: CallOutcome): ResolvedTool {
  return { ok: false, outcome };
}

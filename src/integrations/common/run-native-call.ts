import { isBridgeToolName, TOOL_SEARCH } from '../../bridge/bridge-tool-names.ts';
import { clipEchoedName } from '../../bridge/clip-echoed-name.ts';
import { failure, type CallOutcome } from '../../dispatch/call-outcome.ts';
import type { CallOptions, ToolSearchSession } from '../../session/tool-search-session.ts';

/**
 * One direct call in native mode: the real tool by its own name, through the session's pipeline. The
 * bridge's tool_describe and tool_call are not offered in this mode, so a call of either is refused
 * here rather than run: what the model may call is exactly what the request offered it.
 */
export async function runNativeCall(session: ToolSearchSession, name: string, rawArguments: unknown, options: CallOptions): Promise<CallOutcome> {
  if (isBridgeToolName(name) && name !== TOOL_SEARCH) {
    return failure(
      'unknown_tool',
      `Tool '${clipEchoedName(name)}' is not offered here: the tools ${TOOL_SEARCH} finds are loaded for you to call directly by their own names.`,
    );
  }
  return session.call(name, rawArguments, options);
}

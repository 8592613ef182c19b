import type { CallOutcome } from '../../dispatch/call-outcome.ts';
import type { CallOptions, ToolSearchSession } from '../../session/tool-search-session.ts';

/**
 * One direct call in native mode: the real tool by its own name, through the session's pipeline. The
 * bridge's tool_describe and tool_call are not offered in this mode, so the session refuses a call of
 * either (and reports the refusal) rather than run it: what the model may call is exactly what the
 * request offered it.
 */
export function runNativeCall(session: ToolSearchSession, name: string, rawArguments: unknown, options: CallOptions): Promise<CallOutcome> {
  return session.call(name, rawArguments, { ...options, mode: 'native' });
}

import type { Guardrail } from '../dispatch/hooks.ts';
import { matchesGlob } from '../tools/glob.ts';

/**
 * `policy.deny` as a core guardrail: refuses a call whose real tool name (never `tool_call`) matches
 * one of the globs, and says which pattern did it.
 */
export function createDenyGuardrail(patterns: readonly string[]): Guardrail {
  return (call) => {
    const pattern = patterns.find((candidate) => matchesGlob(call.name, candidate));
    if (pattern === undefined) return undefined;
    return { deny: `the gateway's policy.deny pattern '${pattern}' refuses this tool. Do not retry it; tell the user if it is needed.` };
  };
}

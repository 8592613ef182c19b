import type { Guardrail } from '../dispatch/hooks.ts';
import type { ToolPolicy } from './tool-policy.ts';

/**
 * `policy.deny` as a core guardrail: refuses a call whose real tool (never `tool_call`) the policy
 * denies under any of its names, and says which pattern did it.
 */
export function createDenyGuardrail(policy: ToolPolicy): Guardrail {
  return (call) => {
    const pattern = policy.flags(call.tool).deniedBy;
    if (pattern === undefined) return undefined;
    return { deny: `the gateway's policy.deny pattern '${pattern}' refuses this tool. Do not retry it; tell the user if it is needed.` };
  };
}

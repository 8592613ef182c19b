import type { ToolGuardrail } from '../dispatch/hooks.ts';
import type { ToolPolicy } from './tool-policy.ts';

/**
 * `policy.deny` as a core tool guardrail: refuses every call of a real tool (never `tool_call`) the
 * policy denies under any of its names, and says which pattern did it. A tool guardrail runs before the
 * call's arguments are read or checked, so the refusal is all the model learns of a denied tool.
 */
export function createDenyGuardrail(policy: ToolPolicy): ToolGuardrail {
  return (tool) => {
    const pattern = policy.flags(tool).deniedBy;
    if (pattern === undefined) return undefined;
    return { deny: `the gateway's policy.deny pattern '${pattern}' refuses this tool. Do not retry it; tell the user if it is needed.` };
  };
}

import { messageOf } from '../errors/message-of.ts';
import type { ToolGuardrail } from './hooks.ts';
import type { Tool } from '../tools/tool.ts';

/**
 * Why the tool guardrails refuse `tool` (the first verdict, or the failure of a guardrail that threw:
 * failing closed), or undefined when none does. Reads the tool alone, never a call's arguments, so it
 * can be asked before the arguments are read or checked.
 */
export function toolRefusal(tool: Tool, toolGuardrails: readonly ToolGuardrail[] | undefined): string | undefined {
  for (const guardrail of toolGuardrails ?? []) {
    try {
      const verdict = guardrail(tool);
      if (verdict !== undefined) return verdict.deny;
    } catch (error) {
      return `a tool guardrail failed: ${messageOf(error)}`;
    }
  }
  return undefined;
}

import type { AsyncLocalStorage } from 'node:async_hooks';
import type { Approver } from '../dispatch/hooks.ts';
import { matchesGlob } from '../tools/glob.ts';
import type { GatewayRequest } from './gateway-request.ts';

/** How much of a call's arguments the approval question shows, in characters. */
export const ARGUMENTS_SHOWN_MAX = 2_000;

/**
 * `policy.require_approval` as the core approver: a call whose real tool name matches one of the globs
 * runs only after the user accepts an MCP elicitation sent through the client. Declined, cancelled,
 * failed or impossible (the client cannot elicit) all refuse the call. Other calls are approved.
 */
export function createElicitationApprover(patterns: readonly string[], requests: AsyncLocalStorage<GatewayRequest>): Approver {
  return async (call) => {
    const pattern = patterns.find((candidate) => matchesGlob(call.name, candidate));
    if (pattern === undefined) return true;
    const elicit = requests.getStore()?.elicit;
    if (elicit === undefined) {
      return {
        approved: false,
        reason: `the gateway's policy.require_approval pattern '${pattern}' needs the user's approval, and this MCP client cannot ask (it does not support elicitation).`,
      };
    }
    const result = await elicit({
      mode: 'form',
      message: `Allow the tool '${call.name}' to run with these arguments?\n${clip(JSON.stringify(call.arguments, null, 2), ARGUMENTS_SHOWN_MAX)}`,
      requestedSchema: { type: 'object', properties: {} },
    });
    if (result.action === 'accept') return true;
    return { approved: false, reason: `the user ${result.action === 'decline' ? 'declined' : 'cancelled'} the approval request.` };
  };
}

function clip(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length)}\n… (${text.length - length} more characters)`;
}

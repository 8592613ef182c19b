import type { AsyncLocalStorage } from 'node:async_hooks';
import type { Approver } from '../dispatch/hooks.ts';
import { approvalMessage } from './approval-message.ts';
import type { GatewayRequest } from './gateway-request.ts';
import type { ToolPolicy } from './tool-policy.ts';

/**
 * `policy.require_approval` as the core approver: a call whose real tool the policy marks (under any of
 * its names) runs only after the user accepts an MCP elicitation sent through the client, which shows
 * every argument (see {@link approvalMessage}). Declined, cancelled, failed or impossible (the client
 * cannot elicit) all refuse the call. Other calls are approved.
 */
export function createElicitationApprover(policy: ToolPolicy, requests: AsyncLocalStorage<GatewayRequest>): Approver {
  return async (call) => {
    const pattern = policy.flags(call.tool).approvalBy;
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
      message: approvalMessage(call.name, call.arguments),
      requestedSchema: { type: 'object', properties: {} },
    });
    if (result.action === 'accept') return true;
    return { approved: false, reason: `the user ${result.action === 'decline' ? 'declined' : 'cancelled'} the approval request.` };
  };
}

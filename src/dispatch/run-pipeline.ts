import type { ToolCallContext, ToolExecutor } from '../tools/tool.ts';
import { failure, success, type CallOutcome, type ModelErrorCode } from './call-outcome.ts';
import type { ActivityOutcome, CallActivityEvent, DispatchHooks } from './hooks.ts';
import { messageOf } from '../errors/message-of.ts';
import type { ArgumentProblem, ArgumentValidator } from './argument-validator.ts';
import { invalidArgumentsMessage } from './invalid-arguments-message.ts';
import { toolRefusal } from './tool-refusal.ts';

export interface PipelineEnvironment {
  readonly hooks: DispatchHooks;
  /** Checks the arguments against the tool's schema before any other stage; absent: no check. */
  readonly validateArguments?: ArgumentValidator;
  /** Runs the tool when it has no `execute` of its own. */
  readonly execute?: (tool: ToolCallContext['tool'], args: ToolCallContext['arguments'], context: ToolCallContext) => unknown;
  /** Milliseconds since the epoch. Injected so tests are exact. */
  readonly now: () => number;
}

/**
 * The one pipeline every call takes, direct or through tool_call (docs/behaviour.md, rules 4 to 8): the
 * tool guardrails (policy on the tool alone), the argument check, pre-call hooks, guardrails, approval,
 * the tool itself, post-call hooks, with activity events around it. Every
 * stage sees the real tool name and arguments, so going through the bridge bypasses nothing. Never
 * throws: a failing stage or tool becomes an outcome the model can read.
 */
export async function runPipeline(initial: ToolCallContext, environment: PipelineEnvironment): Promise<CallOutcome> {
  const { hooks, now } = environment;
  const startedAt = now();
  const base = {
    sessionId: initial.sessionId,
    callId: initial.callId,
    tool: initial.name,
    toolset: initial.tool.toolset,
    viaBridge: initial.viaBridge,
  };
  notify(environment, { type: 'call_started', time: new Date(startedAt).toISOString(), ...base });
  const stages = await runStages(initial, environment);
  let result = stages.result;
  // Post-call hooks see calls that reached the tool; a refused call never ran, so there is nothing to post-process.
  const call = stages.kind === 'ran' ? stages.call : initial;
  for (const hook of stages.kind === 'ran' ? (hooks.afterCall ?? []) : []) {
    try {
      const replaced = await hook(call, result);
      if (replaced !== undefined) result = replaced;
    } catch (error) {
      result = failure('tool_failed', `A post-call hook failed for '${call.name}': ${messageOf(error)}`);
    }
  }
  const finishedAt = now();
  notify(environment, {
    type: 'call_finished',
    time: new Date(finishedAt).toISOString(),
    ...base,
    outcome: activityOutcomeOf(result),
    durationMs: finishedAt - startedAt,
    ...(result.ok ? { result: result.value } : { error: result.error.message, code: result.error.code }),
    arguments: call.arguments,
  });
  return result;
}

type StageResult = { kind: 'stopped'; result: CallOutcome } | { kind: 'ran'; call: ToolCallContext; result: CallOutcome };

async function runStages(initial: ToolCallContext, environment: PipelineEnvironment): Promise<StageResult> {
  const { hooks } = environment;
  let call = initial;
  const stop = (code: ModelErrorCode, message: string): StageResult => ({ kind: 'stopped', result: failure(code, message) });
  // First, policy on the tool alone: a refused tool is refused before anything about it is said.
  const refused = toolRefusal(call.tool, hooks.toolGuardrails);
  if (refused !== undefined) return stop('denied', `Call to '${call.name}' was denied: ${refused}`);
  // Then: a call with bad arguments is never approved or run, and the model learns what to fix.
  const problems = argumentProblems(call, environment.validateArguments);
  if (problems.length > 0) return stop('invalid_arguments', invalidArgumentsMessage(call.tool, problems));
  for (const hook of hooks.beforeCall ?? []) {
    try {
      const decision = await hook(call);
      if (decision !== undefined && 'block' in decision) {
        return stop('blocked', `Call to '${call.name}' was blocked: ${decision.block}`);
      }
      if (decision !== undefined && 'arguments' in decision) call = { ...call, arguments: decision.arguments };
    } catch (error) {
      return stop('blocked', `Call to '${call.name}' was blocked because a pre-call hook failed: ${messageOf(error)}`);
    }
  }
  for (const guardrail of hooks.guardrails ?? []) {
    try {
      const verdict = await guardrail(call);
      if (verdict !== undefined) return stop('denied', `Call to '${call.name}' was denied: ${verdict.deny}`);
    } catch (error) {
      return stop('denied', `Call to '${call.name}' was denied because a guardrail failed: ${messageOf(error)}`);
    }
  }
  if (hooks.approve !== undefined) {
    try {
      const decision = await hooks.approve(call);
      const approved = typeof decision === 'boolean' ? decision : decision.approved;
      if (!approved) {
        const reason = typeof decision === 'object' && decision.reason !== undefined ? `: ${decision.reason}` : '.';
        return stop('approval_declined', `The user did not approve the call to '${call.name}'${reason} Do not retry it unasked.`);
      }
    } catch (error) {
      return stop('approval_declined', `Approval for '${call.name}' could not be obtained: ${messageOf(error)}`);
    }
  }
  if (isAborted(call.signal)) return stop('cancelled', `Call to '${call.name}' was cancelled before it started.`);
  const executor: ToolExecutor | undefined =
    call.tool.execute ??
    (environment.execute === undefined ? undefined : (args, context) => environment.execute!(context.tool, args, context));
  if (executor === undefined) {
    return stop('no_executor', `Tool '${call.name}' cannot be run here: nothing was registered to execute it.`);
  }
  try {
    const value = await executor(call.arguments, call);
    return { kind: 'ran', call, result: success(value) };
  } catch (error) {
    if (isAborted(call.signal)) {
      return { kind: 'ran', call, result: failure('cancelled', `Call to '${call.name}' was cancelled.`) };
    }
    return { kind: 'ran', call, result: failure('tool_failed', `Tool '${call.name}' failed: ${messageOf(error)}`) };
  }
}

/** A validator that fails while checking has not refused the call: the tool (or its server) still checks. */
function argumentProblems(call: ToolCallContext, validateArguments: ArgumentValidator | undefined): readonly ArgumentProblem[] {
  if (validateArguments === undefined) return [];
  try {
    return validateArguments(call.tool)?.(call.arguments) ?? [];
  } catch {
    return [];
  }
}

function activityOutcomeOf(result: CallOutcome): ActivityOutcome {
  if (result.ok) return 'ok';
  switch (result.error.code) {
    case 'blocked':
      return 'blocked';
    case 'denied':
      return 'denied';
    case 'approval_declined':
      return 'declined';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'error';
  }
}

function notify(environment: PipelineEnvironment, event: CallActivityEvent): void {
  try {
    environment.hooks.onActivity?.(event);
  } catch {
    // The activity feed is an observer: a broken listener must not change the call's outcome.
  }
}

/** Read through a function so the compiler does not assume the flag is unchanged across awaits. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

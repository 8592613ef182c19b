import type { Tool, ToolArguments, ToolCallContext } from '../tools/tool.ts';
import type { CallOutcome, ModelErrorCode } from './call-outcome.ts';

/**
 * Runs before a call. Return nothing to go on, `{arguments}` to replace the arguments later stages and
 * the tool see, or `{block: reason}` to stop the call. A hook that throws stops the call too.
 */
export type BeforeCallHook = (call: ToolCallContext) => void | BeforeCallDecision | Promise<void | BeforeCallDecision>;
export type BeforeCallDecision = { readonly block: string } | { readonly arguments: ToolArguments };

/** A policy check. Return nothing to allow, or `{deny: reason}` to refuse the call. */
export type Guardrail = (call: ToolCallContext) => void | GuardrailVerdict | Promise<void | GuardrailVerdict>;
export type GuardrailVerdict = { readonly deny: string };

/**
 * A policy on the tool alone (a deny list): return nothing to allow, or `{deny: reason}` to refuse every
 * call of it. Run first, before the arguments are read or checked, so a refused tool's refusal is all
 * the model learns (never its parameters, as an argument error would name them). Synchronous, because
 * it is asked before anything else about the call is known. A guardrail that throws refuses.
 */
export type ToolGuardrail = (tool: Tool) => void | GuardrailVerdict;

/**
 * Asks whether a call may run (a prompt to the user, a policy service). `true` approves; `false` or
 * `{approved: false, reason}` declines. Called for every call: approve the ones that need no asking.
 */
export type Approver = (call: ToolCallContext) => boolean | ApprovalDecision | Promise<boolean | ApprovalDecision>;
export interface ApprovalDecision {
  readonly approved: boolean;
  readonly reason?: string;
}

/** Runs after a call with its outcome; may return a replacement (redaction, enrichment). */
export type AfterCallHook = (call: ToolCallContext, outcome: CallOutcome) => void | CallOutcome | Promise<void | CallOutcome>;

/** One entry of the activity feed: a call of a tool, or a search, a describe or a refusal around one. */
export type ActivityEvent = CallActivityEvent | CatalogActivityEvent;

/** A call's start or end: always the underlying tool, never `tool_call`. */
export interface CallActivityEvent {
  readonly type: 'call_started' | 'call_finished';
  /** ISO 8601 time of the event. */
  readonly time: string;
  readonly sessionId: string;
  readonly callId: string;
  /** The real tool's model-visible name. */
  readonly tool: string;
  readonly toolset: string;
  readonly viaBridge: boolean;
  /** On call_finished: how it ended. */
  readonly outcome?: ActivityOutcome;
  /** On call_finished: milliseconds from start to finish. */
  readonly durationMs?: number;
  /** On call_finished when it did not succeed: the error message. */
  readonly error?: string;
  /**
   * On call_finished when it did not succeed: the outcome's code, which tells a call the pipeline
   * refused before the tool ran (`invalid_arguments`) from a tool that failed (`tool_failed`).
   */
  readonly code?: ModelErrorCode;
  /**
   * On call_finished: the arguments the tool was given (after pre-call hooks), or those the model sent
   * when the call stopped before the tool. Neither cut nor redacted: an observer that shows or keeps
   * them must do both (the activity log and traces never do).
   */
  readonly arguments?: ToolArguments;
  /** On call_finished when it succeeded: the value the model gets (after post-call hooks), as for `arguments`. */
  readonly result?: unknown;
}
export type ActivityOutcome = 'ok' | 'error' | 'blocked' | 'denied' | 'declined' | 'cancelled';

/** Whether an activity event is a call's start or end (as opposed to a search, describe or refusal). */
export function isCallActivity(event: ActivityEvent): event is CallActivityEvent {
  return event.type === 'call_started' || event.type === 'call_finished';
}

/** The longest tool name or query an activity event carries; longer ones are cut (a model may send 1 MB). */
export const ACTIVITY_TEXT_MAX = 200;

/**
 * What the model did besides running a tool: a `search` (its query and the names it got back), a
 * `describe` of a tool, or a request `refused` before any tool was reached (an unknown name, bad
 * arguments, a bridge misuse; `code` says which). Names are the real tools' when known, else the name
 * as the model wrote it, cut at ACTIVITY_TEXT_MAX characters.
 */
export interface CatalogActivityEvent {
  readonly type: 'search' | 'describe' | 'refused';
  /** ISO 8601 time of the event. */
  readonly time: string;
  readonly sessionId: string;
  /** The bridge tool, or the name the model called directly. */
  readonly via: string;
  /** search: the query. */
  readonly query?: string;
  /** search: the names of the matches, best first. */
  readonly results?: readonly string[];
  /** describe and refused: the tool named. */
  readonly tool?: string;
  /** describe: the tool's toolset. */
  readonly toolset?: string;
  /** refused: why, as the outcome's error code. */
  readonly code?: ModelErrorCode;
  /** refused: the message the model was given. */
  readonly error?: string;
}

export type ActivityListener = (event: ActivityEvent) => void;

/** The stages of the dispatch pipeline, all optional, all plain functions. */
export interface DispatchHooks {
  /** Run first, on the tool alone: see {@link ToolGuardrail}. */
  readonly toolGuardrails?: readonly ToolGuardrail[];
  readonly beforeCall?: readonly BeforeCallHook[];
  readonly guardrails?: readonly Guardrail[];
  readonly approve?: Approver;
  readonly afterCall?: readonly AfterCallHook[];
  readonly onActivity?: ActivityListener;
}

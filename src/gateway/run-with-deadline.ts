import type { GatewayTimers } from './gateway-timers.ts';

/** A request to an upstream ran for its whole overall limit (`timeouts.call_max_ms`) and was cancelled. */
export class DeadlineExceededError extends Error {
  override readonly name = 'DeadlineExceededError';
  /** The limit that ran out, in milliseconds. */
  readonly limitMs: number;

  constructor(limitMs: number) {
    super(`the gateway's overall limit of ${limitMs} ms (timeouts.call_max_ms) ran out`);
    this.limitMs = limitMs;
  }
}

export interface DeadlineOptions {
  /** Milliseconds from the start after which the request is aborted, whatever it sent meanwhile. */
  readonly limitMs: number;
  readonly timers: GatewayTimers;
  /** The caller's own cancellation, passed on. */
  readonly signal?: AbortSignal;
}

/**
 * Runs `run` with an abort signal that fires when the caller's `signal` does or when `limitMs` have
 * passed, whichever comes first, and rejects with {@link DeadlineExceededError} in the second case.
 *
 * This is the overall limit that progress notifications cannot extend. The MCP SDK's own
 * `maxTotalTimeout` is not used for it: the SDK checks that one only when a progress notification
 * arrives (a server that goes quiet is cut off only by the idle timeout, later), and when it does, it
 * rejects without telling the server to stop. Aborting the request's signal does both: on time, and
 * with a `notifications/cancelled` to the server.
 */
export async function runWithDeadline<T>(run: (signal: AbortSignal) => Promise<T>, options: DeadlineOptions): Promise<T> {
  const controller = new AbortController();
  const { signal: callerSignal, timers, limitMs } = options;
  const passOn = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted === true) passOn();
  else callerSignal?.addEventListener('abort', passOn, { once: true });
  let expired: DeadlineExceededError | undefined;
  const handle = timers.setTimeout(() => {
    expired = new DeadlineExceededError(limitMs);
    controller.abort(expired);
  }, limitMs);
  try {
    return await run(controller.signal);
  } catch (error) {
    if (expired !== undefined && callerSignal?.aborted !== true) throw expired;
    throw error;
  } finally {
    timers.clearTimeout(handle);
    callerSignal?.removeEventListener('abort', passOn);
  }
}

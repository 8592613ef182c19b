/** Requests with a wrong or missing bearer token the HTTP gateway answers with 401 per window. @default */
export const DEFAULT_FAILED_TOKEN_LIMIT = 20;
/** The window those failures are counted over. @default one minute */
export const DEFAULT_FAILED_TOKEN_WINDOW_MS = 60_000;

export interface FailedTokenThrottleOptions {
  /** @default DEFAULT_FAILED_TOKEN_LIMIT */
  readonly limit?: number;
  /** @default DEFAULT_FAILED_TOKEN_WINDOW_MS */
  readonly windowMs?: number;
}

/**
 * Counts the HTTP gateway's failed token attempts. Every client reaches the gateway over loopback, so
 * the count is the gateway's own, not per address; it only ever slows requests whose token is wrong
 * or missing (a request with a right token is never counted or held back).
 */
export interface FailedTokenThrottle {
  /**
   * Records one failed attempt at `now` (milliseconds). Returns undefined while the window holds at most
   * `limit` failures, this one included; otherwise the whole seconds (at least 1) until the oldest of
   * the last `limit` failures leaves the window. Failures while held back count too, so a steady
   * guesser stays held back.
   */
  fail(now: number): number | undefined;
  /** How many failure times are kept (at most `limit`). */
  retained(): number;
}

/** A sliding-window count of failed attempts that keeps only the last `limit` failure times. */
export function createFailedTokenThrottle(options: FailedTokenThrottleOptions = {}): FailedTokenThrottle {
  const limit = options.limit ?? DEFAULT_FAILED_TOKEN_LIMIT;
  const windowMs = options.windowMs ?? DEFAULT_FAILED_TOKEN_WINDOW_MS;
  /** The last `limit` failure times, oldest first. */
  const times: number[] = [];
  return {
    fail(now) {
      const oldest = times.length === limit ? times[0]! : undefined;
      const wait = oldest !== undefined && oldest > now - windowMs ? Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) : undefined;
      times.push(now);
      if (times.length > limit) times.shift();
      return wait;
    },
    retained: () => times.length,
  };
}

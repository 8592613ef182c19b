import type { GatewayTimers } from './gateway-timers.ts';

/** How long one start of an upstream may take: to spawn or reach it and complete the MCP handshake. */
export interface StartLimits {
  /**
   * `timeouts.connect_ms`: how long a start may go on without a sign of work from the server's
   * processes (for a remote server, or where work cannot be seen: how long it may take).
   */
  readonly quietMs: number;
  /** `timeouts.connect_max_ms`: how long a start may take in all, however busy the server is. */
  readonly maxMs: number;
}

/** A start that ran out of time; `reason` says which limit. */
export class StartTimeoutError extends Error {
  override readonly name = 'StartTimeoutError';

  constructor(
    /** `quiet`: no sign of work for `limits.quietMs`; `limit`: `limits.maxMs` in all. */
    readonly reason: 'quiet' | 'limit',
    /** Milliseconds from the start to the moment it was given up. */
    readonly elapsedMs: number,
    readonly limits: StartLimits,
    /** Whether signs of work were watched (a local process), or time alone counted. */
    readonly watched: boolean,
  ) {
    super(
      reason === 'limit'
        ? `still starting after ${elapsedMs} ms (timeouts.connect_max_ms)`
        : `no sign of work for ${limits.quietMs} ms (timeouts.connect_ms)`,
    );
  }
}

export interface StartDeadlineOptions {
  readonly limits: StartLimits;
  readonly timers: GatewayTimers;
  /**
   * A value that changes whenever the server shows a sign of work (ProcessGroupTransport.signsOfWork);
   * absent, only time counts.
   */
  readonly signsOfWork?: () => Promise<string>;
}

export interface StartDeadline {
  /** Aborted, with a {@link StartTimeoutError} as its reason, when the start ran out of time. */
  readonly signal: AbortSignal;
  /** Stops watching (the start finished, or failed otherwise). */
  dispose(): void;
}

/**
 * Watches one start. A first `npx -y <server>` downloads and installs the server before running it,
 * which can take minutes; a server that hangs sits silent. So the start is given up only when it has
 * shown no sign of work for `quietMs` (a silent server fails at `quietMs`, as before), or when it has
 * lasted `maxMs` in all (a busy one is not waited for without end). Signs of work are looked for four
 * times per `quietMs`, and at least every second.
 */
export function watchStart(options: StartDeadlineOptions): StartDeadline {
  const { timers, signsOfWork } = options;
  const limits = { quietMs: Math.min(options.limits.quietMs, options.limits.maxMs), maxMs: options.limits.maxMs };
  const controller = new AbortController();
  const lookEveryMs = Math.max(100, Math.min(1_000, Math.floor(limits.quietMs / 4)));
  const startedAt = timers.now();
  let lastWorkAt = startedAt;
  // What the server showed when the watch began: only a change from it is a sign of work.
  let previous = signsOfWork === undefined ? undefined : signsOfWork().catch(() => undefined);
  let handle: unknown;
  let done = false;

  const schedule = (): void => {
    const now = timers.now();
    const untilLimit = Math.min(limits.quietMs - (now - lastWorkAt), limits.maxMs - (now - startedAt));
    handle = timers.setTimeout(() => void check(), Math.max(1, signsOfWork === undefined ? untilLimit : Math.min(lookEveryMs, untilLimit)));
  };
  const check = async (): Promise<void> => {
    if (signsOfWork !== undefined) {
      const before = await previous;
      const current = await signsOfWork().catch(() => before);
      if (done) return;
      if (current !== before) lastWorkAt = timers.now();
      previous = Promise.resolve(current);
    }
    const now = timers.now();
    if (now - startedAt >= limits.maxMs) expire(new StartTimeoutError('limit', now - startedAt, limits, signsOfWork !== undefined));
    else if (now - lastWorkAt >= limits.quietMs) expire(new StartTimeoutError('quiet', now - startedAt, limits, signsOfWork !== undefined));
    else schedule();
  };
  const expire = (error: StartTimeoutError): void => {
    done = true;
    controller.abort(error);
  };
  schedule();
  return {
    signal: controller.signal,
    dispose() {
      done = true;
      timers.clearTimeout(handle);
    },
  };
}

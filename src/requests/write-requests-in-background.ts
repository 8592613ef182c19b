import { messageOf } from '../errors/message-of.ts';
import type { Tool } from '../tools/tool.ts';
import { cleanRequestText } from './merge-requests.ts';
import { toolContentKey } from './tool-content-key.ts';

/**
 * The user's own model writing requests for tools: given a batch of tools, resolves to requests per
 * tool name (the `name` of each tool given). A tool left out of the answer is taken to have none.
 * Should give up when `signal` aborts (the batch ran out of time).
 */
export type WriteRequests = (
  tools: readonly Tool[],
  options: { readonly signal: AbortSignal },
) => Promise<Readonly<Record<string, readonly string[]>>>;

/** Where written requests are kept, by an opaque key (the model and the tool's content). */
export interface WrittenRequestCache {
  get(key: string): readonly string[] | undefined;
  /** Keeps the requests of one batch. */
  set(entries: ReadonlyArray<readonly [key: string, requests: readonly string[]]>): void;
}

/** A cache in memory: requests are written again in the next process. */
export function createWrittenRequestMemory(): WrittenRequestCache {
  const entries = new Map<string, readonly string[]>();
  return {
    get: (key) => entries.get(key),
    set(batch) {
      for (const [key, requests] of batch) entries.set(key, requests);
    },
  };
}

/** Clock and timers, injectable so that tests are exact. */
export interface WritingTimers {
  setTimeout(callback: () => void, milliseconds: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Tools per call of `writeRequests`. @default 8 */
export const DEFAULT_WRITE_BATCH_SIZE = 8;
/** How long one call of `writeRequests` may take before it is abandoned. @default 60 s */
export const DEFAULT_WRITE_TIMEOUT_MS = 60_000;
/** After a failure, the first wait before trying again; it doubles with each failure in a row. @default 30 s */
export const DEFAULT_WRITE_RETRY_MS = 30_000;
/** The longest wait between tries. @default 30 minutes */
export const DEFAULT_WRITE_RETRY_MAX_MS = 30 * 60_000;

export interface RequestWritingOptions {
  readonly writeRequests: WriteRequests;
  /** Names the model: requests are kept per model, so another model writes its own. */
  readonly model: string;
  /** @default createWrittenRequestMemory() */
  readonly cache?: WrittenRequestCache;
  /** @default DEFAULT_WRITE_BATCH_SIZE */
  readonly batchSize?: number;
  /** @default DEFAULT_WRITE_TIMEOUT_MS */
  readonly timeoutMs?: number;
  /** @default DEFAULT_WRITE_RETRY_MS */
  readonly retryMs?: number;
  /** @default DEFAULT_WRITE_RETRY_MAX_MS */
  readonly retryMaxMs?: number;
  /** One line when writing fails (once per run of failures) and when it works again. @default ignore */
  readonly onWarning?: (message: string) => void;
  /** @default the global timers, unref'd so they never keep a process alive */
  readonly timers?: WritingTimers;
}

/** Requests written by the user's model, asked for in the background and read without waiting. */
export interface RequestWriting {
  /** The model's requests for a tool, or undefined while they are not written (yet). */
  requestsOf(tool: Tool): readonly string[] | undefined;
  /**
   * The tools requests are wanted for now (core tools are skipped): those not written yet are queued
   * and written in the background, a batch at a time; queued tools no longer wanted are dropped.
   * Never waits.
   */
  want(tools: readonly Tool[]): void;
  /** Resolves once no batch is being written and none can be now (all written, or waiting to retry). */
  idle(): Promise<void>;
  /** Grows whenever new requests were kept. */
  readonly version: number;
  /** Stops writing: abandons the batch under way and any retry. */
  close(): void;
}

const SYSTEM_TIMERS: WritingTimers = {
  setTimeout(callback, milliseconds) {
    const handle = setTimeout(callback, milliseconds);
    (handle as { unref?: () => void }).unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Writes requests with the user's model, never in the way of a search: reads return what is written
 * so far, each tool content is written for once per model (the cache is keyed by model and
 * {@link toolContentKey}), a batch that fails or times out is reported once and tried again later
 * (waits doubling from `retryMs` to `retryMaxMs`), and a tool the model left out of its answer is
 * kept with no requests rather than asked for again.
 */
export function createRequestWriting(options: RequestWritingOptions): RequestWriting {
  const cache = options.cache ?? createWrittenRequestMemory();
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_WRITE_BATCH_SIZE);
  const timeoutMs = options.timeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS;
  const retryMs = options.retryMs ?? DEFAULT_WRITE_RETRY_MS;
  const retryMaxMs = options.retryMaxMs ?? DEFAULT_WRITE_RETRY_MAX_MS;
  const timers = options.timers ?? SYSTEM_TIMERS;
  const warn = options.onWarning ?? (() => undefined);
  const keys = new WeakMap<Tool, string>();
  const keyOf = (tool: Tool): string => {
    let key = keys.get(tool);
    if (key === undefined) {
      key = `${options.model}\u0000${toolContentKey(tool)}`;
      keys.set(tool, key);
    }
    return key;
  };
  /** Tools waiting to be written, by key, in the order they were wanted. */
  let pending = new Map<string, Tool>();
  let inFlight: { readonly keys: ReadonlySet<string>; readonly controller: AbortController } | undefined;
  let retryHandle: unknown;
  let failures = 0;
  let closed = false;
  let version = 0;
  let waiters: Array<() => void> = [];

  const settleWaiters = (): void => {
    if (inFlight !== undefined || (pending.size > 0 && retryHandle === undefined && !closed)) return;
    const settled = waiters;
    waiters = [];
    for (const resolve of settled) resolve();
  };

  const pump = (): void => {
    if (closed || inFlight !== undefined || retryHandle !== undefined || pending.size === 0) return settleWaiters();
    const batch = [...pending.values()].slice(0, batchSize);
    const batchKeys = new Set(batch.map(keyOf));
    for (const key of batchKeys) pending.delete(key);
    const controller = new AbortController();
    inFlight = { keys: batchKeys, controller };
    void runBatch(batch, controller).then(
      (answer) => finish(batch, controller, answer, undefined),
      (error: unknown) => finish(batch, controller, undefined, error),
    );
  };

  const runBatch = (batch: readonly Tool[], controller: AbortController): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const handle = timers.setTimeout(() => {
        controller.abort();
        reject(new Error(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      Promise.resolve()
        .then(() => options.writeRequests(batch, { signal: controller.signal }))
        .then(resolve, reject)
        .finally(() => timers.clearTimeout(handle));
    });

  const finish = (batch: readonly Tool[], controller: AbortController, answer: unknown, error: unknown): void => {
    if (inFlight?.controller !== controller) return;
    inFlight = undefined;
    if (closed) return settleWaiters();
    const written = error === undefined ? readAnswer(batch, answer) : undefined;
    if (written === undefined) {
      const reason = error === undefined ? 'the answer was not an object of request lists by tool name' : oneLine(messageOf(error));
      // Back in front of the queue, unless a newer want() dropped them.
      pending = new Map([...batch.map((tool) => [keyOf(tool), tool] as const), ...pending]);
      failures += 1;
      const delay = Math.min(retryMaxMs, retryMs * 2 ** (failures - 1));
      if (failures === 1)
        warn(
          `could not write requests for ${batch.length === 1 ? 'a tool' : `${batch.length} tools`} (${reason}); searching without them, trying again in ${formatDelay(delay)}`,
        );
      retryHandle = timers.setTimeout(() => {
        retryHandle = undefined;
        pump();
      }, delay);
      return settleWaiters();
    }
    if (failures > 0) warn('writing requests works again');
    failures = 0;
    cache.set(written.map(([tool, requests]) => [keyOf(tool), requests] as const));
    version += 1;
    pump();
  };

  return {
    requestsOf(tool) {
      return cache.get(keyOf(tool));
    },
    want(tools) {
      if (closed) return;
      const next = new Map<string, Tool>();
      for (const tool of tools) {
        if (tool.kind === 'core') continue;
        const key = keyOf(tool);
        if (next.has(key) || inFlight?.keys.has(key) === true || cache.get(key) !== undefined) continue;
        next.set(key, tool);
      }
      pending = next;
      pump();
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        settleWaiters();
      });
    },
    get version() {
      return version;
    },
    close() {
      closed = true;
      if (retryHandle !== undefined) timers.clearTimeout(retryHandle);
      retryHandle = undefined;
      inFlight?.controller.abort();
      inFlight = undefined;
      pending.clear();
      settleWaiters();
    },
  };
}

/** The batch's requests from an answer, or undefined when the answer is not an object. */
function readAnswer(batch: readonly Tool[], answer: unknown): Array<readonly [Tool, readonly string[]]> | undefined {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return undefined;
  const byName = answer as Record<string, unknown>;
  return batch.map((tool) => {
    const given = Object.hasOwn(byName, tool.name) ? byName[tool.name] : undefined;
    const texts = Array.isArray(given)
      ? given
          .filter((text): text is string => typeof text === 'string')
          .map(cleanRequestText)
          .filter((text) => text !== '')
      : [];
    return [tool, texts] as const;
  });
}

function oneLine(message: string): string {
  return message.replace(/\s+/g, ' ').trim().slice(0, 200);
}

function formatDelay(milliseconds: number): string {
  return milliseconds >= 60_000 ? `${Math.round(milliseconds / 60_000)} min` : `${Math.round(milliseconds / 1000)} s`;
}

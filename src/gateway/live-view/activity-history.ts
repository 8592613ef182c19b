import type { ObservedActivity } from '../create-gateway.ts';
import type { Redactor } from '../redact-secrets.ts';
import { isFeedLine, liveEntryOf, liveEntryOfLogLine, type LiveEntry } from './live-entry.ts';

/** Entries kept for pages that open or reload (and shown at most by a page). @default */
export const DEFAULT_HISTORY_SIZE = 200;

/** A kept entry and its id: the server-sent event id a page resumes from (`Last-Event-ID`). */
export interface HistoryItem {
  readonly id: number;
  readonly entry: LiveEntry;
}

export interface ActivityHistoryOptions {
  /** The gateway's activity (every observed session), each event with its named client when it has one. */
  readonly onActivity: (listener: (event: ObservedActivity) => void) => () => void;
  readonly redact: Redactor;
  /** Schema tokens a model request does not carry now because of Tool Search (0 when it is not active). */
  readonly savedPerRequest: () => number;
  /** Lines of an activity log to start from (readLogTail), oldest first. @default [] */
  readonly seed?: readonly unknown[];
  /** @default DEFAULT_HISTORY_SIZE */
  readonly size?: number;
  /**
   * In a cluster: the feed every instance shares. This instance's entries are stamped with `instance`
   * and published to it; the other instances' entries it delivers join the history as they arrive
   * (their text redacted and cut again, as a log's lines are). @default none: this gateway's activity only
   */
  readonly shared?: SharedFeed;
}

/** A feed shared by the instances of a cluster (cluster/shared-activity.ts). */
export interface SharedFeed {
  /** This instance's name, stamped on its entries as `instance`. */
  readonly instance: string;
  /** Hands one of this instance's entries to the others. Never waits or throws. */
  publish(entry: LiveEntry): void;
  /** Delivers the other instances' entries as they arrive; returns what stops it. */
  subscribe(listener: (entry: unknown) => void): () => void;
}

/**
 * The live view's memory of the activity: the last `size` feed entries with consecutive ids, so a page
 * that reloads gets them back (`/api/history`) and a stream that broke resumes where it stopped (the
 * entries after its `Last-Event-ID`). Starts from the activity log's last lines when there is one, so a
 * restarted gateway's page still shows what came before. Memory is bounded by `size` entries of bounded
 * size (previewValue). Listens to the gateway from creation until close(); an event becomes an entry
 * just after the call that made it (setImmediate), so no call waits for the redaction and previews.
 */
export interface ActivityHistory {
  /** The kept entries, oldest first. */
  items(): readonly HistoryItem[];
  /**
   * The kept entries after `id`, and how many entries after it are no longer kept (0 when none was
   * missed). An id this history never gave (a page of another run) gets every kept entry.
   */
  after(id: number): { readonly items: readonly HistoryItem[]; readonly missed: number };
  /** The id of the newest entry (0 before any). */
  lastId(): number;
  /** Entries since the history started, kept or not (those read from the log included). */
  total(): number;
  /** The sum of `saved_tokens` over those entries. */
  savedTokens(): number;
  /** Calls `listener` with each new entry; returns what removes it. */
  subscribe(listener: (item: HistoryItem) => void): () => void;
  /** Stops listening to the gateway and drops every listener. */
  close(): void;
}

export function createActivityHistory(options: ActivityHistoryOptions): ActivityHistory {
  const size = options.size ?? DEFAULT_HISTORY_SIZE;
  const kept: HistoryItem[] = [];
  const listeners = new Set<(item: HistoryItem) => void>();
  let lastId = 0;
  let total = 0;
  let saved = 0;

  const add = (entry: LiveEntry): void => {
    const item = { id: ++lastId, entry };
    total++;
    saved += entry.saved_tokens;
    kept.push(item);
    if (kept.length > size) kept.shift();
    for (const listener of [...listeners]) {
      try {
        listener(item);
      } catch {
        // A page's stream is an observer: one that fails must not stop the others.
      }
    }
  };

  for (const entry of seedEntries(options.seed ?? [], options.redact, size)) add(entry);

  // Events are turned into entries (redacted, previews made) just after the call that made them, not
  // during it: the call's answer never waits for the page. Reading the history catches up first.
  let waiting: Array<{ event: ObservedActivity; saved: number }> = [];
  let scheduled = false;
  const catchUp = (): void => {
    scheduled = false;
    const batch = waiting;
    waiting = [];
    for (const { event, saved: savedTokens } of batch) {
      const entry = liveEntryOf(event, options.redact, savedTokens);
      if (entry === undefined) continue;
      const stamped = shared === undefined ? entry : { ...entry, instance: shared.instance };
      add(stamped);
      shared?.publish(stamped);
    }
  };
  const shared = options.shared;
  const stopShared = shared?.subscribe((remote) => {
    const savedTokens =
      typeof (remote as { saved_tokens?: unknown }).saved_tokens === 'number' ? (remote as { saved_tokens: number }).saved_tokens : 0;
    const entry = liveEntryOfLogLine(remote, options.redact, savedTokens);
    if (entry === undefined) return;
    // Ours first: an entry of another instance joins after what this one has yet to add.
    catchUp();
    add(entry);
  });
  const stop = options.onActivity((event) => {
    if (event.type === 'call_started') return;
    waiting.push({ event, saved: options.savedPerRequest() });
    if (scheduled) return;
    scheduled = true;
    setImmediate(catchUp);
  });

  return {
    items() {
      catchUp();
      return [...kept];
    },
    after(id) {
      catchUp();
      if (!Number.isInteger(id) || id < 0 || id > lastId) return { items: [...kept], missed: 0 };
      const firstKept = kept[0]?.id ?? lastId + 1;
      return { items: kept.filter((item) => item.id > id), missed: Math.max(0, firstKept - id - 1) };
    },
    lastId() {
      catchUp();
      return lastId;
    },
    total() {
      catchUp();
      return total;
    },
    savedTokens() {
      catchUp();
      return saved;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close() {
      stop();
      stopShared?.();
      waiting = [];
      listeners.clear();
    },
  };
}

/**
 * The feed entries of the last `size` shown lines of an activity log, each with the tokens its session
 * saved per request by the session's last `tools` line before it (0 without one), as `tool-search
 * activity` counts them.
 */
function seedEntries(lines: readonly unknown[], redact: Redactor, size: number): LiveEntry[] {
  const savedBySession = new Map<string, number>();
  const shown: Array<{ line: unknown; saved: number }> = [];
  for (const line of lines) {
    const record = typeof line === 'object' && line !== null ? (line as Record<string, unknown>) : {};
    if (record['event'] === 'tools' && typeof record['session'] === 'string') {
      const before = Number(record['tokens_before']);
      const after = Number(record['tokens_after']);
      if (Number.isFinite(before) && Number.isFinite(after)) savedBySession.set(record['session'], Math.max(0, before - after));
      continue;
    }
    if (!isFeedLine(line)) continue;
    const session = String(record['session']);
    shown.push({ line, saved: savedBySession.get(session) ?? 0 });
  }
  return shown.slice(-size).flatMap(({ line, saved }) => {
    const entry = liveEntryOfLogLine(line, redact, saved);
    return entry === undefined ? [] : [entry];
  });
}

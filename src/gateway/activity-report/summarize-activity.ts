/**
 * `tool-search activity`: what a gateway's activity log says about the model's work, read one line at
 * a time (a log of any length costs memory only per distinct query, tool and server).
 */

/** How many rows each list of the report keeps, the largest counts first. */
export const REPORT_ROWS = 10;
/** Searches of one session still waiting for a call; older ones are counted as never followed. */
const PENDING_SEARCHES_PER_SESSION = 1_000;

export interface QueryCount {
  readonly query: string;
  readonly count: number;
}

export interface ActivityReport {
  /** Lines read, and those that were not an activity-log entry (skipped). */
  readonly lines: number;
  readonly invalidLines: number;
  /** ISO times of the first and last entries; undefined for an empty log. */
  readonly from?: string;
  readonly to?: string;
  readonly sessions: number;
  readonly counts: { readonly searches: number; readonly describes: number; readonly calls: number; readonly refusals: number };
  /** Searches that returned no tool. */
  readonly foundNothing: readonly QueryCount[];
  /** Searches that returned tools none of which the same session then called. */
  readonly neverFollowed: readonly QueryCount[];
  readonly mostCalled: ReadonlyArray<{ readonly tool: string; readonly server: string; readonly calls: number; readonly failed: number }>;
  readonly refusals: ReadonlyArray<{ readonly outcome: string; readonly tool: string; readonly count: number; readonly example: string }>;
  /** Per server, over calls that reached the tool (ok or error), nearest-rank percentiles. */
  readonly latency: ReadonlyArray<{ readonly server: string; readonly calls: number; readonly p50Ms: number; readonly p99Ms: number }>;
  readonly tokens: TokensSaved;
}

/**
 * Schema tokens saved, from the tool lists the gateway sent (`tools` lines). Every search, describe,
 * call and refusal was one model response, and the request that produced it carried the session's
 * tool array: so a session saved at least (its entries) x (tokens_before - tokens_after of its last
 * list). The schemas tool_describe loaded back are not subtracted.
 */
export interface TokensSaved {
  /** Sessions that were sent a tool list. */
  readonly sessions: number;
  /** The last list sent: tokens of every tool, and of the array sent. */
  readonly lastBefore: number;
  readonly lastAfter: number;
  readonly atLeast: number;
}

/** Takes log lines one by one; `report()` summarises those seen so far. */
export interface ActivitySummary {
  add(line: string): void;
  report(): ActivityReport;
}

interface SessionState {
  pending: Array<{ query: string; results: ReadonlySet<string> }>;
  entries: number;
  saved?: number;
}

/** Outcomes of a call stopped before its tool ran: denied by policy or a guardrail, blocked by a hook, declined by the user. */
const REFUSED_CALL_OUTCOMES: ReadonlySet<string> = new Set(['denied', 'blocked', 'declined']);

export function createActivitySummary(): ActivitySummary {
  let lines = 0;
  let invalidLines = 0;
  let from: string | undefined;
  let to: string | undefined;
  const counts = { searches: 0, describes: 0, calls: 0, refusals: 0 };
  const sessions = new Map<string, SessionState>();
  const foundNothing = new Map<string, number>();
  const neverFollowed = new Map<string, number>();
  const called = new Map<string, { tool: string; server: string; calls: number; failed: number }>();
  const refusals = new Map<string, { outcome: string; tool: string; count: number; example: string }>();
  const durations = new Map<string, number[]>();
  let last: { before: number; after: number } | undefined;

  const sessionOf = (id: string): SessionState => {
    let state = sessions.get(id);
    if (state === undefined) sessions.set(id, (state = { pending: [], entries: 0 }));
    return state;
  };
  const increment = (map: Map<string, number>, key: string): void => void map.set(key, (map.get(key) ?? 0) + 1);
  const addRefusal = (outcome: string, tool: string, error: unknown): void => {
    counts.refusals++;
    const key = `${outcome}\u0000${tool}`;
    const row = refusals.get(key) ?? { outcome, tool, count: 0, example: stringOf(error) };
    row.count++;
    refusals.set(key, row);
  };

  return {
    add(line) {
      if (line.trim() === '') return;
      lines++;
      const entry = parseEntry(line);
      if (entry === undefined) {
        invalidLines++;
        return;
      }
      from ??= entry.time;
      to = entry.time;
      const session = sessionOf(entry.session);
      switch (entry.event) {
        case 'tools': {
          const before = numberOf(entry['tokens_before']);
          const after = numberOf(entry['tokens_after']);
          session.saved = Math.max(0, before - after);
          last = { before, after };
          return;
        }
        case 'search': {
          counts.searches++;
          session.entries++;
          const query = stringOf(entry['query']);
          const results = Array.isArray(entry['results'])
            ? entry['results'].filter((name): name is string => typeof name === 'string')
            : [];
          if (results.length === 0) return increment(foundNothing, query);
          session.pending.push({ query, results: new Set(results) });
          if (session.pending.length > PENDING_SEARCHES_PER_SESSION) increment(neverFollowed, session.pending.shift()!.query);
          return;
        }
        case 'describe':
          counts.describes++;
          session.entries++;
          return;
        case 'call': {
          session.entries++;
          const tool = stringOf(entry['tool']);
          const server = stringOf(entry['server']);
          const outcome = stringOf(entry['outcome']);
          // A call stopped before the tool ran (policy, a hook, the user) is a refusal; it still shows
          // among the most called tools, as a failed call.
          if (REFUSED_CALL_OUTCOMES.has(outcome)) addRefusal(outcome, tool, entry['error']);
          else counts.calls++;
          const row = called.get(tool) ?? { tool, server, calls: 0, failed: 0 };
          row.calls++;
          if (outcome !== 'ok') row.failed++;
          called.set(tool, row);
          if (outcome === 'ok' || outcome === 'error') {
            const list = durations.get(server) ?? [];
            list.push(numberOf(entry['duration_ms']));
            durations.set(server, list);
          }
          session.pending = session.pending.filter((search) => !search.results.has(tool));
          return;
        }
        case 'refused': {
          session.entries++;
          addRefusal(stringOf(entry['outcome']), stringOf(entry['tool'] ?? entry['via']), entry['error']);
          return;
        }
        default:
          session.entries++;
      }
    },
    report() {
      const unfollowed = new Map(neverFollowed);
      let atLeast = 0;
      let listed = 0;
      for (const state of sessions.values()) {
        for (const search of state.pending) increment(unfollowed, search.query);
        if (state.saved === undefined) continue;
        listed++;
        atLeast += state.saved * state.entries;
      }
      return {
        lines,
        invalidLines,
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
        sessions: sessions.size,
        counts: { ...counts },
        foundNothing: topQueries(foundNothing),
        neverFollowed: topQueries(unfollowed),
        mostCalled: [...called.values()]
          .sort((left, right) => right.calls - left.calls || left.tool.localeCompare(right.tool))
          .slice(0, REPORT_ROWS)
          .map((row) => ({ ...row })),
        refusals: [...refusals.values()]
          .sort((left, right) => right.count - left.count || left.tool.localeCompare(right.tool))
          .slice(0, REPORT_ROWS)
          .map((row) => ({ ...row })),
        latency: [...durations]
          .map(([server, list]) => {
            const sorted = [...list].sort((left, right) => left - right);
            return { server, calls: sorted.length, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) };
          })
          .sort((left, right) => left.server.localeCompare(right.server)),
        tokens: { sessions: listed, lastBefore: last?.before ?? 0, lastAfter: last?.after ?? 0, atLeast },
      };
    },
  };
}

type LogLine = Record<string, unknown> & { readonly event: string; readonly time: string; readonly session: string };

/** A line of the activity log, or undefined for anything else (not JSON, not an object, no event). */
function parseEntry(line: string): LogLine | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record['event'] !== 'string' || typeof record['time'] !== 'string' || typeof record['session'] !== 'string') return undefined;
  return record as LogLine;
}

function topQueries(map: ReadonlyMap<string, number>): QueryCount[] {
  return [...map]
    .map(([query, count]) => ({ query, count }))
    .sort((left, right) => right.count - left.count || left.query.localeCompare(right.query))
    .slice(0, REPORT_ROWS);
}

/** Nearest-rank percentile of an ascending list; 0 for an empty one. */
function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.max(1, Math.ceil(share * sorted.length)) - 1]!;
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function numberOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

import type { ActivityEvent } from '../dispatch/hooks.ts';

/** A search's query that led to a successful call of one of its results, in the same session. */
export interface LearnedUse {
  readonly sessionId: string;
  /** The model-visible name of the tool called. */
  readonly tool: string;
  /** The search's query, as the activity event carries it. */
  readonly query: string;
  /** ISO 8601 time of the call's end. */
  readonly time: string;
}

export interface ActivityLearnerOptions {
  /** How many sessions' recent searches are remembered; the least recently active is forgotten first. @default 256 */
  readonly maxSessions?: number;
  /** How many recent searches per session a call is matched against. @default 8 */
  readonly maxSearchesPerSession?: number;
}

/** Reads activity events, one at a time, in the order they happened. */
export interface ActivityLearner {
  /** What this event teaches: a use when it is a successful call of a recent search's result, else undefined. */
  observe(event: ActivityEvent): LearnedUse | undefined;
}

interface RecentSearch {
  readonly query: string;
  readonly results: ReadonlySet<string>;
  /** The tools this search has already taught: each learns a query once. */
  readonly taught: Set<string>;
}

/**
 * Learns from a session's activity: a `tool_search` followed, in the same session, by a call of one
 * of its results that finished `ok` (directly or through tool_call, a describe between them or not)
 * makes the search's query a request of that tool. The most recent such search teaches it. Nothing
 * else teaches anything: a search with no call after it, a failed, denied or declined call, a call
 * of a tool the search did not return, a call in another session. Holds only the last few queries of
 * the most recently active sessions (bounded), never a tool list.
 */
export function createActivityLearner(options: ActivityLearnerOptions = {}): ActivityLearner {
  const maxSessions = options.maxSessions ?? 256;
  const maxSearches = options.maxSearchesPerSession ?? 8;
  /** Session id -> its recent searches, oldest first; Map order is least recently active first. */
  const sessions = new Map<string, RecentSearch[]>();

  const touch = (sessionId: string): RecentSearch[] => {
    const searches = sessions.get(sessionId) ?? [];
    sessions.delete(sessionId);
    sessions.set(sessionId, searches);
    if (sessions.size > maxSessions) sessions.delete(sessions.keys().next().value!);
    return searches;
  };

  return {
    observe(event) {
      if (event.type === 'search') {
        const query = event.query ?? '';
        if (query.trim() === '' || (event.results ?? []).length === 0) return undefined;
        const searches = touch(event.sessionId);
        searches.push({ query, results: new Set(event.results), taught: new Set() });
        if (searches.length > maxSearches) searches.shift();
        return undefined;
      }
      if (event.type !== 'call_finished' || event.outcome !== 'ok') return undefined;
      const searches = sessions.get(event.sessionId);
      if (searches === undefined) return undefined;
      for (let index = searches.length - 1; index >= 0; index -= 1) {
        const search = searches[index]!;
        if (!search.results.has(event.tool)) continue;
        if (search.taught.has(event.tool)) return undefined;
        search.taught.add(event.tool);
        touch(event.sessionId);
        return { sessionId: event.sessionId, tool: event.tool, query: search.query, time: event.time };
      }
      return undefined;
    },
  };
}

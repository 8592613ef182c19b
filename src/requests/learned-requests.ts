/** The most requests learned for one tool; the newest are kept. @default 20 */
export const DEFAULT_MAX_LEARNED_PER_TOOL = 20;
/** The most requests learned in all; the oldest go first. @default 10,000 */
export const DEFAULT_MAX_LEARNED_TOTAL = 10_000;
/** The most characters of learned text (requests, server and tool names) in all. @default 1,000,000 */
export const DEFAULT_MAX_LEARNED_CHARACTERS = 1_000_000;

/** One learned request: a search's query that led to a successful call of the tool. */
export interface LearnedRequest {
  /** The server's identity (a package name, or the server's name in the config). */
  readonly server: string;
  /** The tool's own name on that server (its upstream name). */
  readonly tool: string;
  readonly text: string;
  /** When it was last learned, in milliseconds since the epoch. */
  readonly time: number;
}

export interface LearnedRequestBounds {
  /** @default DEFAULT_MAX_LEARNED_PER_TOOL */
  readonly maxPerTool?: number;
  /** @default DEFAULT_MAX_LEARNED_TOTAL */
  readonly maxTotal?: number;
  /** @default DEFAULT_MAX_LEARNED_CHARACTERS */
  readonly maxCharacters?: number;
}

/** Where learned requests are kept: in memory ({@link createLearnedRequestTable}) or in a file (`tool-search/request-pack`). */
export interface LearnedRequestStore {
  /** The requests learned for a server's tool, oldest first. */
  requestsOf(server: string, tool: string): readonly string[];
  /** Adds a request, or refreshes the time of one already kept; true when what is kept changed. */
  add(request: LearnedRequest): boolean;
  /** Adds many at once (an imported log, a file read back), bounds applied; true when anything changed. */
  addAll(requests: readonly LearnedRequest[]): boolean;
  /** Every kept request, sorted by server, tool and time. */
  entries(): readonly LearnedRequest[];
  /** Forgets everything. */
  clear(): void;
  /** Grows at every change, so that a reader can tell its copy is stale. */
  readonly version: number;
}

/** The learned requests in memory, bounded per tool and in all. */
export type LearnedRequestTable = LearnedRequestStore;

/**
 * An in-memory store of learned requests. Bounded: at most `maxPerTool` per tool (the newest kept),
 * and at most `maxTotal` requests and `maxCharacters` characters in all (the oldest dropped first).
 */
export function createLearnedRequestTable(bounds: LearnedRequestBounds = {}): LearnedRequestTable {
  const maxPerTool = bounds.maxPerTool ?? DEFAULT_MAX_LEARNED_PER_TOOL;
  const maxTotal = bounds.maxTotal ?? DEFAULT_MAX_LEARNED_TOTAL;
  const maxCharacters = bounds.maxCharacters ?? DEFAULT_MAX_LEARNED_CHARACTERS;
  /** `server \0 tool` -> its requests, oldest first. */
  const byTool = new Map<string, LearnedRequest[]>();
  let total = 0;
  let characters = 0;
  let version = 0;

  const sizeOf = (request: LearnedRequest): number => request.server.length + request.tool.length + request.text.length;
  const remove = (key: string, list: LearnedRequest[], index: number): void => {
    const [gone] = list.splice(index, 1);
    total -= 1;
    characters -= sizeOf(gone!);
    if (list.length === 0) byTool.delete(key);
  };
  const dropOldest = (): void => {
    let oldest: { key: string; list: LearnedRequest[] } | undefined;
    for (const [key, list] of byTool) {
      if (oldest === undefined || list[0]!.time < oldest.list[0]!.time) oldest = { key, list };
    }
    if (oldest !== undefined) remove(oldest.key, oldest.list, 0);
  };
  const insert = (request: LearnedRequest): boolean => {
    const text = request.text.trim();
    if (text === '' || sizeOf(request) > maxCharacters) return false;
    const key = `${request.server}\u0000${request.tool}`;
    const list = byTool.get(key) ?? [];
    const known = list.findIndex((kept) => kept.text.toLowerCase() === text.toLowerCase());
    if (known >= 0) {
      if (list[known]!.time >= request.time) return false;
      remove(key, list, known);
    }
    const entry: LearnedRequest = { server: request.server, tool: request.tool, text, time: request.time };
    // Kept in time order, so the first is the oldest; ties keep the order of arrival.
    let at = list.length;
    while (at > 0 && list[at - 1]!.time > entry.time) at -= 1;
    list.splice(at, 0, entry);
    byTool.set(key, list);
    total += 1;
    characters += sizeOf(entry);
    while (list.length > maxPerTool) remove(key, list, 0);
    while (total > maxTotal || characters > maxCharacters) dropOldest();
    return true;
  };

  return {
    requestsOf(server, tool) {
      return (byTool.get(`${server}\u0000${tool}`) ?? []).map((request) => request.text);
    },
    add(request) {
      const changed = insert(request);
      if (changed) version += 1;
      return changed;
    },
    addAll(requests) {
      let changed = false;
      for (const request of requests) changed = insert(request) || changed;
      if (changed) version += 1;
      return changed;
    },
    entries() {
      return [...byTool.values()].flat().sort(compareLearned);
    },
    clear() {
      if (byTool.size === 0) return;
      byTool.clear();
      total = 0;
      characters = 0;
      version += 1;
    },
    get version() {
      return version;
    },
  };
}

function compareLearned(left: LearnedRequest, right: LearnedRequest): number {
  if (left.server !== right.server) return left.server < right.server ? -1 : 1;
  if (left.tool !== right.tool) return left.tool < right.tool ? -1 : 1;
  return left.time - right.time;
}

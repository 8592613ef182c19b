import { originalNameOf, type Tool } from '../tools/tool.ts';

/**
 * Smallest share of name words (Jaccard: shared over all) two tools must have for one to lend the
 * other its requests: `create_merge_request` and `create_pull_request` (2 of 4), not `get_issue` and
 * `get_user` (1 of 3). Tuned on the tuning sets with each request's own server's pack left out.
 */
export const LENDING_NAME_SHARE = 0.5;

/** Requests one tool lends another, at most, from all its lenders together. */
export const MAXIMUM_LENT_REQUESTS = 20;

/** A tool's own text given as its requests, at most this many characters of its description. */
const OWN_DESCRIPTION_CHARACTERS = 400;

/** Words so common in names that a tool is not looked up by them (they still count in the share). */
const MAXIMUM_LENDERS_PER_WORD = 500;

/** How a tool without requests of its own was given some by {@link balanceRequests} (Tool.requestsGivenBy). */
export type BalancedBy = NonNullable<Tool['requestsGivenBy']>;

export interface BalanceOptions {
  /** Tools that neither lend nor get requests (hidden by policy or scope). */
  readonly skip?: (tool: Tool) => boolean;
  /**
   * Tools outside the session that may lend their requests too (the request pack's tools of servers
   * not connected), each with its requests and its pack server as toolset; asked only when some
   * session tools have requests and some have none.
   */
  readonly moreLenders?: () => readonly Tool[];
  /** Told how each tool it changed was given requests, and how many. */
  readonly balancedBy?: (tool: Tool, by: BalancedBy, count: number) => void;
}

/**
 * Keeps a session fair when only some of its tools have requests (a pack covers some servers, not
 * others): a tool with requests matches more of the ways people ask, so without this it takes first
 * places from the right tool of a server nobody wrote requests for. Each tool without requests
 * (not core) gets requests too:
 * - lent: the requests of the tools of other toolsets whose names share at least
 *   {@link LENDING_NAME_SHARE} of their words with its name (the best share; all tools tied at it),
 *   at most {@link MAXIMUM_LENT_REQUESTS}: "open an MR" finds `create_merge_request` through what
 *   people say for `create_pull_request`;
 * - else its own text (name words and the start of its description), so that the words it has count
 *   as much as the words a covered tool's requests have.
 * When no tool has requests, or every tool has, the tools come back as they are (the same array).
 * Pure; tools `options.skip` names neither lend nor get any (hidden ones), and `options.balancedBy` is
 * told how each changed tool was given its requests.
 */
export function balanceRequests(tools: readonly Tool[], options: BalanceOptions = {}): readonly Tool[] {
  const skip = options.skip ?? (() => false);
  const inSession = tools.filter((tool) => tool.kind !== 'core' && !skip(tool) && (tool.requests?.length ?? 0) > 0);
  const borrowers = tools.filter((tool) => tool.kind !== 'core' && !skip(tool) && (tool.requests?.length ?? 0) === 0);
  if (inSession.length === 0 || borrowers.length === 0) return tools;
  const lenders = [...inSession, ...(options.moreLenders?.() ?? [])];
  const lenderWords = lenders.map(nameWordsOf);
  const byWord = new Map<string, number[]>();
  lenderWords.forEach((words, lender) => {
    for (const word of words) (byWord.get(word) ?? byWord.set(word, []).get(word)!).push(lender);
  });
  const given = new Map<Tool, Tool>();
  for (const tool of borrowers) {
    const words = nameWordsOf(tool);
    const shared = new Map<number, number>();
    for (const word of words) {
      const candidates = byWord.get(word) ?? [];
      if (candidates.length > MAXIMUM_LENDERS_PER_WORD) continue;
      for (const lender of candidates) shared.set(lender, (shared.get(lender) ?? 0) + 1);
    }
    let bestShare = 0;
    let best: number[] = [];
    for (const [lender, count] of [...shared].sort((left, right) => left[0] - right[0])) {
      if (lenders[lender]!.toolset === tool.toolset) continue;
      const share = count / (words.size + lenderWords[lender]!.size - count);
      if (share < LENDING_NAME_SHARE || share < bestShare) continue;
      if (share > bestShare) [bestShare, best] = [share, []];
      best.push(lender);
    }
    const lent = best.flatMap((lender) => lenders[lender]!.requests ?? []).slice(0, MAXIMUM_LENT_REQUESTS);
    const by: BalancedBy = lent.length > 0 ? 'lent' : 'own text';
    const requests = by === 'lent' ? lent : ownTextOf(tool);
    options.balancedBy?.(tool, by, requests.length);
    given.set(tool, { ...tool, requests, requestsGivenBy: by });
  }
  return tools.map((tool) => given.get(tool) ?? tool);
}

/** The words of a tool's upstream name (`create_merge_request`, `createMergeRequest`), lower case, a plural's `s` dropped. */
function nameWordsOf(tool: Tool): Set<string> {
  const spaced = originalNameOf(tool)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return new Set(
    spaced
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 1)
      .map((word) => (word.length > 3 ? word.replace(/s$/, '') : word)),
  );
}

function ownTextOf(tool: Tool): string[] {
  const name = originalNameOf(tool)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ');
  const description = tool.description.slice(0, OWN_DESCRIPTION_CHARACTERS);
  return description === '' ? [name] : [name, description];
}

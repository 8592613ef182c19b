import { closestKey } from '../config/closest-key.ts';
import { matchesGlob } from '../tools/glob.ts';
import { originalNameOf, type Tool } from '../tools/tool.ts';

/** The config lists a policy is made of, keyed as the config file names them. */
export interface PolicyPatterns {
  readonly pin: readonly string[];
  readonly deny: readonly string[];
  readonly requireApproval: readonly string[];
}

/** Which config list a pattern came from, as the config file names it. */
export type PolicyList = 'pin' | 'policy.deny' | 'policy.require_approval';

/** What the policy says about one tool. */
export interface ToolPolicyFlags {
  /** The `policy.deny` pattern that refuses it: the tool is hidden from the model and never run. */
  readonly deniedBy?: string;
  /** The `policy.require_approval` pattern that makes it wait for the user. */
  readonly approvalBy?: string;
  /** The `pin` pattern that keeps it in the tool array. */
  readonly pinnedBy?: string;
}

/** A pattern that matches none of the tools it was checked against. */
export interface UnmatchedPattern {
  readonly list: PolicyList;
  readonly pattern: string;
  /** The closest tool name, when one is close to a pattern without wildcards. */
  readonly suggestion?: string;
}

export interface ToolPolicy {
  flags(tool: Tool): ToolPolicyFlags;
  /** The patterns that match none of `tools`, in config order. */
  unmatched(tools: readonly Tool[]): UnmatchedPattern[];
}

/** How many tools' answers are kept; past this the memo starts afresh (tool lists are rarely this big). */
const MEMO_LIMIT = 20_000;

/**
 * The user's `pin`, `policy.deny` and `policy.require_approval` globs, matched the way a user means
 * them: case-insensitively, against every name the tool is known by (see {@link namesOfTool}). A tool
 * denied by name in any of its forms cannot slip through under another.
 */
export function createToolPolicy(patterns: PolicyPatterns): ToolPolicy {
  const lower = (list: readonly string[]) => list.map((pattern) => ({ pattern, glob: pattern.toLowerCase() }));
  const lists = { pin: lower(patterns.pin), deny: lower(patterns.deny), approval: lower(patterns.requireApproval) };
  const memo = new Map<string, ToolPolicyFlags>();
  const firstMatch = (names: readonly string[], list: ReadonlyArray<{ pattern: string; glob: string }>): string | undefined =>
    list.find(({ glob }) => names.some((name) => matchesGlob(name, glob)))?.pattern;

  return {
    flags(tool) {
      const key = `${tool.toolset}\u0000${tool.name}\u0000${originalNameOf(tool)}`;
      const known = memo.get(key);
      if (known !== undefined) return known;
      const names = namesOfTool(tool);
      const deniedBy = firstMatch(names, lists.deny);
      const approvalBy = firstMatch(names, lists.approval);
      const pinnedBy = firstMatch(names, lists.pin);
      const flags: ToolPolicyFlags = {
        ...(deniedBy === undefined ? {} : { deniedBy }),
        ...(approvalBy === undefined ? {} : { approvalBy }),
        ...(pinnedBy === undefined ? {} : { pinnedBy }),
      };
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(key, flags);
      return flags;
    },
    unmatched(tools) {
      const allNames = tools.map(namesOfTool);
      const candidates = [...new Set(tools.flatMap((tool) => [tool.name, originalNameOf(tool)]))];
      const check = (list: PolicyList, entries: ReadonlyArray<{ pattern: string; glob: string }>): UnmatchedPattern[] =>
        entries.flatMap(({ pattern, glob }) => {
          if (allNames.some((names) => names.some((name) => matchesGlob(name, glob)))) return [];
          const suggestion = /[*?]/.test(pattern) ? undefined : closestKey(pattern, candidates);
          return [{ list, pattern, ...(suggestion === undefined ? {} : { suggestion }) }];
        });
      return [...check('pin', lists.pin), ...check('policy.deny', lists.deny), ...check('policy.require_approval', lists.approval)];
    },
  };
}

/**
 * Every name a user may write for a tool, lower-cased: the name shown (possibly cut to 64 characters),
 * the whole gateway name `mcp_<server>_<tool>`, the upstream's own name `<tool>` (as Claude Desktop
 * shows it) and `<server>/<tool>`.
 */
export function namesOfTool(tool: Tool): string[] {
  const original = originalNameOf(tool);
  const server = tool.toolset.startsWith('mcp-') ? tool.toolset.slice(4) : tool.toolset;
  return [...new Set([tool.name, `mcp_${server}_${original}`, original, `${server}/${original}`].map((name) => name.toLowerCase()))];
}

/**
 * The server a pattern names by its prefix: `mcp_<server>_...` or `<server>/...` (case-insensitive,
 * the longest server name first), or undefined for a pattern that names none (`*delete*`,
 * `create_issue`: such a pattern may match a tool of any server).
 */
export function serverNamedBy(pattern: string, servers: readonly string[]): string | undefined {
  const lower = pattern.toLowerCase();
  return [...servers]
    .sort((left, right) => right.length - left.length)
    .find((server) => {
      const name = server.toLowerCase();
      const prefix = `mcp_${name}_`.replace(/[^a-z0-9_-]/g, '_');
      return lower.startsWith(prefix) || lower.startsWith(`mcp_${name}_`) || lower.startsWith(`${name}/`);
    });
}

/**
 * Whether a pattern that matches none of the connected servers' tools could still match a tool of a
 * server that is not connected (whose tools nobody knows now): one it names, or any, for a pattern that
 * names no server. Saying it "matches none" would then be a false warning.
 */
export function mayMatchServersDown(pattern: string, servers: readonly string[], down: readonly string[]): boolean {
  if (down.length === 0) return false;
  const named = serverNamedBy(pattern, servers);
  return named === undefined || down.includes(named);
}

/**
 * One line per unmatched pattern, for the log, `inspect`, `assemble` and `search`. `source` says whose
 * tools were matched. @default 'the connected servers'
 */
export function describeUnmatched(pattern: UnmatchedPattern, toolCount: number, source = 'the connected servers'): string {
  const hint = pattern.suggestion === undefined ? '' : ` (did you mean '${pattern.suggestion}'?)`;
  return `${pattern.list}: '${pattern.pattern}' matches none of the ${toolCount} tools of ${source}${hint}`;
}

import type { ActivityEvent } from '../dispatch/hooks.ts';
import { originalNameOf, type Tool } from '../tools/tool.ts';
import { everyToolHasOwnRequests } from '../catalog/index/own-requests.ts';
import { balanceRequests, type BalancedBy } from './balance-requests.ts';
import { createActivityLearner } from './learn-from-activity.ts';
import { createLearnedRequestTable, type LearnedRequestStore } from './learned-requests.ts';
import { cleanRequestText, mergeRequests, type RequestBounds } from './merge-requests.ts';
import { stripArgumentValues } from './strip-argument-values.ts';
import {
  createRequestWriting,
  type RequestWriting,
  type RequestWritingOptions,
  type WriteRequests,
} from './write-requests-in-background.ts';

/** Requests a tool gets from somewhere known in advance (the shipped request pack), or undefined. */
export type FixedRequests = (tool: Tool) => readonly string[] | undefined;

export interface RequestSourcesOptions {
  /**
   * Requests known in advance, per tool: the shipped request pack (`loadRequestPack().lookup()` from
   * `tool-search/request-pack`) or your own. Asked once per tool object. @default none
   */
  readonly pack?: FixedRequests;
  /**
   * Requests saying why and when a tool is needed (the shipped pack's situational ones:
   * `loadRequestPack().situationalLookup()`), attached only where every tool of the session (core and
   * hidden ones aside) has requests without them: where some server has none, more requests for the
   * others would tilt the search further toward them (docs/requests.md). Asked once per tool object.
   * @default none
   */
  readonly situational?: FixedRequests;
  /**
   * Tools outside the session that may lend their requests to a session tool with none whose name is
   * like theirs (balanceRequests), given the session's tools: the pack's other servers
   * (`pack.lendersFor(tools)`). Asked only when some tools have requests and some have none. @default none
   */
  readonly lenders?: (tools: readonly Tool[]) => readonly Tool[];
  /**
   * Learning from use: a search's query becomes a request of the tool the same session then called
   * successfully from its results. `true` keeps them in memory for the life of the sources; a store
   * (`openLearnedRequestFile` from `tool-search/request-pack`) keeps them there. @default false
   */
  readonly learn?: boolean | LearnedRequestStore;
  /**
   * The user's own model, asked in the background for the requests of tools it has not written for
   * (batched; see {@link RequestWriting}). A search never waits for it. @default none
   */
  readonly writeRequests?: WriteRequests;
  /**
   * Which tools `writeRequests` writes for: `'all'`, every tool (the model's requests beside the pack's
   * found the right tool first more often on the tuning sets: 0.724 -> 0.767 on the everyday one);
   * `'uncovered'`, only those the pack gives no requests, which saves the calls for covered servers.
   * @default 'all'
   */
  readonly writeFor?: 'uncovered' | 'all';
  /** How `writeRequests` is run and its answers kept: `model` names it (default `'writeRequests'`), `cache`, batch size, timeout, retries. */
  readonly writing?: Partial<Omit<RequestWritingOptions, 'writeRequests'>>;
  /**
   * The names a tool's server is known by for learned requests: read under all of them, written
   * under the first. @default [tool.toolset]
   */
  readonly serverKeysOf?: (tool: Tool) => readonly string[];
  /** Takes secrets out of a learned text before it is kept (the gateway's redactor). @default unchanged */
  readonly redact?: (text: string) => string;
  /**
   * Tools that get no requests, teach nothing and are never sent to the model that writes requests
   * (a gateway's `policy.deny`). @default none
   */
  readonly isHidden?: (tool: Tool) => boolean;
  /** How much request text one tool carries. @default DEFAULT_MAX_REQUESTS_PER_TOOL texts, DEFAULT_MAX_REQUEST_CHARACTERS characters */
  readonly bounds?: RequestBounds;
  /** @default Date.now: the time a learned request is kept under when its event's time cannot be read */
  readonly now?: () => number;
}

/** How many requests a tool has from each source (before duplicates across sources are dropped). */
export interface RequestCounts {
  readonly pack: number;
  readonly model: number;
  readonly learned: number;
  /** How many the tool carries: the caller's own, then pack, model and learned, merged and bounded. */
  readonly attached: number;
  /**
   * For a tool with none of its own while others have some: how it was given requests at the last
   * attach (balanceRequests: lent by similarly named tools, or its own text), and how many.
   */
  readonly balanced?: { readonly by: BalancedBy; readonly count: number };
}

/**
 * Where tools' requests come from, shared by every session that uses the same tools (the gateway has
 * one for all its clients). Give it to `createToolSearchSession({requests})`.
 */
export interface RequestSources {
  /**
   * The tools with their requests attached (`Tool.requests`): the caller's own first, then the pack's,
   * the model's and the learned ones, each group sorted, merged and bounded (mergeRequests). The same
   * array comes back while neither the tools nor any request changed, and the same tool object while
   * its requests did not. Never waits: the model's requests join once written.
   */
  attach(tools: readonly Tool[]): readonly Tool[];
  /**
   * Reads one activity event of a session; `toolNamed` finds a tool of that session by its
   * model-visible name (undefined for one it may not see). A search followed by a successful call of
   * one of its results teaches the call's tool the search's query, with argument values stripped and
   * secrets redacted, when learning is on.
   */
  observe(event: ActivityEvent, toolNamed: (name: string) => Tool | undefined): void;
  /** How many requests a tool has from each source. */
  countsOf(tool: Tool): RequestCounts;
  /** Where learned requests are kept; undefined when learning is off. */
  readonly learned: LearnedRequestStore | undefined;
  /** Resolves once the model has nothing to write now (all written, or waiting to retry after a failure). */
  idle(): Promise<void>;
  /** Stops the model's writing. */
  close(): void;
}

/**
 * The request sources of {@link RequestSourcesOptions}: a shipped pack, learning from use, the user's
 * own model, each optional. With none of them, tools pass through untouched.
 */
export function createRequestSources(options: RequestSourcesOptions = {}): RequestSources {
  const isHidden = options.isHidden ?? (() => false);
  const serverKeysOf = options.serverKeysOf ?? ((tool: Tool) => [tool.toolset]);
  const redact = options.redact ?? ((text: string) => text);
  const now = options.now ?? Date.now;
  const learned: LearnedRequestStore | undefined =
    options.learn === true
      ? createLearnedRequestTable()
      : options.learn === false || options.learn === undefined
        ? undefined
        : options.learn;
  const learner = learned === undefined ? undefined : createActivityLearner();
  const writing: RequestWriting | undefined =
    options.writeRequests === undefined
      ? undefined
      : createRequestWriting({ model: 'writeRequests', ...options.writing, writeRequests: options.writeRequests });
  // Whether the last attach that changed anything gave tools their situational requests.
  let situationalOn = false;
  const attachedMemo = new WeakMap<Tool, { readonly requests: readonly string[]; readonly tool: Tool }>();
  const situationalAttachedMemo = new WeakMap<Tool, { readonly requests: readonly string[]; readonly tool: Tool }>();
  let last: { input: readonly Tool[]; state: string; output: readonly Tool[]; attached: readonly Tool[] } | undefined;
  // Tool (as given to attach, and as attach gave it back) -> how balanceRequests gave it requests at
  // the last attach that changed anything.
  let balanced = new WeakMap<Tool, { readonly by: BalancedBy; readonly count: number }>();

  const packOf = askedOncePerTool(options.pack);
  const situationalOf = askedOncePerTool(options.situational);
  const learnedOf = (tool: Tool): readonly string[] => {
    if (learned === undefined) return [];
    const names = toolKeysOf(tool);
    return [...new Set(serverKeysOf(tool))].flatMap((server) => names.flatMap((name) => learned.requestsOf(server, name)));
  };
  const writeForAll = options.writeFor !== 'uncovered';
  const modelWritesFor = (tool: Tool): boolean => tool.kind !== 'core' && !isHidden(tool) && (writeForAll || packOf(tool).length === 0);
  const modelOf = (tool: Tool): readonly string[] => (modelWritesFor(tool) ? (writing?.requestsOf(tool) ?? []) : []);
  const stateNow = (): string => `${learned?.version ?? 0}:${writing?.version ?? 0}`;

  return {
    attach(tools) {
      const state = stateNow();
      if (last !== undefined && last.input === tools && last.state === state) return last.output;
      if (writing !== undefined && last?.input !== tools) writing.want(tools.filter(modelWritesFor));
      let same = last !== undefined && last.attached.length === tools.length;
      const attached = tools.map((tool, index) => {
        const withRequests = attachTo(tool);
        if (same && last!.attached[index] !== withRequests) same = false;
        return withRequests;
      });
      if (same) {
        last = { ...last!, input: tools, state };
        return last.output;
      }
      balanced = new WeakMap();
      // Where every tool has requests of its own, the situational ones too; nothing to balance then.
      situationalOn =
        options.situational !== undefined && everyToolHasOwnRequests(attached.filter((_tool, index) => !isHidden(tools[index]!)));
      if (situationalOn) {
        const output = tools.map((tool, index) => (tool.kind === 'core' ? attached[index]! : attachTo(tool, true)));
        last = { input: tools, state, output, attached };
        return output;
      }
      // Tools without requests beside tools with some get some too, so they are not outranked for it.
      const byAttached = new Map(attached.map((tool, index) => [tool, tools[index]!]));
      const output = balanceRequests(attached, {
        ...(options.lenders === undefined ? {} : { moreLenders: () => options.lenders!(tools) }),
        skip: (tool) => isHidden(byAttached.get(tool) ?? tool),
        balancedBy: (tool, by, count) => {
          const input = byAttached.get(tool);
          if (input !== undefined) balanced.set(input, { by, count });
        },
      });
      // countsOf may be given the tools as they came in or as they went out.
      output.forEach((tool, index) => {
        const by = balanced.get(tools[index]!);
        if (by !== undefined) balanced.set(tool, by);
      });
      last = { input: tools, state, output, attached };
      return last.output;
    },
    observe(event, toolNamed) {
      const use = learner?.observe(event);
      if (use === undefined || learned === undefined) return;
      const tool = toolNamed(use.tool);
      if (tool === undefined || tool.kind === 'core' || isHidden(tool)) return;
      const text = learnedRequestText(use.query, redact);
      const server = serverKeysOf(tool)[0];
      if (text === undefined || server === undefined) return;
      const time = Date.parse(use.time);
      learned.add({ server, tool: originalNameOf(tool), text, time: Number.isNaN(time) ? now() : time });
    },
    countsOf(tool) {
      const hidden = isHidden(tool);
      return {
        pack: hidden ? 0 : packOf(tool).length + (situationalOn ? situationalOf(tool).length : 0),
        model: hidden ? 0 : modelOf(tool).length,
        learned: hidden ? 0 : learnedOf(tool).length,
        attached: attachTo(tool).requests?.length ?? 0,
        ...(balanced.has(tool) ? { balanced: balanced.get(tool)! } : {}),
      };
    },
    learned,
    idle: () => writing?.idle() ?? Promise.resolve(),
    close: () => writing?.close(),
  };

  /** `tool` with its requests from every source, and with its situational ones when `situational` (they come last, so bounds cut them first). */
  function attachTo(tool: Tool, situational = false): Tool {
    if (isHidden(tool)) return tool;
    const groups = [tool.requests, packOf(tool), modelOf(tool), learnedOf(tool), ...(situational ? [situationalOf(tool)] : [])];
    const requests = mergeRequests(groups, options.bounds);
    const memo = situational ? situationalAttachedMemo : attachedMemo;
    const known = memo.get(tool);
    if (known !== undefined && sameTexts(known.requests, requests)) return known.tool;
    if (requests.length === 0 && tool.requests === undefined) return tool;
    const attached: Tool = { ...tool, requests };
    memo.set(tool, { requests, tool: attached });
    return attached;
  }
}

/** `source` asked once per tool object (its answer kept while the tool lives); no requests without a source. */
function askedOncePerTool(source: FixedRequests | undefined): (tool: Tool) => readonly string[] {
  const asked = new WeakMap<Tool, readonly string[]>();
  return (tool) => {
    if (source === undefined) return [];
    let requests = asked.get(tool);
    if (requests === undefined) {
      requests = source(tool) ?? [];
      asked.set(tool, requests);
    }
    return requests;
  };
}

/**
 * A search query as it is kept as a learned request: secrets redacted, argument values (quoted text,
 * URLs, e-mail addresses, paths, numbers) stripped, spacing tidied; undefined when fewer than two
 * letters are left.
 */
export function learnedRequestText(query: string, redact: (text: string) => string = (text) => text): string | undefined {
  const text = cleanRequestText(stripArgumentValues(redact(query)));
  return (text.match(/\p{L}/gu) ?? []).length >= 2 ? text : undefined;
}

/**
 * The names a tool's learned requests may be kept under: its own (upstream) name, and the part of a
 * gateway name after `mcp_<server>_` (what an activity log's line gives when it is imported).
 */
export function toolKeysOf(tool: Tool): readonly string[] {
  const own = originalNameOf(tool);
  const prefix = tool.toolset.startsWith('mcp-') ? `mcp_${tool.toolset.slice(4)}_`.replace(/[^A-Za-z0-9_-]/g, '_') : undefined;
  const shown = prefix !== undefined && tool.name.startsWith(prefix) ? tool.name.slice(prefix.length) : undefined;
  return shown === undefined || shown === own ? [own] : [own, shown];
}

function sameTexts(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((text, index) => text === right[index]);
}

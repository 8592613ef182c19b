import type { ActivityEvent } from '../dispatch/hooks.ts';
import { createActivityLearner } from '../requests/learn-from-activity.ts';
import type { LearnedRequest, LearnedRequestStore } from '../requests/learned-requests.ts';
import { learnedRequestText } from '../requests/request-sources.ts';
import type { Tool } from '../tools/tool.ts';
import { learnedServerKeys } from './create-gateway-request-sources.ts';
import type { UpstreamConfig } from './gateway-config.ts';
import type { Redactor } from './redact-secrets.ts';
import type { ToolPolicy } from './tool-policy.ts';

export interface ActivityLogLearning {
  /** The gateway config's servers, for the keys learned requests are kept under; without them, `config:<server>`. */
  readonly servers?: readonly UpstreamConfig[];
  /** The config's policy: a tool it denies learns nothing. */
  readonly policy?: ToolPolicy;
  readonly redact: Redactor;
}

/** What an import read and kept. */
export interface ActivityLogImport {
  readonly searches: number;
  readonly successfulCalls: number;
  /** Distinct requests learned from the log (per server, tool and text). */
  readonly learned: number;
  /** Distinct tools that learned something. */
  readonly tools: number;
  /** Lines that are not JSON activity-log entries. */
  readonly skippedLines: number;
}

/**
 * Learns from an existing activity log as the gateway would have live: its `search` and `call` lines,
 * in file order, per session; a search followed in the same session by an `ok` call of one of its
 * results teaches that tool the query (argument values stripped, redacted). A call line names the
 * gateway's tool (`mcp_<server>_<tool>`) and its server; the upstream name is what follows
 * `mcp_<server>_` (the gateway reads learned requests under both).
 */
export async function learnFromActivityLog(
  lines: AsyncIterable<string> | Iterable<string>,
  store: LearnedRequestStore,
  options: ActivityLogLearning,
): Promise<ActivityLogImport> {
  const learner = createActivityLearner({ maxSessions: 4_096 });
  const servers = new Map((options.servers ?? []).map((server) => [server.name, server]));
  const taught = new Set<string>();
  const distinct = new Set<string>();
  const requests: LearnedRequest[] = [];
  let searches = 0;
  let successfulCalls = 0;
  let skippedLines = 0;
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const event = eventOf(line);
    if (event === undefined) skippedLines += 1;
    if (event === undefined || event === 'other') continue;
    if (event.type === 'search') searches += 1;
    if (event.type === 'call_finished' && event.outcome === 'ok') successfulCalls += 1;
    const use = learner.observe(event);
    if (use === undefined || event.type !== 'call_finished') continue;
    const server = event.toolset.slice(4);
    const tool = toolOf(event.tool, server);
    if (options.policy?.flags(tool).deniedBy !== undefined) continue;
    const text = learnedRequestText(use.query, options.redact);
    if (text === undefined) continue;
    const config = servers.get(server);
    const key = config === undefined ? `config:${server}` : learnedServerKeys(config)[0]!;
    const time = Date.parse(use.time);
    requests.push({ server: key, tool: tool.originalName, text, time: Number.isNaN(time) ? 0 : time });
    distinct.add(`${key}\u0000${tool.originalName}\u0000${text.toLowerCase()}`);
    taught.add(`${key}\u0000${tool.originalName}`);
  }
  // One write for the whole log, however many requests it teaches.
  store.addAll(requests);
  return { searches, successfulCalls, learned: distinct.size, tools: taught.size, skippedLines };
}

/** The activity event a log line stands for when it is a search or a call; `other` for another entry; undefined for a line that is no entry. */
function eventOf(line: string): ActivityEvent | 'other' | undefined {
  let entry: Record<string, unknown>;
  try {
    const value = JSON.parse(line) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    entry = value as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const { event, session, time } = entry;
  if (typeof session !== 'string' || typeof time !== 'string') return undefined;
  if (event === 'search' && typeof entry['query'] === 'string' && Array.isArray(entry['results'])) {
    return {
      type: 'search',
      time,
      sessionId: session,
      via: 'tool_search',
      query: entry['query'],
      results: entry['results'].filter((name): name is string => typeof name === 'string'),
    };
  }
  if (
    event === 'call' &&
    typeof entry['tool'] === 'string' &&
    typeof entry['server'] === 'string' &&
    typeof entry['outcome'] === 'string'
  ) {
    return {
      type: 'call_finished',
      time,
      sessionId: session,
      callId: '',
      tool: entry['tool'],
      toolset: `mcp-${entry['server']}`,
      viaBridge: entry['via_bridge'] === true,
      outcome: entry['outcome'] as 'ok',
    };
  }
  // Describes, refusals and tool lists teach nothing, but they are activity-log entries.
  return typeof event === 'string' ? 'other' : undefined;
}

/** A stand-in for the gateway tool a call line names: enough for the policy and the upstream name. */
function toolOf(name: string, server: string): Tool & { readonly originalName: string } {
  const prefix = `mcp_${server}_`.replace(/[^A-Za-z0-9_-]/g, '_');
  return {
    name,
    originalName: name.startsWith(prefix) ? name.slice(prefix.length) : name,
    description: '',
    parameters: {},
    toolset: `mcp-${server}`,
    kind: 'mcp',
  };
}

import type { AssemblyResult } from '../../assembly/assemble-tools.ts';
import { countSchemaTokens } from '../../assembly/estimate-tokens.ts';
import type { Tool } from '../../tools/tool.ts';
import type { UpstreamStatus } from '../create-upstream.ts';
import { redactJson, type Redactor } from '../redact-secrets.ts';
import type { ToolPolicyFlags } from '../tool-policy.ts';
import type { ActivityLogStatus } from '../open-activity-log.ts';

/** What the live view shows besides the feed: the servers, what the model sees, and the policy. */
export interface LiveViewState {
  readonly servers: ReadonlyArray<{
    readonly name: string;
    readonly status: string;
    readonly tools: number;
    /** Schema tokens of the server's tools (characters / 4 estimate, as `inspect`). */
    readonly tokens: number;
    /** Failures since its last stable connection: each one is followed by a restart. */
    readonly failures: number;
    readonly error?: string;
    readonly restartInMs?: number;
  }>;
  readonly model: {
    readonly active: boolean;
    readonly reason: string;
    readonly mode: string;
    readonly toolsBefore: number;
    readonly tokensBefore: number;
    readonly tokensAfter: number;
    /** The names in the model-visible array, in its order. */
    readonly visible: readonly string[];
    /** How many tools wait behind tool_search. */
    readonly deferred: number;
  };
  readonly policy: ReadonlyArray<{ readonly tool: string; readonly denied?: string; readonly approval?: string; readonly pinned?: string }>;
  /** The activity log, when the config has one: whether lines reach it, and how many were lost. */
  readonly activityLog?: ActivityLogStatus;
  /** Policy patterns that match nothing, and an activity log that is failing (so the page shows it among its warnings). */
  readonly warnings: readonly string[];
}

/** What the state is built from: read from the gateway at the moment of the request. */
export interface LiveViewSources {
  readonly statuses: readonly UpstreamStatus[];
  readonly tools: readonly Tool[];
  readonly assembled: AssemblyResult;
  readonly mode: string;
  readonly flags: (tool: Tool) => ToolPolicyFlags;
  readonly warnings: readonly string[];
  /** @default no activity log */
  readonly activityLog?: ActivityLogStatus;
}

/** The live view's state, redacted as the activity log is (a state that cannot be shown is empty). Pure. */
export function buildLiveViewState(sources: LiveViewSources, redact: Redactor): LiveViewState {
  const { assembled } = sources;
  const state: LiveViewState = {
    servers: sources.statuses.map((status) => ({
      name: status.name,
      status: status.state,
      tools: status.toolCount,
      tokens: countSchemaTokens(sources.tools.filter((tool) => tool.toolset === `mcp-${status.name}`)),
      failures: status.failures,
      ...(status.error === undefined ? {} : { error: status.error }),
      ...(status.restartInMs === undefined ? {} : { restartInMs: status.restartInMs }),
    })),
    model: {
      active: assembled.active,
      reason: assembled.reason,
      mode: sources.mode,
      toolsBefore: assembled.visible.length + assembled.deferred.length,
      tokensBefore: assembled.tokensBefore,
      tokensAfter: assembled.tokensAfter,
      visible: assembled.tools.map((tool) => tool.name),
      deferred: assembled.deferred.length,
    },
    policy: sources.tools.flatMap((tool) => {
      const flags = sources.flags(tool);
      if (Object.keys(flags).length === 0) return [];
      return [
        {
          tool: tool.name,
          ...(flags.deniedBy === undefined ? {} : { denied: flags.deniedBy }),
          ...(flags.approvalBy === undefined ? {} : { approval: flags.approvalBy }),
          ...(flags.pinnedBy === undefined ? {} : { pinned: flags.pinnedBy }),
        },
      ];
    }),
    ...(sources.activityLog === undefined ? {} : { activityLog: sources.activityLog }),
    warnings: [...sources.warnings, ...activityLogWarnings(sources.activityLog)],
  };
  return redactJson(state, redact, EMPTY_STATE);
}

function activityLogWarnings(status: ActivityLogStatus | undefined): string[] {
  if (status === undefined || status.state === 'writing') return [];
  return [
    `activity_log: lines are not being written (${status.error ?? 'unknown error'}); ${status.linesLost.toLocaleString('en-US')} lost so far`,
  ];
}

const EMPTY_STATE: LiveViewState = {
  servers: [],
  model: {
    active: false,
    reason: '(cannot be shown)',
    mode: '',
    toolsBefore: 0,
    tokensBefore: 0,
    tokensAfter: 0,
    visible: [],
    deferred: 0,
  },
  policy: [],
  warnings: [],
};

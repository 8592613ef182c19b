import type { AssemblyResult } from '../../assembly/assemble-tools.ts';
import { countSchemaTokens } from '../../assembly/estimate-tokens.ts';
import type { Tool } from '../../tools/tool.ts';
import type { UpstreamStatus } from '../create-upstream.ts';
import { redactJson, type Redactor } from '../redact-secrets.ts';
import type { ToolPolicyFlags } from '../tool-policy.ts';

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
    warnings: [...sources.warnings],
  };
  return redactJson(state, redact, EMPTY_STATE);
}

const EMPTY_STATE: LiveViewState = {
  servers: [],
  model: { active: false, reason: '(cannot be shown)', mode: '', toolsBefore: 0, tokensBefore: 0, tokensAfter: 0, visible: [], deferred: 0 },
  policy: [],
  warnings: [],
};

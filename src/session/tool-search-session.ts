import { clipEchoedName } from '../bridge/clip-echoed-name.ts';
import { assembleTools, type AssemblyResult } from '../assembly/assemble-tools.ts';
import type { TokenCounter } from '../assembly/estimate-tokens.ts';
import { TOOL_CALL, TOOL_DESCRIBE, TOOL_SEARCH } from '../bridge/bridge-tool-names.ts';
import { handleToolDescribe } from '../bridge/handle-tool-describe.ts';
import { handleToolSearch } from '../bridge/handle-tool-search.ts';
import { parseArgumentsObject } from '../bridge/parse-arguments.ts';
import { resolveBridgeTarget, unknownToolOutcome } from '../bridge/resolve-tool-name.ts';
import { buildSessionScope, sessionToolsOf, toolsInToolsets, type SessionScope } from '../bridge/session-scope.ts';
import type { SemanticRanker } from '../catalog/meaning/semantic-ranker.ts';
import { createEmbeddingRanker, type EmbedTexts } from '../catalog/meaning/create-embedding-ranker.ts';
import { DEFAULT_TOOL_SEARCH_CONFIG, type ToolSearchConfig } from '../config/tool-search-config.ts';
import { failure, type CallOutcome } from '../dispatch/call-outcome.ts';
import { toolRefusal } from '../dispatch/tool-refusal.ts';
import type { ArgumentValidator } from '../dispatch/argument-validator.ts';
import { boundOutcome } from '../dispatch/bound-outcome.ts';
import { DEFAULT_RESULT_LIMITS, type ResultLimits } from '../config/result-limits.ts';
import type { CatalogActivityEvent, DispatchHooks } from '../dispatch/hooks.ts';
import { reportCatalogActivity } from './report-catalog-activity.ts';
import { runPipeline, type PipelineEnvironment } from '../dispatch/run-pipeline.ts';
import { ToolSearchError } from '../errors/tool-search-error.ts';
import type { Tool, ToolArguments } from '../tools/tool.ts';
import type { RequestSources } from '../requests/request-sources.ts';
import { hooksWithLearning, readWithRequests } from './session-request-sources.ts';

export interface ToolSearchSessionOptions {
  /**
   * The live tool registry: an array, or a function read afresh at every assembly and every call, so
   * that the catalog can never drift from it (docs/behaviour.md: no session-keyed catalog).
   */
  readonly tools: readonly Tool[] | (() => readonly Tool[]);
  /** Toolsets this session may use; undefined means every toolset in the registry. */
  readonly toolsets?: readonly string[];
  /** @default DEFAULT_TOOL_SEARCH_CONFIG */
  readonly config?: ToolSearchConfig;
  /** Context window of the active model in tokens; undefined when unknown. */
  readonly contextLength?: number;
  readonly countTokens?: TokenCounter;
  readonly isPinned?: (tool: Tool) => boolean;
  /**
   * Tools the model must not know of (a gateway's `policy.deny`): left out of the tool array, the
   * catalog, its counts and name suggestions, and refused by tool_describe. Calling one by name still
   * goes through the pipeline, so its guardrails refuse it with their reason: give a tool guardrail
   * (`hooks.toolGuardrails`) that refuses the same tools, and the refusal comes before anything else
   * about the call (its arguments are neither read nor checked). @default none
   */
  readonly isHidden?: (tool: Tool) => boolean;
  readonly hooks?: DispatchHooks;
  /**
   * Ranks the catalog by meaning for tool_search, fused with the words-based ranking (for example
   * `createSemanticRanker(embedder, options)` over an embedder of your own; `embed` is simpler). Shared
   * with child sessions; its vector cache is keyed on text, never on a session. Absent: words only.
   */
  readonly semantic?: SemanticRanker;
  /**
   * Your own embedding model, for tool_search's ranking by meaning: texts in, one vector per text out
   * (the AI SDK's `embedMany`, see examples/embeddings.ts). The session makes a ranker of it
   * (createEmbeddingRanker) whose meaning can only add to the words ranking, shared with its child
   * sessions; a failing embedder, or one slower than 2.5 s, leaves a search to words alone. Give
   * `semantic` instead to set the ranker's options; not both. @default words only
   */
  readonly embed?: EmbedTexts;
  /** Runs tools that have no `execute` of their own (for example, by forwarding to an MCP server). */
  readonly execute?: PipelineEnvironment['execute'];
  /**
   * Checks every call's arguments against the tool's parameters schema before hooks, guardrails,
   * approval and the tool, direct and bridged alike; a mismatch is refused as `invalid_arguments`
   * naming each failing path. For example `createAjvValidator()` from `tool-search/validation`.
   * @default no check (the tool checks its own arguments)
   */
  readonly validateArguments?: ArgumentValidator;
  /** How much of a result or a tool_describe reaches the model. @default DEFAULT_RESULT_LIMITS */
  readonly limits?: Partial<ResultLimits>;
  /**
   * Where tools' requests come from (`createRequestSources`: the shipped request pack, learning from
   * use, the user's own model): attached to every tool the session reads, and shown the session's
   * activity to learn from. Share one between sessions of the same tools. @default none
   */
  readonly requests?: RequestSources;
  /** @default a random id */
  readonly sessionId?: string;
  /** @default Date.now */
  readonly now?: () => number;
  /** @default a counter: `${sessionId}-1`, `${sessionId}-2`, ... */
  readonly createCallId?: () => string;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  readonly callId?: string;
  /** Passed to the tool as ToolCallContext.host (direct and bridged calls alike). */
  readonly host?: unknown;
  /**
   * `native` when the request offered the provider's own deferred loading instead of the bridge: then
   * `tool_describe` and `tool_call` were never offered, and a call of either is refused (`unknown_tool`,
   * reported to the activity feed like any refusal) rather than run. @default 'bridge'
   */
  readonly mode?: 'bridge' | 'native';
}

export interface ToolSearchSession {
  readonly sessionId: string;
  /** The toolsets this session is limited to; undefined when it may use all. */
  readonly toolsets: readonly string[] | undefined;
  /** The model-visible tool array for the next step. */
  assemble(): AssemblyResult;
  /**
   * Runs one tool call from the model: a bridge tool, or any tool of the session by its name. The
   * arguments may be an object or a JSON string. Resolves to an outcome; never rejects for model mistakes.
   */
  call(name: string, rawArguments: unknown, options?: CallOptions): Promise<CallOutcome>;
  /** The session's own tools (its toolsets' part of the registry), read now. */
  tools(): readonly Tool[];
  /**
   * A session for a subagent, limited to some of this session's toolsets. Throws a ToolSearchError
   * (code `toolset_outside_parent`) when asked for a toolset this session does not have.
   */
  child(options: { readonly toolsets: readonly string[]; readonly sessionId?: string }): ToolSearchSession;
}

/** Creates a session: the thin stateful shell around the pure assembly, bridge and dispatch functions. */
export function createToolSearchSession(options: ToolSearchSessionOptions): ToolSearchSession {
  const readRegistry = readWithRequests(
    typeof options.tools === 'function' ? options.tools : () => options.tools as readonly Tool[],
    options.requests,
  );
  const config = options.config ?? DEFAULT_TOOL_SEARCH_CONFIG;
  const sessionId = options.sessionId ?? randomId();
  const now = options.now ?? Date.now;
  let callCounter = 0;
  const createCallId = options.createCallId ?? (() => `${sessionId}-${++callCounter}`);
  const toolsets = options.toolsets === undefined ? undefined : [...new Set(options.toolsets)].sort();
  if (options.embed !== undefined && options.semantic !== undefined) {
    throw new ToolSearchError(
      'invalid_options',
      'Give createToolSearchSession either `embed` (an embedding function) or `semantic` (a ranker made with createSemanticRanker), not both.',
    );
  }
  if (options.embed !== undefined && typeof options.embed !== 'function') {
    throw new ToolSearchError(
      'invalid_options',
      `createToolSearchSession's \`embed\` must be a function (texts: string[]) => Promise<number[][]>, got ${typeof options.embed}.`,
    );
  }
  const semantic = options.semantic ?? (options.embed === undefined ? undefined : createEmbeddingRanker(options.embed));
  const limits: ResultLimits = {
    maxResultTokens: options.limits?.maxResultTokens ?? DEFAULT_RESULT_LIMITS.maxResultTokens,
    maxDescribeTokens: options.limits?.maxDescribeTokens ?? DEFAULT_RESULT_LIMITS.maxDescribeTokens,
  };
  const hooks = hooksWithLearning(options.hooks ?? {}, options.requests, (name) => visibleTools().tools.find((tool) => tool.name === name));
  const environment: PipelineEnvironment = {
    hooks,
    now,
    ...(options.validateArguments === undefined ? {} : { validateArguments: options.validateArguments }),
    ...(options.execute === undefined ? {} : { execute: options.execute }),
  };

  const scopeNow = (): SessionScope =>
    buildSessionScope({
      registry: readRegistry(),
      toolsets,
      config,
      ...(options.isPinned === undefined ? {} : { isPinned: options.isPinned }),
      ...(options.isHidden === undefined ? {} : { isHidden: options.isHidden }),
      ...(semantic === undefined ? {} : { semantic }),
    });
  /** The session's tools the model may know of, and the name collisions resolved on the way. */
  const visibleTools = (): { tools: Tool[]; warnings: string[] } => {
    const resolved = sessionToolsOf(readRegistry(), toolsets);
    return options.isHidden === undefined ? resolved : { ...resolved, tools: resolved.tools.filter((tool) => !options.isHidden!(tool)) };
  };
  const report = (event: Omit<CatalogActivityEvent, 'time' | 'sessionId'>): void => {
    try {
      hooks.onActivity?.({ time: new Date(now()).toISOString(), sessionId, ...event });
    } catch {
      // The activity feed is an observer: a broken listener must not change the outcome.
    }
  };

  /** Outcomes the pipeline produced: it reported them itself (call_started / call_finished). */
  const reachedPipeline = new WeakSet<CallOutcome>();
  const dispatch = async (scope: SessionScope, tool: Tool, args: ToolArguments, viaBridge: boolean, callOptions: CallOptions) => {
    const outcome = await runPipeline(
      {
        name: tool.name,
        tool,
        arguments: args,
        viaBridge,
        sessionId,
        callId: callOptions.callId ?? createCallId(),
        ...(callOptions.signal === undefined ? {} : { signal: callOptions.signal }),
        ...(callOptions.host === undefined ? {} : { host: callOptions.host }),
      },
      environment,
    );
    reachedPipeline.add(outcome);
    return outcome;
  };

  /** One call within a scope read once for it; refusals come back as outcomes, never as exceptions. */
  const callWithin = async (scope: SessionScope, name: string, rawArguments: unknown, callOptions: CallOptions): Promise<CallOutcome> => {
    if (callOptions.mode === 'native' && (name === TOOL_DESCRIBE || name === TOOL_CALL)) {
      return failure(
        'unknown_tool',
        `Tool '${name}' is not offered here: the tools ${TOOL_SEARCH} finds are loaded for you to call directly by their own names.`,
      );
    }
    const parsed = parseArgumentsObject(rawArguments, `The arguments of ${clipEchoedName(name)}`);
    if (!parsed.ok) return failure('invalid_arguments', parsed.message);
    const args = parsed.value;
    if (name === TOOL_SEARCH) return handleToolSearch(scope, args);
    if (name === TOOL_DESCRIBE) {
      const target = resolveBridgeTarget(scope, args['name'], TOOL_DESCRIBE);
      if (target.ok && options.isHidden?.(target.tool) === true) {
        return failure('denied', `Tool '${target.tool.name}' is refused by policy here: it cannot be described or called.`);
      }
      return handleToolDescribe(scope, args, limits.maxDescribeTokens, options.limits?.describeCeilingTokens ?? limits.maxResultTokens);
    }
    if (name === TOOL_CALL) {
      const resolved = resolveBridgeTarget(scope, args['name'], TOOL_CALL);
      if (!resolved.ok) return resolved.outcome;
      const inner = parseArgumentsObject(args['arguments'], `"arguments" for ${resolved.tool.name}`);
      // Policy before anything: a tool its tool guardrails refuse is refused by the pipeline's first
      // stage, which reads no argument, so arguments that cannot even be read must not be named first.
      if (!inner.ok && toolRefusal(resolved.tool, hooks.toolGuardrails) === undefined) return failure('invalid_arguments', inner.message);
      return dispatch(scope, resolved.tool, inner.ok ? inner.value : {}, true, callOptions);
    }
    const tool = scope.sessionTools.find((candidate) => candidate.name === name);
    if (tool !== undefined) return dispatch(scope, tool, args, false, callOptions);
    // Outside the session's toolsets or nowhere at all: the same answer, so a scope cannot be enumerated.
    return unknownToolOutcome(scope, name);
  };

  return {
    sessionId,
    toolsets,
    assemble() {
      const visible = visibleTools();
      const assembly = assembleTools(visible.tools, {
        config,
        ...(options.contextLength === undefined ? {} : { contextLength: options.contextLength }),
        ...(options.countTokens === undefined ? {} : { countTokens: options.countTokens }),
        ...(options.isPinned === undefined ? {} : { isPinned: options.isPinned }),
      });
      // The collisions were resolved before assembly saw the tools: their warnings are the session's to pass on.
      return visible.warnings.length === 0 ? assembly : { ...assembly, warnings: [...visible.warnings, ...assembly.warnings] };
    },
    async call(name, rawArguments, callOptions = {}) {
      const outcome = await callWithin(scopeNow(), name, rawArguments, callOptions);
      if (!reachedPipeline.has(outcome)) reportCatalogActivity(report, name, rawArguments, outcome);
      // Last, after hooks and activity saw the whole outcome: only the model's copy is cut.
      return boundOutcome(outcome, limits.maxResultTokens);
    },
    tools() {
      return toolsInToolsets(readRegistry(), toolsets);
    },
    child(childOptions) {
      const outside = childOptions.toolsets.filter((toolset) => toolsets !== undefined && !toolsets.includes(toolset));
      if (outside.length > 0) {
        throw new ToolSearchError(
          'toolset_outside_parent',
          `A child session cannot use toolsets its parent does not have: ${outside.join(', ')}. The parent has: ${toolsets?.join(', ')}.`,
        );
      }
      return createToolSearchSession({
        ...options,
        // The parent's ranker, and with it the vectors its embedder made.
        embed: undefined,
        semantic,
        toolsets: childOptions.toolsets,
        sessionId: childOptions.sessionId ?? `${sessionId}/child-${randomId()}`,
        createCallId: undefined,
      });
    },
  };
}

function randomId(): string {
  return Math.random().toString(36).slice(2, 10);
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { TOOL_DESCRIBE, TOOL_SEARCH } from '../bridge/bridge-tool-names.ts';
import type { CallOutcome } from '../dispatch/call-outcome.ts';
import { ACTIVITY_TEXT_MAX, type ActivityEvent } from '../dispatch/hooks.ts';
import type { Redactor } from './redact-secrets.ts';

/** A span attribute value, as OpenTelemetry takes them. */
export type TraceAttributeValue = string | number | boolean | string[];
export type TraceAttributes = Readonly<Record<string, TraceAttributeValue>>;

/** The part of an OpenTelemetry `Span` the gateway uses (`@opentelemetry/api` >= 1.3). */
export interface TraceSpan {
  setAttributes(attributes: TraceAttributes): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  updateName(name: string): unknown;
  end(): void;
}

/** The part of an OpenTelemetry `Tracer` the gateway uses: `trace.getTracer(...)` gives one. */
export interface TraceTracer {
  startSpan(name: string, options?: { kind?: number; attributes?: TraceAttributes }): TraceSpan;
}

/** OpenTelemetry's `SpanKind.INTERNAL` and `SpanStatusCode.ERROR`: fixed by the API, stable since 1.0. */
const SPAN_KIND_INTERNAL = 0;
const SPAN_STATUS_ERROR = 2;
const TRACER_NAME = 'tool-search';

/** One span per client call: wraps the call, and learns what it did from the activity it reported. */
export interface ToolCallTracing {
  trace(name: string, run: () => Promise<CallOutcome>): Promise<CallOutcome>;
  /** Give it every activity event; it keeps those reported inside a traced call. */
  observe(event: ActivityEvent): void;
}

/**
 * The tracer of the optional `@opentelemetry/api` package, or undefined when it is not installed.
 * With the API but no SDK registered, the tracer is OpenTelemetry's no-op one.
 */
export async function loadOpenTelemetryTracer(): Promise<TraceTracer | undefined> {
  // A variable specifier: the package is an optional peer, so neither tsc nor a bundler may require it.
  const specifier = '@opentelemetry/api';
  try {
    const api = (await import(specifier)) as { trace?: { getTracer?: (name: string) => TraceTracer } };
    return api.trace?.getTracer?.(TRACER_NAME);
  } catch {
    return undefined;
  }
}

/**
 * Traces gateway calls with the OpenTelemetry GenAI semantic conventions: one INTERNAL span per
 * tool_search, tool_describe and call, named `execute_tool <gen_ai.tool.name>`, with
 * `gen_ai.operation.name` = `execute_tool`. For a call, `gen_ai.tool.name` is the real tool, never
 * `tool_call`. Queries and messages pass `redact`; arguments and results are never recorded.
 */
export function createToolCallTracing(tracer: TraceTracer, redact: Redactor): ToolCallTracing {
  const current = new AsyncLocalStorage<ActivityEvent[]>();
  return {
    observe(event) {
      current.getStore()?.push(event);
    },
    async trace(name, run) {
      const span = tracer.startSpan(`execute_tool ${cut(name)}`, {
        kind: SPAN_KIND_INTERNAL,
        attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': cut(name) },
      });
      const events: ActivityEvent[] = [];
      let outcome: CallOutcome;
      try {
        outcome = await current.run(events, run);
      } catch (error) {
        span.setAttributes({ 'error.type': error instanceof Error ? error.name : 'Error' });
        span.setStatus({ code: SPAN_STATUS_ERROR, message: cut(redact(error instanceof Error ? error.message : String(error))) });
        span.end();
        throw error;
      }
      const attributes = toolSpanAttributes(name, events, outcome, redact);
      span.updateName(`execute_tool ${String(attributes['gen_ai.tool.name'])}`);
      span.setAttributes(attributes);
      if (!outcome.ok) span.setStatus({ code: SPAN_STATUS_ERROR, message: cut(redact(outcome.error.message)) });
      span.end();
      return outcome;
    },
  };
}

/**
 * The attributes of the span of one call named `name`, from the activity it reported and its outcome.
 * `gen_ai.*` keys follow the GenAI conventions; `tool_search.*` ones say what the bridge did. Pure.
 */
export function toolSpanAttributes(
  name: string,
  events: readonly ActivityEvent[],
  outcome: CallOutcome,
  redact: Redactor,
): TraceAttributes {
  const attributes: Record<string, TraceAttributeValue> = { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': cut(name) };
  const finished = events.find((event) => event.type === 'call_finished');
  const catalog = events.find((event) => event.type === 'search' || event.type === 'describe' || event.type === 'refused');
  if (finished !== undefined && finished.type === 'call_finished') {
    Object.assign(attributes, {
      'gen_ai.tool.name': finished.tool,
      'gen_ai.tool.call.id': finished.callId,
      // Run by an MCP server on the agent's behalf: an extension, in the conventions' terms.
      'gen_ai.tool.type': 'extension',
      'tool_search.server': serverOf(finished.toolset),
      'tool_search.via_bridge': finished.viaBridge,
      'tool_search.outcome': finished.outcome ?? 'ok',
    });
  } else if (catalog !== undefined && catalog.type === 'search') {
    Object.assign(attributes, {
      'gen_ai.tool.name': TOOL_SEARCH,
      'tool_search.query': redact(catalog.query ?? ''),
      'tool_search.results': [...(catalog.results ?? [])],
      'tool_search.result_count': catalog.results?.length ?? 0,
    });
  } else if (catalog !== undefined && catalog.type === 'describe') {
    Object.assign(attributes, {
      'gen_ai.tool.name': TOOL_DESCRIBE,
      'tool_search.described_tool': catalog.tool ?? '',
      'tool_search.server': serverOf(catalog.toolset ?? ''),
    });
  } else if (catalog !== undefined && catalog.type === 'refused') {
    Object.assign(attributes, {
      ...(catalog.tool === undefined ? {} : { 'tool_search.requested_tool': redact(catalog.tool) }),
      'tool_search.outcome': 'refused',
    });
  }
  if (!outcome.ok) attributes['error.type'] = outcome.error.code;
  return attributes;
}

function serverOf(toolset: string): string {
  return toolset.startsWith('mcp-') ? toolset.slice(4) : toolset;
}

function cut(text: string): string {
  return text.length <= ACTIVITY_TEXT_MAX ? text : `${text.slice(0, ACTIVITY_TEXT_MAX)}…`;
}

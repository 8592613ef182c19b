import { TOOL_CALL, TOOL_DESCRIBE, TOOL_SEARCH } from '../bridge/bridge-tool-names.ts';
import type { CallOutcome } from '../dispatch/call-outcome.ts';
import { ACTIVITY_TEXT_MAX, type CatalogActivityEvent } from '../dispatch/hooks.ts';

/**
 * Reports one session call that did not reach the dispatch pipeline (which reports its own calls): a
 * search with its query and result names, a describe with the real tool, or a refusal with its code.
 * Model-supplied text is cut at ACTIVITY_TEXT_MAX characters, so a 1 MB name costs the feed nothing.
 */
export function reportCatalogActivity(
  report: (event: Omit<CatalogActivityEvent, 'time' | 'sessionId'>) => void,
  name: string,
  rawArguments: unknown,
  outcome: CallOutcome,
): void {
  const via = cut(name);
  const args = argumentsObject(rawArguments);
  if (!outcome.ok) {
    const named = name === TOOL_SEARCH ? undefined : name === TOOL_DESCRIBE || name === TOOL_CALL ? args['name'] : name;
    report({
      type: 'refused',
      via,
      ...(typeof named === 'string' ? { tool: cut(named) } : {}),
      ...(name === TOOL_SEARCH && typeof args['query'] === 'string' ? { query: cut(args['query']) } : {}),
      code: outcome.error.code,
      error: cut(outcome.error.message, ACTIVITY_TEXT_MAX * 2),
    });
    return;
  }
  const value = outcome.value as { query?: unknown; matches?: ReadonlyArray<{ name?: unknown }>; name?: unknown; toolset?: unknown };
  if (name === TOOL_SEARCH) {
    const results = (value.matches ?? []).flatMap((match) => (typeof match.name === 'string' ? [match.name] : []));
    report({ type: 'search', via, query: cut(typeof value.query === 'string' ? value.query : String(args['query'] ?? '')), results });
  } else if (name === TOOL_DESCRIBE && typeof value.name === 'string') {
    report({ type: 'describe', via, tool: value.name, ...(typeof value.toolset === 'string' ? { toolset: value.toolset } : {}) });
  }
}

function argumentsObject(raw: unknown): Record<string, unknown> {
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw === 'string' && raw.length <= 1_000_000) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // Not JSON: the refusal's own message says so.
    }
  }
  return {};
}

function cut(text: string, max = ACTIVITY_TEXT_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

import type { DispatchHooks } from '../dispatch/hooks.ts';
import type { RequestSources } from '../requests/request-sources.ts';
import type { Tool } from '../tools/tool.ts';

/** The registry as a session reads it: with each tool's requests attached when the session has sources. */
export function readWithRequests(read: () => readonly Tool[], sources: RequestSources | undefined): () => readonly Tool[] {
  return sources === undefined ? read : () => sources.attach(read());
}

/**
 * The session's hooks with its activity also shown to the request sources (learning from use), after
 * the caller's own listener. `toolNamed` finds a tool the session may show by its name.
 */
export function hooksWithLearning(
  hooks: DispatchHooks,
  sources: RequestSources | undefined,
  toolNamed: (name: string) => Tool | undefined,
): DispatchHooks {
  if (sources === undefined) return hooks;
  const listener = hooks.onActivity;
  return {
    ...hooks,
    onActivity(event) {
      try {
        listener?.(event);
      } finally {
        sources.observe(event, toolNamed);
      }
    },
  };
}

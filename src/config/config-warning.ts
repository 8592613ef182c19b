/**
 * A problem found in user configuration that did not stop the agent: the value was replaced or clamped.
 * `message` is one line that names the key path, the value received and what was used instead.
 */
export interface ConfigWarning {
  /** Dotted key path, e.g. `tools.tool_search.max_search_limit`. */
  readonly path: string;
  readonly received: unknown;
  readonly message: string;
}

/** Renders a received value the way it was probably written in the config file. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

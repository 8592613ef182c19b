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

/** The most characters of a value a message shows: a config value can be megabytes long. */
export const DESCRIBED_VALUE_MAX = 200;

/**
 * Renders a received value the way it was probably written in the config file, on one line and at
 * most about DESCRIBED_VALUE_MAX characters, saying how long it was when cut.
 */
export function describeValue(value: unknown): string {
  const text = renderValue(value);
  return text.length <= DESCRIBED_VALUE_MAX
    ? text
    : `${text.slice(0, DESCRIBED_VALUE_MAX)}… (${text.length.toLocaleString('en-US')} characters)`;
}

function renderValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  try {
    return (JSON.stringify(value) as string | undefined) ?? String(value);
  } catch {
    // A cycle or a value nested past the stack (a YAML file can hold either) still gets a one-line message.
    try {
      return String(value);
    } catch {
      return Array.isArray(value) ? '[a list nested too deeply to show]' : typeof value;
    }
  }
}

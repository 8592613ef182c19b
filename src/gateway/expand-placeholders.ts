/**
 * The values a config string may refer to: `${configDir}` (the folder of the config file),
 * `${tempDir}` (a fresh temporary folder the gateway creates on first use and removes when it stops) and
 * `${env:NAME}` (an environment variable; an unset one expands to nothing, and is reported through
 * {@link ExpandOptions.onVariable} so the caller can refuse to use the result).
 */
export interface PlaceholderValues {
  readonly configDir: string;
  /** Called only when a string uses `${tempDir}`, so no folder is created for configs that do not. */
  readonly tempDir: () => string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Thrown for a `${...}` the gateway does not know; the message names it and the known forms. */
export class UnknownPlaceholderError extends Error {
  constructor(placeholder: string) {
    super(`unknown placeholder '${placeholder}' (known: \${configDir}, \${tempDir}, \${env:NAME})`);
    this.name = 'UnknownPlaceholderError';
  }
}

export interface ExpandOptions {
  /** Told of every `${env:NAME}` expanded, with its value (undefined when unset). */
  readonly onVariable?: (name: string, value: string | undefined) => void;
}

/** Replaces every `${...}` in `text`; `$${` writes a literal `${`. */
export function expandPlaceholders(text: string, values: PlaceholderValues, options: ExpandOptions = {}): string {
  return text.replace(/\$?\$\{([^}]*)\}/g, (whole, inner: string) => {
    if (whole.startsWith('$$')) return whole.slice(1);
    if (inner === 'configDir') return values.configDir;
    if (inner === 'tempDir') return values.tempDir();
    if (inner.startsWith('env:')) {
      const name = inner.slice(4);
      const value = Object.hasOwn(values.env, name) ? values.env[name] : undefined;
      options.onVariable?.(name, value);
      return value ?? '';
    }
    throw new UnknownPlaceholderError(whole);
  });
}

/**
 * The values a config string may refer to: `${configDir}` (the folder of the config file),
 * `${tempDir}` (a fresh temporary folder the gateway creates on first use and removes when it stops) and
 * `${env:NAME}` (an environment variable, empty when unset).
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

/** Replaces every `${...}` in `text`; `$${` writes a literal `${`. */
export function expandPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(/\$?\$\{([^}]*)\}/g, (whole, inner: string) => {
    if (whole.startsWith('$$')) return whole.slice(1);
    if (inner === 'configDir') return values.configDir;
    if (inner === 'tempDir') return values.tempDir();
    if (inner.startsWith('env:')) return values.env[inner.slice(4)] ?? '';
    throw new UnknownPlaceholderError(whole);
  });
}

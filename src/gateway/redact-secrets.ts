/** A value that must never be shown, and what to show in its place (its placeholder, or where it came from). */
export interface Secret {
  readonly value: string;
  readonly shownAs: string;
}

/** Turns text bound for the model, a client or a log into text without secrets. Pure. */
export type Redactor = (text: string) => string;

/**
 * Strings shaped like credentials, masked wherever they come from (an upstream's error, its stderr):
 * GitHub tokens, OpenAI and Anthropic keys, Slack tokens, `Bearer`/`Basic` credentials, and the password
 * of a URL. Each keeps its recognisable prefix, so a reader still sees what kind of thing was there.
 * Linear patterns only (no nested quantifiers), so a hostile text cannot make them backtrack.
 */
const TOKEN_SHAPES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(gh[pousr]_)[A-Za-z0-9]{16,}/g, '$1***'],
  [/\b(github_pat_)[A-Za-z0-9_]{16,}/g, '$1***'],
  [/\b(sk-)[A-Za-z0-9_-]{16,}/g, '$1***'],
  [/\b(xox[abposr]-)[A-Za-z0-9-]{8,}/g, '$1***'],
  [/\b(Bearer|Basic)(\s+)[A-Za-z0-9._~+/=-]{8,}/gi, '$1$2***'],
  [/(\/\/[^\s/:@]{1,256}:)[^\s/@]{1,256}@/g, '$1***@'],
];

/**
 * The shortest value treated as a secret: masking `1`, `true` or `content` everywhere would garble
 * text and, before redaction left protocol structure alone, broke it. Eight characters is below any
 * real credential.
 */
export const MIN_SECRET_LENGTH = 8;

/**
 * Whether a variable, key or header name says its value is a credential (`GITHUB_TOKEN`, `api_key`,
 * `Authorization`, `DB_PASSWORD`, `x-api-key`, ...).
 */
export function isCredentialName(name: string): boolean {
  return /token|key|secret|pass(word|wd|phrase)?|pwd|auth|credential|cookie|session|signature|private/i.test(name);
}

/**
 * Whether a value looks like a credential whatever it is called: a known token prefix (`ghp_`, `sk-`,
 * ...), or a run of at least 16 letters and digits mixed, with no spaces (an API key, a hex or base64
 * secret). `production`, `us-east-1`, a path or a UUID are not.
 */
export function isTokenShaped(value: string): boolean {
  if (value.length < 16 || /\s/.test(value)) return false;
  if (TOKEN_SHAPES.some(([pattern]) => new RegExp(pattern.source, pattern.flags.replace('g', '')).test(value))) return true;
  return value.split(/[-_.:/+=~]/).some((segment) => segment.length >= 16 && /[A-Za-z]/.test(segment) && /\d/.test(segment));
}

/**
 * A redactor that replaces each secret (also as it appears percent-encoded in a URL or escaped in JSON)
 * by its `shownAs`, then masks token-shaped strings. Longer secrets are replaced first, so one that
 * contains another is not left half-shown.
 */
export function createRedactor(secrets: readonly Secret[]): Redactor {
  const forms = new Map<string, string>();
  for (const secret of secrets) {
    if (secret.value === '') continue;
    for (const form of [secret.value, encodeURIComponent(secret.value), JSON.stringify(secret.value).slice(1, -1)]) {
      if (!forms.has(form)) forms.set(form, secret.shownAs);
    }
  }
  const ordered = [...forms].sort((left, right) => right[0].length - left[0].length);
  return (text) => {
    let redacted = text;
    for (const [value, shownAs] of ordered) {
      if (redacted.includes(value)) redacted = redacted.split(value).join(shownAs);
    }
    for (const [pattern, replacement] of TOKEN_SHAPES) redacted = redacted.replace(pattern, replacement);
    return redacted;
  };
}

/**
 * String values of the JSON-RPC envelope and of MCP's own structure, never redacted: replacing text in
 * them would break the protocol (a secret whose value is `content` or `2.0` used to corrupt every
 * result). Secrets are at least 8 characters and credential-like (gateway-config.ts), so none of these
 * would be one anyway; skipping them makes it certain.
 */
const STRUCTURAL_KEYS = new Set([
  'jsonrpc',
  'method',
  'id',
  'protocolVersion',
  'type',
  'mimeType',
  'progressToken',
  'cursor',
  'nextCursor',
  'requestId',
  'role',
]);

/** How deep a value is walked; deeper, it is withheld (failing closed). */
const MAX_REDACTED_DEPTH = 1_000;

/**
 * A copy of a JSON value with secrets redacted in the text it carries: every string value and object
 * key, but never the protocol's own structural strings ({@link STRUCTURAL_KEYS}), never numbers or
 * booleans, so the value keeps its shape whatever a secret's value is. Unchanged parts are shared, and
 * a value with nothing to redact is returned as it is. A value that cannot be walked (cyclic, or
 * nested deeper than 1,000 levels) is replaced by `unshowable`, failing closed.
 */
export function redactJson<T>(value: T, redact: Redactor, unshowable: T): T {
  const walking = new Set<object>();
  const walk = (current: unknown, depth: number): unknown => {
    if (typeof current === 'string') return redact(current);
    if (typeof current !== 'object' || current === null) return current;
    if (depth > MAX_REDACTED_DEPTH || walking.has(current)) throw new UnshowableValue();
    walking.add(current);
    try {
      if (Array.isArray(current)) {
        let copy: unknown[] | undefined;
        for (let index = 0; index < current.length; index++) {
          const item: unknown = current[index];
          const redacted = walk(item, depth + 1);
          if (redacted !== item) (copy ??= current.slice())[index] = redacted;
        }
        return copy ?? current;
      }
      let copy: Record<string, unknown> | undefined;
      const record = current as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const item = record[key];
        const redacted = STRUCTURAL_KEYS.has(key) && typeof item !== 'object' ? item : walk(item, depth + 1);
        const redactedKey = redact(key);
        if (redacted === item && redactedKey === key) continue;
        copy ??= { ...record };
        if (redactedKey !== key) delete copy[key];
        copy[redactedKey] = redacted;
      }
      return copy ?? current;
    } finally {
      walking.delete(current);
    }
  };
  try {
    return walk(value, 0) as T;
  } catch (error) {
    if (error instanceof UnshowableValue || error instanceof RangeError) return unshowable;
    throw error;
  }
}

class UnshowableValue extends Error {}

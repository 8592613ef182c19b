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
 * A copy of a JSON value with secrets redacted in its serialized form (strings and keys alike; what a
 * redactor puts in holds no quote or backslash, so the JSON stays valid). A value that cannot be
 * serialized (too deep, cyclic) is replaced by `unshowable`, failing closed.
 */
export function redactJson<T>(value: T, redact: Redactor, unshowable: T): T {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return value;
    const redacted = redact(text);
    return redacted === text ? value : (JSON.parse(redacted) as T);
  } catch {
    return unshowable;
  }
}

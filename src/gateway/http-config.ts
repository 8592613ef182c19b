import { closestKey } from '../config/closest-key.ts';
import { describeValue } from '../config/config-warning.ts';
import { ToolSearchError } from '../errors/tool-search-error.ts';

/**
 * The most MCP sessions `serve --http` keeps open at once. Each session holds a core session and an SDK
 * transport; the cap keeps a client that initializes in a loop from exhausting the gateway's memory.
 * @default 100
 */
export const DEFAULT_MAX_SESSIONS = 100;

/**
 * How long a session with nothing in flight (an open notification stream counts) is kept. Connected SDK
 * clients hold a notification stream open and are never idle; this reaps clients that vanished without
 * ending their session. Kept at 30 minutes rather than less: a client that holds no stream and pauses
 * (a person reading an answer) would otherwise lose its session, and the session cap, not this, is
 * what bounds the sessions of a misbehaving client. @default 30 minutes
 */
export const DEFAULT_IDLE_SESSION_MS = 30 * 60_000;

/** The `http` block of a gateway config, resolved: how `tool-search serve --http` lets clients in. */
export interface HttpConfig {
  /**
   * `http.token`: the bearer token every HTTP request must carry (`Authorization: Bearer <token>`),
   * placeholders expanded. `TOOL_SEARCH_HTTP_TOKEN` in the environment takes precedence over it.
   * Undefined when the config gives none.
   */
  readonly token: string | undefined;
  /**
   * `http.clients`: named client tokens (`{ada: "${env:ADA_TOKEN}"}`), in the order written. Each is an
   * identity of its own: a session belongs to the client whose token opened it, and the activity log
   * and the live view name that client. They work beside `token` (or TOOL_SEARCH_HTTP_TOKEN), whose
   * sessions name no client. @default []
   */
  readonly clients: readonly HttpClientToken[];
  /**
   * `http.allowed_origins`: browser origins (`https://app.example.com`) let in besides the loopback ones.
   * A request without an `Origin` header (any non-browser client) is never refused for its origin.
   * @default []
   */
  readonly allowedOrigins: readonly string[];
  /** `http.max_sessions`: MCP sessions open at once; one more initialize gets 503. @default DEFAULT_MAX_SESSIONS */
  readonly maxSessions: number;
  /** `http.idle_session_ms`: milliseconds an idle session is kept. @default DEFAULT_IDLE_SESSION_MS */
  readonly idleSessionMs: number;
}

/** One named client of `http.clients`. */
export interface HttpClientToken {
  /** 1 to 64 letters, digits, dots, dashes or underscores; unique ignoring case. Shown in the activity log and the live view. */
  readonly name: string;
  /** Its bearer token, placeholders expanded: a secret, at least MIN_TOKEN_LENGTH characters, shared with no other client. */
  readonly token: string;
}

/** The keys the `http` block accepts. */
export const HTTP_CONFIG_KEYS: readonly string[] = ['token', 'clients', 'allowed_origins', 'max_sessions', 'idle_session_ms'];

/** What a client name may be: it is printed in logs and on the live view page. */
const CLIENT_NAME = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Resolves the `http` block of a gateway config. Every problem is fatal (a ToolSearchError with code
 * `invalid_config_file` and a one-line message naming the key): these settings are protections, and a
 * misspelt or ignored one would leave the gateway open without anyone noticing. `expand` replaces
 * placeholders in the token (`${env:NAME}`), throwing for unknown ones; `path` names the key for it.
 */
export function resolveHttpConfig(raw: unknown, expand: (value: string, path: string) => string): HttpConfig {
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw invalid(`http: expected a mapping with ${HTTP_CONFIG_KEYS.join(', ')}, got ${describeValue(raw)}`);
  }
  const block = raw as Record<string, unknown>;
  for (const key of Object.keys(block).sort()) {
    if (HTTP_CONFIG_KEYS.includes(key)) continue;
    const closest = closestKey(key, HTTP_CONFIG_KEYS);
    const hint = closest === undefined ? '' : ` (did you mean 'http.${closest}'?)`;
    throw invalid(`http.${key}: unknown key${hint}; known keys: ${HTTP_CONFIG_KEYS.join(', ')}`);
  }
  const token = resolveToken(block['token'], expand);
  return {
    token,
    clients: resolveClients(block['clients'], token, expand),
    allowedOrigins: resolveOrigins(block['allowed_origins']),
    maxSessions: positiveInteger(block['max_sessions'], 'http.max_sessions', DEFAULT_MAX_SESSIONS, 'sessions'),
    idleSessionMs: positiveInteger(block['idle_session_ms'], 'http.idle_session_ms', DEFAULT_IDLE_SESSION_MS, 'milliseconds'),
  };
}

/**
 * The fewest characters a bearer token may have. 16 characters of `openssl rand -hex` are 64 bits:
 * far beyond guessing at the rate the gateway answers wrong tokens (failed-token-throttle.ts), while a
 * 1-character token, which used to be accepted, falls to the first few dozen requests. @default
 */
export const MIN_TOKEN_LENGTH = 16;

/**
 * Why `token` cannot serve as a bearer token, or undefined when it can: shorter than MIN_TOKEN_LENGTH
 * (it could be guessed), or holding whitespace or control characters (an HTTP header cannot carry them
 * intact, so a client could never present it). The reason never quotes the token.
 */
export function unusableTokenReason(token: string): string | undefined {
  if (token === '') return 'is empty';
  if (/[\s\u0000-\u001f\u007f]/.test(token)) return 'contains whitespace or control characters, which an Authorization header cannot carry';
  if (token.length < MIN_TOKEN_LENGTH) {
    return `is ${token.length} ${token.length === 1 ? 'character' : 'characters'} long; a token needs at least ${MIN_TOKEN_LENGTH} (make one with: openssl rand -hex 32)`;
  }
  return undefined;
}

function resolveToken(value: unknown, expand: (value: string, path: string) => string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(`http.token: expected a string (e.g. "\${env:TOOL_SEARCH_TOKEN}"), got ${typeof value}`);
  const token = expand(value, 'http.token');
  if (token === '') {
    const variables = [...value.matchAll(/\$\{env:([^}]*)\}/g)].map((match) => match[1]);
    const why = variables.length > 0 ? ` (is the environment variable ${variables.join(', ')} set?)` : '';
    throw invalid(`http.token: is empty after expanding placeholders${why}; give a token or remove the key`);
  }
  const reason = unusableTokenReason(token);
  // The message never includes the token: it is a secret, and error lines end up in logs.
  if (reason !== undefined) throw invalid(`http.token: ${reason}`);
  return token;
}

function resolveClients(value: unknown, token: string | undefined, expand: (value: string, path: string) => string): HttpClientToken[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalid('http.clients: expected a mapping of client name to token, e.g. {ada: "${env:ADA_TOKEN}"}');
  const clients: HttpClientToken[] = [];
  for (const [name, written] of Object.entries(value as Record<string, unknown>)) {
    const path = `http.clients.${CLIENT_NAME.test(name) ? name : JSON.stringify(name.slice(0, 80))}`;
    if (!CLIENT_NAME.test(name)) throw invalid(`${path}: a client name is 1 to 64 letters, digits, dots, dashes or underscores`);
    const namesake = clients.find((client) => client.name.toLowerCase() === name.toLowerCase());
    if (namesake !== undefined)
      throw invalid(
        `${path}: the name is also used by http.clients.${namesake.name} (names are compared ignoring case); give each client its own`,
      );
    if (typeof written !== 'string')
      throw invalid(
        `${path}: expected a token string (e.g. "\${env:${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_TOKEN}"), got ${typeof written}`,
      );
    const expanded = expand(written, path);
    // Messages never include a token: they are secrets, and error lines end up in logs.
    const reason = unusableTokenReason(expanded);
    if (reason !== undefined) throw invalid(`${path}: ${reason}`);
    const twin = expanded === token ? 'http.token' : clients.find((client) => client.token === expanded)?.name;
    if (twin !== undefined)
      throw invalid(
        `${path}: has the same token as ${twin === 'http.token' ? twin : `http.clients.${twin}`}; give each client a token of its own`,
      );
    clients.push({ name, token: expanded });
  }
  return clients;
}

function resolveOrigins(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw invalid(`http.allowed_origins: expected a list of origins such as ["https://app.example.com"], got ${describeValue(value)}`);
  }
  return value.map((item, index) => {
    const path = `http.allowed_origins[${index}]`;
    if (typeof item !== 'string')
      throw invalid(`${path}: expected an origin string such as "https://app.example.com", got ${describeValue(item)}`);
    const origin = originOf(item);
    if (origin === undefined)
      throw invalid(`${path}: ${describeValue(item)} is not an origin (expected scheme://host[:port], e.g. "https://app.example.com")`);
    if (origin !== item)
      throw invalid(`${path}: ${describeValue(item)} is not an origin as browsers send it; write ${describeValue(origin)}`);
    return origin;
  });
}

/** The serialized origin of an http(s) URL text, or undefined when it is not one. */
function originOf(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return url.origin;
}

function positiveInteger(value: unknown, path: string, fallback: number, unit: string): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  throw invalid(`${path}: ${describeValue(value)} is not a positive whole number of ${unit} (default ${fallback})`);
}

function invalid(message: string): ToolSearchError {
  return new ToolSearchError('invalid_config_file', message);
}

import { createHash, timingSafeEqual } from 'node:crypto';

/** Who may use the HTTP gateway, resolved once when it starts listening. */
export interface HttpAccessPolicy {
  /** `Host` header values accepted (`127.0.0.1:<port>`, `localhost:<port>`): DNS rebinding protection. */
  readonly allowedHosts: readonly string[];
  /** Browser origins accepted besides the loopback ones, exactly as browsers send them. */
  readonly allowedOrigins: readonly string[];
  /** SHA-256 of the bearer token ({@link digestToken}); undefined when the gateway runs without one. */
  readonly tokenDigest: Buffer | undefined;
  /** SHA-256 of each named client's token (`http.clients`), each a token the gateway accepts too. @default none */
  readonly clients?: ReadonlyArray<{ readonly name: string; readonly digest: Buffer }>;
}

/**
 * Who a request that passed {@link checkHttpAccess} is: the named client whose token it carries, or
 * undefined for the single token (or a gateway without one). A session belongs to its identity.
 */
export interface HttpIdentity {
  readonly client: string | undefined;
}

/** The request headers the check reads (lower-case names, as node gives them). */
export interface HttpAccessHeaders {
  readonly host?: string | undefined;
  readonly origin?: string | undefined;
  readonly authorization?: string | undefined;
}

/** Why a request is refused: the status, a message for the client, and headers to send with it. */
export interface HttpRefusal {
  readonly status: 401 | 403;
  readonly message: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** How much of a refused header value is quoted back: enough to recognise it, never a flood. */
const QUOTED_LENGTH = 100;
const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The SHA-256 digest a token is compared by: comparing digests of equal length in constant time tells
 * an attacker neither the token's length nor how many of its leading characters were right.
 */
export function digestToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * Decides whether a request may reach the MCP endpoint, in this order: `Host` (DNS rebinding), `Origin`
 * (absent, loopback or listed; the MCP Streamable HTTP transport says servers must check it), then the
 * bearer token. Returns undefined to let the request in. Messages never contain the token.
 */
export function checkHttpAccess(headers: HttpAccessHeaders, policy: HttpAccessPolicy): HttpRefusal | undefined {
  const { host, origin, authorization } = headers;
  if (host === undefined || !policy.allowedHosts.includes(host)) {
    return {
      status: 403,
      message: `Host header ${quote(host)} is refused (DNS rebinding protection); connect to http://${policy.allowedHosts[0] ?? '127.0.0.1'}/mcp`,
      headers: {},
    };
  }
  if (origin !== undefined && !isLoopbackOrigin(origin) && !policy.allowedOrigins.includes(origin)) {
    return {
      status: 403,
      message: `Origin ${quote(origin)} is not allowed: only loopback origins and those listed in the gateway config's http.allowed_origins may use it`,
      headers: {},
    };
  }
  if (policy.tokenDigest === undefined && (policy.clients ?? []).length === 0) return undefined;
  const presented = bearerToken(authorization);
  if (presented === undefined) {
    return {
      status: 401,
      message:
        "This gateway needs a bearer token: send the header 'Authorization: Bearer <token>' with the token set by TOOL_SEARCH_HTTP_TOKEN or http.token where it runs, or your own from http.clients",
      headers: { 'www-authenticate': 'Bearer realm="tool-search"' },
    };
  }
  if (identifyToken(presented, policy) === undefined) {
    return {
      status: 401,
      message:
        "The bearer token is wrong: send 'Authorization: Bearer <token>' with the token set by TOOL_SEARCH_HTTP_TOKEN or http.token where the gateway runs, or your own from http.clients",
      headers: { 'www-authenticate': 'Bearer realm="tool-search", error="invalid_token"' },
    };
  }
  return undefined;
}

/**
 * The identity of a request {@link checkHttpAccess} let in: whose token its `Authorization` header
 * carries. Undefined when it carries none of the accepted tokens.
 */
export function identifyRequest(authorization: string | undefined, policy: HttpAccessPolicy): HttpIdentity | undefined {
  if (policy.tokenDigest === undefined && (policy.clients ?? []).length === 0) return { client: undefined };
  const presented = bearerToken(authorization);
  return presented === undefined ? undefined : identifyToken(presented, policy);
}

/**
 * Compares the presented token's digest with every accepted digest, all of them whatever matches
 * (timingSafeEqual on equal-length digests), so the time taken tells neither which token nor how much
 * of one was right.
 */
function identifyToken(presented: string, policy: HttpAccessPolicy): HttpIdentity | undefined {
  const digest = digestToken(presented);
  let found: HttpIdentity | undefined;
  if (policy.tokenDigest !== undefined && timingSafeEqual(digest, policy.tokenDigest)) found = { client: undefined };
  for (const client of policy.clients ?? []) {
    if (timingSafeEqual(digest, client.digest)) found = { client: client.name };
  }
  return found;
}

/**
 * Whether `origin` is a page served from this machine's loopback address (`http://localhost:5173`,
 * `https://127.0.0.1`, `http://[::1]:8080`): such a page is as local as the gateway itself.
 */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin && LOOPBACK_HOSTNAMES.has(url.hostname);
}

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), or undefined. */
function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return match?.[1];
}

function quote(value: string | undefined): string {
  if (value === undefined) return '(none)';
  return JSON.stringify(value.length > QUOTED_LENGTH ? `${value.slice(0, QUOTED_LENGTH)}...` : value);
}

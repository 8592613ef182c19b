import { createHmac, timingSafeEqual } from 'node:crypto';
import { checkHttpAccess, digestToken, type HttpRefusal } from '../check-http-access.ts';

/** Who may open the live view, resolved once its server listens. */
export interface LiveViewAccessPolicy {
  /** `Host` header values accepted (DNS rebinding protection), as for the MCP endpoint. */
  readonly allowedHosts: readonly string[];
  /** Browser origins accepted besides the loopback ones. */
  readonly allowedOrigins: readonly string[];
  /** The token the start-up URL carries (`/?token=...`). */
  readonly token: string;
  /** The cookie's name: one per port, since browsers send a cookie to every port of a host. */
  readonly cookieName: string;
}

/** The request parts the checks read (lower-case header names, as node gives them). */
export interface LiveViewRequest {
  readonly host?: string | undefined;
  readonly origin?: string | undefined;
  readonly cookie?: string | undefined;
}

/** What a request to the live view is let do, or why it is refused. */
export type LiveViewVerdict =
  | { readonly kind: 'allowed' }
  | { readonly kind: 'refused'; readonly refusal: HttpRefusal }
  /** A right `?token=`: set this cookie value and redirect to the same page without the token. */
  | { readonly kind: 'sign-in'; readonly cookieValue: string };

/** The name of the live view's cookie for the server on `port`. */
export function liveViewCookieName(port: number): string {
  return `tool_search_view_${port}`;
}

/**
 * The cookie value that proves the browser was given the token: an HMAC of it, not the token itself,
 * so a cookie read off a disk opens the page but cannot be sent as the MCP endpoint's bearer token.
 */
export function liveViewCookieValue(token: string): string {
  return createHmac('sha256', token).update('tool-search live view').digest('hex');
}

/**
 * Decides a request to the live view, in this order: `Host` and `Origin` exactly as the MCP endpoint
 * checks them (checkHttpAccess), then `?token=` when given (right: sign in; wrong: 401), else the
 * cookie (missing or wrong: 401). Comparisons are in constant time; messages never contain a token.
 */
export function checkLiveViewAccess(request: LiveViewRequest, presentedToken: string | undefined, policy: LiveViewAccessPolicy): LiveViewVerdict {
  const origin = checkHttpAccess({ host: request.host, origin: request.origin }, { ...policy, tokenDigest: undefined });
  if (origin !== undefined) return { kind: 'refused', refusal: origin };
  const expected = liveViewCookieValue(policy.token);
  if (presentedToken !== undefined) {
    if (!timingSafeEqual(digestToken(presentedToken), digestToken(policy.token))) {
      return { kind: 'refused', refusal: unauthorized('The token in this URL is wrong: open the URL the gateway printed at start') };
    }
    return { kind: 'sign-in', cookieValue: expected };
  }
  const cookie = readCookie(request.cookie, policy.cookieName);
  if (cookie === undefined) {
    return { kind: 'refused', refusal: unauthorized('This page needs the token: open the URL the gateway printed at start (it ends with /?token=...)') };
  }
  if (!timingSafeEqual(digestToken(cookie), digestToken(expected))) {
    return { kind: 'refused', refusal: unauthorized('This browser signed in to another gateway: open the URL this gateway printed at start') };
  }
  return { kind: 'allowed' };
}

/** The `Set-Cookie` value for a signed-in browser: HttpOnly, SameSite=Strict, for this session only. */
export function liveViewCookieHeader(name: string, value: string): string {
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Strict`;
}

/** The value of cookie `name` in a `Cookie` header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

function unauthorized(message: string): HttpRefusal {
  return { status: 401, message, headers: {} };
}

import { checkHttpAccess, type HttpRefusal } from '../check-http-access.ts';
import type { SignInCheck } from './live-view-sign-in.ts';

/** Who may open the live view, resolved once its server listens. */
export interface LiveViewAccessPolicy {
  /** `Host` header values accepted (DNS rebinding protection), as for the MCP endpoint. */
  readonly allowedHosts: readonly string[];
  /** Browser origins accepted besides the loopback ones. */
  readonly allowedOrigins: readonly string[];
  /** The cookie's name: one per port, since browsers send a cookie to every port of a host. */
  readonly cookieName: string;
  /** Whether a cookie value is a signed-in browser (see live-view-sign-in.ts). */
  readonly checkSignIn: (cookieValue: string | undefined) => SignInCheck;
}

/** The request parts the checks read (lower-case header names, as node gives them). */
export interface LiveViewRequest {
  readonly host?: string | undefined;
  readonly origin?: string | undefined;
  readonly cookie?: string | undefined;
}

/** What a request to the live view is let do, or why it is refused. */
export type LiveViewVerdict =
  | { readonly kind: 'signed-in'; readonly cookieValue: string }
  /** Host and Origin are fine but the browser is not signed in: only the sign-in routes answer it. */
  | { readonly kind: 'signed-out'; readonly why: SignInCheck }
  | { readonly kind: 'refused'; readonly refusal: HttpRefusal };

/** The name of the live view's cookie for the server on `port`. */
export function liveViewCookieName(port: number): string {
  return `tool_search_view_${port}`;
}

/**
 * Decides a request to the live view: `Host` and `Origin` exactly as the MCP endpoint checks them
 * (checkHttpAccess; 403), then the sign-in cookie. The MCP bearer token plays no part: the page has a
 * sign-in of its own, so that token never goes into a URL or a browser.
 */
export function checkLiveViewAccess(request: LiveViewRequest, policy: LiveViewAccessPolicy): LiveViewVerdict {
  const origin = checkHttpAccess({ host: request.host, origin: request.origin }, { ...policy, tokenDigest: undefined });
  if (origin !== undefined) return { kind: 'refused', refusal: origin };
  const cookieValue = readCookie(request.cookie, policy.cookieName);
  const check = policy.checkSignIn(cookieValue);
  return check === 'signed-in' && cookieValue !== undefined ? { kind: 'signed-in', cookieValue } : { kind: 'signed-out', why: check };
}

/** Why a browser that is not signed in has to sign in, for a 401's message. */
export function signedOutMessage(why: SignInCheck, signInMs: number): string {
  const lasts = `a sign-in lasts ${Math.round(signInMs / 3_600_000)} hours`;
  const how =
    'sign in with the one-time code the gateway printed last (its log says "live view: ... code"), at / or through the link printed with it';
  if (why === 'expired') return `This browser's sign-in expired (${lasts}): ${how}`;
  return `Not signed in (the gateway may have restarted, or this browser signed out; ${lasts}): ${how}`;
}

/** The `Set-Cookie` value that signs a browser in: HttpOnly, SameSite=Strict, for `maxAgeSeconds`. */
export function liveViewCookieHeader(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict`;
}

/** The `Set-Cookie` value that signs a browser out (the cookie is dropped at once). */
export function liveViewCookieClearing(name: string): string {
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict`;
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

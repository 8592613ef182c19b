import { randomBytes } from 'node:crypto';
import { unusableTokenReason } from '../gateway/http-config.ts';
import { HTTP_TOKEN_VARIABLE, type HttpAccess } from './resolve-http-access.ts';
import { UsageError } from './usage-error.ts';

/** What decides the live view's token. */
export interface LiveViewTokenInputs {
  /** How `serve --http` lets clients in; undefined over stdio. */
  readonly access: HttpAccess | undefined;
  /** `--ui PORT` was given (stdio). */
  readonly ui: boolean;
  /** The value of TOOL_SEARCH_HTTP_TOKEN, undefined when unset. */
  readonly environmentToken: string | undefined;
  /** `http.token` of the resolved config. */
  readonly configToken: string | undefined;
}

/** The live view's token, and where the user can find it when it is theirs. */
export interface LiveViewToken {
  readonly token: string;
  /** `TOOL_SEARCH_HTTP_TOKEN` or `http.token`; undefined for a token made for this run. */
  readonly source: string | undefined;
}

/**
 * The token the live view's sign-in URL carries, or undefined when no page is served (stdio without
 * `--ui`). It is the HTTP gateway's token when there is one: TOOL_SEARCH_HTTP_TOKEN, else http.token.
 * Without one (`--allow-unauthenticated`, or stdio with neither set) a random one is made for this run:
 * the page never opens without a token. An unusable TOOL_SEARCH_HTTP_TOKEN is a UsageError.
 */
export function liveViewToken(inputs: LiveViewTokenInputs): LiveViewToken | undefined {
  if (inputs.access !== undefined) {
    // Named clients' tokens never open the page: it shows every client's activity, not one client's.
    return inputs.access.token === undefined ? { token: randomToken(), source: undefined } : { token: inputs.access.token, source: 'source' in inputs.access ? inputs.access.source : undefined };
  }
  if (!inputs.ui) return undefined;
  if (inputs.environmentToken !== undefined) {
    const reason = unusableTokenReason(inputs.environmentToken);
    if (reason !== undefined) throw new UsageError(`${HTTP_TOKEN_VARIABLE} ${reason}; set it to the token the page should need, or unset it`);
    return { token: inputs.environmentToken, source: HTTP_TOKEN_VARIABLE };
  }
  return inputs.configToken === undefined ? { token: randomToken(), source: undefined } : { token: inputs.configToken, source: 'http.token' };
}

/**
 * The line that tells the user how to open the page. A token made for this run is shown in the URL
 * (there is no other way to learn it); the user's own token is not (the gateway never prints it: stderr
 * often ends up in a client's log files), the URL names where it comes from instead.
 */
export function liveViewInvitation(signInUrl: URL, token: LiveViewToken): string {
  const opening = 'it carries the token; the page then drops it from the address bar';
  if (token.source === undefined) return `live view: open ${signInUrl.href} (${opening}; the token is new at every start)`;
  const base = new URL(signInUrl.href);
  base.search = '';
  return `live view: open ${base.href}?token=<the token from ${token.source}> (${opening})`;
}

/** 32 random bytes, hex: as hard to guess as a token a user would make with `openssl rand -hex 32`. */
function randomToken(): string {
  return randomBytes(32).toString('hex');
}

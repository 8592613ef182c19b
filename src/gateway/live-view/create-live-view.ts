import type { IncomingMessage, ServerResponse } from 'node:http';
import { TOOL_SEARCH } from '../../bridge/bridge-tool-names.ts';
import type { Gateway } from '../create-gateway.ts';
import { redactJson } from '../redact-secrets.ts';
import { createActivityHistory, DEFAULT_HISTORY_SIZE, type SharedFeed } from './activity-history.ts';
import { resumeIdOf, streamActivity } from './activity-stream.ts';
import {
  checkLiveViewAccess,
  liveViewCookieClearing,
  liveViewCookieHeader,
  liveViewCookieName,
  signedOutMessage,
} from './live-view-access.ts';
import { createLiveViewSignIn, DEFAULT_SIGN_IN_MS } from './live-view-sign-in.ts';
import { buildLiveViewState } from './live-view-state.ts';
import { liveViewPage } from './page/live-view-page.ts';
import { LIVE_VIEW_SCRIPT } from './page/live-view-script.ts';
import { LIVE_VIEW_STYLE } from './page/live-view-style.ts';
import { signInPage } from './page/sign-in-page.ts';
import { readFormBody } from './read-form-body.ts';
import { readLogTail } from './read-log-tail.ts';

/** Browsers following the feed at once (all tabs of one browser share one stream); one more gets 503. @default */
export const DEFAULT_MAX_LIVE_VIEW_STREAMS = 16;
/** How long the page waits for a search before saying it got no answer. @default */
export const DEFAULT_SEARCH_TIMEOUT_MS = 15_000;
/** The longest search a page may send (tool_search bounds its own work too). */
const MAX_SEARCH_QUERY = 2_000;

export interface LiveViewOptions {
  /** Browser origins let in besides the loopback ones (http.allowed_origins). @default [] */
  readonly allowedOrigins?: readonly string[];
  /** @default DEFAULT_MAX_LIVE_VIEW_STREAMS */
  readonly maxStreams?: number;
  /**
   * Called when a browser signed in with the current one-time code, with the code that signs in the
   * next one: print it where the first was printed. @default ignore
   */
  readonly onSignedIn?: (nextCode: string) => void;
  /** How long a browser stays signed in. @default DEFAULT_SIGN_IN_MS (12 hours) */
  readonly signInMs?: number;
  /** @default DEFAULT_SEARCH_TIMEOUT_MS */
  readonly searchTimeoutMs?: number;
  /** Feed entries kept for pages that open or reload. @default DEFAULT_HISTORY_SIZE */
  readonly historySize?: number;
  /**
   * In a cluster: the feed the instances share (every instance's calls on every instance's page, each
   * named by its instance), and warnings for the page's state (a store that does not answer).
   */
  readonly cluster?: { readonly feed: SharedFeed; readonly notices: () => readonly string[] };
}

/** The live view: a request handler to mount on a loopback HTTP server, its sign-in, and what closes it. */
export interface LiveView {
  /** Answers a request for the page, its assets, its sign-in or its API; `port` is the server's bound port. */
  handle(request: IncomingMessage, response: ServerResponse, allowedHosts: readonly string[], port: number): void;
  /** The one-time code that signs in the next browser (print it; a new one replaces it once used). */
  signInCode(): string;
  /** Open event streams. */
  streamCount(): number;
  /** Ends every event stream (the server's close would otherwise wait for them) and stops recording the activity. */
  close(): void;
}

/**
 * Every response carries these: no script, style or connection from anywhere but the page's own
 * origin, no framing, no caching, and no referrer to another origin (`same-origin`: with `no-referrer`
 * Chromium sends `Origin: null` on the sign-in form's POST, which the Origin check must refuse).
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
};

/**
 * The gateway's page (issue 17, reworked in issue 28): `/` the page, `/live-view.js` and
 * `/live-view.css` its assets, `/api/state` the servers, what the model sees and the policy,
 * `/api/history` the last entries of the feed, `/api/search?q=` the same tool_search the model runs (in a
 * session of its own, so it reaches neither the log nor the feed), and `/api/events` the activity as
 * server-sent events with ids. A browser signs in with a one-time code the gateway prints (`/sign-in`,
 * form or link), which gets it a cookie of the page's own; the MCP token plays no part. Every request
 * passes checkLiveViewAccess. Everything shown is redacted as the activity log is.
 */
export function createLiveView(gateway: Gateway, options: LiveViewOptions = {}): LiveView {
  /** Open event streams: what ends each, and the cookie value of the browser that opened it. */
  const streams = new Map<() => void, string>();
  const maxStreams = options.maxStreams ?? DEFAULT_MAX_LIVE_VIEW_STREAMS;
  const signInMs = options.signInMs ?? DEFAULT_SIGN_IN_MS;
  const signIn = createLiveViewSignIn({ signInMs });
  const page = liveViewPage({ searchTimeoutMs: options.searchTimeoutMs ?? DEFAULT_SEARCH_TIMEOUT_MS });
  let viewSession: ReturnType<Gateway['createSession']> | undefined;
  const session = () => (viewSession ??= gateway.createSession('live-view', { observed: false }));

  /** Schema tokens a model request does not carry now: worked out once per catalog change. */
  let savedPerRequest: number | undefined;
  const stopSavings = gateway.onToolsChanged(() => (savedPerRequest = undefined));
  const history = createActivityHistory({
    onActivity: (listener) => gateway.onActivity(listener),
    redact: gateway.redact,
    savedPerRequest: () => {
      if (savedPerRequest === undefined) {
        const assembled = session().assemble();
        savedPerRequest = assembled.active ? Math.max(0, assembled.tokensBefore - assembled.tokensAfter) : 0;
      }
      return savedPerRequest;
    },
    seed: gateway.config.activityLog === undefined ? [] : readLogTail(gateway.config.activityLog),
    size: options.historySize ?? DEFAULT_HISTORY_SIZE,
    ...(options.cluster === undefined ? {} : { shared: options.cluster.feed }),
  });

  const send = (
    response: ServerResponse,
    status: number,
    type: string,
    body: string,
    headers: Readonly<Record<string, string>> = {},
  ): void => {
    response.writeHead(status, { ...SECURITY_HEADERS, ...headers, 'content-type': type });
    response.end(body);
  };
  const sendJson = (response: ServerResponse, status: number, value: unknown): void =>
    send(response, status, 'application/json; charset=utf-8', JSON.stringify(value));
  const sendRefusal = (response: ServerResponse, status: number, message: string, headers: Readonly<Record<string, string>> = {}): void =>
    send(response, status, 'text/plain; charset=utf-8', `${message}\n`, headers);
  const sendSignIn = (response: ServerResponse, message: string, headers: Readonly<Record<string, string>> = {}): void =>
    send(response, 401, 'text/html; charset=utf-8', signInPage(message), headers);

  const state = () => {
    const activityLog = gateway.activityLogStatus();
    return buildLiveViewState(
      {
        statuses: gateway.statuses(),
        tools: gateway.tools(),
        assembled: session().assemble(),
        mode: gateway.config.toolSearch.enabled,
        flags: (tool) => gateway.policy.flags(tool),
        warnings: [...gateway.policyWarnings(), ...(options.cluster?.notices() ?? [])],
        ...(activityLog === undefined ? {} : { activityLog }),
      },
      gateway.redact,
    );
  };

  const historyBody = () => ({
    entries: history.items().map((item) => ({ id: item.id, ...item.entry })),
    last_id: history.lastId(),
    total: history.total(),
    kept: options.historySize ?? DEFAULT_HISTORY_SIZE,
    saved_tokens: history.savedTokens(),
    activity_log: gateway.config.activityLog !== undefined,
  });

  const search = async (query: string, limit: number | undefined): Promise<unknown> => {
    const outcome = await session().call(TOOL_SEARCH, { query, ...(limit === undefined ? {} : { limit }) });
    const shown = outcome.ok ? outcome.value : { error: outcome.error.message };
    return redactJson(shown, gateway.redact, { error: 'the results cannot be shown' });
  };

  /** A code from the form or the link: a cookie and on to `/`, or the sign-in page saying why not. */
  const exchangeCode = (response: ServerResponse, code: string | null, cookieName: string): void => {
    if (code === null || code.trim() === '') return sendSignIn(response, 'Enter the one-time code the gateway printed.');
    const exchanged = signIn.exchange(code);
    if (!exchanged.ok) {
      return sendSignIn(
        response,
        exchanged.reason === 'used'
          ? 'This code was used already: each code signs in one browser once. Use the newest code the gateway printed (it prints one each time a browser signs in).'
          : 'This code is wrong: enter the newest one-time code the gateway printed (live view: ... one-time code XXXX-...).',
      );
    }
    options.onSignedIn?.(exchanged.nextCode);
    send(response, 303, 'text/plain; charset=utf-8', 'Signed in; see /\n', {
      'set-cookie': liveViewCookieHeader(cookieName, exchanged.cookieValue, exchanged.maxAgeSeconds),
      location: '/',
    });
  };

  /** The routes a browser that is not signed in may use: the sign-in page and form, and the style sheet. */
  const routeSignedOut = async (
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    cookieName: string,
    message: string,
  ): Promise<void> => {
    if (url.pathname === '/sign-in' && request.method === 'POST')
      return exchangeCode(response, (await readFormBody(request))?.get('code') ?? null, cookieName);
    if (url.pathname === '/sign-in') return exchangeCode(response, url.searchParams.get('code'), cookieName);
    if (url.pathname === '/live-view.css') return send(response, 200, 'text/css; charset=utf-8', LIVE_VIEW_STYLE);
    if (url.pathname === '/') {
      if (url.searchParams.has('token')) {
        return sendSignIn(
          response,
          'The live view no longer takes a token in its address (the browser would keep it in its history): sign in with the one-time code the gateway printed.',
        );
      }
      return sendSignIn(
        response,
        url.searchParams.has('signed-out')
          ? 'Signed out. To come back, sign in with the newest one-time code the gateway printed.'
          : message,
      );
    }
    if (url.pathname === '/sign-out')
      return send(response, 303, 'text/plain; charset=utf-8', 'Signed out; see /\n', { location: '/?signed-out' });
    return sendRefusal(response, 401, message);
  };

  const route = async (
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    cookieName: string,
    cookieValue: string,
  ): Promise<void> => {
    if (request.method === 'POST') {
      if (url.pathname === '/sign-in')
        return send(response, 303, 'text/plain; charset=utf-8', 'Signed in already; see /\n', { location: '/' });
      signIn.signOut(cookieValue);
      // Its open streams end too: a signed-out browser follows nothing.
      for (const [end, owner] of streams) if (owner === cookieValue) end();
      return send(response, 303, 'text/plain; charset=utf-8', 'Signed out; see /\n', {
        'set-cookie': liveViewCookieClearing(cookieName),
        location: '/?signed-out',
      });
    }
    switch (url.pathname) {
      case '/':
        return send(response, 200, 'text/html; charset=utf-8', page);
      case '/sign-in':
        // Already signed in: the code is left for another browser.
        return send(response, 303, 'text/plain; charset=utf-8', 'Signed in already; see /\n', { location: '/' });
      case '/live-view.js':
        return send(response, 200, 'text/javascript; charset=utf-8', LIVE_VIEW_SCRIPT);
      case '/live-view.css':
        return send(response, 200, 'text/css; charset=utf-8', LIVE_VIEW_STYLE);
      case '/api/state':
        return sendJson(response, 200, state());
      case '/api/history':
        return sendJson(response, 200, historyBody());
      case '/api/search': {
        const query = (url.searchParams.get('q') ?? '').slice(0, MAX_SEARCH_QUERY);
        const limitText = url.searchParams.get('limit');
        const limit = limitText === null || !/^\d{1,3}$/.test(limitText) ? undefined : Number(limitText);
        return sendJson(response, 200, await search(query, limit));
      }
      case '/api/events': {
        if (streams.size >= maxStreams) {
          return sendRefusal(
            response,
            503,
            `${maxStreams} browsers already follow this gateway's activity, the most it serves at once (tabs of one browser share one): close the page in another browser, then try again`,
            { 'retry-after': '30' },
          );
        }
        const end = streamActivity(
          response,
          { history, onToolsChanged: (listener) => gateway.onToolsChanged(listener) },
          resumeIdOf(request.headers['last-event-id'], url.searchParams.get('after')),
          SECURITY_HEADERS,
        );
        streams.set(end, cookieValue);
        response.once('close', () => streams.delete(end));
        return;
      }
      default:
        return sendRefusal(response, 404, `Not found: the page is at /${request.method === 'GET' ? '' : ' (GET)'}`);
    }
  };

  return {
    handle(request, response, allowedHosts, port) {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const form = url.pathname === '/sign-in' || url.pathname === '/sign-out';
      if (request.method !== 'GET' && request.method !== 'HEAD' && !(request.method === 'POST' && form)) {
        return sendRefusal(response, 405, 'The page only answers GET (and POST to /sign-in and /sign-out)', { allow: 'GET, HEAD' });
      }
      const cookieName = liveViewCookieName(port);
      const verdict = checkLiveViewAccess(
        { host: request.headers.host, origin: request.headers.origin, cookie: request.headers.cookie },
        { allowedHosts, allowedOrigins: options.allowedOrigins ?? [], cookieName, checkSignIn: signIn.check },
      );
      if (verdict.kind === 'refused')
        return sendRefusal(response, verdict.refusal.status, verdict.refusal.message, verdict.refusal.headers);
      const answered =
        verdict.kind === 'signed-in'
          ? route(request, response, url, cookieName, verdict.cookieValue)
          : routeSignedOut(request, response, url, cookieName, signedOutMessage(verdict.why, signInMs));
      answered.catch(() => {
        if (!response.headersSent) sendRefusal(response, 500, 'The gateway could not answer this request');
        else response.end();
      });
    },
    signInCode: () => signIn.currentCode(),
    streamCount: () => streams.size,
    close() {
      for (const end of [...streams.keys()]) end();
      streams.clear();
      history.close();
      stopSavings();
    },
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { TOOL_SEARCH } from '../../bridge/bridge-tool-names.ts';
import type { Gateway } from '../create-gateway.ts';
import { redactJson } from '../redact-secrets.ts';
import { streamActivity } from './activity-stream.ts';
import { checkLiveViewAccess, liveViewCookieHeader, liveViewCookieName } from './live-view-access.ts';
import { buildLiveViewState } from './live-view-state.ts';
import { LIVE_VIEW_PAGE } from './page/live-view-page.ts';
import { LIVE_VIEW_SCRIPT } from './page/live-view-script.ts';
import { LIVE_VIEW_STYLE } from './page/live-view-style.ts';

/** Browsers following the feed at once; one more gets 503. @default */
export const DEFAULT_MAX_LIVE_VIEW_STREAMS = 16;
/** The longest search a page may send (tool_search bounds its own work too). */
const MAX_SEARCH_QUERY = 2_000;

export interface LiveViewOptions {
  /** The token the start-up URL carries; without it nothing of the page is served. */
  readonly token: string;
  /** Browser origins let in besides the loopback ones (http.allowed_origins). @default [] */
  readonly allowedOrigins?: readonly string[];
  /** @default DEFAULT_MAX_LIVE_VIEW_STREAMS */
  readonly maxStreams?: number;
}

/** The live view: a request handler to mount on a loopback HTTP server, and what closes its streams. */
export interface LiveView {
  /** Answers a request for the page, its assets or its API; `port` is the server's bound port. */
  handle(request: IncomingMessage, response: ServerResponse, allowedHosts: readonly string[], port: number): void;
  /** Open event streams. */
  streamCount(): number;
  /** Ends every event stream (the server's close would otherwise wait for them). */
  close(): void;
}

/**
 * Every response carries these: no script, style or connection from anywhere but the page's own
 * origin, no framing, no caching, no referrer (the start-up URL carries the token).
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/**
 * The gateway's page (issue 17): `/` the page, `/live-view.js` and `/live-view.css` its assets,
 * `/api/state` the servers, what the model sees and the policy, `/api/search?q=` the same tool_search
 * the model runs (in a session of its own, so it reaches neither the log nor the feed), and
 * `/api/events` the activity as server-sent events. Every request passes checkLiveViewAccess; a right
 * `/?token=` sets the cookie and redirects to `/`, so the token leaves the address bar at once.
 * Everything shown is redacted as the activity log is.
 */
export function createLiveView(gateway: Gateway, options: LiveViewOptions): LiveView {
  const streams = new Set<() => void>();
  const maxStreams = options.maxStreams ?? DEFAULT_MAX_LIVE_VIEW_STREAMS;
  let viewSession: ReturnType<Gateway['createSession']> | undefined;
  const session = () => (viewSession ??= gateway.createSession('live-view', { observed: false }));

  const send = (response: ServerResponse, status: number, type: string, body: string, headers: Readonly<Record<string, string>> = {}): void => {
    response.writeHead(status, { ...SECURITY_HEADERS, ...headers, 'content-type': type });
    response.end(body);
  };
  const sendJson = (response: ServerResponse, status: number, value: unknown): void => send(response, status, 'application/json; charset=utf-8', JSON.stringify(value));
  const sendRefusal = (response: ServerResponse, status: number, message: string, headers: Readonly<Record<string, string>> = {}): void =>
    send(response, status, 'text/plain; charset=utf-8', `${message}\n`, headers);

  const state = () => {
    const activityLog = gateway.activityLogStatus();
    return buildLiveViewState(
      {
        statuses: gateway.statuses(),
        tools: gateway.tools(),
        assembled: session().assemble(),
        mode: gateway.config.toolSearch.enabled,
        flags: (tool) => gateway.policy.flags(tool),
        warnings: gateway.policyWarnings(),
        ...(activityLog === undefined ? {} : { activityLog }),
      },
      gateway.redact,
    );
  };

  const search = async (query: string, limit: number | undefined): Promise<unknown> => {
    const outcome = await session().call(TOOL_SEARCH, { query, ...(limit === undefined ? {} : { limit }) });
    const shown = outcome.ok ? outcome.value : { error: outcome.error.message };
    return redactJson(shown, gateway.redact, { error: 'the results cannot be shown' });
  };

  const route = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    switch (url.pathname) {
      case '/':
        return send(response, 200, 'text/html; charset=utf-8', LIVE_VIEW_PAGE);
      case '/live-view.js':
        return send(response, 200, 'text/javascript; charset=utf-8', LIVE_VIEW_SCRIPT);
      case '/live-view.css':
        return send(response, 200, 'text/css; charset=utf-8', LIVE_VIEW_STYLE);
      case '/api/state':
        return sendJson(response, 200, state());
      case '/api/search': {
        const query = (url.searchParams.get('q') ?? '').slice(0, MAX_SEARCH_QUERY);
        const limitText = url.searchParams.get('limit');
        const limit = limitText === null || !/^\d{1,3}$/.test(limitText) ? undefined : Number(limitText);
        return sendJson(response, 200, await search(query, limit));
      }
      case '/api/events': {
        if (streams.size >= maxStreams) return sendRefusal(response, 503, `${maxStreams} pages already follow this gateway's activity; close one`);
        const end = streamActivity(response, gateway, gateway.redact, SECURITY_HEADERS);
        streams.add(end);
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
      if (request.method !== 'GET' && request.method !== 'HEAD') return sendRefusal(response, 405, 'The page only answers GET', { allow: 'GET, HEAD' });
      const cookieName = liveViewCookieName(port);
      const token = url.pathname === '/' ? (url.searchParams.get('token') ?? undefined) : undefined;
      const verdict = checkLiveViewAccess(
        { host: request.headers.host, origin: request.headers.origin, cookie: request.headers.cookie },
        token,
        { allowedHosts, allowedOrigins: options.allowedOrigins ?? [], token: options.token, cookieName },
      );
      if (verdict.kind === 'refused') return sendRefusal(response, verdict.refusal.status, verdict.refusal.message, verdict.refusal.headers);
      if (verdict.kind === 'sign-in') {
        return send(response, 303, 'text/plain; charset=utf-8', 'Signed in; see /\n', { 'set-cookie': liveViewCookieHeader(cookieName, verdict.cookieValue), location: '/' });
      }
      route(request, response, url).catch(() => {
        if (!response.headersSent) sendRefusal(response, 500, 'The gateway could not answer this request');
        else response.end();
      });
    },
    streamCount: () => streams.size,
    close() {
      for (const end of [...streams]) end();
      streams.clear();
    },
  };
}

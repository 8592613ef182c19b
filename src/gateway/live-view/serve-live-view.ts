import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ToolSearchError } from '../../errors/tool-search-error.ts';
import type { Gateway } from '../create-gateway.ts';
import { unusableTokenReason } from '../http-config.ts';
import { createLiveView, type LiveViewOptions } from './create-live-view.ts';

/** The address the page listens on by default: loopback only, since it shows what the model does. */
export const LIVE_VIEW_HOST = '127.0.0.1';

export interface ServedLiveView {
  /** `http://127.0.0.1:<port>/` (without the token). */
  readonly url: URL;
  /** The URL that signs a browser in: `url` with `?token=...`. Print it once; it is a secret. */
  readonly signInUrl: URL;
  close(): Promise<void>;
}

/**
 * Serves the live view alone on `http://127.0.0.1:<port>/` (port 0 picks a free one): the page of a
 * stdio gateway (`serve --ui PORT`), whose MCP channel is stdin/stdout. Throws a ToolSearchError for an
 * unusable token, and the listen error (EADDRINUSE, EACCES) as it is.
 */
export async function serveLiveView(gateway: Gateway, port: number, options: LiveViewOptions): Promise<ServedLiveView> {
  const problem = unusableTokenReason(options.token);
  if (problem !== undefined) throw new ToolSearchError('invalid_config_file', `the live view's token ${problem}`);
  const view = createLiveView(gateway, options);
  let allowedHosts: readonly string[] = [];
  let bound = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => view.handle(request, response, allowedHosts, bound));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LIVE_VIEW_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  bound = (server.address() as AddressInfo).port;
  allowedHosts = [`${LIVE_VIEW_HOST}:${bound}`, `localhost:${bound}`];
  return liveViewAddresses(`http://${LIVE_VIEW_HOST}:${bound}/`, options.token, async () => {
    view.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

/** The page's URL and its sign-in URL, for a server at `base`. */
export function liveViewAddresses(base: string, token: string, close: () => Promise<void>): ServedLiveView {
  const signInUrl = new URL(base);
  signInUrl.searchParams.set('token', token);
  return { url: new URL(base), signInUrl, close };
}

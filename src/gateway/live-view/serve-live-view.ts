import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Gateway } from '../create-gateway.ts';
import { createLiveView, type LiveView, type LiveViewOptions } from './create-live-view.ts';

/** The address the page listens on by default: loopback only, since it shows what the model does. */
export const LIVE_VIEW_HOST = '127.0.0.1';

export interface ServedLiveView {
  /** `http://127.0.0.1:<port>/`: no secret in it (a browser signs in with a one-time code). */
  readonly url: URL;
  /** The page: its current sign-in code (`view.signInCode()`), its streams. */
  readonly view: LiveView;
  close(): Promise<void>;
}

/**
 * Serves the live view alone on `http://127.0.0.1:<port>/` (port 0 picks a free one): the page of a
 * stdio gateway (`serve --ui PORT`), whose MCP channel is stdin/stdout. Throws the listen error
 * (EADDRINUSE, EACCES) as it is.
 */
export async function serveLiveView(gateway: Gateway, port: number, options: LiveViewOptions = {}): Promise<ServedLiveView> {
  const view = createLiveView(gateway, options);
  let allowedHosts: readonly string[] = [];
  let bound = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => view.handle(request, response, allowedHosts, bound));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, LIVE_VIEW_HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    view.close();
    throw error;
  }
  bound = (server.address() as AddressInfo).port;
  allowedHosts = [`${LIVE_VIEW_HOST}:${bound}`, `localhost:${bound}`];
  return {
    url: new URL(`http://${LIVE_VIEW_HOST}:${bound}/`),
    view,
    async close() {
      view.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The link that signs a browser in with `code` for the page at `base`. Useless once used: the browser's
 * history may keep it, but it opens nothing again.
 */
export function liveViewSignInLink(base: URL, code: string): URL {
  const link = new URL('/sign-in', base);
  link.searchParams.set('code', code);
  return link;
}

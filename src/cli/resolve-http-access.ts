import { unusableTokenReason, type HttpClientToken } from '../gateway/http-config.ts';
import { UsageError } from './usage-error.ts';

/** The environment variable `serve --http` reads its bearer token from, before the config's `http.token`. */
export const HTTP_TOKEN_VARIABLE = 'TOOL_SEARCH_HTTP_TOKEN';

/** What `serve --http` was given to decide how clients authenticate. */
export interface HttpAccessInputs {
  /** The value of TOOL_SEARCH_HTTP_TOKEN, undefined when unset. */
  readonly environmentToken: string | undefined;
  /** `http.token` of the resolved config. */
  readonly configToken: string | undefined;
  /** `http.clients` of the resolved config. @default [] */
  readonly clients?: readonly HttpClientToken[];
  /** The config file, named in the message saying where the token came from. */
  readonly configPath: string;
  /** `--allow-unauthenticated` was passed. */
  readonly allowUnauthenticated: boolean;
  /** The address the gateway binds: serving without a token is accepted only on a loopback one. */
  readonly bindHost: string;
}

/**
 * How `serve --http` lets clients in: with tokens (the single token and where it came from, and the
 * named clients; at least one of them), or explicitly without any.
 */
export type HttpAccess =
  | { readonly token: string | undefined; readonly source: string | undefined; readonly clients: readonly HttpClientToken[] }
  | { readonly token: undefined; readonly allowUnauthenticated: true };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * Picks the bearer token for `serve --http`: TOOL_SEARCH_HTTP_TOKEN, else the config's `http.token`.
 * Without either, serving is refused (a UsageError, exit 2) unless `--allow-unauthenticated` was passed
 * for a loopback bind: an open HTTP gateway lets any local process, or a web page that gets past the
 * Origin check, run the user's tools. Messages never contain the token.
 */
export function resolveHttpAccess(inputs: HttpAccessInputs): HttpAccess {
  const clients = inputs.clients ?? [];
  if (inputs.environmentToken !== undefined) {
    const reason = unusableTokenReason(inputs.environmentToken);
    if (reason !== undefined) throw new UsageError(`${HTTP_TOKEN_VARIABLE} ${reason}; set it to the token clients must send, or unset it`);
    const twin = clients.find((client) => client.token === inputs.environmentToken);
    // One token, one identity: sessions opened with it would belong to two.
    if (twin !== undefined)
      throw new UsageError(`${HTTP_TOKEN_VARIABLE} is also the token of http.clients.${twin.name}; give each a token of its own`);
    return { token: inputs.environmentToken, source: HTTP_TOKEN_VARIABLE, clients };
  }
  if (inputs.configToken !== undefined) return { token: inputs.configToken, source: `http.token in ${inputs.configPath}`, clients };
  if (clients.length > 0) return { token: undefined, source: undefined, clients };
  if (inputs.allowUnauthenticated) {
    if (!LOOPBACK_HOSTS.has(inputs.bindHost)) {
      throw new UsageError(
        `--allow-unauthenticated is accepted only for a loopback address, not ${inputs.bindHost}; set ${HTTP_TOKEN_VARIABLE} instead`,
      );
    }
    return { token: undefined, allowUnauthenticated: true };
  }
  throw new UsageError(
    `--http needs a bearer token so that only your clients can use the gateway: set ${HTTP_TOKEN_VARIABLE} ` +
      `(e.g. export ${HTTP_TOKEN_VARIABLE}=$(openssl rand -hex 32)) or http.token in the config (e.g. token: "\${env:MY_TOKEN}") ` +
      `or a token per client in http.clients (e.g. clients: {ada: "\${env:ADA_TOKEN}"}), ` +
      `and have clients send 'Authorization: Bearer <token>'; or pass --allow-unauthenticated to serve 127.0.0.1 without one`,
  );
}

import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { ActivityEvent } from '../dispatch/hooks.ts';
import { createRequestSources, type RequestCounts, type RequestSources } from '../requests/request-sources.ts';
import type { LearnedRequestStore } from '../requests/learned-requests.ts';
import { createChatRequestWriter } from '../request-pack/chat-request-writer.ts';
import { openLearnedRequestFile } from '../request-pack/learned-request-file.ts';
import { loadRequestPack, type PackMatch, type RequestPack } from '../request-pack/load-request-pack.ts';
import { packagesInCommand, type ServerIdentity } from '../request-pack/server-identity.ts';
import {
  defaultRequestCacheDirectory,
  defaultStateDirectory,
  LEARNED_REQUESTS_FILE,
  WRITTEN_REQUESTS_FILE,
} from '../request-pack/state-folders.ts';
import { openWrittenRequestFile } from '../request-pack/written-request-file.ts';
import { originalNameOf, type Tool } from '../tools/tool.ts';
import type { Upstream } from './create-upstream.ts';
import type { GatewayConfig, UpstreamConfig } from './gateway-config.ts';
import type { Redactor } from './redact-secrets.ts';

export interface GatewayRequestSourcesOptions {
  readonly config: GatewayConfig;
  readonly upstreams: readonly Upstream[];
  /** Tools policy hides: they get no requests, teach nothing and are never sent to the user's model. */
  readonly isHidden: (tool: Tool) => boolean;
  readonly redact: Redactor;
  readonly log: (line: string) => void;
  /** Where learned requests are kept. @default defaultStateDirectory() */
  readonly stateDirectory?: string;
  /** Where the user's model's requests are kept. @default defaultRequestCacheDirectory() */
  readonly cacheDirectory?: string;
  /** @default the shipped pack (loadRequestPack()) */
  readonly pack?: RequestPack;
  /** Wraps the learned-request file when learning is on (a cluster shares what is learned: cluster/shared-learning.ts). @default as it is */
  readonly learnedRequests?: (local: LearnedRequestStore) => LearnedRequestStore;
}

/** The gateway's request sources, as the config's `search` block asks for them. */
export interface GatewayRequestSources {
  /** The catalog's tools with their requests attached (see RequestSources.attach). */
  attach(tools: readonly Tool[]): readonly Tool[];
  /** Shows an observed session's activity to learning (when `search.learn` is on). */
  observe(event: ActivityEvent, toolNamed: (name: string) => Tool | undefined): void;
  /** The pack entry a server matched, or undefined (no match, pack off, or not connected yet). */
  packMatchOf(server: string): PackMatch | undefined;
  /** How many requests a tool has from each source. */
  countsOf(tool: Tool): RequestCounts;
  /** Where learned requests are kept, when learning is on. */
  readonly learnedFile: string | undefined;
  /** Resolves once the user's model has nothing to write now. */
  idle(): Promise<void>;
  close(): void;
}

/**
 * Builds the request sources of `search`: the shipped pack (`pack`, matched per upstream by its
 * command line or URL, the serverInfo.name it announced, then its config name), learned requests in
 * the state folder (`learn`, keyed by {@link learnedServerKeys} and the upstream tool name), and the
 * user's model (`expand`, cached in the cache folder). Nothing is read for a source that is off, and
 * the pack reads only the files of the servers that match.
 */
export function createGatewayRequestSources(options: GatewayRequestSourcesOptions): GatewayRequestSources {
  const { config, log } = options;
  const search = config.search;
  const byName = new Map(options.upstreams.map((upstream) => [upstream.name, upstream]));
  const pack = search.pack ? (options.pack ?? loadRequestPack({ onWarning: (line) => log(`warning: ${line}`) })) : undefined;
  const matches = new Map<string, PackMatch | undefined>();
  const packMatchOf = (server: string): PackMatch | undefined => {
    const upstream = byName.get(server);
    if (pack === undefined || upstream === undefined) return undefined;
    const serverName = upstream.serverInfo()?.name;
    const key = `${server}\u0000${serverName ?? ''}`;
    if (!matches.has(key)) matches.set(key, pack.match(identityOf(upstream.config, serverName)));
    return matches.get(key);
  };
  const serverOf = (tool: Tool): string | undefined => (tool.toolset.startsWith('mcp-') ? tool.toolset.slice(4) : undefined);
  const learnedFile = search.learn ? join(options.stateDirectory ?? defaultStateDirectory(), LEARNED_REQUESTS_FILE) : undefined;
  const expand = search.expand;

  const sources: RequestSources = createRequestSources({
    isHidden: options.isHidden,
    redact: options.redact,
    ...(pack === undefined
      ? {}
      : {
          pack: (tool: Tool) => {
            const server = serverOf(tool);
            const match = server === undefined ? undefined : packMatchOf(server);
            return match === undefined ? undefined : pack.requestsOf(match.id).get(originalNameOf(tool));
          },
          // Why and when a tool is needed: attached only where every tool has requests of its own.
          situational: (tool: Tool) => {
            const server = serverOf(tool);
            const match = server === undefined ? undefined : packMatchOf(server);
            return match === undefined ? undefined : pack.situationalOf(match.id).get(originalNameOf(tool));
          },
          // The pack's other servers lend to tools of an uncovered server named like theirs (balanceRequests).
          lenders: () => pack.lenders(new Set(options.upstreams.flatMap((upstream) => packMatchOf(upstream.name)?.id ?? []))),
        }),
    ...(learnedFile === undefined
      ? {}
      : {
          learn: (options.learnedRequests ?? ((local) => local))(
            openLearnedRequestFile(learnedFile, { onWarning: (line) => log(`warning: search.learn: ${line}`) }),
          ),
        }),
    serverKeysOf: (tool) => {
      const upstream = byName.get(serverOf(tool) ?? '');
      return upstream === undefined ? [tool.toolset] : learnedServerKeys(upstream.config);
    },
    ...(expand === undefined
      ? {}
      : {
          writeRequests: createChatRequestWriter({
            url: expand.url,
            model: expand.model,
            ...(expand.apiKey === undefined ? {} : { apiKey: expand.apiKey }),
          }),
          writeFor: expand.tools,
          writing: {
            model: expand.model,
            timeoutMs: expand.timeoutMs,
            cache: openWrittenRequestFile(join(options.cacheDirectory ?? defaultRequestCacheDirectory(), WRITTEN_REQUESTS_FILE), {
              onWarning: (line) => log(`warning: search.expand: ${line}`),
            }),
            // The URL as written: expanded, it may carry a secret.
            onWarning: (line) => log(`warning: search.expand (${expand.displayUrl}, model ${expand.model}): ${line}`),
          },
        }),
  });

  return {
    attach: (tools) => sources.attach(tools),
    observe: (event, toolNamed) => sources.observe(event, toolNamed),
    packMatchOf,
    countsOf: (tool) => sources.countsOf(tool),
    learnedFile,
    idle: () => sources.idle(),
    close: () => sources.close(),
  };
}

/** What the pack may recognise an upstream by: its config name, its command line or URL, what it announced. */
function identityOf(config: UpstreamConfig, serverName: string | undefined): ServerIdentity {
  return {
    name: config.name,
    ...(config.transport === 'stdio' ? { command: config.command, args: config.args } : { url: config.url.href }),
    ...(serverName === undefined ? {} : { serverName }),
  };
}

/**
 * The keys a server's learned requests are kept under: first what it runs (`package:<name>` from its
 * command line, or `url:<origin>#<hash of the path>` for a remote server: a path may hold a key), so that renaming it in the config
 * keeps them; then `config:<name>`, which an activity log imported without its config gives. Written
 * under the first, read under both.
 */
export function learnedServerKeys(config: UpstreamConfig): string[] {
  const byName = `config:${config.name}`;
  if (config.transport !== 'stdio') {
    const path = createHash('sha256').update(config.url.pathname.replace(/\/+$/, '')).digest('hex').slice(0, 12);
    return [`url:${config.url.origin}#${path}`, byName];
  }
  const [first] = packagesInCommand(config.command, config.args).packages;
  return first === undefined ? [byName] : [`package:${first}`, byName];
}

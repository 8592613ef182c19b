import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messageOf } from '../errors/message-of.ts';
import type { FixedRequests } from '../requests/request-sources.ts';
import { originalNameOf, type Tool } from '../tools/tool.ts';
import { parsePackManifest, parsePackServerFile, type PackManifest, type PackServer } from './request-pack-manifest.ts';
import { packagesInCommand, type ServerIdentity } from './server-identity.ts';

/** The pack that ships with the package: request-pack/ beside src/ and dist/. */
export const DEFAULT_REQUEST_PACK_DIRECTORY = fileURLToPath(new URL('../../request-pack/', import.meta.url));

/** How a server was recognised, in the order the pack tries: by what it runs, what it calls itself, what the config calls it. */
export type PackMatchKind = 'package' | 'command' | 'url' | 'server_name' | 'config_name';

/** The pack entry a server matched, and by what. */
export interface PackMatch {
  readonly id: string;
  readonly by: PackMatchKind;
  /** The package, command, URL or name that matched. */
  readonly value: string;
}

export interface RequestPackOptions {
  /** @default DEFAULT_REQUEST_PACK_DIRECTORY */
  readonly directory?: string;
  /** Reads a file of the pack as text (tests count the reads). @default readFileSync(path, 'utf8') */
  readonly readFile?: (path: string) => string;
  /** One line when the manifest or a server's file cannot be read; that part then gives no requests. @default ignore */
  readonly onWarning?: (message: string) => void;
}

/** Requests for known MCP servers' tools, read lazily: the manifest at first use, a server's file only once a server matches it. */
export interface RequestPack {
  /** The servers the manifest lists (reads it on first use; empty when it cannot be read). */
  servers(): readonly PackServer[];
  /** The entry a server matches, or undefined: by package or command line, URL, serverInfo.name, then config name (or pack id). */
  match(identity: ServerIdentity): PackMatch | undefined;
  /** A pack server's requests by upstream tool name (reads its file on first use; empty when it cannot be read). */
  requestsOf(id: string): ReadonlyMap<string, readonly string[]>;
  /**
   * A pack server's situational requests by upstream tool name (PackServerFile.situational: why and
   * when someone needs a tool), from the same file; empty when it has none.
   */
  situationalOf(id: string): ReadonlyMap<string, readonly string[]>;
  /**
   * Requests for `createRequestSources({pack})`: a tool of toolset `mcp-<name>` gets the requests of
   * the entry its server matches (`servers[name]`, else the name alone as a config name or pack id)
   * for its upstream name; a tool the entry does not list gets none.
   */
  lookup(servers?: Readonly<Record<string, ServerIdentity>>): FixedRequests;
  /** {@link lookup} for the situational requests: for `createRequestSources({situational})`. */
  situationalLookup(servers?: Readonly<Record<string, ServerIdentity>>): FixedRequests;
  /**
   * The pack's tools of every server but `connected` (pack ids), each with its requests and toolset
   * `pack-<id>`: what may lend requests to a connected server the pack does not cover
   * (balanceRequests). Reads every other server's file, once, the first time it is asked.
   */
  lenders(connected: ReadonlySet<string>): readonly Tool[];
  /**
   * {@link lenders} for a session of `tools`, named as {@link lookup} names them: the pack's tools of
   * the servers none of their toolsets matches. For `createRequestSources({lenders})`.
   */
  lendersFor(tools: readonly Tool[], servers?: Readonly<Record<string, ServerIdentity>>): readonly Tool[];
}

/** Opens the request pack; nothing is read until it is first asked something. */
export function loadRequestPack(options: RequestPackOptions = {}): RequestPack {
  const directory = options.directory ?? DEFAULT_REQUEST_PACK_DIRECTORY;
  const readFile = options.readFile ?? ((path: string) => readFileSync(path, 'utf8'));
  const warn = options.onWarning ?? (() => undefined);
  let manifest: PackManifest | undefined;
  let index: ReturnType<typeof indexManifest> | undefined;
  const files = new Map<
    string,
    { readonly tools: ReadonlyMap<string, readonly string[]>; readonly situational: ReadonlyMap<string, readonly string[]> }
  >();
  const fileOf = (id: string) => {
    const known = files.get(id);
    if (known !== undefined) return known;
    const server = indexNow().byId.get(id);
    let read = { tools: new Map<string, readonly string[]>(), situational: new Map<string, readonly string[]>() };
    if (server !== undefined) {
      try {
        const file = parsePackServerFile(readFile(join(directory, server.file)));
        read = { tools: new Map(Object.entries(file.tools)), situational: new Map(Object.entries(file.situational ?? {})) };
      } catch (error) {
        warn(`request pack: cannot read ${join(directory, server.file)} (${messageOf(error)}); no pack requests for ${id}`);
      }
    }
    files.set(id, read);
    return read;
  };
  /** The requests of `of` (a server's tools or situational ones) for a tool of toolset `mcp-<name>`, matched as {@link RequestPack.lookup} says. */
  const lookupIn = (
    of: (id: string) => ReadonlyMap<string, readonly string[]>,
    servers: Readonly<Record<string, ServerIdentity>>,
  ): FixedRequests => {
    const matches = new Map<string, PackMatch | undefined>();
    return (tool: Tool) => {
      if (!tool.toolset.startsWith('mcp-')) return undefined;
      const name = tool.toolset.slice(4);
      if (!matches.has(name)) matches.set(name, pack.match(servers[name] ?? servers[tool.toolset] ?? { name }));
      const found = matches.get(name);
      return found === undefined ? undefined : of(found.id).get(originalNameOf(tool));
    };
  };

  const manifestNow = (): PackManifest => {
    if (manifest !== undefined) return manifest;
    try {
      manifest = parsePackManifest(readFile(join(directory, 'manifest.json')));
    } catch (error) {
      warn(`request pack: cannot read ${join(directory, 'manifest.json')} (${messageOf(error)}); no pack requests`);
      manifest = { format: 1, servers: [] };
    }
    return manifest;
  };
  const indexNow = () => (index ??= indexManifest(manifestNow()));

  let allLenders: readonly Tool[] | undefined;
  const pack: RequestPack = {
    lenders(connected) {
      allLenders ??= manifestNow().servers.flatMap((server) =>
        [...pack.requestsOf(server.id)].map(([name, requests]): Tool => ({
          name,
          description: '',
          parameters: { type: 'object' },
          toolset: `pack-${server.id}`,
          kind: 'mcp',
          requests,
        })),
      );
      return allLenders.filter((tool) => !connected.has(tool.toolset.slice('pack-'.length)));
    },
    lendersFor(tools, servers = {}) {
      const connected = new Set<string>();
      for (const toolset of new Set(tools.map((tool) => tool.toolset))) {
        if (!toolset.startsWith('mcp-')) continue;
        const name = toolset.slice(4);
        const found = pack.match(servers[name] ?? servers[toolset] ?? { name });
        if (found !== undefined) connected.add(found.id);
      }
      return pack.lenders(connected);
    },
    servers: () => manifestNow().servers,
    match(identity) {
      return matchIdentity(indexNow(), identity);
    },
    requestsOf: (id) => fileOf(id).tools,
    situationalOf: (id) => fileOf(id).situational,
    lookup: (servers = {}) => lookupIn(pack.requestsOf, servers),
    situationalLookup: (servers = {}) => lookupIn(pack.situationalOf, servers),
  };
  return pack;
}

interface ManifestIndex {
  readonly byId: ReadonlyMap<string, PackServer>;
  readonly packages: ReadonlyMap<string, string>;
  readonly commands: ReadonlyMap<string, string>;
  readonly urls: ReadonlyMap<string, string>;
  readonly serverNames: ReadonlyMap<string, string>;
  readonly configNames: ReadonlyMap<string, string>;
}

/** Lookup tables of the manifest's identities (the first entry naming one keeps it). */
function indexManifest(manifest: PackManifest): ManifestIndex {
  const byId = new Map<string, PackServer>();
  const packages = new Map<string, string>();
  const commands = new Map<string, string>();
  const urls = new Map<string, string>();
  const serverNames = new Map<string, string>();
  const configNames = new Map<string, string>();
  const add = (map: Map<string, string>, key: string, id: string) => {
    if (!map.has(key)) map.set(key, id);
  };
  for (const server of manifest.servers) {
    byId.set(server.id, server);
    const {
      npm = [],
      pypi = [],
      commands: executables = [],
      urls: addresses = [],
      server_names = [],
      config_names = [],
    } = server.identities;
    for (const name of npm) add(packages, name.toLowerCase(), server.id);
    for (const name of pypi) add(packages, pypiKey(name), server.id);
    // An unscoped npm package installed globally runs as its own name (a scoped one's bin is anyone's guess).
    for (const name of [...executables, ...npm.filter((name) => !name.includes('/') && !name.includes(':'))])
      add(commands, name.toLowerCase(), server.id);
    for (const address of addresses) add(urls, urlKey(address), server.id);
    for (const name of server_names) add(serverNames, name.toLowerCase(), server.id);
    for (const name of [...config_names, server.id]) add(configNames, configKey(name), server.id);
  }
  return { byId, packages, commands, urls, serverNames, configNames };
}

function matchIdentity(index: ManifestIndex, identity: ServerIdentity): PackMatch | undefined {
  if (identity.command !== undefined) {
    const launched = packagesInCommand(identity.command, identity.args ?? []);
    for (const name of launched.packages) {
      const id = index.packages.get(name.toLowerCase()) ?? index.packages.get(pypiKey(name));
      if (id !== undefined) return { id, by: 'package', value: name };
    }
    for (const name of launched.commands) {
      const id = index.commands.get(name.toLowerCase());
      if (id !== undefined) return { id, by: 'command', value: name };
    }
  }
  for (const address of [identity.url, ...(identity.args ?? []).filter((arg) => /^https?:\/\//i.test(arg))]) {
    const id = address === undefined ? undefined : index.urls.get(urlKey(address));
    if (id !== undefined) return { id, by: 'url', value: address! };
  }
  if (identity.serverName !== undefined) {
    const id = index.serverNames.get(identity.serverName.toLowerCase());
    if (id !== undefined) return { id, by: 'server_name', value: identity.serverName };
  }
  if (identity.name !== undefined) {
    const id = index.configNames.get(configKey(identity.name));
    if (id !== undefined) return { id, by: 'config_name', value: identity.name };
  }
  return undefined;
}

/** PyPI's own normalisation of a project name. */
function pypiKey(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

function configKey(name: string): string {
  return name.toLowerCase().replace(/[-_\s]+/g, '-');
}

function urlKey(address: string): string {
  try {
    const url = new URL(address);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return address.toLowerCase();
  }
}

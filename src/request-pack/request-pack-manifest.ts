/** How the pack recognises a server (request-pack/manifest.json, `identities`). */
export interface PackIdentities {
  /** npm packages of the server family (`@modelcontextprotocol/server-github`). */
  readonly npm?: readonly string[];
  /** PyPI packages (`mcp-server-git`), compared as PyPI compares names (case, `-`, `_` and `.` alike). */
  readonly pypi?: readonly string[];
  /** Executables and container images (`github-mcp-server`, `ghcr.io/github/github-mcp-server`). */
  readonly commands?: readonly string[];
  /** URLs of remote servers. */
  readonly urls?: readonly string[];
  /** Names the server announces in `initialize` (serverInfo.name). */
  readonly server_names?: readonly string[];
  /** Names users usually give it in a config (`github`); compared ignoring case, `-` and `_` alike. */
  readonly config_names?: readonly string[];
}

/** One tool list the requests were written from. */
export interface PackSource {
  readonly name: string;
  readonly version: string;
}

/** One server of the pack. */
export interface PackServer {
  readonly id: string;
  /** Its requests, relative to the pack's folder (`servers/github.json`). */
  readonly file: string;
  readonly identities: PackIdentities;
  readonly sources: readonly PackSource[];
  /** Tools it has requests for, and requests in all. */
  readonly tools: number;
  readonly requests: number;
  /** Situational requests in all (PackServerFile.situational), when the file has some. */
  readonly situational?: number;
}

export interface PackManifest {
  readonly format: 1;
  readonly servers: readonly PackServer[];
}

/**
 * A server's file: `{server, tool_list_source, written, tools: {<upstream tool name>: [requests]}}`,
 * and optionally `situational`, the same shape: requests saying why and when someone needs a tool
 * (the situation, a step of a bigger task), attached only where every tool of a session has requests
 * of its own (docs/requests.md).
 */
export interface PackServerFile {
  readonly server: string;
  readonly tool_list_source: string;
  readonly written: string;
  readonly tools: Readonly<Record<string, readonly string[]>>;
  readonly situational?: Readonly<Record<string, readonly string[]>>;
  /** How the situational requests were written. */
  readonly situational_written?: string;
}

/** The manifest read from its JSON text; throws an Error naming what is wrong. */
export function parsePackManifest(text: string): PackManifest {
  const value = JSON.parse(text) as unknown;
  if (!isRecord(value) || value['format'] !== 1 || !Array.isArray(value['servers'])) {
    throw new Error('not a request pack manifest (expected {"format": 1, "servers": [...]})');
  }
  value['servers'].forEach((server: unknown, index: number) => {
    if (!isRecord(server) || typeof server['id'] !== 'string' || typeof server['file'] !== 'string' || !isRecord(server['identities'])) {
      throw new Error(`servers[${index}] needs an id, a file and identities`);
    }
    for (const [key, names] of Object.entries(server['identities'])) {
      if (!Array.isArray(names) || !names.every((name) => typeof name === 'string'))
        throw new Error(`servers[${index}].identities.${key} must be a list of strings`);
    }
  });
  return value as unknown as PackManifest;
}

/** A server's file read from its JSON text; throws an Error naming what is wrong. */
export function parsePackServerFile(text: string): PackServerFile {
  const value = JSON.parse(text) as unknown;
  if (!isRecord(value) || typeof value['server'] !== 'string' || !isRecord(value['tools'])) {
    throw new Error('not a request pack server file (expected {"server": ..., "tools": {...}})');
  }
  for (const key of ['tools', 'situational'] as const) {
    const lists = value[key];
    if (lists === undefined && key === 'situational') continue;
    if (!isRecord(lists)) throw new Error(`${key} must be an object of request lists`);
    for (const [tool, requests] of Object.entries(lists)) {
      if (!Array.isArray(requests) || !requests.every((request) => typeof request === 'string'))
        throw new Error(`${key}.${tool} must be a list of strings`);
    }
  }
  return value as unknown as PackServerFile;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import { closestKey } from '../config/closest-key.ts';

/** The toolsets a `--toolsets` list names, and the names in it that match none. */
export interface ResolvedToolsetNames {
  /** Each name as the toolset is called: `github` becomes `mcp-github` when that is the toolset. */
  readonly toolsets: string[];
  /** The names, as given, that are no toolset of `known`. */
  readonly unknown: string[];
}

/**
 * Resolves the names of a `--toolsets` list against the toolsets there are, the same way in every
 * command: a toolset's own name, or for an MCP server's toolset `mcp-<server>` its short name
 * `<server>`. An unknown name is kept as given (it matches nothing) and reported in `unknown`.
 */
export function resolveToolsetNames(asked: readonly string[], known: readonly string[]): ResolvedToolsetNames {
  const toolsets: string[] = [];
  const unknown: string[] = [];
  for (const name of asked) {
    if (known.includes(name)) toolsets.push(name);
    else if (known.includes(`mcp-${name}`)) toolsets.push(`mcp-${name}`);
    else {
      toolsets.push(name);
      unknown.push(name);
    }
  }
  return { toolsets, unknown };
}

/**
 * The one warning every command gives for names of `--toolsets` that match nothing, with the toolset
 * each most likely meant and what `holder` ("the tools file", "the config") has:
 * `--toolsets: no toolset 'githb' in the config (did you mean 'github'?); it has: mcp-github, mcp-memory`.
 */
export function unknownToolsetsWarning(unknown: readonly string[], known: readonly string[], holder: string): string {
  const shortNames = known.filter((toolset) => toolset.startsWith('mcp-')).map((toolset) => toolset.slice(4));
  const named = unknown.map((name) => {
    const meant = closestKey(name, [...known, ...shortNames]);
    return `'${name}'${meant === undefined ? '' : ` (did you mean '${meant}'?)`}`;
  });
  const has = known.length === 0 ? 'it has none' : `it has: ${[...known].sort().join(', ')}`;
  return `--toolsets: no toolset ${named.join(', ')} in ${holder}; ${has} (an MCP server's toolset may be named mcp-<server> or <server>)`;
}

import { createHash } from 'node:crypto';

/** Longest tool name the OpenAI and Anthropic APIs accept. */
export const MAX_TOOL_NAME_LENGTH = 64;

/** One upstream tool to be named: the server it comes from and the server's own name for it. */
export interface McpToolIdentity {
  readonly server: string;
  readonly tool: string;
}

/** A tool whose model-visible name is not plain `mcp_<server>_<tool>`, and why. */
export interface McpToolRename extends McpToolIdentity {
  /** The name the model sees. */
  readonly name: string;
  /** `sanitized` (characters replaced), `truncated` (over 64 characters) or `collision` (another tool had the name). */
  readonly reason: 'sanitized' | 'truncated' | 'collision';
}

export interface McpToolNaming {
  /** Model-visible name per tool, in the order the tools were given. */
  readonly names: readonly string[];
  /** Every tool whose name differs from the plain `mcp_<server>_<tool>`, sorted by server, then tool. */
  readonly renames: readonly McpToolRename[];
}

/**
 * Names MCP tools for a model: `mcp_<server>_<tool>` with every character outside `[A-Za-z0-9_-]`
 * replaced by `_`, at most 64 characters. A name that would be longer is cut and ends in `_` plus 6
 * hex digits of a hash of the server and tool, so two long names sharing a prefix stay apart.
 *
 * Collisions (`a.b` and `a_b` both become `a_b`) are resolved deterministically, whatever order the
 * tools arrive in: of the tools wanting the same name, the first in (server, tool) order keeps it and
 * each other one gets the hash suffix of its own identity. The suffix depends only on the tool itself,
 * so a tool's name does not change when unrelated tools come and go.
 */
export function nameMcpTools(tools: readonly McpToolIdentity[]): McpToolNaming {
  const order = tools.map((_, index) => index).sort((left, right) => compareIdentity(tools[left]!, tools[right]!));
  const names: string[] = new Array<string>(tools.length);
  const renames: McpToolRename[] = [];
  const taken = new Set<string>();
  for (const index of order) {
    const identity = tools[index]!;
    const plain = `mcp_${identity.server}_${identity.tool}`;
    const sanitized = plain.replace(/[^A-Za-z0-9_-]/g, '_');
    let name = sanitized.length <= MAX_TOOL_NAME_LENGTH ? sanitized : withSuffix(sanitized, identity, 0);
    let reason: McpToolRename['reason'] | undefined =
      sanitized.length > MAX_TOOL_NAME_LENGTH ? 'truncated' : sanitized !== plain ? 'sanitized' : undefined;
    for (let attempt = 0; taken.has(name); attempt += 1) {
      name = withSuffix(sanitized, identity, attempt);
      reason = 'collision';
    }
    taken.add(name);
    names[index] = name;
    if (reason !== undefined) renames.push({ server: identity.server, tool: identity.tool, name, reason });
  }
  return { names, renames };
}

function withSuffix(sanitized: string, identity: McpToolIdentity, attempt: number): string {
  const seed = `${identity.server}\u0000${identity.tool}${attempt === 0 ? '' : `\u0000${attempt}`}`;
  const suffix = `_${createHash('sha256').update(seed).digest('hex').slice(0, 6)}`;
  return sanitized.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length) + suffix;
}

function compareIdentity(left: McpToolIdentity, right: McpToolIdentity): number {
  if (left.server !== right.server) return left.server < right.server ? -1 : 1;
  if (left.tool !== right.tool) return left.tool < right.tool ? -1 : 1;
  return 0;
}

import type { Tool } from '../tools/tool.ts';

/**
 * The tools of a tools file with the shipped request pack's requests attached: a toolset `mcp-<name>`
 * matches the pack entry whose config names or id include `<name>` (a tools file has no command line
 * or serverInfo to go by). Reads the manifest and the matched servers' files, and the other servers'
 * files only when some tool is on a server the pack does not cover (they lend requests to tools named
 * like theirs: balanceRequests); the modules are imported here, so `search --no-pack` loads none of them.
 */
export async function attachPackRequests(tools: readonly Tool[], warn: (line: string) => void): Promise<readonly Tool[]> {
  const [{ loadRequestPack }, { createRequestSources }] = await Promise.all([
    import('../request-pack/load-request-pack.ts'),
    import('../requests/request-sources.ts'),
  ]);
  const pack = loadRequestPack({ onWarning: (line) => warn(`warning: ${line}`) });
  return createRequestSources({
    pack: pack.lookup(),
    situational: pack.situationalLookup(),
    lenders: (session) => pack.lendersFor(session),
  }).attach(tools);
}

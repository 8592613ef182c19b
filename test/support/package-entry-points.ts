/**
 * The package's entry points (package.json `exports`), each with one export that proves the entry is
 * the real module and not an empty shell. Shared by the checks of the built package in this checkout
 * and of the packed tarball installed into another project.
 */
export const ENTRY_POINT_EXPORTS: Readonly<Record<string, string>> = {
  '.': 'createToolSearchSession',
  './mcp': 'createMcpToolSource',
  './ai': 'createAiSdkTools',
  './openai': 'toChatTools',
  './anthropic': 'toAnthropicTools',
  './gateway': 'createGateway',
  './validation': 'createAjvValidator',
  './request-pack': 'loadRequestPack',
};

/** The import specifier of an `exports` key: `.` -> `tool-search`, `./mcp` -> `tool-search/mcp`. */
export function specifierOf(packageName: string, entry: string): string {
  return entry === '.' ? packageName : `${packageName}/${entry.slice(2)}`;
}

import type { Tool } from '../../tools/tool.ts';

/** Description characters embedded: a sentence encoder reads the opening best, and long texts cost more. */
const DESCRIPTION_CHARACTERS = 300;

/**
 * The text a tool is embedded as: its name in words (separators and camelCase humps become spaces, so
 * that `get_current_weather` reads as "get current weather"), a colon, and the start of its description.
 */
export function embeddingTextOf(tool: Pick<Tool, 'name' | 'description'>): string {
  let text = textsByTool.get(tool);
  if (text === undefined) {
    const words = tool.name
      .replace(/[_.\-/]+/g, ' ')
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .trim();
    text = `${words}: ${tool.description.slice(0, DESCRIPTION_CHARACTERS)}`;
    textsByTool.set(tool, text);
  }
  return text;
}

/**
 * Texts already made, per tool object (tools are read-only): every search by meaning needs the text of
 * every tool of the catalog, and making them anew took about 13 ms per search at 10,000 tools.
 */
const textsByTool = new WeakMap<object, string>();

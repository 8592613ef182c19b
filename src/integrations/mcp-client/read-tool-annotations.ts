import type { ToolAnnotations } from '../../tools/tool.ts';

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/**
 * The MCP annotations of an upstream tool, as far as they are well-formed: a string `title` and the
 * four boolean hints; anything else an upstream sends there is left out. Undefined when nothing is left.
 */
export function readToolAnnotations(annotations: unknown): ToolAnnotations | undefined {
  if (typeof annotations !== 'object' || annotations === null || Array.isArray(annotations)) return undefined;
  const source = annotations as Record<string, unknown>;
  const read: { -readonly [Key in keyof ToolAnnotations]: ToolAnnotations[Key] } = {};
  if (typeof source['title'] === 'string') read.title = source['title'];
  for (const hint of HINTS) if (typeof source[hint] === 'boolean') read[hint] = source[hint];
  return Object.keys(read).length === 0 ? undefined : read;
}

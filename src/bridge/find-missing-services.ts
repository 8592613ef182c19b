import { tokenize } from '../catalog/tokenize.ts';
import type { Tool } from '../tools/tool.ts';
import { SERVICE_NOUNS } from './service-nouns.ts';

/** The services a query names, split by whether some tool of the catalog mentions them. */
export interface NamedServices {
  /** Named in the query and in no tool's name, toolset name or description, in query order. */
  readonly missing: readonly string[];
  /** Named in the query and mentioned by some tool. */
  readonly connected: readonly string[];
}

/**
 * The known service names (SERVICE_NOUNS) in `query`, each found missing when no tool of `tools`
 * has it as a word of its name, toolset name or description. The catalog's texts are read only when
 * the query names a service, so an ordinary query costs one pass over its own words.
 */
export function findMissingServices(query: string, tools: readonly Tool[]): NamedServices {
  const named = [...new Set(tokenize(query).filter((token) => SERVICE_NOUNS.has(token)))];
  if (named.length === 0) return { missing: [], connected: [] };
  const unseen = new Set(named);
  for (const tool of tools) {
    for (const token of tokenize(`${tool.name} ${tool.toolset} ${tool.description}`)) unseen.delete(token);
    if (unseen.size === 0) break;
  }
  return { missing: named.filter((service) => unseen.has(service)), connected: named.filter((service) => !unseen.has(service)) };
}

import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where learned requests are kept: $TOOL_SEARCH_STATE_DIR, else $XDG_STATE_HOME/tool-search, else
 * ~/.local/state/tool-search. State, not cache: it cannot be made again.
 */
export function defaultStateDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env['TOOL_SEARCH_STATE_DIR'];
  if (explicit !== undefined && explicit !== '') return explicit;
  const base = env['XDG_STATE_HOME'];
  return join(base !== undefined && base !== '' ? base : join(homedir(), '.local', 'state'), 'tool-search');
}

/**
 * Where requests written by the user's model, and the embedding endpoint's tool vectors
 * (`search.embeddings`), are kept ($TOOL_SEARCH_CACHE_DIR, else $XDG_CACHE_HOME/tool-search, else
 * ~/.cache/tool-search). A cache: deleting it costs one call per tool (or batch) again.
 */
export function defaultRequestCacheDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env['TOOL_SEARCH_CACHE_DIR'];
  if (explicit !== undefined && explicit !== '') return explicit;
  const base = env['XDG_CACHE_HOME'];
  return join(base !== undefined && base !== '' ? base : join(homedir(), '.cache'), 'tool-search');
}

/** The learned requests' file in a state folder. */
export const LEARNED_REQUESTS_FILE = 'learned-requests.json';
/** The model's requests' file in a cache folder. */
export const WRITTEN_REQUESTS_FILE = 'written-requests.json';

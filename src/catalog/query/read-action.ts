import { indexTermOf } from '../text/analyze-tokens.ts';

/**
 * What a request asks done, or a tool does, reduced to one of a few kinds: tool names and requests
 * mostly say an action and an object (`create_refund`, "cancel the subscription"), in many words for
 * the same few actions.
 */
export type CanonicalAction = 'create' | 'get' | 'list' | 'search' | 'update' | 'delete' | 'send' | 'run' | 'stop';

/**
 * The actions that only read: asking for one of them and offering another is no contradiction ("show
 * my repositories" is answered by `list_repositories` as well as by `get_repositories`).
 */
export const READING_ACTIONS: ReadonlySet<CanonicalAction> = new Set(['get', 'list', 'search']);

/**
 * The words of each action, as users and tool names say them. A word belongs to one action only, and
 * only where it nearly always means that action: "open" (a page, a pull request) and "clear" (a
 * filter, a cache) are left out.
 */
const ACTION_WORDS: Readonly<Record<CanonicalAction, readonly string[]>> = {
  create: ['create', 'add', 'new', 'make', 'insert', 'generate', 'register', 'creation'],
  get: ['get', 'fetch', 'read', 'retrieve', 'show', 'view', 'obtain', 'describe', 'display', 'lookup'],
  list: ['list', 'enumerate', 'browse', 'ls'],
  search: ['search', 'find', 'query', 'locate', 'seek'],
  // Not "set": its stem is that of "settings", which requests read more often than they change.
  update: ['update', 'edit', 'modify', 'change', 'patch', 'rename', 'alter', 'adjust'],
  delete: ['delete', 'remove', 'erase', 'destroy', 'drop', 'discard', 'purge', 'rm', 'del', 'unset'],
  send: ['send', 'post', 'deliver', 'dispatch', 'notify', 'publish', 'reply', 'forward'],
  run: ['run', 'execute', 'exec', 'start', 'launch', 'trigger', 'invoke'],
  stop: ['stop', 'cancel', 'kill', 'terminate', 'abort', 'halt'],
};

/** Index term (stem) -> its action: the table above read through the one rule of index terms. */
const ACTION_BY_TERM: ReadonlyMap<string, CanonicalAction> = new Map(
  (Object.entries(ACTION_WORDS) as [CanonicalAction, readonly string[]][]).flatMap(([action, words]) =>
    words.map((word): [string, CanonicalAction] => [indexTermOf(word), action]),
  ),
);

/**
 * The action of analyzed `terms` (index terms: stop words dropped, stemmed, as AnalyzedQuery and the
 * index have them): the action of the first term that names one, undefined when none does. The
 * first, because requests and tool names put their verb first ("delete the branch I created").
 */
export function readAction(terms: readonly string[]): CanonicalAction | undefined {
  for (const term of terms) {
    const action = ACTION_BY_TERM.get(term);
    if (action !== undefined) return action;
  }
  return undefined;
}

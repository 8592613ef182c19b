/**
 * One rule of the everyday vocabulary of tool requests: a run of query tokens (as tokenize gives them)
 * and the words it stands for in tool names and descriptions.
 */
export interface QueryRewrite {
  /** The tokens to find, in order, lower case ("k", "8", "s" for "k8s"). */
  readonly phrase: readonly string[];
  /** The tokens scored in their place or beside them. */
  readonly words: readonly string[];
  /**
   * Whether the phrase's own tokens are scored too: yes for an abbreviation a tool may use itself
   * ("env" in `get-env`), no for a phrase whose words mislead ("logged in" is not about logs).
   */
  readonly keep: boolean;
}

const keep = (phrase: string, words: string): QueryRewrite => ({ phrase: phrase.split(' '), words: words.split(' '), keep: true });
const replace = (phrase: string, words: string): QueryRewrite => ({ phrase: phrase.split(' '), words: words.split(' '), keep: false });

/**
 * The abbreviations and phrases of tool requests that no synonym of one word covers: a short form for
 * several words (PR = pull request), a form tokenize splits (k8s = k 8 s), a shell command for the
 * action it does (mkdir), or a phrase of stop words ("who am I"). Expanded to full weight, since they
 * mean exactly what they expand to. Chosen on the tuning part of the MCP request set
 * (docs/search-quality.md).
 */
export const QUERY_REWRITES: readonly QueryRewrite[] = [
  replace('pr', 'pull request'),
  replace('prs', 'pull requests'),
  replace('mr', 'merge request'),
  replace('mrs', 'merge requests'),
  replace('k 8 s', 'kubernetes'),
  keep('kube', 'kubernetes'),
  keep('repo', 'repository'),
  keep('repos', 'repositories'),
  // Not "db": the database synonym group has it, and its full-weight rewrite cost the long tasks'
  // R@5 (0.526 -> 0.521) with no gain elsewhere (docs/search-quality.md). "dbs" is no synonym.
  keep('dbs', 'databases'),
  keep('msg', 'message'),
  keep('msgs', 'messages'),
  keep('env', 'environment'),
  keep('envs', 'environment'),
  keep('vars', 'variables'),
  keep('auth', 'authenticated'),
  keep('org', 'organization'),
  keep('orgs', 'organizations'),
  keep('dm', 'direct message'),
  keep('config', 'configuration'),
  keep('deps', 'dependencies'),
  keep('pg', 'postgres'),
  keep('psql', 'postgres'),
  keep('postgresql', 'postgres'),
  keep('mongo', 'mongodb'),
  keep('gh', 'github'),
  replace('how many', 'count'),
  replace('who am i', 'whoami authenticated user'),
  replace('logged in as', 'authenticated user'),
  replace('logged in', 'authenticated'),
  replace('log in', 'authenticate'),
  replace('signed in as', 'authenticated user'),
  replace('current user', 'authenticated user'),
  replace('my account', 'authenticated user'),
  replace('file a bug', 'create bug'),
  replace('file an issue', 'create issue'),
  replace('file a ticket', 'create ticket'),
  replace('roll back', 'rollback'),
  ...openingRules(),
  replace('ls', 'list directory'),
  replace('mkdir', 'create directory'),
  keep('cat', 'read file'),
  replace('rm', 'delete file'),
  replace('mv', 'move file'),
];

/**
 * "open a PR", "open an issue", "open a new merge request": opening such a thing creates it, while
 * "open" alone more often means a page, a file or a tab (and tools describe states as "open or closed").
 */
function openingRules(): QueryRewrite[] {
  const things = {
    pr: 'pull request',
    'pull request': 'pull request',
    mr: 'merge request',
    'merge request': 'merge request',
    issue: 'issue',
    ticket: 'ticket',
    bug: 'bug',
  };
  return ['', 'a ', 'an ', 'new ', 'a new ', 'the '].flatMap((article) =>
    Object.entries(things).map(([thing, words]) => replace(`open ${article}${thing}`, `create ${words}`)),
  );
}

/** Rules by their first token, longest phrase first. */
const RULES_BY_FIRST_TOKEN: ReadonlyMap<string, readonly QueryRewrite[]> = groupByFirstToken(QUERY_REWRITES);

/**
 * `tokens` with the everyday vocabulary of {@link QUERY_REWRITES} expanded: at each position the
 * longest matching phrase is replaced by its words (followed by the phrase itself when the rule keeps
 * it). Tokens that no rule matches pass unchanged, in order. Pure; the input is not changed.
 */
export function rewriteQueryTokens(
  tokens: readonly string[],
  rules: ReadonlyMap<string, readonly QueryRewrite[]> = RULES_BY_FIRST_TOKEN,
): string[] {
  const rewritten: string[] = [];
  let position = 0;
  while (position < tokens.length) {
    const rule = rules
      .get(tokens[position]!)
      ?.find((candidate) => candidate.phrase.every((token, offset) => tokens[position + offset] === token));
    if (rule === undefined) {
      rewritten.push(tokens[position]!);
      position += 1;
      continue;
    }
    if (rule.keep) rewritten.push(...rule.phrase);
    rewritten.push(...rule.words);
    position += rule.phrase.length;
  }
  return rewritten;
}

/** The rules of `rewrites` keyed by their first token, each list longest phrase first. */
export function groupByFirstToken(rewrites: readonly QueryRewrite[]): Map<string, QueryRewrite[]> {
  const grouped = new Map<string, QueryRewrite[]>();
  for (const rewrite of rewrites) {
    const first = rewrite.phrase[0]!;
    grouped.set(
      first,
      [...(grouped.get(first) ?? []), rewrite].sort((left, right) => right.phrase.length - left.phrase.length),
    );
  }
  return grouped;
}

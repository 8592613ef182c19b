/**
 * A query and five tools on which ranking by meaning adds a tool that words do not find. By words
 * alone, the query's "world" and "series" find the world clock and the TV series tools, and nothing
 * else; the sentence encoder puts the champion tool well first (then trivia; the weight tool last). The
 * CLI and gateway keep the words ranking's first two in place (keepWordsFirst 2), so with meaning the
 * champion tool comes third, where words alone do not list it at all.
 */
export const MEANING_QUERY = 'who won the world series in 2020';

/** What words alone return for {@link MEANING_QUERY}, in order. */
export const WORDS_FIRST = ['tv_series_list_episodes', 'world_clock_get_time'] as const;

export const MEANING_TOOLS = [
  { toolset: 'sports', name: 'sports_ranking_get_champion', description: 'Get the champion of a sports league for a season.' },
  { toolset: 'science', name: 'science_facts_get_weight', description: 'Look up the weight of a particle or object.' },
  { toolset: 'trivia', name: 'trivia_get_question', description: 'Get a random trivia question.' },
  { toolset: 'clock', name: 'world_clock_get_time', description: 'Get the time anywhere in the world.' },
  { toolset: 'tv', name: 'tv_series_list_episodes', description: 'List the episodes of a TV series.' },
] as const;

/**
 * A query and three tools on which ranking by meaning changes the first result: by words alone,
 * science_facts_get_weight edges out sports_ranking_get_champion (only "get" and stop-word-like
 * overlap; no clear lead), while the sentence encoder puts the champion tool well first (cosine 0.36
 * against 0.29 for trivia and 0.17 for weight). The trivia tool, which words do not match at all, is
 * there so that the two rankings do not simply mirror each other (a mirrored pair fuses to a tie).
 */
export const MEANING_QUERY = 'who won the world series in 2020';

export const MEANING_TOOLS = [
  { toolset: 'sports', name: 'sports_ranking_get_champion', description: 'Get the champion of a sports league for a season.' },
  { toolset: 'science', name: 'science_facts_get_weight', description: 'Look up the weight of a particle or object.' },
  { toolset: 'trivia', name: 'trivia_get_question', description: 'Get a random trivia question.' },
] as const;

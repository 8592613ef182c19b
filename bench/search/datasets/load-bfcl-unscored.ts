import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RetrievalDataset, RetrievalQuery } from '../retrieval-dataset.ts';
import { loadBfcl } from './load-bfcl.ts';

/** Which of BFCL's unscored requests: the ones its authors wrote, or the ones real users sent. */
export type BfclUnscoredPart = 'authored' | 'live';

/**
 * A tuning set over BFCL v4's function catalog made of BFCL's own requests that have no answer key
 * (its irrelevance, live_irrelevance and live_relevance files), labelled for this project against the
 * whole merged catalog (bench/search/data/bfcl-unscored-requests.json says how). None of them is among
 * the 2,501 reported requests. `authored` = BFCL_v4_irrelevance (written like the simple / multiple /
 * parallel requests), `live` = the live files (sent by users, like live_simple and live_multiple).
 */
export function loadBfclUnscored(dataRoot: string, part: BfclUnscoredPart): RetrievalDataset {
  const here = dirname(fileURLToPath(import.meta.url));
  const path = join(here, '..', 'data', 'bfcl-unscored-requests.json');
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as { queries: (RetrievalQuery & { id: string })[] };
  const queries = parsed.queries.filter((query) => query.id.startsWith('live_') === (part === 'live'));
  const name = part === 'live' ? 'BFCL unscored, live' : 'BFCL unscored, authored';
  return { name, split: 'tuning', tools: loadBfcl(dataRoot).tools, queries };
}

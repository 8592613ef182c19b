import { parameterNamesOf } from '../../src/catalog/index/searchable-text.ts';
import { compareTools } from '../../src/catalog/rank/compare-tools.ts';
import { tokenize } from '../../src/catalog/text/tokenize.ts';
import type { Tool } from '../../src/tools/tool.ts';

/**
 * The docs/behaviour.md BM25, written the plain way as a reference: one field (name + description + parameter
 * names), k1 1.5, b 0.75, idf ln(1 + (N - df + 0.5) / (df + 0.5)). Returns the tool it ranks first
 * (ties by name, then toolset), or undefined when nothing scores.
 */
export function naiveSpecBm25First(tools: readonly Tool[], query: string): Tool | undefined {
  const documents = tools.map((tool) => tokenize([tool.name, tool.description, ...parameterNamesOf(tool)].join(' ')));
  const average = documents.reduce((sum, tokens) => sum + tokens.length, 0) / Math.max(1, documents.length);
  let best: { tool: Tool; score: number } | undefined;
  tools.forEach((tool, index) => {
    const tokens = documents[index]!;
    let score = 0;
    for (const term of new Set(tokenize(query))) {
      const frequency = tokens.filter((token) => token === term).length;
      if (frequency === 0) continue;
      const documentFrequency = documents.filter((other) => other.includes(term)).length;
      const idf = Math.log(1 + (tools.length - documentFrequency + 0.5) / (documentFrequency + 0.5));
      const norm = 1 - 0.75 + (0.75 * tokens.length) / average;
      score += (idf * frequency * 2.5) / (frequency + 1.5 * norm);
    }
    if (score <= 0) return;
    if (best === undefined || score > best.score || (score === best.score && compareTools(tool, best.tool) < 0)) {
      best = { tool, score };
    }
  });
  return best?.tool;
}

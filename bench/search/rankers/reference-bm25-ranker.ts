import type { Tool } from '../../../src/tools/tool.ts';
import type { Ranker } from '../ranker.ts';

/**
 * The plain BM25 of docs/behaviour.md, kept deliberately naive as a reference: ASCII lower-cased tokens split on
 * anything that is not a letter or digit, no identifier splitting, no stemming, no stop words; name +
 * description + parameter names as one field; k1 1.5, b 0.75, idf ln(1 + (N - df + 0.5) / (df + 0.5)).
 */
export const referenceBm25Ranker: Ranker = {
  name: 'BM25 (plain)',
  prepare(tools) {
    const k1 = 1.5;
    const b = 0.75;
    const postings = new Map<string, Map<number, number>>();
    const lengths: number[] = [];
    tools.forEach((tool, documentIndex) => {
      const tokens = plainTokens(plainTextOf(tool));
      lengths.push(tokens.length);
      for (const token of tokens) {
        let list = postings.get(token);
        if (list === undefined) postings.set(token, (list = new Map()));
        list.set(documentIndex, (list.get(documentIndex) ?? 0) + 1);
      }
    });
    const averageLength = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, lengths.length);
    return (query, limit) => {
      const scores = new Map<number, number>();
      for (const term of new Set(plainTokens(query))) {
        const list = postings.get(term);
        if (list === undefined) continue;
        const idf = Math.log(1 + (tools.length - list.size + 0.5) / (list.size + 0.5));
        for (const [documentIndex, frequency] of list) {
          const norm = 1 - b + (b * lengths[documentIndex]!) / averageLength;
          const score = (idf * frequency * (k1 + 1)) / (frequency + k1 * norm);
          scores.set(documentIndex, (scores.get(documentIndex) ?? 0) + score);
        }
      }
      return [...scores]
        .sort((left, right) => right[1] - left[1] || left[0] - right[0])
        .slice(0, limit)
        .map(([documentIndex]) => tools[documentIndex]!);
    };
  },
};

function plainTextOf(tool: Tool): string {
  const properties = tool.parameters['properties'];
  const parameterNames = typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
  return [tool.name, tool.description, ...parameterNames].join(' ');
}

function plainTokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token !== '');
}

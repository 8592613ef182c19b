import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonSchema, Tool } from '../../../src/tools/tool.ts';
import { readJsonLines } from '../read-json-lines.ts';
import type { RetrievalDataset, RetrievalQuery } from '../retrieval-dataset.ts';

interface BfclFunction {
  name: string;
  description?: string;
  parameters?: JsonSchema;
}

interface BfclQuestion {
  id: string;
  question: { role: string; content: string }[][];
  function: BfclFunction[];
}

interface BfclAnswer {
  id: string;
  ground_truth: Record<string, unknown>[];
}

/**
 * BFCL v4 (bench/data/bfcl/SOURCE.md): one catalog made of every function offered in the 13 single-turn files,
 * de-duplicated on (name, description), and every question that has a possible answer (2,501). A
 * function name that occurs with several descriptions becomes several catalog entries, told apart by a
 * `#n` suffix on the model-visible name; a hit counts when the original name is a gold name.
 */
export function loadBfcl(dataRoot: string): RetrievalDataset {
  const folder = join(dataRoot, 'bfcl');
  const files = readdirSync(folder)
    .filter((file) => file.startsWith('BFCL_v4_') && file.endsWith('.json.gz'))
    .sort();
  const tools: Tool[] = [];
  const seen = new Set<string>();
  const countByName = new Map<string, number>();
  const queries: RetrievalQuery[] = [];
  for (const file of files) {
    const questions = readJsonLines(join(folder, file)) as BfclQuestion[];
    for (const question of questions) {
      for (const entry of question.function) {
        const description = entry.description ?? '';
        const key = `${entry.name}\u0000${description}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const occurrence = (countByName.get(entry.name) ?? 0) + 1;
        countByName.set(entry.name, occurrence);
        tools.push({
          name: occurrence === 1 ? entry.name : `${entry.name}#${occurrence}`,
          originalName: entry.name,
          description,
          parameters: entry.parameters ?? { type: 'object', properties: {} },
          toolset: 'bfcl',
          kind: 'plugin',
        });
      }
    }
    const answers = readAnswers(join(folder, 'possible_answer', file));
    if (answers === undefined) continue;
    for (const question of questions) {
      const answer = answers.get(question.id);
      if (answer === undefined) continue;
      const gold = [...new Set(answer.ground_truth.flatMap((call) => Object.keys(call)))];
      const turn = question.question[0] ?? [];
      const text = turn
        .filter((message) => message.role === 'user')
        .map((message) => message.content)
        .join('\n');
      if (gold.length > 0) queries.push({ text, gold });
    }
  }
  return { name: 'BFCL v4', split: 'held-out', tools, queries };
}

function readAnswers(path: string): Map<string, BfclAnswer> | undefined {
  try {
    const answers = readJsonLines(path) as BfclAnswer[];
    return new Map(answers.map((answer) => [answer.id, answer]));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

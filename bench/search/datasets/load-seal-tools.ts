import { join } from 'node:path';
import type { JsonSchema, Tool } from '../../../src/tools/tool.ts';
import { readJsonLines } from '../read-json-lines.ts';
import type { RetrievalDataset } from '../retrieval-dataset.ts';

interface SealTool {
  api_name: string;
  api_description: string;
  field: string;
  parameters?: Record<string, { type?: string; description?: string }>;
  required?: string[];
}

interface SealQuery {
  query: string;
  calling: { api: string }[];
}

const JSON_TYPES: Readonly<Record<string, string>> = {
  str: 'string',
  int: 'integer',
  float: 'number',
  bool: 'boolean',
  list: 'array',
  dict: 'object',
};

/**
 * Seal-Tools (bench/data/seal-tools/SOURCE.md): the 4,076-tool catalog with the queries of one split, `dev`
 * (the only split tuned on) or `test_in_domain` (held out).
 */
export function loadSealTools(dataRoot: string, split: 'dev' | 'test_in_domain'): RetrievalDataset {
  const folder = join(dataRoot, 'seal-tools');
  const tools = (readJsonLines(join(folder, 'tool.jsonl.gz')) as SealTool[]).map(toTool);
  const queries = (readJsonLines(join(folder, `${split}.jsonl.gz`)) as SealQuery[]).map((line) => ({
    text: line.query,
    gold: [...new Set(line.calling.map((call) => call.api))],
  }));
  return {
    name: split === 'dev' ? 'Seal-Tools dev' : 'Seal-Tools test_in',
    split: split === 'dev' ? 'tuning' : 'held-out',
    tools,
    queries,
  };
}

function toTool(source: SealTool): Tool {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, parameter] of Object.entries(source.parameters ?? {})) {
    properties[name] = {
      type: JSON_TYPES[parameter.type ?? ''] ?? 'string',
      description: parameter.description ?? '',
    };
  }
  const parameters: JsonSchema = { type: 'object', properties, required: source.required ?? [] };
  return { name: source.api_name, description: source.api_description, parameters, toolset: 'seal-tools', kind: 'plugin' };
}

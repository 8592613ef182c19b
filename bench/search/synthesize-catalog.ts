import type { Tool } from '../../src/tools/tool.ts';
import { createSeededRandom, shuffled } from './seeded-random.ts';

/**
 * A catalog of exactly `size` tools drawn from `pool` (real tools): a seeded shuffle of the pool, and
 * past its end, variants of pool tools (name suffixed with the round, description followed by the first
 * sentence of another pool tool's) so that a 50,000-tool catalog has a growing, realistic vocabulary.
 */
export function synthesizeCatalog(pool: readonly Tool[], size: number, seed = 7): Tool[] {
  const random = createSeededRandom(seed);
  const order = shuffled(pool, random);
  const tools: Tool[] = [];
  for (let index = 0; index < size; index++) {
    const round = Math.floor(index / order.length);
    const base = order[index % order.length]!;
    if (round === 0) {
      tools.push(base);
      continue;
    }
    const donor = order[Math.floor(random() * order.length)]!;
    const sentence = donor.description.split(/(?<=[.!?])\s/)[0] ?? '';
    tools.push({
      ...base,
      name: `${base.name}_${round + 1}`,
      description: `${base.description} ${sentence}`.trim(),
      toolset: `${base.toolset}-${round + 1}`,
    });
  }
  return tools;
}

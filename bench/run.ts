/**
 * `npm run bench`: parses the arguments after `--` (bench/bench-arguments.ts; `--help` lists them) and
 * runs every bench module whose part was chosen, in order. Each prints a report; a full run writes
 * bench/results/, `--quick` a new temporary folder. Add a module by adding it to BENCH_MODULES.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BENCH_HELP, isFullRun, parseBenchArguments } from './bench-arguments.ts';
import type { BenchModule } from './bench-module.ts';
import { gatewayBench } from './gateway/gateway-bench.ts';
import { searchBench } from './search/search-bench.ts';
import { REPOSITORY_ROOT } from './search/data-root.ts';
import { trustBench } from './gateway/trust-bench.ts';
import { clusterBench } from './gateway/cluster/cluster-bench.ts';

const BENCH_MODULES: readonly BenchModule[] = [searchBench, gatewayBench, trustBench, clusterBench];

const parsed = parseBenchArguments(process.argv.slice(2));
if (!parsed.ok) {
  process.stderr.write(`${parsed.message}\n`);
  process.exit(2);
}
const options = parsed.value;
if (options.help) {
  process.stdout.write(`${BENCH_HELP}\n`);
  process.exit(0);
}
const resultsFolder =
  options.out !== undefined
    ? resolve(options.out)
    : options.quick
      ? mkdtempSync(join(tmpdir(), 'tool-search-bench-quick-'))
      : isFullRun(options)
        ? join(REPOSITORY_ROOT, 'bench', 'results')
        : undefined;
for (const module of BENCH_MODULES) {
  if (!module.parts.some((part) => options.parts.has(part))) continue;
  process.stderr.write(`\n== ${module.name}\n`);
  try {
    await module.run({ options, resultsFolder });
  } catch (error) {
    // A bench that cannot run says why in one line; the stack is for a developer who asks (BENCH_DEBUG=1).
    process.stderr.write(`npm run bench: ${module.name.split(':')[0]} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    if (process.env.BENCH_DEBUG === '1' && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  }
}
if (resultsFolder !== undefined) process.stderr.write(`\nResults written to ${resultsFolder}\n`);

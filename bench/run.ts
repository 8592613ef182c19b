/**
 * `npm run bench`: runs every bench module in order. Each prints a report and writes its results under
 * bench/results/. Add a module by adding it to BENCH_MODULES.
 */
import type { BenchModule } from './bench-module.ts';
import { gatewayBench } from './gateway/gateway-bench.ts';
import { searchBench } from './search/search-bench.ts';
import { trustBench } from './gateway/trust-bench.ts';

const BENCH_MODULES: readonly BenchModule[] = [searchBench, gatewayBench, trustBench];

const argv = process.argv.slice(2);
for (const module of BENCH_MODULES) {
  process.stderr.write(`\n== ${module.name}\n`);
  await module.run(argv);
}

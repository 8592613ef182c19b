import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runTrustBench } from '../../bench/gateway/trust-bench.ts';

// A smoke run of the trust benchmark with tiny counts: it runs end to end and writes its report. The
// figures themselves belong to the benchmark, never to a test.
describe('the gateway trust benchmark', () => {
  test('runs with tiny counts and writes gateway-trust.md and .json', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tool-search-trust-bench-test-'));
    try {
      const results = await runTrustBench(
        {
          nameLength: 10_000,
          baselineCalls: 3,
          sessions: 2,
          callsPerSession: 3,
          bridgeCalls: 30,
          configDocuments: 30,
          worstRequest: { valueLength: 1_000, keys: 10, items: 100, numbers: 100 },
          worstRuns: 1,
          overBufferRuns: 1,
          bystanderBaselineRounds: 2,
        },
        { resultsFolder: folder, seed: 7 },
      );
      assert.deepEqual(
        results.longName.probes.map((probe) => probe.answered),
        [true, true, true],
      );
      assert.equal(results.httpSessions.calls, 6);
      assert.equal(results.httpSessions.lost, 0);
      assert.equal(results.httpSessions.doubled, 0);
      // Refused by the argument check; run, its answer cut to the budget's blocks; over the SDK's buffer, failed.
      const answers = results.worstRequests.variants.map((variant) => Object.keys(variant.answers).join(', '));
      assert.equal(answers.length, 3);
      assert.equal(answers[0], 'refused: invalid_arguments');
      assert.match(answers[1]!, /^answered: \d+ blocks$/);
      assert.equal(answers[2], 'refused: tool_failed');
      assert.ok(results.worstRequests.variants[1]!.largestAnswerCharacters <= 25_000 * 4 + 2_000);
      assert.equal(results.worstRequests.baselineCall.samples, 2, 'the bystander called alone first');
      assert.equal(results.bridgeFuzz.unhandled, 0);
      assert.equal(results.configFuzz.unhandled, 0);
      assert.equal(results.configFuzz.resolved + results.configFuzz.refused, 30);
      assert.match(readFileSync(join(folder, 'gateway-trust.md'), 'utf8'), /^# Gateway trust/);
      assert.ok(existsSync(join(folder, 'gateway-trust.json')));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

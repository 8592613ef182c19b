import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BENCH_HELP, BENCH_PARTS, isFullRun, parseBenchArguments, type BenchArguments } from '../../bench/bench-arguments.ts';

function parsed(argv: readonly string[]): BenchArguments {
  const result = parseBenchArguments(argv);
  assert.ok(result.ok, result.ok ? '' : result.message);
  return result.value;
}

function refused(argv: readonly string[]): string {
  const result = parseBenchArguments(argv);
  assert.equal(result.ok, false);
  return result.ok ? '' : result.message;
}

describe('npm run bench arguments', () => {
  test('with none, runs every part and writes the committed results', () => {
    const options = parsed([]);
    assert.deepEqual([...options.parts], [...BENCH_PARTS]);
    assert.equal(isFullRun(options), true);
  });

  test('--help asks for the help text, which names every part and option', () => {
    assert.equal(parsed(['--help']).help, true);
    assert.equal(parsed(['-h']).help, true);
    for (const word of [...BENCH_PARTS, '--quick', '--set=NAME', '--embeddings-url=URL', '--out=DIR'])
      assert.ok(BENCH_HELP.includes(word), word);
  });

  test('--quick is never a full run, so it never writes bench/results', () => {
    const options = parsed(['--quick']);
    assert.equal(options.quick, true);
    assert.equal(isFullRun(options), false);
  });

  test('named parts run alone, and the old --skip flags still leave a part out', () => {
    assert.deepEqual([...parsed(['gateway', 'trust']).parts], ['gateway', 'trust']);
    assert.deepEqual([...parsed(['--skip-speed']).parts], ['quality', 'gateway', 'trust', 'cluster']);
    assert.equal(isFullRun(parsed(['gateway'])), false);
  });

  test('--set runs quality on that set only', () => {
    const options = parsed(['--set=bfcl']);
    assert.deepEqual([...options.parts], ['quality']);
    assert.equal(options.set, 'bfcl');
    assert.equal(isFullRun(options), false);
  });

  test('reads the numeric options', () => {
    const options = parsed(['--gateway-rounds=50', '--fuzz-calls=10', '--fuzz-configs=20', '--trust-seed=3']);
    assert.deepEqual([options.gatewayRounds, options.fuzzCalls, options.fuzzConfigs, options.trustSeed], [50, 10, 20, 3]);
  });

  test('refuses an unknown option or part with a did-you-mean', () => {
    assert.equal(refused(['--quik']), "npm run bench: unknown option '--quik' (did you mean '--quick'?). See npm run bench -- --help.");
    assert.equal(refused(['qualty']), "npm run bench: unknown part 'qualty' (did you mean 'quality'?). See npm run bench -- --help.");
    assert.equal(refused(['--frobnicate']), "npm run bench: unknown option '--frobnicate'. See npm run bench -- --help.");
  });

  test('refuses malformed values and runs that would do nothing', () => {
    assert.equal(
      refused(['--gateway-rounds=many']),
      'npm run bench: --gateway-rounds needs a whole number, as in --gateway-rounds=100. See npm run bench -- --help.',
    );
    assert.equal(refused(['--set']), 'npm run bench: --set needs a value, as in --set=bfcl. See npm run bench -- --help.');
    assert.equal(refused(['--quick=yes']), 'npm run bench: --quick takes no value. See npm run bench -- --help.');
    assert.equal(
      refused(['gateway', '--set=bfcl']),
      'npm run bench: --set chooses a data set for the quality part, which is not run. See npm run bench -- --help.',
    );
    assert.equal(
      refused(['quality', '--skip-quality']),
      'npm run bench: nothing to run: every part was skipped. See npm run bench -- --help.',
    );
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readLogTail } from '../../../src/gateway/live-view/read-log-tail.ts';
import { createScratchFolder, type ScratchFolder } from '../fixtures/gateway-test-support.ts';

describe('readLogTail', () => {
  let scratch: ScratchFolder;
  before(() => void (scratch = createScratchFolder()));
  after(() => scratch?.remove());

  test('gives the JSON lines of the whole file, oldest first, skipping lines that are not JSON', () => {
    const lines = ['{"event":"search","n":1}', 'not json', '', '{"event":"call","n":2}'].join('\n');
    const path = scratch.write('whole.jsonl', `${lines}\n`);
    assert.deepEqual(readLogTail(path), [
      { event: 'search', n: 1 },
      { event: 'call', n: 2 },
    ]);
  });

  test('reads at most maxBytes from the end, leaving out the line that edge cuts', () => {
    const path = scratch.write('long.jsonl', `${Array.from({ length: 100 }, (_, index) => JSON.stringify({ n: index })).join('\n')}\n`);
    // 40 bytes: four whole lines of 9 bytes, and the end of the one before, which is left out.
    const tail = readLogTail(path, 40) as Array<{ n: number }>;
    assert.deepEqual(
      tail.map((line) => line.n),
      [96, 97, 98, 99],
    );
  });

  test('gives nothing for a file that is missing or not a regular file', () => {
    assert.deepEqual(readLogTail(`${scratch.path}/missing.jsonl`), []);
    assert.deepEqual(readLogTail(scratch.path), []);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NewlineFrames } from '../../src/gateway/newline-frames.ts';

describe('NewlineFrames', () => {
  it('joins lines split across chunks and splits chunks holding several lines, dropping a trailing \\r', () => {
    const frames = new NewlineFrames(100, () => assert.fail('nothing is oversized'));
    assert.deepEqual(frames.push(Buffer.from('{"a":')), []);
    assert.deepEqual(frames.push(Buffer.from('1}\r\n{"b":2}\n{"c"')), ['{"a":1}', '{"b":2}']);
    assert.deepEqual(frames.push(Buffer.from(':3}\n')), ['{"c":3}']);
  });

  it('keeps a character split between chunks whole', () => {
    const bytes = Buffer.from('"é"\n');
    const frames = new NewlineFrames(100, () => undefined);
    assert.deepEqual([...frames.push(bytes.subarray(0, 2)), ...frames.push(bytes.subarray(2))], ['"é"']);
  });

  it('drops a line over the bound as it arrives, says so once, and reads the next line', () => {
    const told: number[] = [];
    const frames = new NewlineFrames(10, (bytes) => told.push(bytes));
    assert.deepEqual(frames.push(Buffer.from('0123456789AB')), []);
    assert.deepEqual(frames.push(Buffer.from('CD\nok\n')), ['ok']);
    assert.deepEqual(told, [14]);
  });

  it('reads a 10 MB line in many chunks whole', () => {
    const frames = new NewlineFrames(11 * 1024 * 1024, () => assert.fail('within the bound'));
    const chunk = Buffer.alloc(65_536, 'x');
    let lines: string[] = [];
    for (let sent = 0; sent < 10 * 1024 * 1024; sent += chunk.length) lines = lines.concat(frames.push(chunk));
    lines = lines.concat(frames.push(Buffer.from('\n')));
    assert.equal(lines.length, 1);
    assert.equal(lines[0]!.length, 10 * 1024 * 1024);
  });
});

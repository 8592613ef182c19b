import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NewlineFrames, type FramedLine } from '../../src/gateway/newline-frames.ts';

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
    let lines: FramedLine[] = [];
    for (let sent = 0; sent < 10 * 1024 * 1024; sent += chunk.length) lines = lines.concat(frames.push(chunk));
    lines = lines.concat(frames.push(Buffer.from('\n')));
    assert.equal(lines.length, 1);
    assert.equal(typeof lines[0] === 'string' ? lines[0].length : -1, 10 * 1024 * 1024);
  });

  it('gives a line of bytesFrom bytes or more as its pieces, undecoded and copied, and shorter lines as text', () => {
    const frames = new NewlineFrames(1_000, () => assert.fail('within the bound'), 10);
    const chunk = Buffer.from('{"a":"é');
    const [first, ...rest] = [...frames.push(chunk), ...frames.push(Buffer.from('x"}\r\n{"b":1}\n'))];
    assert.deepEqual(rest, ['{"b":1}']);
    assert.ok(typeof first === 'object');
    assert.equal(Buffer.concat(first.pieces).length, Buffer.byteLength('{"a":"éx"}\r'));
    assert.equal(Buffer.concat(first.pieces).toString('utf8'), '{"a":"éx"}\r');
    chunk.fill(0);
    assert.equal(Buffer.concat(first.pieces).toString('utf8'), '{"a":"éx"}\r', 'the pieces are copies');
  });
});

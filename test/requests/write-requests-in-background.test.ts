import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createRequestWriting,
  createWrittenRequestMemory,
  type WriteRequests,
  type WritingTimers,
} from '../../src/requests/write-requests-in-background.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { coreTools, mcpServerTools } from '../support/fixtures.ts';

/** Timers run by hand: `fire()` runs every pending callback. */
function manualTimers(): WritingTimers & { fire(): void; delays: number[] } {
  const pending = new Map<number, () => void>();
  const delays: number[] = [];
  let next = 0;
  return {
    delays,
    setTimeout(callback, milliseconds) {
      delays.push(milliseconds);
      pending.set(++next, callback);
      return next;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
    fire() {
      const callbacks = [...pending.values()];
      pending.clear();
      for (const callback of callbacks) callback();
    },
  };
}

/** A writer that records its batches and answers each tool with one request naming it. */
function recordingWriter(): { write: WriteRequests; batches: string[][] } {
  const batches: string[][] = [];
  return {
    batches,
    write: async (tools) => {
      batches.push(tools.map((tool) => tool.name));
      return Object.fromEntries(tools.map((tool) => [tool.name, [`how to ${tool.originalName}`]]));
    },
  };
}

describe('createRequestWriting', () => {
  it('writes in batches, skipping core tools, and reads back what was written', async () => {
    const writer = recordingWriter();
    const writing = createRequestWriting({ writeRequests: writer.write, model: 'm', batchSize: 4 });
    const tools = [...coreTools(), ...mcpServerTools('memory')];
    assert.equal(writing.requestsOf(tools[3]!), undefined);
    writing.want(tools);
    await writing.idle();
    assert.deepEqual(
      writer.batches.map((batch) => batch.length),
      [4, 4, 1],
    );
    assert.deepEqual(writing.requestsOf(tools[3]!), ['how to create_entities']);
    assert.equal(writing.requestsOf(tools[0]!), undefined);
  });

  it('costs no call for a tool whose content is in the cache, and one call for a changed description', async () => {
    const cache = createWrittenRequestMemory();
    const tools = mcpServerTools('memory').slice(0, 2);
    const first = recordingWriter();
    const writing = createRequestWriting({ writeRequests: first.write, model: 'm', cache });
    writing.want(tools);
    await writing.idle();
    assert.equal(first.batches.length, 1);

    const second = recordingWriter();
    const again = createRequestWriting({ writeRequests: second.write, model: 'm', cache });
    again.want(tools.map((tool) => ({ ...tool })));
    await again.idle();
    assert.deepEqual(second.batches, []);

    const changed: Tool[] = [{ ...tools[0]!, description: 'A new description.' }, tools[1]!];
    again.want(changed);
    await again.idle();
    assert.deepEqual(second.batches, [['mcp_memory_create_entities']]);
  });

  it('keeps requests per model: another model writes its own', async () => {
    const cache = createWrittenRequestMemory();
    const tools = mcpServerTools('memory').slice(0, 1);
    for (const model of ['a', 'b']) {
      const writing = createRequestWriting({ writeRequests: recordingWriter().write, model, cache });
      writing.want(tools);
      await writing.idle();
    }
    const writer = recordingWriter();
    const writing = createRequestWriting({ writeRequests: writer.write, model: 'b', cache });
    writing.want(tools);
    await writing.idle();
    assert.deepEqual(writer.batches, []);
  });

  it('reports a failure once, searches without, and tries again with doubling waits', async () => {
    const timers = manualTimers();
    const warnings: string[] = [];
    let failing = true;
    let calls = 0;
    const writing = createRequestWriting({
      model: 'm',
      timers,
      retryMs: 1_000,
      retryMaxMs: 3_000,
      onWarning: (line) => warnings.push(line),
      writeRequests: async (tools) => {
        calls += 1;
        if (failing) throw new Error('connect ECONNREFUSED 127.0.0.1:9');
        return Object.fromEntries(tools.map((tool) => [tool.name, ['written']]));
      },
    });
    const tools = mcpServerTools('memory').slice(0, 1);
    writing.want(tools);
    await writing.idle();
    timers.fire();
    await writing.idle();
    timers.fire();
    await writing.idle();
    assert.equal(calls, 3);
    assert.deepEqual(warnings, [
      'could not write requests for a tool (connect ECONNREFUSED 127.0.0.1:9); searching without them, trying again in 1 s',
    ]);
    assert.deepEqual(
      timers.delays.filter((delay) => delay !== 60_000),
      [1_000, 2_000, 3_000],
    );
    assert.equal(writing.requestsOf(tools[0]!), undefined);
    failing = false;
    timers.fire();
    await writing.idle();
    assert.deepEqual(writing.requestsOf(tools[0]!), ['written']);
    assert.equal(warnings.at(-1), 'writing requests works again');
  });

  it('abandons a batch that takes longer than timeoutMs', async () => {
    const warnings: string[] = [];
    let signalled = false;
    const writing = createRequestWriting({
      model: 'm',
      timeoutMs: 20,
      onWarning: (line) => warnings.push(line),
      writeRequests: (_tools, { signal }) =>
        new Promise((resolve) => {
          // A timer that keeps the process alive until the batch is abandoned (the writer's own are unref'd).
          const handle = setTimeout(() => resolve({}), 10_000);
          signal.addEventListener('abort', () => {
            signalled = true;
            clearTimeout(handle);
            resolve({});
          });
        }),
    });
    writing.want(mcpServerTools('memory').slice(0, 1));
    await writing.idle();
    assert.equal(signalled, true);
    assert.match(warnings[0]!, /no answer within 20 ms/);
    writing.close();
  });

  it('treats an answer that is not an object as a failure, and a tool left out of it as having none', async () => {
    const warnings: string[] = [];
    const tools = mcpServerTools('memory').slice(0, 2);
    const garbage = createRequestWriting({
      model: 'm',
      writeRequests: async () => 'garbage' as never,
      onWarning: (line) => warnings.push(line),
    });
    garbage.want(tools);
    await garbage.idle();
    assert.match(warnings[0]!, /not an object of request lists by tool name/);
    garbage.close();
    const partial = createRequestWriting({ model: 'm', writeRequests: async () => ({ [tools[0]!.name]: ['one', 7, ' '] as never }) });
    partial.want(tools);
    await partial.idle();
    assert.deepEqual(partial.requestsOf(tools[0]!), ['one']);
    assert.deepEqual(partial.requestsOf(tools[1]!), []);
  });
});

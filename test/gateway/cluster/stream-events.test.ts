import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { abandonedAnswer, compareEntries, instanceNameOf } from '../../../src/gateway/cluster/follow-stored-stream.ts';
import { parseEventId, responseId } from '../../../src/gateway/cluster/shared-event-store.ts';

describe('event ids of the shared event store', () => {
  test('read a stream key and a Redis entry id, and nothing else', () => {
    assert.deepEqual(parseEventId('6f0c4d2e-1b7a-4c39-9a55-2f1e0c9d8b7a/0-12'), {
      stream: '6f0c4d2e-1b7a-4c39-9a55-2f1e0c9d8b7a',
      entry: '0-12',
    });
    assert.deepEqual(parseEventId('get.gw-a.1f2e3d4c/1796283225413-0'), { stream: 'get.gw-a.1f2e3d4c', entry: '1796283225413-0' });
    for (const hostile of ['', '0-1', 'a/b', 'a:b/0-1', `${'x'.repeat(201)}/0-1`, 'a/0-1\nid: b/0-2', '../x/0-1', 'a/0-1/0-2']) {
      assert.equal(parseEventId(hostile), undefined, JSON.stringify(hostile));
    }
  });

  test('order entries as Redis does: by time, then by sequence, numerically', () => {
    assert.equal(compareEntries('0-9', '0-10'), -1);
    assert.equal(compareEntries('0-10', '0-10'), 0);
    assert.equal(compareEntries('1796283225413-0', '0-999999'), 1, 'an entry another instance added comes after every one the owner wrote');
  });

  test('know a response from a request or a notification', () => {
    assert.equal(responseId({ jsonrpc: '2.0', id: 7, result: {} }), 7);
    assert.equal(responseId({ jsonrpc: '2.0', id: 'x', error: { code: -32603, message: 'no' } }), 'x');
    assert.equal(responseId({ jsonrpc: '2.0', id: 7, method: 'tools/call' }), undefined);
    assert.equal(responseId({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } }), undefined);
  });
});

describe('the answer to a request whose instance stopped', () => {
  test('is a tool result the model can read for a tool call, saying it was not run again and may have run', () => {
    assert.deepEqual(abandonedAnswer({ id: 4, method: 'tools/call' }, 'gw-c'), {
      jsonrpc: '2.0',
      id: 4,
      result: {
        content: [
          {
            type: 'text',
            text:
              "The gateway instance 'gw-c' that was handling this tools/call request stopped before it answered. It was not run again on another instance. " +
              'The tool may or may not have run; check its effect before calling it again.',
          },
        ],
        isError: true,
      },
    });
  });

  test('is a JSON-RPC error for any other request, saying to send it again', () => {
    assert.deepEqual(abandonedAnswer({ id: 'r1', method: 'tools/list' }, 'gw-c'), {
      jsonrpc: '2.0',
      id: 'r1',
      error: {
        code: -32603,
        message:
          "The gateway instance 'gw-c' that was handling this tools/list request stopped before it answered. It was not run again on another instance. Send the request again.",
      },
    });
  });

  test('names the instance, not its incarnation', () => {
    assert.equal(instanceNameOf('gw-c.1f2e3d4c'), 'gw-c');
    assert.equal(instanceNameOf('host.example-12.ab12cd34'), 'host.example-12');
  });
});

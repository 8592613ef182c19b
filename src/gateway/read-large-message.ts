import { Worker } from 'node:worker_threads';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { LargeMessageReply, LargeMessageRequest } from './large-message-worker.ts';
import type { LineBytes } from './newline-frames.ts';
import type { ToolAnswerLimits } from './shrink-tool-answer.ts';

/**
 * Lines from an upstream of at least this many bytes are read off the main thread: parsing and
 * checking a 9.6 MB answer of 200,000 blocks there took over a second, during which no other client
 * was answered. Below it, a line is parsed in at most a few milliseconds. No tool result the gateway
 * relays is this large (the default budget is 100,000 characters), so a line past it is either cut
 * anyway or not a tool result.
 */
export const LARGE_MESSAGE_BYTES = 256 * 1024;

interface Pending {
  readonly resolve: (message: JSONRPCMessage) => void;
  readonly reject: (error: Error) => void;
}

interface Reader {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
  nextId: number;
}

/** One worker for the whole process, started on the first large line and kept only while in use. */
let reader: Reader | undefined;

/**
 * Parses one upstream line, given as the pieces of its bytes (NewlineFrames), in a worker thread: joined,
 * decoded and parsed there, with any tool result in it redacted and cut to the result budget
 * (shrinkToolAnswer), so the main thread receives a message of at most about that size. Lines are read
 * one at a time, in order. Rejects when the line is not a valid JSON-RPC message, or when the worker
 * stopped (the next line starts a new one). Pieces that span their whole memory are moved to the
 * worker rather than copied, and are unusable here afterwards.
 */
export function readLargeMessage(line: LineBytes, limits: ToolAnswerLimits): Promise<JSONRPCMessage> {
  const current = (reader ??= startReader());
  const id = current.nextId++;
  return new Promise((resolve, reject) => {
    current.pending.set(id, { resolve, reject });
    current.worker.ref();
    const request: LargeMessageRequest = { id, pieces: line.pieces, limits };
    // A piece of a shared pool (a small one) is copied: moving it would take the pool from everyone.
    const movable = line.pieces.filter((piece) => piece.byteOffset === 0 && piece.byteLength === piece.buffer.byteLength);
    current.worker.postMessage(
      request,
      movable.map((piece) => piece.buffer as ArrayBuffer),
    );
  });
}

/**
 * The worker's code, run from a string: it imports the worker's module (large-message-worker), which
 * answers requests. Run from the TypeScript sources (under tsx, in development and tests), a worker
 * does not inherit tsx's loader on Node 20, so the module is imported through tsx's own API there.
 */
const WORKER_SOURCE = `
(async () => {
  const { workerData } = await import('node:worker_threads');
  if (workerData.tsx === undefined) await import(workerData.module);
  else await (await import(workerData.tsx)).tsImport(workerData.module, workerData.module);
})().catch((error) => { setTimeout(() => { throw error; }); });
`;

function startReader(): Reader {
  const fromSources = import.meta.url.endsWith('.ts');
  const module = new URL(`./large-message-worker.${fromSources ? 'ts' : 'js'}`, import.meta.url).href;
  const tsx = fromSources ? import.meta.resolve('tsx/esm/api') : undefined;
  const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { module, tsx } });
  const started: Reader = { worker, pending: new Map(), nextId: 1 };
  worker.unref();
  worker.on('message', (reply: LargeMessageReply) => {
    const waiting = started.pending.get(reply.id);
    if (waiting === undefined) return;
    started.pending.delete(reply.id);
    if (started.pending.size === 0) worker.unref();
    if ('error' in reply) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.message as JSONRPCMessage);
  });
  const stop = (error: Error): void => {
    if (reader === started) reader = undefined;
    for (const waiting of started.pending.values()) waiting.reject(error);
    started.pending.clear();
  };
  worker.on('error', (error) => stop(error));
  worker.on('exit', (code) => stop(new Error(`the thread reading large messages stopped (exit code ${code})`)));
  return started;
}

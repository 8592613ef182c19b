import { spawn, type ChildProcess } from 'node:child_process';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { NewlineFrames, type FramedLine } from './newline-frames.ts';
import { LARGE_MESSAGE_BYTES, readLargeMessage } from './read-large-message.ts';
import type { ToolAnswerLimits } from './shrink-tool-answer.ts';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ProcessGroups } from './process-groups.ts';
import { readProcessGroup } from './read-process-group.ts';
import { stopProcessGroup } from './stop-process-group.ts';

/** The most characters of a stderr line without a newline kept before it is passed on as it is. */
const STDERR_PIECE_MAX = 65_536;

export interface ProcessGroupTransportOptions {
  readonly command: string;
  readonly args: readonly string[];
  /** The process's whole environment (nothing is inherited besides). */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** Each non-empty line the server writes to stderr. */
  readonly onStderrLine?: (line: string) => void;
  /** Where the running group is recorded, so that the gateway's exit can end it. */
  readonly groups?: ProcessGroups;
  /** Each step of stopping it (see stopProcessGroup). @default DEFAULT_STOP_GRACE_MS */
  readonly graceMs?: number;
  /**
   * When given, a line of LARGE_MESSAGE_BYTES or more is parsed in a worker thread, with any tool
   * result in it already redacted and cut to this budget there (readLargeMessage), so that one huge
   * answer cannot hold up every other client. @default parsed where it arrives, whole
   */
  readonly largeAnswers?: ToolAnswerLimits;
}

/**
 * MCP over the stdio of a local server started in a process group (and session) of its own (POSIX
 * only), so that stopping it stops everything it started. The MCP SDK's StdioClientTransport signals
 * only the process it started: for `npx -y <server>` that is `npm exec`, and the shell, the server and
 * the server's children were left running, re-parented to PID 1. Here, closing (a failed start, a
 * restart, the gateway stopping) closes the server's stdin, then ends the group with SIGTERM and, after
 * a grace period, SIGKILL (stopProcessGroup); and when the server exits on its own, whatever it left in
 * its group is ended the same way before the connection counts as closed.
 *
 * Messages are newline-delimited JSON-RPC, parsed and written with the SDK's own deserializeMessage
 * and serializeMessage; lines are split in linear time (NewlineFrames), and a message over
 * MAX_UPSTREAM_MESSAGE_BYTES closes the connection with an error, as the SDK's stdio transport does
 * past its 10 MB buffer. A large line may be read off the main thread (`largeAnswers`); messages are
 * still handed on in the order their lines arrived.
 */
/** The largest message read from a local server: the SDK's stdio transport's own bound (10 MB). */
export const MAX_UPSTREAM_MESSAGE_BYTES = 10 * 1024 * 1024;

export class ProcessGroupTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #options: ProcessGroupTransportOptions;
  // A message over the bound ends the connection, as the SDK's transport does: the call it answered
  // fails at once (and the server restarts) instead of waiting for its deadline.
  // With largeAnswers, a large line comes as its bytes, joined and decoded in the worker that reads it.
  readonly #frames: NewlineFrames;
  #child: ChildProcess | undefined;
  #leaderExited: Promise<void> = Promise.resolve();
  /** The group's end, once under way (started by close() or by the server's own exit). */
  #stopping: Promise<void> | undefined;
  #closeReported = false;
  /** Bytes the server wrote to stdout and stderr: output is a sign of work while it starts. */
  #outputBytes = 0;
  /** The hand-over of the last line still being read off the main thread, which later lines wait for. */
  #behind: Promise<void> | undefined;

  constructor(options: ProcessGroupTransportOptions) {
    this.#options = options;
    this.#frames = new NewlineFrames(
      MAX_UPSTREAM_MESSAGE_BYTES,
      (bytes) => {
        this.onerror?.(
          new Error(
            `the server sent a message of over ${MAX_UPSTREAM_MESSAGE_BYTES.toLocaleString('en-US')} bytes (${bytes.toLocaleString('en-US')} so far); the connection is closed`,
          ),
        );
        void this.close();
      },
      options.largeAnswers === undefined ? Number.POSITIVE_INFINITY : LARGE_MESSAGE_BYTES,
    );
  }

  /** The server's pid, which is also its process group's id; undefined before it started. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  start(): Promise<void> {
    if (this.#child !== undefined) throw new Error('ProcessGroupTransport already started');
    const { command, args, env, cwd } = this.#options;
    return new Promise((resolve, reject) => {
      const child = spawn(command, [...args], { env: { ...env }, cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: true, shell: false });
      this.#child = child;
      this.#leaderExited = new Promise((settle) => child.once('exit', () => settle()));
      child.once('error', (error) => {
        // A spawn that failed (ENOENT, EACCES) rejects start(); later errors (a failed kill) are reported.
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => {
        this.#options.groups?.add(child.pid!);
        resolve();
      });
      // 'close': the leader exited and its stdio is closed (a child of its may hold stdout and go on talking).
      child.once('close', () => this.#leaderClosed(child));
      child.stdin.on('error', (error) => this.onerror?.(error));
      child.stdout.on('error', (error) => this.onerror?.(error));
      child.stdout.on('data', (chunk: Buffer) => {
        this.#outputBytes += chunk.length;
        this.#readMessages(this.#frames.push(chunk));
      });
      this.#followStderr(child);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (this.#stopping !== undefined || stdin === undefined || stdin === null || stdin.destroyed)
      return Promise.reject(new Error('Not connected'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Closes the server's stdin and ends its process group (see stopProcessGroup); resolves once it has. */
  async close(): Promise<void> {
    const child = this.#child;
    if (child?.pid !== undefined && this.#stopping === undefined) {
      try {
        child.stdin?.end();
      } catch {
        // Already closed.
      }
      this.#stopping = this.#stopGroup(child.pid);
    }
    await this.#stopping;
    this.#frames.clear();
    this.#reportClose();
  }

  /**
   * A value that changes whenever the server shows a sign of work: output on stdout or stderr, CPU time
   * used by a process of its group, a process started or ended in it (where /proc shows processes;
   * elsewhere output alone).
   */
  async signsOfWork(): Promise<string> {
    const groupId = this.#child?.pid;
    const members = groupId === undefined ? undefined : await readProcessGroup(groupId);
    const processes = members?.map((member) => `${member.pid}:${member.cpuTicks}`).join(',') ?? '';
    return `${this.#outputBytes};${processes}`;
  }

  #leaderClosed(child: ChildProcess): void {
    // What the server started and left behind is ended before its exit is reported as a closed connection.
    if (child.pid !== undefined && this.#stopping === undefined) this.#stopping = this.#stopGroup(child.pid);
    void (this.#stopping ?? Promise.resolve()).then(() => this.#reportClose());
  }

  async #stopGroup(groupId: number): Promise<void> {
    await stopProcessGroup(groupId, {
      leaderExited: this.#leaderExited,
      ...(this.#options.graceMs === undefined ? {} : { graceMs: this.#options.graceMs }),
    });
    this.#options.groups?.delete(groupId);
  }

  #reportClose(): void {
    if (this.#closeReported) return;
    this.#closeReported = true;
    this.onclose?.();
  }

  #readMessages(lines: readonly FramedLine[]): void {
    const largeAnswers = this.#options.largeAnswers;
    for (const line of lines) {
      if (typeof line === 'string' && this.#behind === undefined) {
        this.#handOn(() => deserializeMessage(line));
        continue;
      }
      // Read at once (a large line, its bytes, in the worker), handed on after every line before it.
      // A line comes as bytes only with largeAnswers set (the frames' bytesFrom).
      const reading =
        typeof line === 'string'
          ? Promise.resolve(() => deserializeMessage(line))
          : readLargeMessage(line, largeAnswers!).then(
              (message) => () => message,
              (error: Error) => () => {
                throw error;
              },
            );
      const handOver: Promise<void> = (this.#behind ?? Promise.resolve())
        .then(() => reading)
        .then((read) => {
          if (this.#behind === handOver) this.#behind = undefined;
          this.#handOn(read);
        })
        .catch((error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))));
      this.#behind = handOver;
    }
  }

  /** Hands on the message `read` gives; one that cannot be read is reported, and the next line is read. */
  #handOn(read: () => JSONRPCMessage): void {
    let message: JSONRPCMessage;
    try {
      message = read();
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    this.onmessage?.(message);
  }

  #followStderr(child: ChildProcess): void {
    const stream = child.stderr;
    if (stream === null) return;
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      this.#outputBytes += chunk.length;
      pending += chunk;
      const lines = pending.split(/\r?\n/);
      pending = lines.pop() ?? '';
      // A line that never ends is passed on in pieces rather than kept whole.
      if (pending.length > STDERR_PIECE_MAX) {
        lines.push(pending);
        pending = '';
      }
      for (const line of lines) if (line.trim() !== '') this.#options.onStderrLine?.(line);
    });
  }
}

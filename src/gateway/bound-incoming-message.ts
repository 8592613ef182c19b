import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';
import { jsonTextOverBounds, type JsonTextBounds } from '../bridge/nesting-depth.ts';

/**
 * The most a client's message may hold before it is refused unread, over HTTP and stdio alike: a call's
 * arguments nest at most 100 levels (MAXIMUM_ARGUMENT_DEPTH), and the JSON-RPC envelope adds a few; two
 * hundred thousand values is far beyond any tool's arguments, and far below what a 4 MB body can pack
 * (over a million members, which parsing and then walking would turn into seconds of work).
 */
export const INCOMING_MESSAGE_BOUNDS: JsonTextBounds = Object.freeze({ maxDepth: 128, maxValues: 200_000 });

/** The most characters of one message read over stdio: the HTTP body limit, the MCP SDK's default. */
export const MAX_STDIO_MESSAGE_BYTES = 4 * 1024 * 1024;

/** Why a message text cannot be read, in words for the client, or undefined when it can. */
export function incomingMessageProblem(text: string, bounds: JsonTextBounds = INCOMING_MESSAGE_BOUNDS): string | undefined {
  switch (jsonTextOverBounds(text, bounds)) {
    case 'depth':
      return `the message nests arrays and objects more than ${bounds.maxDepth} levels deep; it was refused unread`;
    case 'values':
      return `the message holds more than ${bounds.maxValues.toLocaleString('en-US')} values; it was refused unread`;
    default:
      return undefined;
  }
}

/**
 * The `id` of a JSON-RPC request text without parsing it: the value of an `"id"` member at the top
 * level, when it is a number or a short string; undefined otherwise. Lets a refusal of a message too
 * large to parse still answer the request it was, so the client is not left waiting.
 */
export function topLevelRequestId(text: string): string | number | undefined {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = -1;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (character === '\\') escaped = true;
      else if (character === '"') {
        inString = false;
        if (depth === 1 && text.slice(stringStart, index + 1) === '"id"') {
          const match = /^\s*:\s*(-?\d{1,15}(?![\d.eE])|"[^"\\]{0,200}")/.exec(text.slice(index + 1, index + 260));
          if (match !== null) return match[1]!.startsWith('"') ? match[1]!.slice(1, -1) : Number(match[1]);
        }
      }
    } else if (character === '"') {
      inString = true;
      stringStart = index;
    } else if (character === '{' || character === '[') {
      depth++;
    } else if (character === '}' || character === ']') {
      depth--;
    }
  }
  return undefined;
}

/** A JSON-RPC error answering a refused message (without `id` when it could not be found). */
export interface MessageRefusal {
  readonly jsonrpc: '2.0';
  readonly id?: string | number;
  readonly error: { readonly code: number; readonly message: string };
}

/** The refusal of a message whose request id is `id` (undefined when unknown): JSON-RPC's Invalid Request. */
export function refusalMessage(id: string | number | undefined, message: string): MessageRefusal {
  return { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code: -32600, message } };
}

/**
 * Newline-delimited JSON-RPC from a client (stdio), with every line over {@link MAX_STDIO_MESSAGE_BYTES}
 * or over {@link INCOMING_MESSAGE_BOUNDS} taken out before the MCP SDK parses it: `onRefused` gets the
 * refusal to send back instead. A line that never ends is not kept past the limit: the rest of it is
 * skipped up to its newline.
 */
export function boundStdioMessages(onRefused: (refusal: MessageRefusal) => void, maxBytes: number = MAX_STDIO_MESSAGE_BYTES): Transform {
  // A chunk may end inside a character of several bytes: the decoder keeps its first bytes for the next.
  const decoder = new StringDecoder('utf8');
  let pending = '';
  /** True while the rest of a line over the limit is skipped. */
  let skipping = false;
  let skippedHead = '';
  const finishLine = (line: string, push: (text: string) => void): void => {
    const problem = incomingMessageProblem(line);
    if (problem === undefined) push(`${line}\n`);
    else onRefused(refusalMessage(topLevelRequestId(line), problem));
  };
  return new Transform({
    decodeStrings: true,
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      let text = decoder.write(chunk);
      const push = (line: string): void => void this.push(line);
      while (text.length > 0) {
        const newline = text.indexOf('\n');
        if (skipping) {
          if (newline === -1) return callback();
          skipping = false;
          text = text.slice(newline + 1);
          onRefused(
            refusalMessage(
              topLevelRequestId(skippedHead),
              `the message is over ${maxBytes.toLocaleString('en-US')} bytes; it was refused unread`,
            ),
          );
          skippedHead = '';
          continue;
        }
        if (newline === -1) {
          pending += text;
          if (pending.length > maxBytes) {
            skipping = true;
            skippedHead = pending.slice(0, 4096);
            pending = '';
          }
          return callback();
        }
        const line = pending + text.slice(0, newline);
        pending = '';
        text = text.slice(newline + 1);
        if (line.length > maxBytes) {
          onRefused(
            refusalMessage(
              topLevelRequestId(line.slice(0, 4096)),
              `the message is over ${maxBytes.toLocaleString('en-US')} bytes; it was refused unread`,
            ),
          );
          continue;
        }
        finishLine(line, push);
      }
      callback();
    },
    flush(callback: TransformCallback) {
      pending += decoder.end();
      if (pending !== '' && !skipping) finishLine(pending, (line) => void this.push(line));
      callback();
    },
  });
}
